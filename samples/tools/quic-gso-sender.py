#!/usr/bin/env python3
"""Sends QUIC-shaped datagrams as UDP GSO super-packets (UDP_SEGMENT), for samples/make-quic-udpseg-sample.sh.

usage: quic-gso-sender.py DST_IP PORT

The packets have real QUIC headers (RFC 9000) and a counting pattern where the protected packet number and
payload would be: no QUIC library is needed. One sendmsg with UDP_SEGMENT 1200 hands the kernel several
datagrams at once; the kernel (or the NIC) cuts them at 1,200 bytes, and an AF_PACKET capture on the
sending host sees the whole super-packet with gso_type udp_l4 and gso_size 1200.
"""
import socket
import struct
import sys
import time

SOL_UDP = 17
UDP_SEGMENT = 103  # linux/udp.h
CLIENT_CID = bytes.fromhex("8394c8f03e515708")
SERVER_CID = bytes.fromhex("f067a5502a4262b5")


def pattern(n):
    return bytes((i * 7 + 3) & 0xFF for i in range(n))


def long_header(first, dcid, scid, token, protected):
    h = bytes([first]) + struct.pack("!I", 1) + bytes([len(dcid)]) + dcid + bytes([len(scid)]) + scid
    if token is not None:
        h += bytes([len(token)]) + token
    return h + struct.pack("!H", 0x4000 | protected) + pattern(protected)


def short_header(dcid, protected):
    return bytes([0x43]) + dcid + pattern(protected)


def main():
    dst = (sys.argv[1], int(sys.argv[2]))
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("", 40000))
    initial = long_header(0xC3, CLIENT_CID, SERVER_CID, b"", 1174)
    assert len(initial) == 1200
    zero_rtt = long_header(0xD3, CLIENT_CID, SERVER_CID, None, 50)
    full_short = short_header(SERVER_CID, 1191)
    sends = [
        initial + full_short + zero_rtt,          # three datagrams, the last one short
        full_short * 5 + short_header(SERVER_CID, 300),
        initial,                                  # one datagram: no GSO
    ]
    for payload in sends:
        s.sendmsg([payload], [(SOL_UDP, UDP_SEGMENT, struct.pack("=H", 1200))], 0, dst)
        time.sleep(0.05)


if __name__ == "__main__":
    main()
