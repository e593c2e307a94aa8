#!/usr/bin/env bash
# Regenerate the kernel-made BIG TCP sample captures in this directory.
#
#   sudo bash samples/generate.sh                  # capture everything again
#   sudo bash samples/generate.sh --expected-only  # only redo expected/
#
# Needs: root, iproute2, tcpdump, tshark/editcap/capinfos, iperf3, python3.
# Everything runs inside private network namespaces (jc-a, jc-b) joined by a
# veth pair; no traffic leaves them. The namespaces are removed on exit.
#
# Each scenario: fresh namespaces -> BIG TCP on (gso/gro max size 185000) ->
# tcpdump in jc-a -> iperf3 (port 5201) -> keep the opening frames (both
# iperf3 handshakes, carrying MSS / window scale) plus a window of frames well
# after slow start -> expected/ outputs from tshark and tcpdump.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=$HERE
TOOLS=$HERE/tools
NS_A=jc-a
NS_B=jc-b
PORT=5201
BIG=185000          # gso_max_size / gro_max_size (IPv6 and IPv4 BIG TCP)
COUNT=900           # frames captured per run (stop early, keeps temp files small)
SKIP_SUPER=150      # start the window after this many super-packets (past slow start)
WINDOW=22           # frames kept from the window (~3-4 MB at 185 KB per super-packet)
IPERF_TIME=3
IPERF_LEN=1M        # iperf3 write size; 128K (the default) caps super-packets at 128 KiB

[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
for t in ip tc tcpdump tshark editcap capinfos iperf3 python3; do
    command -v "$t" >/dev/null || { echo "missing tool: $t" >&2; exit 1; }
done

TMP=$(mktemp -d /tmp/jumbocap-samples.XXXXXX)
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

log() { printf '== %s\n' "$*" >&2; }
A() { ip netns exec "$NS_A" "$@"; }
B() { ip netns exec "$NS_B" "$@"; }

# Fresh jc-a/jc-b joined by veth va <-> vb, IPv6 DAD off, lo up.
new_pair() {
    ip netns del "$NS_A" 2>/dev/null || true
    ip netns del "$NS_B" 2>/dev/null || true
    ip netns add "$NS_A"
    ip netns add "$NS_B"
    local ns
    for ns in "$NS_A" "$NS_B"; do
        ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.accept_dad=0 \
            net.ipv6.conf.default.accept_dad=0
        ip -n "$ns" link set lo up
    done
    ip link add va netns "$NS_A" type veth peer name vb netns "$NS_B"
}

# bigtcp NS DEV: IPv6 BIG TCP (gso/gro_max_size) and IPv4 BIG TCP
# (IFLA_GSO_IPV4_MAX_SIZE / IFLA_GRO_IPV4_MAX_SIZE, via the netlink helper).
bigtcp() {
    ip -n "$1" link set dev "$2" gso_max_size "$BIG" gro_max_size "$BIG"
    ip netns exec "$1" python3 "$TOOLS/set-ipv4-bigtcp.py" "$2" "$BIG" >&2
}

# run_capture OUTFILE IFACE "TCPDUMP_OPTS" -4|-6 SERVER_ADDRESS
# tcpdump runs in jc-a; the iperf3 server runs in jc-b (or jc-a for loopback,
# see SERVER_NS); the client always runs in jc-a.
SERVER_NS=$NS_B
run_capture() {
    local out=$1 ifc=$2 opts=$3 fam=$4 server=$5
    ip netns exec "$SERVER_NS" iperf3 -s -1 -p "$PORT" >"$TMP/iperf-s.log" 2>&1 &
    local spid=$!; PIDS+=("$spid")
    # shellcheck disable=SC2086
    A tcpdump -i "$ifc" -B 262144 $opts -c "$COUNT" -w "$out" 2>"$TMP/tcpdump.err" &
    local tpid=$!; PIDS+=("$tpid")
    sleep 1.5
    A iperf3 "$fam" -c "$server" -p "$PORT" -t "$IPERF_TIME" -l "$IPERF_LEN" >"$TMP/iperf-c.log" 2>&1 \
        || { cat "$TMP/iperf-c.log" >&2; return 1; }
    sleep 0.5
    kill -INT "$tpid" 2>/dev/null || true
    wait "$tpid" || true
    wait "$spid" 2>/dev/null || true
    grep -E 'captured|dropped' "$TMP/tcpdump.err" | sed 's/^/   tcpdump: /' >&2
    grep -E 'sender|receiver' "$TMP/iperf-c.log" | sed 's/^/   iperf3: /' >&2 || true
}

# window IN OUT [FORMAT [MIN]]: frames 1..H (H = ACK finishing the last
# handshake, i.e. iperf3's data connection) + WINDOW frames from after the
# SKIP_SUPER-th super-packet (frame longer than MIN bytes, default 65535),
# preferring the densest such window. FORMAT is an
# editcap -F type (default pcap; editcap would otherwise write pcapng).
window() {
    local in=$1 out=$2 fmt=${3:-pcap} min=${4:-65535} h w0 w1
    h=$(tshark -n -r "$in" -Y 'tcp.flags.syn==1 && tcp.flags.ack==1' \
            -T fields -e frame.number 2>/dev/null | tail -1)
    [ -n "$h" ] || { echo "no handshake in $in" >&2; return 1; }
    h=$((h + 1))
    # among windows that start after the SKIP_SUPER-th super-packet, pick the
    # first one holding the most super-packets
    w0=$(tshark -n -r "$in" -T fields -e frame.number -e frame.len 2>/dev/null |
         awk -v m="$min" -v h="$h" -v k="$SKIP_SUPER" -v w="$WINDOW" '
             $1 > h { f[++n] = $1; big[n] = ($2 > m); seen[n] = (s += big[n]) }
             END {
                 best = -1
                 for (i = 1; i + w - 1 <= n; i++) {
                     if (seen[i] - big[i] < k) continue
                     c = seen[i + w - 1] - seen[i] + big[i]
                     if (c > best) { best = c; b = f[i] }
                 }
                 if (best >= 0) print b
             }')
    if [ -z "$w0" ]; then  # fewer super-packets than hoped: take the tail
        local total
        total=$(capinfos -c -M -T "$in" | awk 'NR==2 {print $2}')
        w0=$(( total > h + WINDOW ? total - WINDOW + 1 : h + 1 ))
        log "note: fewer than $SKIP_SUPER frames > $min in $in; window starts at $w0"
    fi
    w1=$((w0 + WINDOW - 1))
    editcap -F "$fmt" -r "$in" "$out" "1-$h" "$w0-$w1"
    # the splice itself shows as one "previous segment not captured"; more means drops
    local gaps
    gaps=$(tshark -n -r "$out" -Y tcp.analysis.lost_segment 2>/dev/null | wc -l)
    [ "$gaps" -le 1 ] || log "warning: $out has $gaps lost-segment gaps (capture drops?)"
}

# ---------------------------------------------------------------- scenarios

# IPv6 and IPv4 over a plain veth.
setup_veth() {
    new_pair
    A ip addr add 2001:db8:1::1/64 dev va nodad
    B ip addr add 2001:db8:1::2/64 dev vb nodad
    A ip addr add 198.51.100.1/24 dev va
    B ip addr add 198.51.100.2/24 dev vb
    bigtcp "$NS_A" va
    bigtcp "$NS_B" vb
    A ip link set va up
    B ip link set vb up
}

do_veth6() {
    log "ipv6-bigtcp-veth (.pcap, -nsec.pcap, .pcapng)"
    setup_veth
    run_capture "$TMP/v6.pcap" va "-s 262144 --time-stamp-precision=nano" -6 2001:db8:1::2
    window "$TMP/v6.pcap" "$TMP/v6w.pcap" nsecpcap
    editcap -F nsecpcap "$TMP/v6w.pcap" "$OUT/ipv6-bigtcp-veth-nsec.pcap"
    editcap -F pcap     "$TMP/v6w.pcap" "$OUT/ipv6-bigtcp-veth.pcap"
    editcap -F pcapng   "$TMP/v6w.pcap" "$OUT/ipv6-bigtcp-veth.pcapng"

    log "ipv6-bigtcp-snaplen (-s 1500)"
    run_capture "$TMP/v6s.pcap" va "-s 1500" -6 2001:db8:1::2
    local save=$WINDOW; WINDOW=200
    window "$TMP/v6s.pcap" "$OUT/ipv6-bigtcp-snaplen.pcap"
    WINDOW=$save

    log "ipv6-bigtcp-any-sll2 (-i any)"
    run_capture "$TMP/any.pcap" any "-s 262144" -6 2001:db8:1::2
    window "$TMP/any.pcap" "$OUT/ipv6-bigtcp-any-sll2.pcap"
}

do_veth4() {
    log "ipv4-bigtcp-veth (.pcap, .pcapng)"
    setup_veth
    run_capture "$TMP/v4.pcap" va "-s 262144" -4 198.51.100.2
    window "$TMP/v4.pcap" "$OUT/ipv4-bigtcp-veth.pcap"
    editcap -F pcapng "$OUT/ipv4-bigtcp-veth.pcap" "$OUT/ipv4-bigtcp-veth.pcapng"
}

# IPv6 over the loopback of one namespace (client and server both in jc-a).
do_loopback() {
    log "ipv6-bigtcp-loopback"
    new_pair
    bigtcp "$NS_A" lo
    SERVER_NS=$NS_A
    run_capture "$TMP/lo.pcap" lo "-s 262144" -6 ::1
    SERVER_NS=$NS_B
    window "$TMP/lo.pcap" "$OUT/ipv6-bigtcp-loopback.pcap"
}

# 802.1Q VLAN 100. This kernel has no CONFIG_VLAN_8021Q (no 'type vlan'
# links), no bridge VLAN filtering and no act_vlan, so the tag is pushed on
# egress and popped on ingress of the veth by two tiny tc eBPF programs
# (tools/vlan-bpf.py). On a kernel with 8021q, use va.100 instead.
do_vlan() {
    log "ipv6-bigtcp-vlan (VLAN 100)"
    new_pair
    local dev
    if A ip link add link va name va.100 type vlan id 100 2>/dev/null; then
        B ip link add link vb name vb.100 type vlan id 100
        A ip addr add 2001:db8:3::1/64 dev va.100 nodad
        B ip addr add 2001:db8:3::2/64 dev vb.100 nodad
        bigtcp "$NS_A" va; bigtcp "$NS_B" vb
        bigtcp "$NS_A" va.100; bigtcp "$NS_B" vb.100
        A ip link set va up; B ip link set vb up
        A ip link set va.100 up; B ip link set vb.100 up
        log "using 8021q VLAN devices va.100/vb.100"
    else
        log "no 8021q in this kernel: tagging with tc eBPF vlan push/pop on va/vb"
        mkdir -p "$BPFFS"
        mountpoint -q "$BPFFS" || mount -t bpf bpf "$BPFFS"
        python3 "$TOOLS/vlan-bpf.py" "$BPFFS" 100 >&2
        A ip addr add 2001:db8:3::1/64 dev va nodad
        B ip addr add 2001:db8:3::2/64 dev vb nodad
        bigtcp "$NS_A" va; bigtcp "$NS_B" vb
        for dev in "$NS_A:va" "$NS_B:vb"; do
            tc -n "${dev%%:*}" qdisc add dev "${dev#*:}" clsact
            tc -n "${dev%%:*}" filter add dev "${dev#*:}" egress \
                bpf direct-action object-pinned "$BPFFS/vlan_push"
            tc -n "${dev%%:*}" filter add dev "${dev#*:}" ingress \
                bpf direct-action object-pinned "$BPFFS/vlan_pop"
        done
        A ip link set va up; B ip link set vb up
    fi
    run_capture "$TMP/vlan.pcap" va "-s 262144" -6 2001:db8:3::2
    window "$TMP/vlan.pcap" "$OUT/ipv6-bigtcp-vlan.pcap"
}

# VXLAN VNI 42, UDP 4789, IPv4 underlay 192.0.2.0/24, IPv6 overlay.
do_vxlan() {
    log "ipv6-bigtcp-vxlan"
    new_pair
    A ip addr add 192.0.2.1/24 dev va
    B ip addr add 192.0.2.2/24 dev vb
    bigtcp "$NS_A" va; bigtcp "$NS_B" vb
    A ip link set va up; B ip link set vb up
    A ip link add vx0 type vxlan id 42 dstport 4789 local 192.0.2.1 remote 192.0.2.2 dev va
    B ip link add vx0 type vxlan id 42 dstport 4789 local 192.0.2.2 remote 192.0.2.1 dev vb
    A ip addr add 2001:db8:1::1/64 dev vx0 nodad
    B ip addr add 2001:db8:1::2/64 dev vx0 nodad
    bigtcp "$NS_A" vx0; bigtcp "$NS_B" vx0
    A ip link set vx0 up; B ip link set vx0 up
    A ip -d link show vx0 | grep -o 'gso_max_size.*' | sed 's/^/   vx0: /' >&2
    run_capture "$TMP/vxlan.pcap" va "-s 262144" -6 2001:db8:1::2
    # no >64 KiB frames form here (see README); keep a longer, still small tail
    local save=$WINDOW; WINDOW=150
    window "$TMP/vxlan.pcap" "$OUT/ipv6-bigtcp-vxlan.pcap"
    WINDOW=$save

    # Same tunnel with the vxlan device back at the default 64 KiB GSO limit
    # (underlay veth still BIG): the kernel then sends ~64 KB UDP-tunnel GSO
    # super-packets with valid lengths. Extra file, for comparison.
    log "ipv6-vxlan-gso64k (vx0 gso_max_size 65536)"
    A ip link set dev vx0 gso_max_size 65536 gro_max_size 65536
    B ip link set dev vx0 gso_max_size 65536 gro_max_size 65536
    run_capture "$TMP/vxlan64.pcap" va "-s 262144" -6 2001:db8:1::2
    window "$TMP/vxlan64.pcap" "$OUT/ipv6-vxlan-gso64k.pcap" pcap 60000
}

# ------------------------------------------------------------ expected output

FIELDS=(frame.number frame.len frame.cap_len eth.type vlan.id ip.len ip.proto
        ipv6.plen ipv6.nxt ipv6.opt.jumbo tcp.srcport tcp.dstport tcp.seq_raw
        tcp.len udp.length tcp.checksum.status _ws.expert.message)

# TCP conversation analysis (tshark's defaults: relative sequence numbers, analysis on)
TCP_FIELDS=(frame.number tcp.stream tcp.len tcp.seq tcp.seq_raw tcp.ack tcp.ack_raw tcp.nxtseq
        tcp.analysis.flags tcp.analysis.retransmission tcp.analysis.fast_retransmission
        tcp.analysis.spurious_retransmission tcp.analysis.out_of_order tcp.analysis.reused_ports
        tcp.analysis.lost_segment tcp.analysis.ack_lost_segment tcp.analysis.window_update
        tcp.analysis.window_full tcp.analysis.keep_alive tcp.analysis.keep_alive_ack
        tcp.analysis.duplicate_ack tcp.analysis.duplicate_ack_num tcp.analysis.duplicate_ack_frame
        tcp.analysis.zero_window tcp.analysis.zero_window_probe tcp.analysis.zero_window_probe_ack
        tcp.analysis.acks_frame tcp.analysis.ack_rtt tcp.analysis.initial_rtt tcp.analysis.bytes_in_flight
        tcp.window_size tcp.window_size_scalefactor tcp.time_relative tcp.time_delta _ws.col.Info)

expected() {
    local f=$1 base args=() fld
    base=$(basename "$f")
    mkdir -p "$OUT/expected/tshark-fields" "$OUT/expected/tcpdump" "$OUT/expected/tshark-tcp"
    for fld in "${FIELDS[@]}"; do args+=(-e "$fld"); done
    tshark -n -r "$f" -T fields -E header=y -E separator=/t -E occurrence=a \
        -E aggregator=, "${args[@]}" >"$OUT/expected/tshark-fields/$base.tsv" 2>/dev/null
    args=()
    for fld in "${TCP_FIELDS[@]}"; do args+=(-e "$fld"); done
    # without IP reassembly, as jumbocap (which dissects a first fragment in place and follows no
    # TCP segment split across IP fragments)
    tshark -n -r "$f" -o ip.defragment:FALSE -o ipv6.defragment:FALSE -T fields -E header=y -E separator=/t \
        -E occurrence=a -E aggregator=, "${args[@]}" >"$OUT/expected/tshark-tcp/$base.tsv" 2>/dev/null
    # run from $OUT so the "reading from file" line carries no absolute path
    (cd "$OUT" && tcpdump -nn -v -r "$base" 2>&1 | head -n 200) \
        >"$OUT/expected/tcpdump/$base.txt" || true
}

# -------------------------------------------------------------------- main

FILES=(ipv6-bigtcp-veth.pcap ipv6-bigtcp-veth-nsec.pcap ipv6-bigtcp-veth.pcapng
       ipv6-bigtcp-snaplen.pcap ipv6-bigtcp-any-sll2.pcap
       ipv4-bigtcp-veth.pcap ipv4-bigtcp-veth.pcapng
       ipv6-bigtcp-loopback.pcap ipv6-bigtcp-vlan.pcap ipv6-bigtcp-vxlan.pcap
       ipv6-vxlan-gso64k.pcap ipv6-bigtcp-loss.pcap)

# --expected-only: keep the captures, only rewrite expected/ from them
if [ "${1:-}" != --expected-only ]; then
    do_veth6
    do_veth4
    do_loopback
    do_vlan
    do_vxlan
    log "ipv6-bigtcp-loss (make-loss-sample.sh)"
    bash "$HERE/make-loss-sample.sh" "$OUT/ipv6-bigtcp-loss.pcap"
fi

# Follow TCP Stream: the SHA-256 and length of tshark's -z follow,tcp,raw|ascii|hex|yaml output of every stream
# (the outputs themselves are tens of MB), without IP reassembly as jumbocap; FollowCommandTest
follow_digests() {
    local f s n m
    printf 'file\tstream\tmode\tbytes\tsha256\n'
    for f in "$@" tcp-scenarios/analysis-scenarios.pcap; do
        n=$(tshark -n -r "$OUT/$f" -T fields -e tcp.stream 2>/dev/null | sort -n | tail -1)
        for s in $(seq 0 "${n:-0}"); do
            for m in raw ascii hex yaml; do
                tshark -n -r "$OUT/$f" -o ip.defragment:FALSE -o ipv6.defragment:FALSE -q -z "follow,tcp,$m,$s" \
                    2>/dev/null >"$TMP/follow"
                printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$s" "$m" "$(stat -c %s "$TMP/follow")" \
                    "$(sha256sum "$TMP/follow" | cut -d' ' -f1)"
            done
        done
    done
}

# -z reports in tshark's layout, IP reassembly off as jumbocap: the conversation and endpoint tables in one file,
# the expert items in another, per capture; TsharkStatisticsTest (cli)
z_reports() {
    local f z args=()
    mkdir -p "$OUT/expected/tshark-z"
    for z in conv,eth conv,ip conv,ipv6 conv,tcp conv,udp endpoints,eth endpoints,ip endpoints,ipv6 endpoints,tcp endpoints,udp; do
        args+=(-z "$z")
    done
    for f in "$@" arp-veth.pcap dns-veth.pcap tls-veth.pcap tcp-scenarios/analysis-scenarios.pcap; do
        if [ "$f" != tcp-scenarios/analysis-scenarios.pcap ]; then
            tshark -n -r "$OUT/$f" -o ip.defragment:FALSE -o ipv6.defragment:FALSE -q "${args[@]}" \
                2>/dev/null >"$OUT/expected/tshark-z/$(basename "$f").tables.txt"
        fi
        tshark -n -r "$OUT/$f" -o ip.defragment:FALSE -o ipv6.defragment:FALSE -q -z expert \
            2>/dev/null >"$OUT/expected/tshark-z/$(basename "$f").expert.txt"
    done
}

# tshark's packet-list columns and frame.time as -T fields prints them (UTC, as jumbocap); TsharkFieldsParityTest (cli)
columns() {
    local f
    mkdir -p "$OUT/expected/tshark-columns"
    for f in "$@" arp-veth.pcap dns-veth.pcap tls-veth.pcap dhcpv6-veth.pcap; do
        TZ=UTC tshark -n -r "$OUT/$f" -o ip.defragment:FALSE -o ipv6.defragment:FALSE -T fields -E header=y \
            -e _ws.col.No. -e _ws.col.Time -e _ws.col.Source -e _ws.col.Destination -e _ws.col.Protocol \
            -e _ws.col.Length -e _ws.col.Info -e frame.time 2>/dev/null >"$OUT/expected/tshark-columns/$f.tsv"
    done
}

# tshark/tcpdump run as root print a warning on stderr; it is not kept.
follow_digests "${FILES[@]}" >"$OUT/expected/tshark-follow.tsv"
z_reports "${FILES[@]}"
columns "${FILES[@]}"
for f in "${FILES[@]}"; do
    expected "$OUT/$f"
    printf '%-30s %6s frames %4s >65535 bytes  %s\n' "$f" \
        "$(capinfos -c -M -T "$OUT/$f" | awk 'NR==2 {print $2}')" \
        "$(tshark -n -r "$OUT/$f" -T fields -e frame.len 2>/dev/null | awk '$1 > 65535' | wc -l)" \
        "$(du -h "$OUT/$f" | cut -f1)"
done

# jumbocap's own expected dissections (expected/jumbocap/) follow the captures
# too; ExpectedDissectionsTest rewrites them from the files just written.
# Under sudo, Maven runs as the invoking user so target/ and ~/.m2 stay theirs.
REPO=$(cd "$HERE/.." && pwd)
AS_USER=()
[ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ] && AS_USER=(sudo -u "$SUDO_USER" -H)
if command -v mvn >/dev/null; then
    log "expected/jumbocap (mvn ExpectedDissectionsTest -Djumbocap.regenerate=true)"
    (cd "$REPO" && "${AS_USER[@]}" mvn -q -B -pl dissectors test -Dtest=ExpectedDissectionsTest \
            -Djumbocap.regenerate=true) \
        || { echo "regenerating expected/jumbocap failed" >&2; exit 1; }
else
    log "mvn not found: expected/jumbocap NOT regenerated; run from $REPO:"
    log "  mvn -pl dissectors test -Dtest=ExpectedDissectionsTest -Djumbocap.regenerate=true"
fi
log "update the tables in samples/README.md: the counts come from the new files"
