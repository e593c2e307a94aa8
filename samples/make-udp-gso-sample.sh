#!/usr/bin/env bash
# Makes udp-gso-veth.pcap: UDP GSO super-packets (sendto with UDP_SEGMENT) and plain datagrams between two
# network namespaces joined by a veth pair at MTU 1500, captured by tcpdump on the sending side in pcap
# format, so the file holds no kernel facts (no gso_type or gso_size recorded). Needs root, iproute2,
# tcpdump and python3. Each run makes different MACs, ports and times.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/udp-gso-veth.pcap"

cleanup() {
    [[ -n "${cap:-}" ]] && kill "$cap" 2>/dev/null || true
    ip netns del jg-a 2>/dev/null || true
    ip netns del jg-b 2>/dev/null || true
}
trap cleanup EXIT
cleanup
ip netns add jg-a
ip netns add jg-b
ip link add jga type veth peer name jgb
ip link set jga netns jg-a
ip link set jgb netns jg-b
for ns in a b; do
    ip netns exec jg-$ns sysctl -q -w net.ipv6.conf.all.disable_ipv6=0 net.ipv6.conf.default.accept_dad=0 \
        net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.jg$ns.accept_dad=0 net.ipv6.conf.jg$ns.router_solicitations=0 \
        net.ipv6.conf.jg$ns.mldv1_unsolicited_report_interval=0 net.ipv6.conf.jg$ns.mldv2_unsolicited_report_interval=0 \
        2>/dev/null || true
    ip -n jg-$ns link set lo up
done
ip -n jg-a addr add 2001:db8:7::1/64 dev jga nodad
ip -n jg-b addr add 2001:db8:7::2/64 dev jgb nodad
ip -n jg-a addr add 198.51.100.65/26 dev jga
ip -n jg-b addr add 198.51.100.66/26 dev jgb
ip -n jg-a link set jga mtu 1500 up
ip -n jg-b link set jgb mtu 1500 up
sleep 1
# neighbours resolved before the capture, so it holds only the datagrams
ip netns exec jg-a python3 -c "import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.sendto(b\"x\", (\"198.51.100.66\", 9))"
ip netns exec jg-a python3 -c "import socket; s=socket.socket(socket.AF_INET6, socket.SOCK_DGRAM); s.sendto(b\"x\", (\"2001:db8:7::2\", 9))"
sleep 0.5

ip netns exec jg-a tcpdump --immediate-mode -i jga -s 262144 -w "$out" 'udp or (ip[6:2] & 0x3fff != 0) or ip6[6] == 44' 2>/dev/null &
cap=$!
sleep 1.5
ip netns exec jg-a python3 "$here/tools/udp-gso-send.py" 2001:db8:7::2 198.51.100.66 || echo "sender failed: $?" >&2
sleep 0.5
kill -INT "$cap"
wait "$cap" 2>/dev/null || true
cap=
echo "wrote $out"
