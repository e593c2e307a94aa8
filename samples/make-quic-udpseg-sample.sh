#!/usr/bin/env bash
# Makes samples/quic-veth-udpseg.pcapng: QUIC-shaped datagrams sent as UDP GSO super-packets (UDP_SEGMENT 1200,
# tools/quic-gso-sender.py) from namespace jq-a to jq-b over a veth pair, captured on jq-a's end by
# `jumbocap capture` (AF_PACKET: whole super-packets with the kernel's gso_type and gso_size). Needs root,
# iproute2, python3 and a built jumbocap (the ./jumbocap launcher builds it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/quic-veth-udpseg.pcapng}"

cleanup() {
    [[ -n "${cap:-}" ]] && kill "$cap" 2>/dev/null || true
    ip netns del jq-a 2>/dev/null || true
    ip netns del jq-b 2>/dev/null || true
}
trap cleanup EXIT
cleanup
ip netns add jq-a
ip netns add jq-b
ip link add jqa type veth peer name jqb
ip link set jqa netns jq-a
ip link set jqb netns jq-b
ip -n jq-a addr add 10.98.0.1/24 dev jqa
ip -n jq-b addr add 10.98.0.2/24 dev jqb
ip -n jq-a link set jqa up
ip -n jq-b link set jqb up
ip -n jq-a -6 addr flush dev jqa
ip -n jq-b -6 addr flush dev jqb
# the neighbour first, so the capture holds only the datagrams
ip netns exec jq-a python3 -c 'import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("10.98.0.2", 9))'
sleep 0.5

# the launcher builds jumbocap on first use: before the capture starts, so the sender does not run ahead of it
"$here/../jumbocap" --version >/dev/null
ip netns exec jq-a "$here/../jumbocap" capture -q -Z root -i jqa -c 3 -w "$out" 'udp port 443' &
cap=$!
sleep 4
ip netns exec jq-a python3 "$here/tools/quic-gso-sender.py" 10.98.0.2 443
wait "$cap"
cap=

# tshark's fields for each datagram: the super-packets cut at the recorded gso_size by `jumbocap segment`
# (tshark does not cut them), so QuicDissectorTest compares each QUIC layer of a super-packet with its datagram.
split="$(mktemp --suffix=.pcap)"
"$here/../jumbocap" segment -w "$split" "$out" 2>/dev/null
tshark -r "$split" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number -e _ws.col.Protocol \
    -e _ws.col.Info -e quic.header_form -e quic.fixed_bit -e quic.long.packet_type -e quic.version -e quic.dcil \
    -e quic.dcid -e quic.scil -e quic.scid -e quic.token_length -e quic.length -e quic.packet_length \
    -e quic.spin_bit 2>/dev/null >"$here/expected/tshark-fields/$(basename "$out").datagrams.quic.tsv"
rm -f "$split"
