#!/usr/bin/env bash
# Measures jumbocap against tcpdump and tshark in one run, on two generated captures:
#   big    SIZE_MB of BIG TCP super-packets (the >64 KB frames of samples/ipv6-bigtcp-veth.pcap and
#          samples/ipv4-bigtcp-veth.pcap repeated, timestamps and TCP sequence numbers moving on)
#   small  N synthetic Ethernet frames of 64 to 1500 bytes (TCP data and ACKs over IPv4/IPv6, some UDP)
# For each file, with the page cache warm: cat (the page-cache reference), tcpdump -nn -r, tshark -n -r,
# jumbocap read, jumbocap stats, and in-JVM passes of org.jumbocap.bench.gen.ToolComparison: the fast
# path (CaptureFiles.open + FastDecoder.decode) and the capture reader alone, each once and then five
# times in one JVM (the compiled, steady-state rate), and the reader plus a checksum of every byte (the
# floor of checksum verification). First, jumbocap read of a 44-frame sample gives the start-up cost.
# Every command runs under /usr/bin/time -v (wall, user+sys CPU, peak RSS) and a time limit; the
# one-line-per-frame output of tshark and jumbocap read goes to wc -l instead of /dev/null, so a
# stopped run still gives frames/s. Prints a Markdown table; the inputs live in a temp dir removed at
# the end. docs/benchmarks.md has the results and what they mean.
#
# usage: cli/bench/compare-tools.sh [--quick] [--size-mb N] [--small-frames N] [--tshark-limit S]
#                                   [--limit S] [--repeat-big N] [--repeat-small N] [--dir DIR]
#                                   [--out FILE] [--profile] [--keep]
#   --quick          --size-mb 256 --small-frames 1000000
#   --size-mb        size of the super-packet file (default 2048)
#   --small-frames   frames in the small-frame file (default 5000000)
#   --tshark-limit   seconds tshark may run on one file before it is stopped (default 60)
#   --limit          seconds any other command may run (default 240)
#   --repeat-big     runs of each command on the super-packet file, the fastest kept (default 3)
#   --repeat-small   the same on the small-frame file (default 1: its runs are long enough)
#   --dir            where the temp dir is made (default $TMPDIR or /tmp)
#   --out            also write the results (Markdown) to FILE
#   --profile        afterwards, JFR-profile jumbocap read and stats on the small file, and read on the
#                    super-packet file named four times, and print the hottest methods
#   --keep           keep the generated files
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
root=$(cd "$here/../.." && pwd)

size_mb=2048
small_frames=5000000
tshark_limit=60
limit=240
base=${TMPDIR:-/tmp}
out_file=
profile=0
keep=0
repeat_big=3
repeat_small=1
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) size_mb=256; small_frames=1000000 ;;
        --size-mb) size_mb=$2; shift ;;
        --small-frames) small_frames=$2; shift ;;
        --tshark-limit) tshark_limit=$2; shift ;;
        --limit) limit=$2; shift ;;
        --repeat-big) repeat_big=$2; shift ;;
        --repeat-small) repeat_small=$2; shift ;;
        --dir) base=$2; shift ;;
        --out) out_file=$2; shift ;;
        --profile) profile=1 ;;
        --keep) keep=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "compare-tools: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

die() { echo "compare-tools: $*" >&2; exit 1; }
for tool in tcpdump tshark java javac timeout awk; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is needed"
done
/usr/bin/time -v true >/dev/null 2>&1 || die "GNU time is needed as /usr/bin/time (Debian: apt-get install time)"
if [ "$profile" = 1 ]; then
    command -v jfr >/dev/null 2>&1 || die "--profile needs the JDK's jfr tool"
fi

tmp=$(mktemp -d "$base/jumbocap-compare.XXXXXX")
cleanup() {
    if [ "$keep" = 1 ]; then
        echo "compare-tools: kept $tmp" >&2
    else
        rm -rf "$tmp"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# ---------------------------------------------------------------- build
log "building jumbocap (if its sources changed) and the generator"
"$root/jumbocap" --version >/dev/null || die "jumbocap does not build"
# A snapshot of the launcher's class path, run the way the launcher runs it: the launcher rebuilds
# whenever a source is newer than its jar, which in a work tree being edited would put a build inside
# a measurement (or swap the jar under a running one).
mkdir -p "$tmp/jumbocap/lib" "$tmp/classes"
cp $(ls "$root"/cli/target/jumbocap-cli-*.jar | grep -v -e '-sources' -e '-tests') "$tmp/jumbocap/"
cp "$root"/cli/target/lib/*.jar "$tmp/jumbocap/lib/"
cat >"$tmp/jumbocap/jumbocap" <<'LAUNCHER'
#!/usr/bin/env bash
here=$(dirname "$0")
exec java ${JUMBOCAP_JAVA_OPTS:-} -cp "$(ls "$here"/jumbocap-cli-*.jar):$here/lib/*" org.jumbocap.cli.Main "$@"
LAUNCHER
chmod +x "$tmp/jumbocap/jumbocap"
jumbocap="$tmp/jumbocap/jumbocap"
jumbocap_version=$("$jumbocap" --version | head -n 1) || die "the jumbocap snapshot does not run"
dissectors_jar=$(ls "$tmp"/jumbocap/lib/jumbocap-dissectors-*.jar | head -n 1)
javac -nowarn -d "$tmp/classes" -cp "$dissectors_jar" \
    "$root/dissectors/src/test/java/org/jumbocap/bench/gen/ToolComparison.java"
gen_cp="$tmp/classes:$dissectors_jar"
gen() { java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison "$@"; }

# ---------------------------------------------------------------- inputs
big="$tmp/super-packets.pcap"
small="$tmp/small-frames.pcap"
log "generating $size_mb MB of super-packets"
gen_started=$(date +%s.%N)
big_line=$(gen super-packets "$big" "$size_mb" "$root/samples/ipv6-bigtcp-veth.pcap" "$root/samples/ipv4-bigtcp-veth.pcap")
log "  $big_line"
log "generating $small_frames small frames"
small_line=$(gen small-frames "$small" "$small_frames")
log "  $small_line"
gen_seconds=$(awk -v a="$gen_started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

# the generator leaves gigabytes of dirty pages: write them back now, not during the measurements
log "writing the inputs back to disk, then warming the page cache"
sync
for f in "$big" "$small"; do cat "$f" >/dev/null; cat "$f" >/dev/null; done

# ---------------------------------------------------------------- runs
results="$tmp/results.tsv"
: >"$results"

# run NAME FILE FRAMES BYTES LIMIT OUTPUT COMMAND...
# OUTPUT: null (stdout to /dev/null), count (through wc -l: the frames printed by a run the limit
# stopped), keep (to a file: the one-line report of the in-JVM passes)
# The command runs $repeat times; the row kept is the one of the shortest wall time.
run() {
    : >"$tmp/attempts.tsv"
    local attempt
    for attempt in $(seq "$repeat"); do
        run_once "$@"
    done
    sort -t "$(printf '\t')" -k6,6g "$tmp/attempts.tsv" | head -n 1 \
        | awk -F'\t' -v OFS='\t' -v n="$repeat" '{ if (n > 1) $11 = "best of " n (length($11) ? "; " $11 : ""); print }' >>"$results"
}

run_once() {
    local name=$1 file=$2 frames=$3 bytes=$4 cap=$5 output=$6
    shift 6
    local label
    label=$(basename "$file" .pcap)
    log "$label: $name"
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    local done_frames=$frames status=0 extra=""
    case "$output" in
        count)
            done_frames=$( { /usr/bin/time -v -o "$tmp/time.txt" timeout -s INT "$cap" "$@" 2>"$tmp/stderr.txt" || true; } | wc -l) ;;
        keep)
            /usr/bin/time -v -o "$tmp/time.txt" timeout -s INT "$cap" "$@" >"$tmp/stdout.txt" 2>"$tmp/stderr.txt" || true
            extra=$(awk '/^(fast-pass|reader-pass) / {
                        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                        n++
                        if (n == 1) first = v["frames_per_s"]
                        if (v["frames_per_s"] + 0 > best + 0) { best = v["frames_per_s"]; mb = v["mb_per_s"] }
                    }
                    END {
                        if (n == 1) printf "in-JVM %s frames/s, %s MB/s (excl. start-up)", best, mb
                        else if (n > 1) printf "in-JVM best of %d passes %s frames/s, %s MB/s; first pass %s frames/s", n, best, mb, first
                    }' "$tmp/stdout.txt") ;;
        *)
            /usr/bin/time -v -o "$tmp/time.txt" timeout -s INT "$cap" "$@" >/dev/null 2>"$tmp/stderr.txt" || true ;;
    esac
    status=$(sed -n 's/^\s*Exit status: //p' "$tmp/time.txt")
    local wall user sys rss
    wall=$(sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time.txt" \
        | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    user=$(sed -n 's/^\s*User time (seconds): //p' "$tmp/time.txt")
    sys=$(sed -n 's/^\s*System time (seconds): //p' "$tmp/time.txt")
    rss=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$tmp/time.txt")
    local note=""
    if [ "$status" = 124 ]; then
        if [ "$output" = count ]; then
            note="stopped at ${cap}s: $done_frames of $frames frames"
        else
            done_frames=0
            note="stopped at ${cap}s"
        fi
    elif [ "$status" != 0 ]; then
        note="exit $status: $(head -c 200 "$tmp/stderr.txt" | tr '\n\t' '  ')"
    fi
    if [ -n "$extra" ] && [ "$status" = 0 ]; then
        note=$extra
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$name" "$frames" "$done_frames" "$bytes" \
        "$wall" "$user" "$sys" "$rss" "$load" "$note" >>"$tmp/attempts.tsv"
}

measure() {
    local file=$1 frames=$2 bytes=$3
    run "cat" "$file" "$frames" "$bytes" "$limit" null cat "$file"
    run "tcpdump -nn -r" "$file" "$frames" "$bytes" "$limit" null tcpdump -nn -r "$file"
    run "tshark -n -r" "$file" "$frames" "$bytes" "$tshark_limit" count tshark -n -r "$file"
    run "jumbocap read" "$file" "$frames" "$bytes" "$limit" count "$jumbocap" read "$file"
    run "jumbocap stats" "$file" "$frames" "$bytes" "$limit" null "$jumbocap" stats "$file"
    run "fast path (reader+FastDecoder)" "$file" "$frames" "$bytes" "$limit" keep \
        java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison fast-pass "$file"
    run "capture reader only" "$file" "$frames" "$bytes" "$limit" keep \
        java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison reader-pass "$file"
    # the same in one JVM five times over: the rate once the JIT has compiled the loop
    run "fast path, 5 passes" "$file" $((frames * 5)) $((bytes * 5)) "$limit" keep \
        java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison fast-pass "$file" 5
    run "capture reader only, 5 passes" "$file" $((frames * 5)) $((bytes * 5)) "$limit" keep \
        java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison reader-pass "$file" 5
    # what any tool that verifies TCP checksums must at least do: sum every captured byte
    run "capture reader + checksum of every byte, 5 passes" "$file" $((frames * 5)) $((bytes * 5)) "$limit" keep \
        java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison checksum-pass "$file" 5
}

started=$(date +%s)
# the fixed cost of a jumbocap run: JVM start-up, class loading, a 44-frame sample
sample="$root/samples/ipv6-bigtcp-veth.pcap"
repeat=3
run "jumbocap read (start-up cost)" "$sample" "$(field frames "$(gen reader-pass "$sample")")" "$(stat -c %s "$sample")" \
    "$limit" count "$jumbocap" read "$sample"
repeat=$repeat_big
measure "$big" "$(field frames "$big_line")" "$(stat -c %s "$big")"
repeat=$repeat_small
measure "$small" "$(field frames "$small_line")" "$(stat -c %s "$small")"

# ---------------------------------------------------------------- report
report() {
    echo "## Results $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "Machine: $(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)), $(awk '/MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo) RAM, Linux $(uname -r)"
    echo "Tools: $(tcpdump --version 2>&1 | head -n 1), $(tcpdump --version 2>&1 | sed -n 2p), $(tshark --version 2>/dev/null | head -n 1), $(java -version 2>&1 | head -n 1), $jumbocap_version"
    echo "Inputs (generated in ${gen_seconds}s): super-packets.pcap $(field frames "$big_line") frames, $(stat -c %s "$big") bytes;" \
        "small-frames.pcap $(field frames "$small_line") frames, $(stat -c %s "$small") bytes"
    echo
    echo "| file | command | frames done | wall s | CPU s (user+sys) | peak RSS MB | frames/s | MB/s | frames per CPU s | load | note |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    awk -F'\t' '{
        frames = $3; done_ = $4; bytes = $5; wall = $6; cpu = $7 + $8;
        share = frames > 0 ? done_ / frames : 0;
        fps = wall > 0 ? done_ / wall : 0; mbs = wall > 0 ? bytes * share / 1e6 / wall : 0;
        fpc = cpu > 0 ? done_ / cpu : 0;
        printf "| %s | `%s` | %d | %.2f | %.2f | %.0f | %.0f | %.0f | %.0f | %s | %s |\n",
            $1, $2, done_, wall, cpu, $9 / 1024, fps, mbs, fpc, $10, $11
    }' "$results"
    echo
    echo "frames/s and MB/s are over wall time, JVM start-up included; frames per CPU s divides by user+sys time"
    echo "(all threads, so a JVM's JIT and GC threads count); 'load' is the 1-minute load average"
    echo "when the command started. Script run time: $(( $(date +%s) - started ))s of measuring."
}
report | tee ${out_file:+"$out_file"}

# ---------------------------------------------------------------- profile
if [ "$profile" = 1 ]; then
    for what in "read small" "stats small" "read big"; do
        set -- $what
        cmd=$1
        if [ "$2" = small ]; then inputs=("$small"); else inputs=("$big" "$big" "$big" "$big"); fi
        log "profiling jumbocap $cmd on $(basename "${inputs[0]}") x${#inputs[@]}"
        JUMBOCAP_JAVA_OPTS="-XX:StartFlightRecording=filename=$tmp/$cmd.jfr,settings=profile" \
            "$jumbocap" "$cmd" "${inputs[@]}" >/dev/null 2>"$tmp/jfr.log"
        jfr print --events jdk.ExecutionSample --stack-depth 64 "$tmp/$cmd.jfr" >"$tmp/$cmd.samples"
        echo
        echo "### jumbocap $cmd $(basename "${inputs[0]}") x${#inputs[@]}: hottest methods (JFR execution samples)"
        echo
        echo '```'
        awk '
            /stackTrace = \[/ { inside = 1; depth = 0; n++; delete seen; next }
            inside && /^[[:space:]]*\]/ { inside = 0; next }
            inside {
                m = $0; sub(/^[[:space:]]+/, "", m); sub(/[[:space:]]+line:.*/, "", m); sub(/\(.*/, "", m)
                if (depth++ == 0) self[m]++
                if (!(m in seen)) { seen[m] = 1; incl[m]++ }
            }
            END {
                printf "%d samples\nself:\n", n
                for (m in self) printf "  %5.1f%% %s\n", 100 * self[m] / n, m | "sort -rn | head -n 15"
                close("sort -rn | head -n 15")
                printf "inclusive (org.jumbocap and String.format):\n"
                for (m in incl) if (m ~ /^org\.jumbocap|String\.format/) printf "  %5.1f%% %s\n", 100 * incl[m] / n, m | "sort -rn | head -n 25"
                close("sort -rn | head -n 25")
            }' "$tmp/$cmd.samples"
        echo
        echo "callers of String.format:"
        awk '
            /stackTrace = \[/ { inside = 1; prev = ""; n++; next }
            inside && /^[[:space:]]*\]/ { inside = 0; next }
            inside { line = $0; sub(/^[[:space:]]+/, "", line); if (prev ~ /^java\.lang\.String\.format/) c[line]++; prev = line }
            END { for (k in c) printf "  %5.1f%% %s\n", 100 * c[k] / n, k | "sort -rn | head -n 12" }' "$tmp/$cmd.samples"
        echo '```'
    done | tee ${out_file:+-a "$out_file"}
fi
