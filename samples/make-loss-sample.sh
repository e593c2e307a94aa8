#!/usr/bin/env bash
# Make samples/ipv6-bigtcp-loss.pcap: an IPv6 BIG TCP iperf3 transfer with real loss, for TCP analysis
# (retransmissions, lost segments, duplicate ACKs, SACK).
#
#   sudo bash samples/make-loss-sample.sh
#
# Needs: root, iproute2 (ip, tc), tcpdump, iperf3, python3. Namespaces tcpa-a (iperf3 client) and
# tcpa-b (server) joined by a veth pair tcpa-va <-> tcpa-vb, BIG TCP on both ends (gso/gro max size
# 185000). This kernel has no netem, so a tc eBPF program (tools/drop-bpf.py) drops one packet in 2^K at
# random on tcpa-vb's ingress: the packet has left the sender, which only learns of the loss from the
# receiver's duplicate ACKs (with SACK blocks) or its own timer. (Dropped on the sender's egress, a packet
# is only retried by the sender's TCP, since the qdisc reports the drop; forwarded through a third
# namespace, BIG TCP super-packets did not survive the router.) tcpdump runs on tcpa-va, the sending
# host, as the other samples were made, with a short snaplen: every dropped super-packet is in the
# capture, then its retransmission. Everything is removed on exit.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${1:-$HERE/ipv6-bigtcp-loss.pcap}
NS_A=tcpa-a
NS_B=tcpa-b
BIG=185000
K=${K:-6}              # one packet in 2^K dropped
BYTES=${BYTES:-200M}   # iperf3 -n: how much data the client sends
COUNT=${COUNT:-2000}   # tcpdump -c: frames at most
SNAPLEN=${SNAPLEN:-200} # tcpdump -s: headers only, so the file stays small; lengths come from the IP headers

[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
for t in ip tc tcpdump iperf3 python3; do
    command -v "$t" >/dev/null || { echo "missing tool: $t" >&2; exit 1; }
done

TMP=$(mktemp -d /tmp/jumbocap-loss.XXXXXX)
BPFFS=$TMP/bpffs
PIDS=()
cleanup() {
    local p
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    ip netns del "$NS_A" 2>/dev/null || true
    ip netns del "$NS_B" 2>/dev/null || true
    mountpoint -q "$BPFFS" 2>/dev/null && umount "$BPFFS"
    rm -rf "$TMP"
}
trap cleanup EXIT

A() { ip netns exec "$NS_A" "$@"; }
B() { ip netns exec "$NS_B" "$@"; }

for ns in "$NS_A" "$NS_B"; do
    ip netns add "$ns"
    ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
    ip -n "$ns" link set lo up
done
ip link add tcpa-va netns "$NS_A" type veth peer name tcpa-vb netns "$NS_B"
ip -n "$NS_A" addr add 2001:db8:1::1/64 dev tcpa-va nodad
ip -n "$NS_B" addr add 2001:db8:1::2/64 dev tcpa-vb nodad
ip -n "$NS_A" link set dev tcpa-va gso_max_size "$BIG" gro_max_size "$BIG" up
ip -n "$NS_B" link set dev tcpa-vb gso_max_size "$BIG" gro_max_size "$BIG" up

mkdir -p "$BPFFS"
mount -t bpf bpf "$BPFFS"
python3 "$HERE/tools/drop-bpf.py" "$BPFFS" "$K" >&2
B tc qdisc add dev tcpa-vb clsact
B tc filter add dev tcpa-vb ingress bpf direct-action object-pinned "$BPFFS/drop"

# started without the A/B functions, so $! is the tool itself (ip netns exec execs it); a background
# job ignores SIGINT, so tcpdump is stopped with SIGTERM (it still writes out what it has)
ip netns exec "$NS_B" iperf3 -s -1 -p 5201 >"$TMP/iperf-s.log" 2>&1 &
PIDS+=($!)
ip netns exec "$NS_A" tcpdump -i tcpa-va -B 262144 -s "$SNAPLEN" -c "$COUNT" -w "$TMP/loss.pcap" 2>"$TMP/tcpdump.err" &
tpid=$!; PIDS+=("$tpid")
sleep 1.5
A iperf3 -6 -c 2001:db8:1::2 -p 5201 -n "$BYTES" -l 1M >"$TMP/iperf-c.log" 2>&1 || { cat "$TMP/iperf-c.log" >&2; exit 1; }
sleep 0.5
kill -TERM "$tpid" 2>/dev/null || true
wait "$tpid" || true
grep -E 'captured|dropped' "$TMP/tcpdump.err" | sed 's/^/   tcpdump: /' >&2 || true
grep -E 'sender|receiver' "$TMP/iperf-c.log" | sed 's/^/   iperf3: /' >&2 || true
cp "$TMP/loss.pcap" "$OUT"
echo "wrote $OUT" >&2
