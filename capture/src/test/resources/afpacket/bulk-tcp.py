#!/usr/bin/env python3
"""Bulk TCP in large writes, so the kernel builds GSO super-packets as big as the link allows.

    bulk-tcp.py server PORT            accepts connections on PORT (IPv6 and IPv4) and reads them to the end
    bulk-tcp.py client HOST PORT SECS  writes 4 MiB at a time to HOST for SECS seconds
"""
import socket, sys, threading, time


def serve(port):
    srv = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    srv.bind(("::", port))
    srv.listen(8)
    print("listening", file=sys.stderr, flush=True)

    def drain(conn):
        with conn:
            while conn.recv(1 << 22):
                pass

    while True:
        conn, _ = srv.accept()
        threading.Thread(target=drain, args=(conn,), daemon=True).start()


def send(host, port, seconds):
    chunk = bytes(4 << 20)
    with socket.create_connection((host, port)) as c:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            c.sendall(chunk)


if __name__ == "__main__":
    if sys.argv[1] == "server":
        serve(int(sys.argv[2]))
    else:
        send(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
