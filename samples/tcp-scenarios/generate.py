#!/usr/bin/env python3
"""Write analysis-scenarios.pcap: two short TCP conversations on the same ports (IPv4, built here, not
captured) with one frame for each finding of Wireshark's TCP sequence analysis the kernel samples lack:
duplicate ACKs and a fast retransmission, a spurious retransmission, keep-alive and its ACK, zero window,
zero-window probe and its ACK, window update, window full, lost and ACKed-unseen segments, out-of-order,
ports reused. analysis-scenarios.tsv is tshark's view of it (see README.md here).

usage: generate.py [OUT.pcap]
"""
import struct
def csum(b):
    if len(b) % 2: b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16: s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF
A, B = bytes([10,0,0,1]), bytes([10,0,0,2])
def frame(c2s, port, seq, ack, flags, win, n, opts=b""):
    src, dst = (A, B) if c2s else (B, A)
    sp, dp = (port, 80) if c2s else (80, port)
    hl = 20 + len(opts)
    tcp = struct.pack("!HHIIBBHHH", sp, dp, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, (hl // 4) << 4, flags, win, 0, 0) + opts + b"x" * n
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 0, 0x4000, 64, 6, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", csum(ip)) + ip[12:]
    return b"\x02\0\0\0\0\x02\x02\0\0\0\0\x01\x08\x00" + ip + tcp
SYN, ACK, FIN, RST, PSH = 2, 16, 1, 4, 8
opt = bytes([2,4,3,0xe8, 1,3,3,2])  # MSS 1000, NOP, WS 2
fr = []
t = [0]
def add(gap_us, *a, **k):
    t[0] += gap_us; fr.append((t[0], frame(*a, **k)))
c, s = 1000, 5000
add(0, True, 4000, c, 0, SYN, 1000, 0, opt)
add(100, False, 4000, s, c+1, SYN|ACK, 1000, 0, opt)
add(100, True, 4000, c+1, s+1, ACK, 1000, 0)
add(100, True, 4000, c+1, s+1, PSH|ACK, 1000, 500)
add(100, True, 4000, c+501, s+1, PSH|ACK, 1000, 500)
add(100, True, 4000, c+1001, s+1, PSH|ACK, 1000, 500)
add(100, False, 4000, s+1, c+501, ACK, 1000, 0)
add(100, False, 4000, s+1, c+501, ACK, 1000, 0)
add(100, False, 4000, s+1, c+501, ACK, 1000, 0)
add(100, True, 4000, c+501, s+1, PSH|ACK, 1000, 500)     # fast retransmission
add(100, False, 4000, s+1, c+1501, ACK, 1000, 0)
add(100000, True, 4000, c+1, s+1, PSH|ACK, 1000, 500)    # spurious retransmission
add(100, True, 4000, c+1500, s+1, ACK, 1000, 0)          # keep-alive
add(100, False, 4000, s+1, c+1501, ACK, 1000, 0)         # keep-alive ack
add(100, False, 4000, s+1, c+1501, ACK, 0, 0)            # zero window
add(100, True, 4000, c+1501, s+1, PSH|ACK, 1000, 1)      # zero window probe
add(100, False, 4000, s+1, c+1501, ACK, 0, 0)            # zwp ack
add(100, False, 4000, s+1, c+1501, ACK, 2000, 0)         # window update
add(100, True, 4000, c+1501, s+1, PSH|ACK, 1000, 2000)   # window full? 1501+2000 = 3501 vs ack 1501 + 2000<<2
add(100, True, 4000, c+3501, s+1, PSH|ACK, 1000, 4499)   # reaches 1501+8000: window full
add(100, True, 4000, c+9000, s+1, FIN|ACK, 1000, 0)
add(100, False, 4000, s+1, c+9001, FIN|ACK, 1000, 0)
add(100, True, 4000, c+9001, s+2, ACK, 1000, 0)
add(100, True, 4000, c+9001, s+2, ACK, 1000, 0)
add(1000, True, 4000, 777777, 0, SYN, 1000, 0, opt)      # ports reused
add(100, False, 4000, 888888, 777778, SYN|ACK, 1000, 0, opt)
add(100, True, 4000, 777778, 888889, ACK, 1000, 0)
add(100, True, 4000, 777778+1000, 888889, PSH|ACK, 1000, 100)  # lost segment
add(100, True, 4000, 777778, 888889, PSH|ACK, 1000, 1000)      # out of order
add(100, False, 4000, 888889, 777778+5000, ACK, 1000, 0)       # acked unseen
add(100, True, 4000, 777778, 888889, RST, 0, 0)
import os, sys
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "analysis-scenarios.pcap")
with open(out, "wb") as f:
    f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for ts, p in fr:
        ts += 1_700_000_000_000_000
        f.write(struct.pack("<IIII", ts // 1_000_000, ts % 1_000_000, len(p), len(p)) + p)
