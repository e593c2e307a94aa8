#!/usr/bin/env bash
# Makes the two kernel-made captures the benchmark (cli/bench/compare-tools.sh --big/--small) runs on:
#   big.pcap    BIG TCP super-packets: iperf3 over IPv6 between two network namespaces joined by a
#               veth pair with gso_max_size/gro_max_size 185000 (MTU 1500), captured on the client's
#               veth with snaplen 262144 until the file holds --big-gb gigabytes (default 5.0: here
#               36,000-41,000 frames, ~28,000 of them data super-packets of up to 184 KB, the rest
#               the ACKs coming back and a few smaller data segments)
#   small.pcap  --small-frames frames (default 1,500,000) of at most 1514 bytes: the same veth with
#               GRO/GSO/TSO off on both ends, iperf3 over IPv6 (port 5201, 4 streams of full-size
#               segments) and over IPv4 (port 5202, 4 streams of 600-byte writes) at once, so data
#               segments of several sizes and ACKs of both families mix (about 650-750 bytes a frame)
# Like samples/generate.sh, everything runs inside two private namespaces (jck-a, jck-b); no traffic
# leaves them and they are removed on exit. tcpdump gets a large buffer (-B) and iperf3 a bit rate
# (-b) so the capture keeps up; afterwards every file is checked: frames, sizes, how many frames
# exceed 64 KB, frames cut by the snaplen, TCP sequence gaps (segments the capture lost) and the
# kernel's drop counter. A capture that dropped more than --max-gaps-pct of its data segments, or a
# big one whose frames are mostly not super-packets, fails the run.
#
# usage: sudo cli/bench/make-kernel-captures.sh [--dir DIR] [--big-gb N] [--small-frames N]
#                                             [--big-rate R] [--small-rate R] [--small-rate4 R]
#                                             [--buffer-mb N] [--stage DIR|none]
#                                             [--only big|small] [--max-gaps-pct P]
#   --dir           where the captures go (default /tmp/jumbocap-kernel; big.pcap, small.pcap)
#   --big-gb        size of big.pcap in GB (10^9 bytes; decimals allowed; default 5.0)
#   --small-frames  frames in small.pcap (default 1500000)
#   --big-rate      iperf3 -b of the BIG TCP flow (default 4G: at 8G tcpdump drops here; 0 = unlimited;
#                   2G when the machine is busy: at load 5, 4G lost 7.9 % of the data segments, 2G 0.5 %)
#   --small-rate    iperf3 -b of each of the 4 IPv6 small-frame streams (full-size segments; default 80M)
#   --small-rate4   iperf3 -b of each of the 4 IPv4 streams (600-byte writes, TCP_NODELAY; default 50M)
#   --buffer-mb     tcpdump -B, in MB (default 1024; tcpdump takes less than 2048)
#   --stage         where tcpdump writes before the file moves to --dir (default /dev/shm when it
#                   has room: writing gigabytes at this rate to a disk gets throttled by the
#                   dirty-page limit and the capture then drops; "none" writes to --dir directly)
#   --only          make only one of the two files
#   --max-gaps-pct  largest share of lost data segments accepted (default 1)
# Needs root, iproute2, ethtool, tcpdump, capinfos (tshark's package), iperf3, python3.
set -euo pipefail

dir=/tmp/jumbocap-kernel
big_gb=5.0
small_frames=1500000
big_rate=4G
small_rate=80M
small_rate4=50M
buffer_mb=1024
stage=auto
only=
max_gaps_pct=1
while [ $# -gt 0 ]; do
    case "$1" in
        --dir) dir=$2; shift ;;
        --big-gb) big_gb=$2; shift ;;
        --small-frames) small_frames=$2; shift ;;
        --big-rate) big_rate=$2; shift ;;
        --small-rate) small_rate=$2; shift ;;
        --small-rate4) small_rate4=$2; shift ;;
        --buffer-mb) buffer_mb=$2; shift ;;
        --stage) stage=$2; shift ;;
        --only) only=$2; shift ;;
        --max-gaps-pct) max_gaps_pct=$2; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "make-kernel-captures: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

die() { echo "make-kernel-captures: $*" >&2; exit 1; }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

[ "$(id -u)" = 0 ] || die "run as root (namespaces, veth, tcpdump)"
for t in ip ethtool tcpdump capinfos iperf3 python3 awk; do
    command -v "$t" >/dev/null 2>&1 || die "missing tool: $t (Debian: apt-get install -y tcpdump tshark iperf3 iproute2 ethtool)"
done
case "$only" in ""|big|small) ;; *) die "--only takes big or small" ;; esac
[[ "$small_frames" =~ ^[0-9]+$ ]] || die "--small-frames takes a number"
big_bytes=$(awk -v g="$big_gb" 'BEGIN { if (g + 0 <= 0) exit 1; printf "%.0f", g * 1e9 }') \
    || die "--big-gb takes a positive number"

NS_A=jck-a
NS_B=jck-b
DEV_A=jka
DEV_B=jkb
V6_A=2001:db8:77::1
V6_B=2001:db8:77::2
V4_A=198.51.100.1
V4_B=198.51.100.2
BIG=185000

mkdir -p "$dir"
work=$(mktemp -d "$dir/.work.XXXXXX")
if [ "$stage" = auto ]; then
    stage=none
    need_kb=$(( big_bytes / 1024 + small_frames * 2 + 1048576 ))
    if [ -d /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt "$need_kb" ]; then
        stage=/dev/shm
    fi
fi
if [ "$stage" = none ]; then
    stage_dir=$work
else
    stage_dir=$(mktemp -d "$stage/jumbocap-kernel.XXXXXX") || die "cannot write to --stage $stage"
    chmod 755 "$stage_dir"
fi
PIDS=()
cleanup() {
    local p
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
    ip netns del "$NS_A" 2>/dev/null || true
    ip netns del "$NS_B" 2>/dev/null || true
    rm -rf "$work"
    [ -z "${stage_dir:-}" ] || rm -rf "$stage_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Background processes are started with ip netns exec itself, not through A/B: a function run with &
# is a subshell, and a non-interactive shell's background subshell ignores SIGINT, so tcpdump and
# iperf3 would never see the kill -INT that stops them (ip netns exec execs the command: same pid).
A() { ip netns exec "$NS_A" "$@"; }
B() { ip netns exec "$NS_B" "$@"; }

# fresh namespaces joined by DEV_A <-> DEV_B, IPv6 (no DAD) and IPv4 addresses, links up
new_pair() {
    ip netns del "$NS_A" 2>/dev/null || true
    ip netns del "$NS_B" 2>/dev/null || true
    ip netns add "$NS_A" || die "cannot make network namespace $NS_A"
    ip netns add "$NS_B" || die "cannot make network namespace $NS_B"
    local ns
    for ns in "$NS_A" "$NS_B"; do
        ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
        ip -n "$ns" link set lo up
    done
    ip link add "$DEV_A" netns "$NS_A" type veth peer name "$DEV_B" netns "$NS_B" \
        || die "cannot make the veth pair (no veth module?)"
    A ip addr add "$V6_A/64" dev "$DEV_A" nodad
    B ip addr add "$V6_B/64" dev "$DEV_B" nodad
    A ip addr add "$V4_A/24" dev "$DEV_A"
    B ip addr add "$V4_B/24" dev "$DEV_B"
}

links_up() {
    A ip link set "$DEV_A" up
    B ip link set "$DEV_B" up
    local i
    for i in $(seq 50); do   # until both ends are up and no address is tentative
        if A ip -br link show "$DEV_A" | grep -q ' UP ' && B ip -br link show "$DEV_B" | grep -q ' UP ' \
            && ! A ip addr show dev "$DEV_A" | grep -q tentative \
            && ! B ip addr show dev "$DEV_B" | grep -q tentative; then
            return 0
        fi
        sleep 0.1
    done
    die "the veth pair $DEV_A/$DEV_B does not come up"
}

# start_tcpdump OUT [EXTRA...]: tcpdump on DEV_A in NS_A, waits until it listens
start_tcpdump() {
    local out=$1
    shift
    rm -f "$out"
    ip netns exec "$NS_A" tcpdump -i "$DEV_A" -s 262144 -B $((buffer_mb * 1024)) -n "$@" -w "$out" \
        2>"$work/tcpdump.err" &
    TCPDUMP_PID=$!
    PIDS+=("$TCPDUMP_PID")
    local i
    for i in $(seq 100); do
        grep -q 'listening on' "$work/tcpdump.err" 2>/dev/null && return 0
        kill -0 "$TCPDUMP_PID" 2>/dev/null || { cat "$work/tcpdump.err" >&2; die "tcpdump did not start"; }
        sleep 0.1
    done
    die "tcpdump does not listen: $(cat "$work/tcpdump.err")"
}

stop_tcpdump() {
    kill -INT "$TCPDUMP_PID" 2>/dev/null || true
    wait "$TCPDUMP_PID" 2>/dev/null || true
    grep -E 'captured|received|dropped' "$work/tcpdump.err" | sed 's/^/    tcpdump: /' >&2 || true
    KERNEL_DROPS=$(sed -n 's/^\([0-9]*\) packets\{0,1\} dropped by kernel.*/\1/p' "$work/tcpdump.err")
    KERNEL_DROPS=${KERNEL_DROPS:-?}
}

# iperf_server PORT: a one-shot iperf3 server in NS_B
iperf_server() {
    ip netns exec "$NS_B" iperf3 -s -1 -p "$1" >"$work/iperf-s-$1.log" 2>&1 &
    PIDS+=("$!")
    local i
    for i in $(seq 50); do
        B ss -Hltn "sport = :$1" 2>/dev/null | grep -q . && return 0
        sleep 0.1
    done
    die "the iperf3 server on port $1 does not listen: $(cat "$work/iperf-s-$1.log")"
}

# iperf_client LOG ARGS...: an iperf3 client in NS_A, in the background; its pid in CLIENT_PID
iperf_client() {
    local logf=$1
    shift
    ip netns exec "$NS_A" iperf3 "$@" >"$logf" 2>&1 &
    CLIENT_PID=$!
    PIDS+=("$CLIENT_PID")
}

stop_client() {
    kill -INT "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# check FILE KIND NAME: frames, sizes, super-packets, cut frames, TCP sequence gaps (python, one pass
# over the record headers; payload bytes are skipped, not read, for frames over 64 KB).
check() {
    python3 - "$1" "$2" "$KERNEL_DROPS" "$max_gaps_pct" "$3" <<'PY'
import struct, sys
path, kind, drops, max_gaps, name = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
f = open(path, 'rb', buffering=1 << 20)
hdr = f.read(24)
if len(hdr) < 24:
    sys.exit(f"{path}: not a pcap file")
magic = struct.unpack('<I', hdr[:4])[0]
if magic in (0xa1b2c3d4, 0xa1b23c4d):
    e = '<'
elif magic in (0xd4c3b2a1, 0x4d3cb2a1):
    e = '>'
else:
    sys.exit(f"{path}: not a pcap file (magic {magic:#x})")
snaplen, linktype = struct.unpack(e + 'II', hdr[16:24])
if linktype != 1:
    sys.exit(f"{path}: link type {linktype}, expected Ethernet")
frames = super_ = cut = big_max = v4 = v6 = data = acks = other = gaps = 0
t_first = t_last = None
flows = {}
rec = struct.Struct(e + 'IIII')
while True:
    h = f.read(16)
    if len(h) < 16:
        break
    ts, tf, incl, orig = rec.unpack(h)
    if t_first is None:
        t_first = ts + tf / 1e6
    t_last = ts + tf / 1e6
    head = f.read(min(incl, 128))
    if incl > 128:
        f.seek(incl - 128, 1)
    frames += 1
    if incl < orig:
        cut += 1
    if orig > 65535:
        super_ += 1
    big_max = max(big_max, orig)
    et = struct.unpack('>H', head[12:14])[0] if len(head) >= 14 else 0
    if et == 0x86dd and len(head) >= 54:
        v6 += 1
        plen = struct.unpack('>H', head[18:20])[0]
        nxt, off = head[20], 54
        if nxt == 0 and len(head) >= off + 8:       # hop-by-hop (the jumbo option)
            nxt, off = head[off], off + (head[off + 1] + 1) * 8
        ip_end = 54 + plen if plen else orig         # BIG TCP: payload length 0, the frame says
        src, dst = head[22:38], head[38:54]
    elif et == 0x0800 and len(head) >= 34:
        v4 += 1
        ihl = (head[14] & 15) * 4
        tot = struct.unpack('>H', head[16:18])[0]
        nxt, off = head[23], 14 + ihl
        ip_end = 14 + tot if tot else orig           # IPv4 BIG TCP: total length 0
        src, dst = head[26:30], head[30:34]
    else:
        other += 1
        continue
    if nxt != 6 or len(head) < off + 20:
        other += 1
        continue
    sport, dport, seq = struct.unpack('>HHI', head[off:off + 8])
    doff = (head[off + 12] >> 4) * 4
    flags = head[off + 13]
    payload = ip_end - off - doff
    if payload <= 0:
        acks += 1
        continue
    data += 1
    key = (src, sport, dst, dport)
    nxt_seq = flows.get(key)
    if nxt_seq is not None and ((seq - nxt_seq) & 0xffffffff) < 0x80000000 and seq != nxt_seq:
        gaps += 1                                    # a segment after a hole: the capture lost one
    end = (seq + payload + (1 if flags & 1 else 0)) & 0xffffffff
    if nxt_seq is None or ((end - nxt_seq) & 0xffffffff) < 0x80000000:
        flows[key] = end
size = f.tell()
dur = (t_last - t_first) if frames else 0
gap_pct = 100.0 * gaps / data if data else 0.0
print(f"{name}: {frames} frames, {size} bytes ({size / 1e9:.2f} GB), {super_} over 64 KB "
      f"(largest {big_max}), {cut} cut by the snaplen, IPv6 {v6} / IPv4 {v4} / other {other}, "
      f"TCP data {data} / pure ACKs {acks}, {len(flows)} data flows, {gaps} sequence gaps "
      f"({gap_pct:.3f}% of data segments), kernel drops {drops}, {dur:.1f}s of traffic")
bad = []
if frames == 0:
    bad.append("no frames")
if cut:
    bad.append(f"{cut} frames cut by the snaplen")
if gap_pct > max_gaps:
    bad.append(f"{gap_pct:.2f}% of data segments lost (more than {max_gaps}%)")
if kind == 'big' and data and super_ < 0.8 * data:
    bad.append(f"only {super_} of {data} data frames are super-packets (> 64 KB)")
if kind == 'small' and big_max > 1514:
    bad.append(f"frames up to {big_max} bytes: segmentation offload was not off")
if bad:
    sys.exit(f"{name}: " + "; ".join(bad))
PY
}

# ---------------------------------------------------------------- big: BIG TCP super-packets
make_big() {
    local out=$dir/big.pcap part=$stage_dir/big.pcap.part
    log "big: IPv6 BIG TCP (gso/gro_max_size $BIG) over veth, until $out holds $big_gb GB"
    new_pair
    A ip link set dev "$DEV_A" gso_max_size "$BIG" gro_max_size "$BIG" \
        || die "this kernel refuses gso_max_size $BIG (IPv6 BIG TCP needs Linux 5.19+)"
    B ip link set dev "$DEV_B" gso_max_size "$BIG" gro_max_size "$BIG"
    links_up
    A ip -d link show "$DEV_A" | grep -o 'gso_max_size [0-9]* gso_max_segs [0-9]* gro_max_size [0-9]*' \
        | sed "s/^/    $DEV_A: /" >&2 || true
    iperf_server 5201
    start_tcpdump "$part"
    local rate=()
    [ "$big_rate" = 0 ] || rate=(-b "$big_rate")
    # -l 1M: iperf3's default 128 KB writes would cap super-packets at 128 KiB
    iperf_client "$work/iperf-big.log" -6 -c "$V6_B" -p 5201 -t 3600 -l 1M "${rate[@]}"
    local size=0 t0 last=0 stalled=0
    t0=$(date +%s)
    while :; do
        size=$(stat -c %s "$part" 2>/dev/null || echo 0)
        [ "$size" -ge "$big_bytes" ] && break
        kill -0 "$CLIENT_PID" 2>/dev/null || { cat "$work/iperf-big.log" >&2; die "iperf3 ended early"; }
        kill -0 "$TCPDUMP_PID" 2>/dev/null || { cat "$work/tcpdump.err" >&2; die "tcpdump ended early"; }
        if [ "$size" = "$last" ]; then
            stalled=$((stalled + 1))
            [ "$stalled" -lt 100 ] || die "the capture stopped growing at $size bytes"
        else
            stalled=0
        fi
        last=$size
        sleep 0.1
    done
    stop_tcpdump
    stop_client "$CLIENT_PID"
    log "    $(($(date +%s) - t0))s; iperf3: $(grep -E 'sec .*bits/sec' "$work/iperf-big.log" | tail -n 1 | tr -s ' ')"
    check "$part" big "$out"
    mv "$part" "$out"
    ip netns del "$NS_A"; ip netns del "$NS_B"
}

# ---------------------------------------------------------------- small: frames <= 1514 bytes
make_small() {
    local out=$dir/small.pcap part=$stage_dir/small.pcap.part
    log "small: $small_frames frames, GRO/GSO/TSO off, iperf3 over IPv6 (5201) and IPv4 (5202)"
    new_pair
    local ns dev
    for nd in "$NS_A:$DEV_A" "$NS_B:$DEV_B"; do
        ns=${nd%%:*}; dev=${nd#*:}
        ip netns exec "$ns" ethtool -K "$dev" gro off gso off tso off >/dev/null 2>&1 \
            || ip netns exec "$ns" ethtool -K "$dev" gro off gso off tso off
        ip netns exec "$ns" ethtool -k "$dev" | grep -E '^(tcp-segmentation-offload|generic-segmentation-offload|generic-receive-offload):' \
            | tr -s ' \n' ' ' | sed "s/^/    $dev: /" >&2
        echo >&2
    done
    links_up
    iperf_server 5201
    iperf_server 5202
    start_tcpdump "$part" -c "$small_frames"
    local t0 c6 c4
    t0=$(date +%s)
    iperf_client "$work/iperf-small6.log" -6 -c "$V6_B" -p 5201 -t 3600 -P 4 -l 64K -b "$small_rate"
    c6=$CLIENT_PID
    iperf_client "$work/iperf-small4.log" -4 -c "$V4_B" -p 5202 -t 3600 -P 4 -N -l 600 -b "$small_rate4"
    c4=$CLIENT_PID
    # tcpdump -c ends by itself after small_frames frames
    while kill -0 "$TCPDUMP_PID" 2>/dev/null; do
        kill -0 "$c6" 2>/dev/null || { cat "$work/iperf-small6.log" >&2; die "iperf3 (IPv6) ended early"; }
        kill -0 "$c4" 2>/dev/null || { cat "$work/iperf-small4.log" >&2; die "iperf3 (IPv4) ended early"; }
        [ $(($(date +%s) - t0)) -lt 900 ] || die "the small capture takes over 15 minutes"
        sleep 0.2
    done
    stop_tcpdump
    stop_client "$c6"
    stop_client "$c4"
    log "    $(($(date +%s) - t0))s"
    check "$part" small "$out"
    mv "$part" "$out"
    ip netns del "$NS_A"; ip netns del "$NS_B"
}

[ "$only" = small ] || make_big
[ "$only" = big ] || make_small

log "done; capinfos:"
for f in big small; do
    [ -f "$dir/$f.pcap" ] || continue
    capinfos -c -s -d -u -M "$dir/$f.pcap" | sed 's/^/    /'
done
