#!/usr/bin/env bash
# The viewer's live capture under load, beside `tcpdump -w`: the same BIG TCP veth pair and iperf3
# traffic as cli/bench/capture-load.sh (cli/bench/load-pair.sh), the viewer under Xvfb started as a
# user starts it (Capture > Live Capture..., Ctrl+K, then Start, driven with xdotool; the dialog picks the
# pair's BIG TCP interface), and tcpdump on the same interface with the same buffer. For each: frames the
# kernel received and dropped, frames kept in its file (read back: over 64 KB, cut), and peak resident
# memory (VmHWM); for the viewer both its own JVM and its capture process (`jumbocap capture --raw`,
# which the viewer runs and follows), and the viewer's resident memory every 0.5 s, to show whether it
# stays bounded while its capture file grows.
#
# usage: sudo gui/bench/live-capture-load.sh [--duration S] [--streams N] [--buffer-mib N] [--big N]
#                                            [--dir DIR] [--shots DIR] [--keep]
#   --duration    seconds of traffic (default 10)
#   --streams     iperf3 -P for each family (default 2)
#   --buffer-mib  tcpdump's capture buffer, as the viewer's capture process takes by default (default 256)
#   --big         gso/gro max sizes of the pair (default 524280, the kernel's largest)
#   --dir         where the two capture files go (default /dev/shm, else /tmp)
#   --shots DIR   screenshots of the viewer: the dialog started, and the capture stopped
#   --keep        keep the files (default: removed at the end)
# Needs root, iproute2, tcpdump, iperf3, python3, xvfb-run, xdotool (imagemagick's import for --shots),
# and jumbocap's command line and viewer built (./jumbocap builds them).
set -euo pipefail

duration=10
streams=2
buffer_mib=256
BIG=524280
dir=
shots=
keep=0
# the part that runs under Xvfb, in the capture namespace: this script again (see drive_viewer)
if [ "${1:-}" = --drive-viewer ]; then
    mode=drive
    shift
else
    mode=main
fi
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration=$2; shift ;;
        --streams) streams=$2; shift ;;
        --buffer-mib) buffer_mib=$2; shift ;;
        --big) BIG=$2; shift ;;
        --dir) dir=$2; shift ;;
        --shots) shots=$2; shift ;;
        --keep) keep=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "live-capture-load: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

die() { echo "live-capture-load: $*" >&2; exit 1; }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }
repo=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
jumbocap=$repo/jumbocap

# Under Xvfb: starts the viewer, opens the live capture dialog and starts the capture on the interface it
# offers; says so (viewer.started) and waits for the word to stop (stop), then stops the capture
# (Capture > Stop, Ctrl+E), waits for the capture process to end and the viewer to list the rest, and
# leaves the viewer running for the main part to measure and end. $work comes from the environment.
drive_viewer() {
    shot() { [ -z "$shots" ] || { mkdir -p "$shots" && import -window root "$shots/$1.png"; }; }
    JUMBOCAP_CAPTURE_COMMAND="$work/capture-command" JUMBOCAP_JAVA_OPTS="-Djava.io.tmpdir=$work/viewer-tmp" \
        "$jumbocap" gui </dev/null >"$work/viewer.out" 2>"$work/viewer.err" &
    echo $! >"$work/viewer.pid"
    local main dialog i
    main=$(xdotool search --sync --onlyvisible --name '^jumbocap$' | head -n 1)
    xdotool windowfocus --sync "$main"
    xdotool key --window "$main" ctrl+k
    dialog=$(xdotool search --sync --onlyvisible --name 'Live Capture' | head -n 1)
    sleep 2 # the dialog lists the interfaces in the background
    # focus goes interface list, capture filter, Start; Space presses it
    xdotool windowfocus --sync "$dialog"
    xdotool key --window "$dialog" Tab Tab space
    for i in $(seq 300); do grep -q 'capturing on' "$work/viewer-capture.err" 2>/dev/null && break; sleep 0.1; done
    shot started
    grep -q 'capturing on' "$work/viewer-capture.err" 2>/dev/null || { shot not-started; echo failed >"$work/viewer.started"; return 1; }
    echo ok >"$work/viewer.started"
    while [ ! -e "$work/stop" ]; do sleep 0.2; done
    xdotool windowfocus --sync "$main"
    xdotool key --window "$main" ctrl+e
    for i in $(seq 600); do kill -0 "$(cat "$work/viewer-capture.pid")" 2>/dev/null || break; sleep 0.1; done
    sleep 3 # the viewer lists what the capture wrote last
    shot stopped
    echo done >"$work/viewer.stopped"
    while [ ! -e "$work/end" ]; do sleep 0.2; done
}

if [ "$mode" = drive ]; then
    work=${LIVE_LOAD_WORK:?} shots=${LIVE_LOAD_SHOTS:-}
    drive_viewer
    exit
fi

[ "$(id -u)" = 0 ] || die "run as root (namespaces, veth, capture)"
for t in ip tcpdump iperf3 python3 timeout xvfb-run xdotool; do
    command -v "$t" >/dev/null 2>&1 || die "missing tool: $t (Debian: apt-get install -y tcpdump iperf3 iproute2 python3 xvfb xdotool)"
done
[ -z "$shots" ] || command -v import >/dev/null 2>&1 || die "--shots needs imagemagick's import"
[[ "$duration" =~ ^[0-9]+$ && "$duration" -ge 1 ]] || die "--duration takes whole seconds"
[[ "$streams" =~ ^[0-9]+$ && "$streams" -ge 1 ]] || die "--streams takes a number"
if [ -z "$dir" ]; then
    dir=/tmp
    [ -d /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt 16000000 ] && dir=/dev/shm
fi
# build both outside the measurement
"$jumbocap" --version >/dev/null || die "jumbocap does not run ($jumbocap)"
"$jumbocap" gui --version >/dev/null || die "the viewer does not run"
[ -z "$shots" ] || shots=$(mkdir -p "$shots" && cd "$shots" && pwd)

# shellcheck source=../../cli/bench/load-pair.sh
. "$repo/cli/bench/load-pair.sh"

work=$(mktemp -d "$dir/edg-live-capture-load.XXXXXX")
chmod 0755 "$work"
mkdir -p "$work/viewer-tmp"
PIDS=()
cleanup() {
    local p
    touch "$work/stop" "$work/end" 2>/dev/null || true
    [ -s "$work/viewer.pid" ] && kill "$(cat "$work/viewer.pid")" 2>/dev/null || true
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
    pair_down
    if [ "$keep" = 1 ]; then
        echo "live-capture-load: files kept in $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The viewer's capture command: the source tree's capture (as the viewer runs it from a source tree), its
# standard error also kept here for its counters
cat >"$work/capture-command" <<CMD
#!/usr/bin/env bash
echo \$\$ >"$work/viewer-capture.pid"
exec "$jumbocap" capture "\$@" 2> >(exec tee --output-error=warn-nopipe -a "$work/viewer-capture.err" >&2)
CMD
chmod 0755 "$work/capture-command"

pair_up
log "veth $DEV_A/$DEV_B: gso/gro_max_size $BIG, IPv4 BIG TCP: $ipv4_big; files in $work"

bound=$((duration + 60))
LIVE_LOAD_WORK=$work LIVE_LOAD_SHOTS=$shots ip netns exec "$NS_A" \
    xvfb-run -a -s '-screen 0 1400x900x24' "$0" --drive-viewer >"$work/drive.log" 2>&1 &
PIDS+=("$!")
tcpdump_start "$work/tcpdump.pcap" "$work/tcpdump.err" 262144
T_PID=$TCPDUMP_PID
for i in $(seq 1200); do
    [ -s "$work/viewer.started" ] && grep -q 'listening on' "$work/tcpdump.err" 2>/dev/null && break
    sleep 0.1
done
[ "$(cat "$work/viewer.started" 2>/dev/null)" = ok ] \
    || { cat "$work/drive.log" "$work/viewer.err" "$work/viewer-capture.err" >&2 2>/dev/null; die "the viewer's capture did not start"; }
grep -q 'listening on' "$work/tcpdump.err" || { cat "$work/tcpdump.err" >&2; die "tcpdump did not start"; }
sleep 1 # as capture-load.sh: both rings set up
T_CHILD=$(pgrep -P "$T_PID" tcpdump || echo "$T_PID")
C_PID=$(cat "$work/viewer-capture.pid")
# the viewer's launcher execs java, but not on the run that records the viewer's class-data archive
V_PID=$(cat "$work/viewer.pid")
V_PID=$(pgrep -P "$V_PID" -x java | head -n 1 || true)
V_PID=${V_PID:-$(cat "$work/viewer.pid")}
capture_file=$(find "$work/viewer-tmp" -name '*.pcapng' | head -n 1)
rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
anon_kb() { awk '/^RssAnon/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
hwm_kb() { awk '/^VmHWM/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
start=$(date +%s.%N)
# resident memory: the viewer's all (VmRSS) and anonymous (heap and native; the rest is mapped files:
# the capture file it reads through its mapping, the JVM's and JavaFX's libraries), its capture process's
# and tcpdump's (both mostly their capture rings), and the two files' sizes
echo "seconds viewer_rss_kb viewer_anon_kb capture_rss_kb tcpdump_rss_kb viewer_file_bytes tcpdump_file_bytes" >"$work/memory"
memory() {
    echo "$(awk -v s="$start" -v n="$(date +%s.%N)" 'BEGIN { printf "%.1f", n - s }') $(rss_kb "$V_PID") $(anon_kb "$V_PID") $(rss_kb "$C_PID")" \
        "$(rss_kb "$T_CHILD") $(size_of "$capture_file") $(size_of "$work/tcpdump.pcap")" >>"$work/memory"
}
traffic_start
traffic_wait memory
sleep 1 # the last blocks of the rings
memory
capture_hwm=$(hwm_kb "$C_PID")
tcpdump_hwm=$(hwm_kb "$T_CHILD")
touch "$work/stop"
kill -INT "$T_PID" 2>/dev/null || true
wait "$T_PID" 2>/dev/null || true
for i in $(seq 900); do [ -s "$work/viewer.stopped" ] && break; memory; sleep 0.5; done
viewer_hwm=$(hwm_kb "$V_PID")
viewer_rss=$(rss_kb "$V_PID")
traffic_rates

# each file read back by jumbocap, whose reader takes frames of any length: frames, over 64 KB, cut
read_back() {
    "$jumbocap" read "$1" -T fields -e frame.len -e frame.cap_len 2>/dev/null \
        | awk '{ n++; if ($1 > 65535) over++; if ($2 < $1) cut++ } END { printf "%d %d %d\n", n, over, cut }'
}
viewer_file=$(read_back "$capture_file")
tcpdump_file=$(read_back "$work/tcpdump.pcap")
touch "$work/end"

python3 - "$work" "$duration" "$streams" "$buffer_mib" "$ipv4_big" "$viewer_hwm" "$viewer_rss" "$tcpdump_hwm" \
    "$viewer_file" "$tcpdump_file" "$capture_hwm" <<'PY'
import re, sys
work, duration, streams, buffer_mib, ipv4_big, viewer_hwm, viewer_rss, tcpdump_hwm, vfile, tfile, capture_hwm = sys.argv[1:12]
def num(pattern, text):
    m = re.search(pattern, text)
    return int(m[1]) if m else None
c = open(f"{work}/viewer-capture.err", errors="replace").read()
m = re.search(r"stopped \([^)]*\): (\d+) frames captured, (\d+) received, (\d+) dropped by kernel, (\d+) dropped by interface", c)
v = dict(received=m and int(m[2]), kdrop=m and int(m[3]), captured=m and int(m[1]))
t_err = open(f"{work}/tcpdump.err").read()
t = dict(received=num(r"(\d+) packets? received by filter", t_err), kdrop=num(r"(\d+) packets? dropped by kernel", t_err),
         captured=num(r"(\d+) packets? captured", t_err))
rows = [line.split() for line in open(f"{work}/memory")][1:]
print(f"\nsame {duration} s of iperf3 ({streams} IPv6 + {streams} IPv4 streams, IPv4 BIG TCP {ipv4_big}), buffer {buffer_mib} MiB")
print("| tool | received | dropped by kernel | file: frames | over 64 KB | cut | peak RSS MB |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
vf, tf = vfile.split(), tfile.split()
print(f"| viewer (Live Capture, Start) | {v['received']} | {v['kdrop']} | {vf[0]} | {vf[1]} | {vf[2]} | "
      f"viewer {int(viewer_hwm) // 1024}, its capture process {int(capture_hwm) // 1024} |")
print(f"| tcpdump -w | {t['received']} | {t['kdrop']} | {tf[0]} | {tf[1]} | {tf[2]} | {int(tcpdump_hwm) // 1024} |")
last = rows[-1] if rows else None
if last:
    print(f"\nviewer resident at the end {int(viewer_rss) // 1024} MB, its capture file {int(last[5]) / 1e6:,.0f} MB; "
          f"every 0.5 s from the traffic's start, resident MB (anonymous MB): "
          + " ".join(f"{int(r[1]) // 1024} ({int(r[2]) // 1024})" for r in rows))
ok = v['kdrop'] is not None and t['kdrop'] is not None and vf[2] == '0' and int(vf[0]) == v['captured']
if ok:
    print(f"\nthe viewer's capture dropped {v['kdrop']} in the kernel, tcpdump {t['kdrop']}: "
          + ("no more than tcpdump" if v['kdrop'] <= t['kdrop'] else "MORE than tcpdump"))
else:
    print("\nthe viewer's capture file is not whole or its counters are missing")
sys.exit(0 if ok else 1)
PY
