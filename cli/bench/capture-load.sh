#!/usr/bin/env bash
# Live capture under load, side by side: `jumbocap capture -q -w` and `tcpdump -w`, started together on
# the same interface with the same capture buffer and snaplen, while iperf3 pushes as hard as it can
# over a BIG TCP veth pair (gso_max_size/gro_max_size 185000 for IPv6, gso/gro_ipv4_max_size 185000 for
# IPv4 where the kernel takes it; --big 524280 for the kernel's largest, whose super-packets tcpdump cuts
# and jumbocap's AF_PACKET source keeps whole), several streams over IPv6 and over IPv4 at once. For each tool:
# frames it received and captured, dropped by the kernel (pcap_stats), written to its file, and the
# file read back (frames, frames over 64 KB, frames cut below their length on the wire: every
# super-packet must be written whole); and the CPU each used: in all (the JVM's start included, from
# /proc/PID/stat's ticks) and under load (from the traffic's start until the rings are drained, from the
# scheduler's exact clock), with the bytes written per CPU second, also taken moment by moment (every
# 0.5 s), since on some machines a byte written costs more as the page cache fills.
#
# usage: sudo cli/bench/capture-load.sh [--duration S] [--streams N] [--buffer-mib N] [--snaplen N]
#                                       [--big N] [--dir DIR] [--max-gb N] [--keep]
#   --duration    seconds of traffic (default 30); both captures are bounded to it plus a few seconds
#   --streams     iperf3 -P for each family (default 4, so 4 IPv6 + 4 IPv4 streams)
#   --buffer-mib  capture buffer of both tools (jumbocap -B MiB, tcpdump -B KiB; default 256)
#   --snaplen     snaplen of both tools (default 262144, libpcap's maximum on Linux, and tcpdump's at most; with --big 524280 give
#                 524288: jumbocap keeps that much through AF_PACKET, tcpdump's libpcap lowers it to 262144)
#   --big         gso/gro max sizes of the pair (default 185000; 524280 is the kernel's largest)
#   --dir         where the two files go (default /dev/shm when it has room for --max-gb, else /tmp)
#   --max-gb      the two files together stop both captures when they reach this size (default 16):
#                 at BIG TCP rates a 30 s capture writes tens of GB
#   --keep        keep the files (default: removed at the end)
#   --control     a second tcpdump in jumbocap's place: how far two identical captures of the same
#                 traffic differ on this machine, the spread any comparison of the two tools is within
# JUMBOCAP_CAPTURE_OPTS adds options to jumbocap's command (e.g. --no-preallocate, to compare).
# Everything runs in two private namespaces (edg-la, edg-lb) removed on exit; no traffic leaves them.
# Needs root, iproute2, tcpdump, iperf3, python3, and jumbocap built (./jumbocap builds it).
set -euo pipefail

duration=30
streams=4
buffer_mib=256
snaplen=262144
BIG=185000
dir=
max_gb=16
keep=0
control=0
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration=$2; shift ;;
        --streams) streams=$2; shift ;;
        --buffer-mib) buffer_mib=$2; shift ;;
        --snaplen) snaplen=$2; shift ;;
        --big) BIG=$2; shift ;;
        --dir) dir=$2; shift ;;
        --max-gb) max_gb=$2; shift ;;
        --keep) keep=1 ;;
        --control) control=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "capture-load: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done
# tcpdump refuses a snaplen over libpcap's 262,144; jumbocap's AF_PACKET source keeps up to 524,288
tcpdump_snaplen=$(( snaplen > 262144 ? 262144 : snaplen ))

die() { echo "capture-load: $*" >&2; exit 1; }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

[ "$(id -u)" = 0 ] || die "run as root (namespaces, veth, capture)"
for t in ip tcpdump iperf3 python3 timeout; do
    command -v "$t" >/dev/null 2>&1 || die "missing tool: $t (Debian: apt-get install -y tcpdump iperf3 iproute2 python3)"
done
[[ "$duration" =~ ^[0-9]+$ && "$duration" -ge 1 ]] || die "--duration takes whole seconds"
[[ "$streams" =~ ^[0-9]+$ && "$streams" -ge 1 ]] || die "--streams takes a number"
repo=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
jumbocap=$repo/jumbocap
max_bytes=$(awk -v g="$max_gb" 'BEGIN { if (g + 0 <= 0) exit 1; printf "%.0f", g * 1e9 }') || die "--max-gb takes a number"
if [ -z "$dir" ]; then
    dir=/tmp
    if [ -d /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((max_bytes / 1024 + 1048576)) ]; then
        dir=/dev/shm
    fi
fi
"$jumbocap" --version >/dev/null || die "jumbocap does not run ($jumbocap)"

# shellcheck source=load-pair.sh
. "$repo/cli/bench/load-pair.sh"

work=$(mktemp -d "$dir/edg-capture-load.XXXXXX")
PIDS=()
cleanup() {
    local p
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
    pair_down
    if [ "$keep" = 1 ]; then
        echo "capture-load: files kept in $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pair_up
log "veth $DEV_A/$DEV_B: gso/gro_max_size $BIG, IPv4 BIG TCP: $ipv4_big; files in $work"

# both captures on the client's end, bounded: jumbocap by --duration, tcpdump by timeout; both also
# stopped (tcpdump by SIGINT, jumbocap by SIGTERM) once the traffic ends, or earlier at --max-gb
# generous: both are stopped once the traffic ends, and on a loaded machine the JVM's start and iperf3's
# connections take seconds; a bound that ran out first would end tcpdump before its CPU time is read
bound=$((duration + 60))
if [ "$control" = 1 ]; then
    # the control: tcpdump in both places, the first one's file and messages where jumbocap's go
    tcpdump_start "$work/jumbocap.pcap" "$work/jumbocap.err" "$tcpdump_snaplen"
    J_PID=$TCPDUMP_PID
    READY_J='listening on'
else
    ip netns exec "$NS_A" "$jumbocap" capture -i "$DEV_A" -q -w "$work/jumbocap.pcap" -B "$buffer_mib" -s "$snaplen" \
        --duration "$bound" ${JUMBOCAP_CAPTURE_OPTS:-} >/dev/null 2>"$work/jumbocap.err" &
    J_PID=$!
    PIDS+=("$J_PID")
    READY_J='capturing on'
fi
tcpdump_start "$work/tcpdump.pcap" "$work/tcpdump.err" "$tcpdump_snaplen"
T_PID=$TCPDUMP_PID
for i in $(seq 300); do
    grep -q "$READY_J" "$work/jumbocap.err" 2>/dev/null && grep -q 'listening on' "$work/tcpdump.err" 2>/dev/null && break
    kill -0 "$J_PID" 2>/dev/null || { cat "$work/jumbocap.err" >&2; die "jumbocap capture did not start"; }
    kill -0 "$T_PID" 2>/dev/null || { cat "$work/tcpdump.err" >&2; die "tcpdump did not start"; }
    sleep 0.1
done
sleep 1 # libpcap's ring is set up once the message is out; give both the same start
T_CHILD=$(pgrep -P "$T_PID" tcpdump || echo "$T_PID")
if [ "$control" = 1 ]; then
    J_PID=$(pgrep -P "$J_PID" tcpdump || echo "$J_PID") # measured as tcpdump is: the process under timeout
fi
# each tool's CPU time and file size, taken when the traffic starts, every 0.5 s and once the rings are
# drained: they give each tool's CPU per byte written while under load, start-up left out
sample() { echo "$(runtime_ns "$J_PID") $(runtime_ns "$T_CHILD") $(size_of "$work/jumbocap.pcap") $(size_of "$work/tcpdump.pcap")"; }
under_load_start=$(sample)
echo "$under_load_start" >"$work/samples"

traffic_start
size_stop=no
under_load() {
    sample >>"$work/samples"
    local total=$(( $(size_of "$work/jumbocap.pcap") + $(size_of "$work/tcpdump.pcap") ))
    if [ "$total" -ge "$max_bytes" ]; then
        size_stop=yes
        log "the two files hold $total bytes (--max-gb $max_gb): stopping"
        return 1
    fi
}
traffic_wait under_load
sleep 1 # the last blocks of the ring
last_sample=$(sample)
echo "$last_sample" >>"$work/samples"
echo "$under_load_start $last_sample" >"$work/under-load"
# CPU seconds (user + system) each capture process used so far: the java process ('ip netns exec' and
# the launcher exec into it) and tcpdump under timeout
cpu_seconds() {
    awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / hz }' "/proc/$1/stat" 2>/dev/null || echo "?"
    awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "(user %.2f, system %.2f)\n", $12 / hz, $13 / hz }' "/proc/$1/stat" >&2 2>/dev/null || true
}
echo "$(cpu_seconds "$J_PID") $(cpu_seconds "$T_CHILD")" >"$work/cpu"
# TERM for jumbocap: a background job of a script starts with SIGINT ignored, and the JVM leaves an
# ignored signal so (it would run on to --duration); it stops on TERM as on INT. tcpdump sets its own.
kill -TERM "$J_PID" 2>/dev/null || true
kill -INT "$T_PID" 2>/dev/null || true
wait "$J_PID" 2>/dev/null || true
wait "$T_PID" 2>/dev/null || true

traffic_rates

# the counters each tool printed, and each file read back from its record headers
python3 - "$work" "$size_stop" "$duration" "$streams" "$buffer_mib" "$snaplen" "$ipv4_big" "$control" <<'PY'
import re, struct, sys
work, size_stop, duration, streams, buffer_mib, snaplen, ipv4_big, control = sys.argv[1:9]

def read_back(path):
    frames = over = cut = 0
    with open(path, 'rb', buffering=1 << 20) as f:
        hdr = f.read(24)
        if len(hdr) < 24:
            return None
        magic = struct.unpack('<I', hdr[:4])[0]
        e = '<' if magic in (0xa1b2c3d4, 0xa1b23c4d) else '>'
        rec = struct.Struct(e + 'IIII')
        while True:
            h = f.read(16)
            if len(h) < 16:
                break
            _, _, incl, orig = rec.unpack(h)
            if len(f.read(incl)) < incl:
                return dict(frames=frames, over=over, cut=cut, truncated=True)
            frames += 1
            over += orig > 65535
            cut += incl < orig
    return dict(frames=frames, over=over, cut=cut, truncated=False)

def tcpdump_counts(path):
    text = open(path).read()
    def num(pattern):
        x = re.search(pattern, text)
        return int(x[1]) if x else None
    c = dict(captured=num(r"(\d+) packets? captured"), received=num(r"(\d+) packets? received by filter"),
             kdrop=num(r"(\d+) packets? dropped by kernel"))
    c['written'] = c['captured']
    return c

if control == '1':
    j = tcpdump_counts(f"{work}/jumbocap.err")
else:
    err = open(f"{work}/jumbocap.err").read()
    m = re.search(r"stopped \([^)]*\): (\d+) frames captured, (\d+) received, (\d+) dropped by kernel, (\d+) dropped by interface", err)
    w = re.search(r"(\d+) frames written to", err)
    j = dict(captured=m and int(m[1]), received=m and int(m[2]), kdrop=m and int(m[3]), written=w and int(w[1]))
t = tcpdump_counts(f"{work}/tcpdump.err")
jf = read_back(f"{work}/jumbocap.pcap")
tf = read_back(f"{work}/tcpdump.pcap")
ok = True
print(f"\nsame {duration} s of iperf3 ({streams} IPv6 + {streams} IPv4 streams, IPv4 BIG TCP {ipv4_big}), "
      f"buffer {buffer_mib} MiB, snaplen {snaplen}" + (" -- stopped early at --max-gb" if size_stop == 'yes' else ""))
print("| tool | received | dropped by kernel | captured | written | file: frames | over 64 KB | cut | whole |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
first = "tcpdump -w (control, in jumbocap's place)" if control == '1' else "jumbocap capture -q -w"
for name, c, f in ((first, j, jf), ("tcpdump -w", t, tf)):
    whole = f is not None and not f['truncated'] and f['cut'] == 0 and f['frames'] == c['written']
    # tcpdump cuts what is over its 262,144: expected when the pair makes larger super-packets
    ok &= whole or (name.startswith("tcpdump -w") and int(snaplen) > 262144)
    print(f"| {name} | {c['received']} | {c['kdrop']} | {c['captured']} | {c['written']} | "
          f"{f and f['frames']} | {f and f['over']} | {f and f['cut']} | {'yes' if whole else 'NO'} |")
cpu = open(f"{work}/cpu").read().split()
def per_cpu(f, seconds):
    try:
        return f"{f['frames'] / float(seconds):,.0f}"
    except (TypeError, ValueError, ZeroDivisionError):
        return "?"
print(f"\nCPU seconds while capturing: jumbocap {cpu[0]}, tcpdump {cpu[1]}; frames written per CPU second: "
      f"jumbocap {per_cpu(jf, cpu[0])}, tcpdump {per_cpu(tf, cpu[1])}")
u = [int(x) for x in open(f"{work}/under-load").read().split()]
jc, tc, jb, tb = (u[4] - u[0]) / 1e9, (u[5] - u[1]) / 1e9, u[6] - u[2], u[7] - u[3]
if jc > 0 and tc > 0 and jb > 0 and tb > 0:
    print(f"CPU seconds under load (from the traffic's start to the rings drained, all threads, scheduler's "
          f"clock): jumbocap {jc:.2f}, tcpdump {tc:.2f}; MB written per CPU second: jumbocap {jb / 1e6 / jc:,.0f}, "
          f"tcpdump {tb / 1e6 / tc:,.0f}; jumbocap's CPU per byte: {(jc / jb) / (tc / tb):.3f} x tcpdump's")
# The whole window's ratio weighs each tool's bytes by when it wrote them, and on a machine whose page
# cache gets dearer as it fills (a VM whose host hands back the guest's free memory: a plain write loop
# into tmpfs took 0.3 ns a byte for the first 6 GB, then 3 ns) the tool that writes more bytes, or more
# of them late, pays more per byte for the same work. So the ratio is also taken moment by moment: over
# each 0.5 s both tools wrote in, jumbocap's CPU against tcpdump's CPU per byte of that interval times
# jumbocap's bytes, summed; the first 2 s (JIT) apart.
samples = [[int(x) for x in line.split()] for line in open(f"{work}/samples") if len(line.split()) == 4]
def same_moment(pairs):
    spent = expected = 0.0
    for a, b in pairs:
        jc, tc, jb, tb = b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3]
        if jc > 0 and tc > 0 and jb >= 1 << 20 and tb >= 1 << 20:
            spent += jc
            expected += jb * tc / tb
    return f"{spent / expected:.3f}" if expected > 0 else "?"
pairs = list(zip(samples, samples[1:]))
if pairs:
    print(f"jumbocap's CPU per byte at the same moment (0.5 s intervals both wrote in): {same_moment(pairs)} x tcpdump's; "
          f"first 2 s of traffic {same_moment(pairs[:4])}, after {same_moment(pairs[4:])}")
if j['kdrop'] is not None and t['kdrop'] is not None:
    print(f"\njumbocap dropped {j['kdrop']} in the kernel, tcpdump {t['kdrop']}: "
          + ("jumbocap no more than tcpdump" if j['kdrop'] <= t['kdrop'] else "jumbocap MORE than tcpdump"))
sys.exit(0 if ok else 1)
PY
