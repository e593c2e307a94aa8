#!/usr/bin/env bash
# Makes the application-protocol samples (arp-veth.pcap, dns-veth.pcap) between two network
# namespaces joined by a veth pair, captured by dumpcap in pcap format. Needs root, iproute2, dumpcap,
# tshark/editcap and python3. Each run makes different frames (MACs, ports, times); after one, rewrite the tshark
# references with `bash samples/make-protocol-samples.sh --expected-only`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
peers="$here/tools/protocol-peers.py"

expected() {
    out="$here/expected/tshark-fields"
    for f in arp-veth.pcap crafted/arp-opcodes.pcap; do
        tshark -r "$here/$f" -T fields -E header=y -e frame.number -e _ws.col.Protocol -e _ws.col.Info \
            -e arp.hw.type -e arp.proto.type -e arp.hw.size -e arp.proto.size -e arp.opcode -e arp.src.hw_mac \
            -e arp.src.proto_ipv4 -e arp.dst.hw_mac -e arp.dst.proto_ipv4 -e arp.isgratuitous -e arp.isprobe \
            -e arp.isannouncement -e arp.src.hw -e arp.src.proto -e arp.dst.hw -e arp.dst.proto \
            2>/dev/null >"$out/${f#crafted/}.arp.tsv"
    done
    tshark -r "$here/dns-veth.pcap" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e dns.id -e dns.flags.response -e dns.flags.opcode \
        -e dns.flags.authoritative -e dns.flags.truncated -e dns.flags.recdesired -e dns.flags.recavail \
        -e dns.flags.rcode -e dns.count.queries -e dns.count.answers -e dns.count.auth_rr -e dns.count.add_rr \
        -e dns.qry.name -e dns.qry.type -e dns.qry.class -e dns.resp.name -e dns.resp.type -e dns.resp.ttl \
        -e dns.a -e dns.aaaa -e dns.cname -e dns.ptr.domain_name -e dns.mx.preference -e dns.mx.mail_exchange \
        -e dns.txt -e dns.soa.mname -e dns.response_in -e dns.response_to 2>/dev/null >"$out/dns-veth.pcap.dns.tsv"
}
if [[ "${1:-}" == --expected-only ]]; then
    expected
    exit 0
fi

cleanup() {
    [[ -n "${cap:-}" ]] && kill "$cap" 2>/dev/null || true
    [[ -n "${srv:-}" ]] && kill "$srv" 2>/dev/null || true
    ip netns del jp-a 2>/dev/null || true
    ip netns del jp-b 2>/dev/null || true
}
trap cleanup EXIT
cleanup
ip netns add jp-a
ip netns add jp-b
ip link add jpa type veth peer name jpb
ip link set jpa netns jp-a
ip link set jpb netns jp-b
ip -n jp-a addr add 10.99.0.1/24 dev jpa
ip -n jp-b addr add 10.99.0.2/24 dev jpb
ip -n jp-a link set jpa up
ip -n jp-b link set jpb up
ip -n jp-a link set lo up
ip -n jp-b link set lo up
ip -n jp-a -6 addr flush dev jpa
ip -n jp-b -6 addr flush dev jpb
mac_a="$(ip -n jp-a -br link show jpa | awk '{print $3}')"

capture() { # FILE: start dumpcap on jpa in jp-a
    ip netns exec jp-a dumpcap -q -P -i jpa -w "$1" 2>/dev/null &
    cap=$!
    sleep 1.5
}
stop() {
    sleep 0.5
    kill "$cap"
    wait "$cap" 2>/dev/null || true
    cap=
}

# ARP: a datagram to the discard port resolves its neighbour (request, reply), then a probe, an announcement and a gratuitous
# request and reply from a raw socket.
capture /tmp/arp-veth.pcap
ip netns exec jp-a python3 -c 'import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("10.99.0.2", 9))'
ip netns exec jp-a python3 "$peers" arp jpa "$mac_a" 10.99.0.1
stop
editcap -F pcap /tmp/arp-veth.pcap "$here/arp-veth.pcap" -Y 'arp' 2>/dev/null || tshark -r /tmp/arp-veth.pcap -Y arp -F pcap -w "$here/arp-veth.pcap" 2>/dev/null

# DNS: eight queries over UDP (A, AAAA, CNAME, MX, TXT, PTR, NXDOMAIN, 40 answers), then three over one
# TCP connection (the last two written in one segment, answered in one or two).
ip netns exec jp-b python3 "$peers" dns-server 10.99.0.2 &
srv=$!
ip netns exec jp-a python3 -c 'import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("10.99.0.2", 9))'
sleep 1
capture /tmp/dns-veth.pcap
ip netns exec jp-a python3 "$peers" dns-client 10.99.0.2
stop
tshark -r /tmp/dns-veth.pcap -Y 'udp.port == 53 || tcp.port == 53' -F pcap -w "$here/dns-veth.pcap" 2>/dev/null
expected
