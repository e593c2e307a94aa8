#!/usr/bin/env python3
"""Set IFLA_GSO_IPV4_MAX_SIZE / IFLA_GRO_IPV4_MAX_SIZE on a link (IPv4 BIG TCP).

iproute2 < 6.3 (Debian 12 ships 6.1) has no 'gso_ipv4_max_size' keyword, so
this sends the RTM_NEWLINK request itself. Run it inside the target netns:

    ip netns exec NS python3 set-ipv4-bigtcp.py DEV SIZE
"""
import errno, os, socket, struct, sys

RTM_NEWLINK = 16
NLM_F_REQUEST, NLM_F_ACK = 0x1, 0x4
NLMSG_ERROR = 2
IFLA_GSO_IPV4_MAX_SIZE = 63
IFLA_GRO_IPV4_MAX_SIZE = 64


def u32_attr(kind, value):
    # struct rtattr { u16 len; u16 type; } + u32 payload (already 4-aligned)
    return struct.pack("=HHI", 8, kind, value)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: set-ipv4-bigtcp.py DEV SIZE")
    dev, size = sys.argv[1], int(sys.argv[2])
    try:
        ifindex = socket.if_nametoindex(dev)
    except OSError:
        sys.exit(f"no such device in this netns: {dev}")
    # struct ifinfomsg { u8 family; u8 pad; u16 type; i32 index; u32 flags; u32 change; }
    body = struct.pack("=BBHiII", socket.AF_UNSPEC, 0, 0, ifindex, 0, 0)
    body += u32_attr(IFLA_GSO_IPV4_MAX_SIZE, size) + u32_attr(IFLA_GRO_IPV4_MAX_SIZE, size)
    seq = 1
    msg = struct.pack("=IHHII", 16 + len(body), RTM_NEWLINK, NLM_F_REQUEST | NLM_F_ACK, seq, 0) + body

    s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
    s.bind((0, 0))
    s.send(msg)
    reply = s.recv(65536)
    _length, kind, _flags, rseq, _pid = struct.unpack_from("=IHHII", reply)
    if kind != NLMSG_ERROR or rseq != seq:
        sys.exit(f"unexpected netlink reply type {kind}")
    (err,) = struct.unpack_from("=i", reply, 16)
    if err != 0:
        code = -err
        sys.exit(f"RTM_NEWLINK {dev} ipv4 gso/gro max size {size}: "
                 f"errno {code} ({errno.errorcode.get(code, '?')}: {os.strerror(code)})")
    print(f"{dev}: gso_ipv4_max_size={size} gro_ipv4_max_size={size}")


if __name__ == "__main__":
    main()
