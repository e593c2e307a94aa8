#!/usr/bin/env python3
"""Peers for samples/make-protocol-samples.sh: a tiny DNS server and its client, and ARP frames sent on
a raw socket, and an HTTP/1.1 server (http.server's file handler, with a chunked response and an echo of
POST bodies) and its client. Only the standard library. Run as: protocol-peers.py dns-server ADDR |
dns-client ADDR | arp IFACE MAC IP | http-server ADDR PORT DIR | http-client ADDR PORT."""
import socket, struct, sys, threading, time

def name(n):
    out = b''
    for label in n.rstrip('.').split('.'):
        out += bytes([len(label)]) + label.encode()
    return out + b'\0'

def query(qid, qname, qtype, rd=True):
    return struct.pack('>HHHHHH', qid, 0x0100 if rd else 0, 1, 0, 0, 0) + name(qname) + struct.pack('>HH', qtype, 1)

# name -> list of (type, ttl, rdata builder taking the offset of the question name for compression)
PTR_QNAME = 0xC00C
def a(ip): return socket.inet_aton(ip)
def aaaa(ip): return socket.inet_pton(socket.AF_INET6, ip)
ZONE = {
    ('www.example.com', 1): [(1, 300, lambda: a('192.0.2.10')), (1, 300, lambda: a('192.0.2.11'))],
    ('www.example.com', 28): [(28, 300, lambda: aaaa('2001:db8::10'))],
    ('alias.example.com', 1): [(5, 60, lambda: name('www.example.com')), (1, 300, lambda: a('192.0.2.10'))],
    ('example.com', 15): [(15, 3600, lambda: struct.pack('>H', 10) + name('mail.example.com'))],
    ('example.com', 16): [(16, 3600, lambda: bytes([11]) + b'hello world' + bytes([4]) + b'v=ok')],
    ('10.2.0.192.in-addr.arpa', 12): [(12, 86400, lambda: name('www.example.com'))],
    ('big.example.com', 1): [(1, 30, (lambda i: lambda: a('198.51.100.%d' % i))(i)) for i in range(1, 41)],
}

def answer(q):
    qid, flags = struct.unpack('>HH', q[:4])
    # the question as sent
    i = 12
    labels = []
    while q[i]:
        labels.append(q[i + 1:i + 1 + q[i]].decode()); i += 1 + q[i]
    qtype, qclass = struct.unpack('>HH', q[i + 1:i + 5])
    question = q[12:i + 5]
    qname = '.'.join(labels)
    records = ZONE.get((qname, qtype))
    rcode = 0 if records is not None else 3
    body = b''
    for rtype, ttl, data in records or []:
        rdata = data()
        body += struct.pack('>HHHIH', PTR_QNAME, rtype, 1, ttl, len(rdata)) + rdata
    soa = b''
    if rcode == 3:
        rdata = name('ns.example.com') + name('hostmaster.example.com') + struct.pack('>IIIII', 2024010101, 7200, 900, 1209600, 300)
        soa = name('example.com') + struct.pack('>HHIH', 6, 1, 300, len(rdata)) + rdata
    hdr = struct.pack('>HHHHHH', qid, 0x8000 | (flags & 0x0100) | 0x0400 | 0x0080 | rcode, 1,
                      len(records or []), 1 if soa else 0, 0)
    return hdr + question + body + soa

def dns_server(addr):
    fam = socket.AF_INET6 if ':' in addr else socket.AF_INET
    u = socket.socket(fam, socket.SOCK_DGRAM); u.bind((addr, 53))
    t = socket.socket(fam, socket.SOCK_STREAM); t.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    t.bind((addr, 53)); t.listen(4)
    def tcp_loop():
        while True:
            c, _ = t.accept()
            with c:
                buf = b''
                while True:
                    d = c.recv(4096)
                    if not d:
                        break
                    buf += d
                    while len(buf) >= 2 and len(buf) >= 2 + struct.unpack('>H', buf[:2])[0]:
                        n = struct.unpack('>H', buf[:2])[0]
                        r = answer(buf[2:2 + n]); buf = buf[2 + n:]
                        c.sendall(struct.pack('>H', len(r)) + r)
    threading.Thread(target=tcp_loop, daemon=True).start()
    while True:
        q, peer = u.recvfrom(4096)
        u.sendto(answer(q), peer)

def dns_client(addr):
    fam = socket.AF_INET6 if ':' in addr else socket.AF_INET
    u = socket.socket(fam, socket.SOCK_DGRAM); u.settimeout(2)
    qs = [(0x1234, 'www.example.com', 1), (0x1235, 'www.example.com', 28), (0x1236, 'alias.example.com', 1),
          (0x1237, 'example.com', 15), (0x1238, 'example.com', 16), (0x1239, '10.2.0.192.in-addr.arpa', 12),
          (0x123a, 'nothere.example.com', 1), (0x123b, 'big.example.com', 1)]
    for qid, n, t in qs:
        u.sendto(query(qid, n, t), (addr, 53)); u.recvfrom(4096); time.sleep(0.05)
    # over TCP: two queries on one connection, the second pair written in one segment
    s = socket.create_connection((addr, 53)); s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    m = query(0x2001, 'www.example.com', 1); s.sendall(struct.pack('>H', len(m)) + m); s.recv(4096); time.sleep(0.05)
    m1 = query(0x2002, 'www.example.com', 28); m2 = query(0x2003, 'example.com', 15)
    s.sendall(struct.pack('>H', len(m1)) + m1 + struct.pack('>H', len(m2)) + m2); time.sleep(0.2); s.recv(4096)
    s.close()

def arp(iface, mac, ip):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW); s.bind((iface, 0))
    m = bytes.fromhex(mac.replace(':', '')); p = socket.inet_aton(ip); z = bytes(6); bc = b'\xff' * 6
    def frame(op, sha, spa, tha, tpa):
        return bc + m + b'\x08\x06' + struct.pack('>HHBBH', 1, 0x0800, 6, 4, op) + sha + spa + tha + tpa
    for f in (frame(1, m, bytes(4), z, p),          # ARP Probe (RFC 5227)
              frame(1, m, p, z, p),                 # ARP Announcement
              frame(1, m, p, bc, p),                # Gratuitous ARP request
              frame(2, m, p, bc, p)):               # Gratuitous ARP reply
        s.send(f); time.sleep(0.05)

def http_server(addr, port, directory):
    import functools, http.server
    class Handler(http.server.SimpleHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'   # keep-alive: several requests on one connection
        def log_message(self, *args):
            pass
        def do_GET(self):
            if self.path != '/chunked':
                return super().do_GET()
            self.send_response(200)
            self.send_header('Content-Type', 'text/plain')
            self.send_header('Transfer-Encoding', 'chunked')
            self.end_headers()
            for size in (5, 3000, 70000, 1):
                self.wfile.write(b'%x\r\n' % size + b'c' * size + b'\r\n')
            self.wfile.write(b'0\r\n\r\n')
        def do_POST(self):
            body = self.rfile.read(int(self.headers['Content-Length']))
            self.send_response(201)
            self.send_header('Content-Type', 'application/octet-stream')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    class Server(http.server.ThreadingHTTPServer):
        address_family = socket.AF_INET6 if ':' in addr else socket.AF_INET
    handler = functools.partial(Handler, directory=directory)
    Server((addr, int(port)), handler).serve_forever()

def http_client(addr, port):
    import http.client
    c = http.client.HTTPConnection(addr, int(port))
    for method, path, body in (('GET', '/', None), ('GET', '/big.txt', None), ('HEAD', '/big.txt', None),
                               ('GET', '/chunked', None), ('POST', '/echo', b'p' * 100000),
                               ('GET', '/missing', None)):  # the 404 closes the connection
        c.request(method, path, body=body, headers={'User-Agent': 'jumbocap-sample/1'})
        c.getresponse().read(); time.sleep(0.05)
    c.close()

if __name__ == '__main__':
    {'dns-server': dns_server, 'dns-client': dns_client, 'arp': arp, 'http-server': http_server,
     'http-client': http_client}[sys.argv[1]](*sys.argv[2:])
