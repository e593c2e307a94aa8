#!/usr/bin/env python3
"""Sends the datagrams of udp-gso-veth.pcap from one namespace to its peer.

Usage: udp-gso-send.py DST6 DST4. Each send is one sendto(); with UDP_SEGMENT set on the socket
(setsockopt(SOL_UDP, UDP_SEGMENT=103, gso_size), Linux 4.18+) the kernel keeps the whole buffer as one
UDP GSO super-packet until the device's segmentation, so a capture on the sending veth sees one datagram
longer than the MTU with its checksum left for the NIC (the pseudo-header sum).
"""
import socket
import sys
import time

UDP_SEGMENT = 103
dst6, dst4 = sys.argv[1], sys.argv[2]


def send(family, dst, port, size, gso=0):
    s = socket.socket(family, socket.SOCK_DGRAM)
    if gso:
        s.setsockopt(socket.IPPROTO_UDP, UDP_SEGMENT, gso)
    # a recognisable, non-repeating payload: byte i is i mod 251
    s.sendto(bytes(i % 251 for i in range(size)), (dst, port))
    s.close()
    time.sleep(0.05)


send(socket.AF_INET6, dst6, 4433, 900)                 # a plain small datagram
send(socket.AF_INET6, dst6, 4433, 14000, gso=1200)     # UDP GSO at a QUIC-like 1200: 12 datagrams
send(socket.AF_INET6, dst6, 4434, 29040, gso=1452)     # UDP GSO at what a 1500 MTU leaves (1500-40-8): 20 datagrams
send(socket.AF_INET, dst4, 4435, 14720, gso=1472)      # IPv4 UDP GSO at 1500-20-8: 10 datagrams
send(socket.AF_INET, dst4, 4435, 5000)                 # no GSO, over the MTU: IPv4 fragments
send(socket.AF_INET6, dst6, 4433, 1200, gso=1200)      # UDP_SEGMENT set but one segment's worth: a plain datagram
