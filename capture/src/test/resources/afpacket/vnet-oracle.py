#!/usr/bin/env python3
"""Prints what a plain AF_PACKET socket with PACKET_VNET_HDR learns of every frame on an interface.

    vnet-oracle.py DEV SECONDS

One line a frame, the same fields the AF_PACKET capture source's probe prints, so the two can be compared
frame by frame:

    pkttype length gso_type gso_size vnet_flags ip_version tcp_seq tcp_ack csum_start csum_offset

recvfrom with MSG_TRUNC into a 1 MiB buffer: the kernel gives the frame's whole length and the
virtio_net_hdr (10 bytes, host byte order) before the frame. "ready" goes to standard error once the
socket is bound.
"""
import socket, struct, sys, time

SOL_PACKET = 263
PACKET_VNET_HDR = 15
ETH_P_ALL = 0x0003
SO_RCVBUFFORCE = 33
# bytes of a frame enough for its Ethernet, VLAN, IP (with extension headers) and TCP headers
HEADERS = 512


def tcp_numbers(frame):
    """(ip version, seq, ack) of an Ethernet frame carrying TCP, else (version or 0, -1, -1)."""
    if len(frame) < 14:
        return 0, -1, -1
    ethertype = struct.unpack_from("!H", frame, 12)[0]
    at = 14
    if ethertype == 0x8100 and len(frame) >= 18:
        ethertype = struct.unpack_from("!H", frame, 16)[0]
        at = 18
    if ethertype == 0x86DD:
        if len(frame) < at + 40:
            return 6, -1, -1
        nxt = frame[at + 6]
        at += 40
        while nxt in (0, 43, 60) and len(frame) >= at + 8:
            nxt, hlen = frame[at], frame[at + 1]
            at += 8 * (hlen + 1)
        version = 6
    elif ethertype == 0x0800:
        if len(frame) < at + 20:
            return 4, -1, -1
        nxt = frame[at + 9]
        at += 4 * (frame[at] & 0x0F)
        version = 4
    else:
        return 0, -1, -1
    if nxt != 6 or len(frame) < at + 12:
        return version, -1, -1
    seq, ack = struct.unpack_from("!II", frame, at + 4)
    return version, seq, ack


def main():
    dev, seconds = sys.argv[1], float(sys.argv[2])
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.setsockopt(SOL_PACKET, PACKET_VNET_HDR, 1)
    s.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 256 << 20)
    s.bind((dev, 0))
    s.settimeout(0.2)
    buf = bytearray(1 << 20)
    out = sys.stdout
    print("ready", file=sys.stderr, flush=True)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            n, addr = s.recvfrom_into(buf, len(buf), socket.MSG_TRUNC)
        except socket.timeout:
            continue
        flags, gso_type, hdr_len, gso_size, csum_start, csum_offset = struct.unpack_from("=BBHHHH", buf, 0)
        # only the headers: copying each super-packet whole (up to 512 KB) made this loop fall behind the
        # kernel on a loaded machine, and the frames its buffer dropped then had nothing to be compared with
        frame = bytes(buf[10:min(n, 10 + HEADERS)])
        version, seq, ack = tcp_numbers(frame)
        out.write("%d %d %d %d %d %d %d %d %d %d\n" % (addr[2], n - 10, gso_type, gso_size, flags, version, seq, ack,
                                                       csum_start, csum_offset))
    out.flush()


if __name__ == "__main__":
    main()
