#!/usr/bin/env bash
# Measures jumbocap against tcpdump and tshark in one run, on three captures, generated unless given:
#   big    SIZE_MB of BIG TCP super-packets (the >64 KB frames of samples/ipv6-bigtcp-veth.pcap and
#          samples/ipv4-bigtcp-veth.pcap repeated, timestamps and TCP sequence numbers moving on),
#          or --big FILE (e.g. the kernel-made big.pcap of cli/bench/make-kernel-captures.sh).
#          The recorded super-packet row (docs/benchmarks.md) is the issue's workload, a kernel-made file of
#          4.4 GB: sudo cli/bench/make-kernel-captures.sh --only big --big-gb 4.4 --dir DIR, then --big
#          DIR/big.pcap (on a file of 537 MB tcpdump takes 0.11 s, less than a JVM's start-up)
#   small  N synthetic Ethernet frames of 64 to 1500 bytes, about 630 on average (TCP data and ACKs over
#          IPv4/IPv6, some UDP), or --small FILE (e.g. small.pcap of make-kernel-captures.sh)
#   tiny   N synthetic frames of about 126 bytes on average (TCP data of 1 to 164 bytes to port 5201 and
#          its pure ACKs, two frames in three; UDP with 64-byte payloads; IPv4/IPv6), where the rate of
#          frames, not of bytes, is what counts; or --tiny FILE
# --small-corpora chooses which of the two small-frame files are measured (both by default).
# For each file, with the page cache warm: cat (the page-cache reference), tcpdump -nn -r, tshark -n -r,
# jumbocap read, jumbocap read -T fields -e frame.number with the display filters 'tcp.port == 5201'
# and 'jumbo', jumbocap stats, and in-JVM passes of org.jumbocap.bench.gen.ToolComparison: the fast
# path (CaptureFiles.open + FrameDissector.summarize) and the capture reader alone, each once and then five
# times in one JVM (the compiled, steady-state rate), and the reader plus a checksum of every byte (the
# floor of checksum verification). First, jumbocap read of a 44-frame sample gives the start-up cost.
# The in-JVM passes need ToolComparison to compile against the current dissectors jar: when a class it
# uses is gone (org.jumbocap.fast.FastDecoder/FastSummary), it is compiled against a stand-in that
# throws, and a row whose mode then fails (or everything, if it still does not compile) is left out
# of the measurements with a note in the table instead of stopping the run. Generating an input needs
# the generator, so without it give both files.
# Every command runs under /usr/bin/time -v (wall, user+sys CPU, peak RSS) and a time limit; the
# one-line-per-frame output of tshark and jumbocap read goes to wc -l instead of /dev/null, so a
# stopped run still gives frames/s (for the filtered reads, the lines are the frames matched: the
# note has them, frames/s counts every frame read). Prints a Markdown table; the inputs live in a temp dir removed at
# the end. docs/benchmarks.md has the results and what they mean.
#
# usage: cli/bench/compare-tools.sh [--quick] [--size-mb N] [--small-frames N] [--tiny-frames N]
#                                   [--small-corpora LIST] [--tshark-limit S]
#                                   [--limit S] [--repeat-big N] [--repeat-small N] [--dir DIR]
#                                   [--big FILE] [--small FILE] [--tiny FILE] [--out FILE] [--profile] [--keep]
#   --quick          --size-mb 256 --small-frames 1000000 --tiny-frames 1000000
#   --size-mb        size of the super-packet file (default 2048)
#   --small-frames   frames in the small-frame file (default 5000000)
#   --tiny-frames    frames in the tiny-frame file (default 3000000)
#   --small-corpora  which small-frame files to measure: small, tiny or small,tiny (the default)
#   --tshark-limit   seconds tshark may run on one file before it is stopped (default 60)
#   --limit          seconds any other command may run (default 240)
#   --repeat-big     runs of each command on the super-packet file, the fastest kept (default 3)
#   --repeat-small   the same on the small-frame file (default 1: its runs are long enough)
#   --dir            where the temp dir is made (default $TMPDIR or /tmp)
#   --big FILE       measure this capture as the super-packet file instead of generating one
#   --small FILE     measure this capture as the small-frame file instead of generating one
#   --tiny FILE      measure this capture as the tiny-frame file instead of generating one
#   --out            also write the results (Markdown) to FILE
#   --profile        afterwards, JFR-profile jumbocap read and stats on each small-frame file, and read on
#                    the super-packet file named four times, and print the hottest methods
#   --keep           keep the generated files (given files are never touched)
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
root=$(cd "$here/../.." && pwd)

size_mb=2048
small_frames=5000000
tiny_frames=3000000
small_corpora=small,tiny
tshark_limit=60
limit=240
base=${TMPDIR:-/tmp}
out_file=
profile=0
keep=0
repeat_big=3
repeat_small=1
big_given=
small_given=
tiny_given=
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) size_mb=256; small_frames=1000000; tiny_frames=1000000 ;;
        --size-mb) size_mb=$2; shift ;;
        --small-frames) small_frames=$2; shift ;;
        --tiny-frames) tiny_frames=$2; shift ;;
        --small-corpora) small_corpora=$2; shift ;;
        --tshark-limit) tshark_limit=$2; shift ;;
        --limit) limit=$2; shift ;;
        --repeat-big) repeat_big=$2; shift ;;
        --repeat-small) repeat_small=$2; shift ;;
        --dir) base=$2; shift ;;
        --big) big_given=$2; shift ;;
        --small) small_given=$2; shift ;;
        --tiny) tiny_given=$2; shift ;;
        --out) out_file=$2; shift ;;
        --profile) profile=1 ;;
        --keep) keep=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "compare-tools: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

die() { echo "compare-tools: $*" >&2; exit 1; }
measure_small=0
measure_tiny=0
IFS=, read -r -a corpora <<<"$small_corpora"
for c in "${corpora[@]}"; do
    case "$c" in
        small) measure_small=1 ;;
        tiny) measure_tiny=1 ;;
        *) die "--small-corpora takes small, tiny or small,tiny, not '$small_corpora'" ;;
    esac
done
[ "$measure_small" = 1 ] || [ "$measure_tiny" = 1 ] || die "--small-corpora names no file"
for tool in tcpdump tshark capinfos java javac timeout awk; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is needed"
done
/usr/bin/time -v true >/dev/null 2>&1 || die "GNU time is needed as /usr/bin/time (Debian: apt-get install time)"
for f in "$big_given" "$small_given" "$tiny_given"; do
    [ -z "$f" ] || [ -r "$f" ] || die "cannot read $f"
done
[ -z "$big_given" ] || big_given=$(readlink -f "$big_given")
[ -z "$small_given" ] || small_given=$(readlink -f "$small_given")
[ -z "$tiny_given" ] || tiny_given=$(readlink -f "$tiny_given")
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

# With TZ unset, glibc's localtime() looks at /etc/localtime again (a stat) on every call, and tcpdump prints
# every frame's time through it: on this machine 3 M tiny frames took it 8.4 s of CPU against 2.9 s with TZ set (strace:
# one newfstatat per frame). TZ naming the same file gives the same times, read once. Nothing else measured
# here prints local times.
export TZ=${TZ:-:/etc/localtime}

# ---------------------------------------------------------------- build
log "building jumbocap (if its sources changed) and the generator"
"$root/jumbocap" --version >/dev/null || die "jumbocap does not build"
# A snapshot of the launcher's class path, run by a copy of the launcher itself (its memory options and
# its class-data sharing archive, made from the same training run on the same samples as a user's
# first run makes it): the launcher rebuilds whenever a source is newer than its jar, which in a work
# tree being edited would put a build inside a measurement (or swap the jar under a running one); the
# snapshot has no sources, so it never builds. JUMBOCAP_CDS=off measures without the archive.
mkdir -p "$tmp/jumbocap/cli/target/lib" "$tmp/jumbocap/samples" "$tmp/classes"
cp $(ls "$root"/cli/target/jumbocap-cli-*.jar | grep -v -e '-sources' -e '-tests') "$tmp/jumbocap/cli/target/"
cp "$root"/cli/target/lib/*.jar "$tmp/jumbocap/cli/target/lib/"
cp "$root"/samples/ipv6-bigtcp-veth.pcap "$root"/samples/ipv6-bigtcp-veth.pcapng "$tmp/jumbocap/samples/"
cp "$root/jumbocap" "$tmp/jumbocap/jumbocap"
jumbocap="$tmp/jumbocap/jumbocap"
jumbocap_version=$("$jumbocap" --version | head -n 1) || die "the jumbocap snapshot does not run"
dissectors_jar=$(ls "$tmp"/jumbocap/cli/target/lib/jumbocap-dissectors-*.jar | head -n 1)
tool_comparison="$root/dissectors/src/test/java/org/jumbocap/bench/gen/ToolComparison.java"
gen_cp="$tmp/classes:$dissectors_jar"
gen_ok=1       # 0: ToolComparison does not compile, no in-JVM row and no generated input
gen_note=      # why in-JVM rows may be missing, for the report
# the generator and the in-JVM passes: ToolComparison compiled against the snapshot's dissectors jar;
# the classes it uses that the jar no longer has get stand-ins that throw, so only their modes fail
if ! javac -nowarn -d "$tmp/classes" -cp "$dissectors_jar" "$tool_comparison" 2>"$tmp/javac.txt"; then
    missing=()
    for c in FastDecoder FastSummary; do
        jar tf "$dissectors_jar" | grep -x "org/jumbocap/fast/$c.class" >/dev/null || missing+=("$c")
    done
    first_error=$(grep -m 1 'error:' "$tmp/javac.txt" | sed "s|^$root/||" | head -c 200)
    if [ ${#missing[@]} -gt 0 ]; then
        log "ToolComparison does not compile (${first_error}); stand-ins for org.jumbocap.fast.{${missing[*]}}"
        mkdir -p "$tmp/stubs/org/jumbocap/fast"
        for c in "${missing[@]}"; do
            case "$c" in
                FastDecoder) cat >"$tmp/stubs/org/jumbocap/fast/FastDecoder.java" <<'JAVA' ;;
package org.jumbocap.fast;

/** compare-tools.sh's stand-in: the class is not in this build of jumbocap-dissectors. */
public final class FastDecoder {
    public void decode(org.jumbocap.io.FrameRecord rec, FastSummary s) {
        throw new UnsupportedOperationException("org.jumbocap.fast.FastDecoder is not in this build");
    }
}
JAVA
                FastSummary) cat >"$tmp/stubs/org/jumbocap/fast/FastSummary.java" <<'JAVA' ;;
package org.jumbocap.fast;

/** compare-tools.sh's stand-in: the class is not in this build of jumbocap-dissectors. */
public final class FastSummary {
    public int ipProto;
    public int transportOffset = -1;
    public int tunnelDepth;
    public int srcPort;
    public int dstPort;
    public int transportPayloadLength;
    public long srcHi;
    public long srcLo;
    public long dstHi;
    public long dstLo;
    public long tcpSeq;
    public boolean truncated;

    public boolean anyJumbo() {
        throw new UnsupportedOperationException("org.jumbocap.fast.FastSummary is not in this build");
    }
}
JAVA
            esac
        done
        rm -rf "$tmp/classes" && mkdir -p "$tmp/classes"
        if javac -nowarn -d "$tmp/classes" -cp "$dissectors_jar" "$tool_comparison" "$tmp"/stubs/org/jumbocap/fast/*.java \
                2>"$tmp/javac-stubs.txt"; then
            gen_note="org.jumbocap.fast.{${missing[*]}} not in this build: ToolComparison ran with stand-ins, its modes using them are left out"
        else
            gen_ok=0
            first_error=$(grep -m 1 'error:' "$tmp/javac-stubs.txt" | sed "s|^$tmp/||; s|^$root/||" | head -c 200)
        fi
    else
        gen_ok=0
    fi
    if [ "$gen_ok" = 0 ]; then
        gen_note="ToolComparison does not compile ($first_error): no in-JVM rows"
        log "$gen_note"
    fi
fi
gen() {
    [ "$gen_ok" = 1 ] || die "generating an input needs ToolComparison, which does not compile; give --big, --small and --tiny"
    java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison "$@"
}
# frames_of FILE: its frame count
frames_of() { capinfos -T -r -c -M "$1" | awk -F'\t' 'END { print $2 }'; }

# ---------------------------------------------------------------- inputs
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }
gen_started=$(date +%s.%N)
generated=0
if [ -n "$big_given" ]; then
    big=$big_given
    big_frames=$(frames_of "$big")
    log "super-packet file: $big, $big_frames frames"
else
    big="$tmp/super-packets.pcap"
    log "generating $size_mb MB of super-packets"
    big_line=$(gen super-packets "$big" "$size_mb" "$root/samples/ipv6-bigtcp-veth.pcap" "$root/samples/ipv4-bigtcp-veth.pcap") \
        || die "generating the super-packets failed"
    log "  $big_line"
    big_frames=$(field frames "$big_line")
    generated=1
fi
# small_input KIND GIVEN COUNT: sets input and input_frames to the given file, or to one generated by
# ToolComparison's KIND-frames mode
small_input() {
    local kind=$1 given=$2 count=$3
    if [ -n "$given" ]; then
        input=$given
        input_frames=$(frames_of "$input")
        log "$kind-frame file: $input, $input_frames frames"
    else
        input="$tmp/$kind-frames.pcap"
        log "generating $count $kind frames"
        local line
        line=$(gen "$kind-frames" "$input" "$count") || die "generating the $kind frames failed"
        log "  $line"
        input_frames=$(field frames "$line")
        generated=1
    fi
    [[ "$input_frames" =~ ^[0-9]+$ ]] || die "cannot count the frames of $input"
}
smalls=()        # the small-frame files measured, in order
small_counts=()  # their frame counts
if [ "$measure_small" = 1 ]; then
    small_input small "$small_given" "$small_frames"
    smalls+=("$input"); small_counts+=("$input_frames")
fi
if [ "$measure_tiny" = 1 ]; then
    small_input tiny "$tiny_given" "$tiny_frames"
    smalls+=("$input"); small_counts+=("$input_frames")
fi
gen_seconds=$(awk -v a="$gen_started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
[[ "$big_frames" =~ ^[0-9]+$ ]] || die "cannot count the frames of the inputs"
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)

# the generator leaves gigabytes of dirty pages: write them back now, not during the measurements
log "writing the inputs back to disk, then warming the page cache"
sync
for f in "$big" "${smalls[@]}"; do cat "$f" >/dev/null; cat "$f" >/dev/null; done

# ---------------------------------------------------------------- runs
results="$tmp/results.tsv"
: >"$results"

# run NAME FILE FRAMES BYTES LIMIT OUTPUT COMMAND...
# OUTPUT: null (stdout to /dev/null), count (through wc -l: the frames printed by a run the limit
# stopped), match (through wc -l, a filtered read: the lines printed are the frames matched, they go
# to the note), keep (to a file: the one-line report of the in-JVM passes)
# The command runs $repeat times; the row kept is the one of the shortest wall time. An in-JVM pass
# (keep) that fails is not run again: it becomes a row without measurements, the failure its note.
run() {
    : >"$tmp/attempts.tsv"
    local attempt
    for attempt in $(seq "$repeat"); do
        run_once "$@"
        if [ "$6" = keep ] && [ "$last_status" != 0 ] && [ "$last_status" != 124 ]; then
            local why
            why=$(grep -m 1 -E 'Exception|Error' "$tmp/stderr.txt" || head -n 1 "$tmp/stderr.txt")
            skip_row "$1" "$2" "$3" "$4" "left out: the pass failed (exit $last_status: $(head -c 200 <<<"$why" | tr '\n\t' '  '))"
            return
        fi
    done
    sort -t "$(printf '\t')" -k6,6g "$tmp/attempts.tsv" | head -n 1 \
        | awk -F'\t' -v OFS='\t' -v n="$repeat" '{ if (n > 1) $11 = "best of " n (length($11) ? "; " $11 : ""); print }' >>"$results"
}

# skip_row NAME FILE FRAMES BYTES NOTE: a row without measurements
skip_row() {
    local label
    label=$(basename "$2" .pcap)
    log "$label: $1: $5"
    printf '%s\t%s\t%s\t%s\t%s\t\t\t\t\t%s\t%s\n' "$label" "$1" "$3" 0 "$4" "$(cut -d' ' -f1 /proc/loadavg)" "$5" \
        >>"$results"
}

# jvm NAME FILE FRAMES BYTES MODE [PASSES]: an in-JVM pass of ToolComparison
jvm() {
    local name=$1 file=$2 frames=$3 bytes=$4
    shift 4
    if [ "$gen_ok" != 1 ]; then
        skip_row "$name" "$file" "$frames" "$bytes" "left out: ToolComparison does not compile"
        return
    fi
    run "$name" "$file" "$frames" "$bytes" "$limit" keep java -cp "$gen_cp" org.jumbocap.bench.gen.ToolComparison "$@"
}

last_status=0
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
        count|match)
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
    last_status=${status:-?}
    local wall user sys rss
    wall=$(sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time.txt" \
        | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    user=$(sed -n 's/^\s*User time (seconds): //p' "$tmp/time.txt")
    sys=$(sed -n 's/^\s*System time (seconds): //p' "$tmp/time.txt")
    rss=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$tmp/time.txt")
    local note=""
    if [ "$output" = match ]; then
        note="$done_frames frames matched"
        [ "$status" != 0 ] || done_frames=$frames
    fi
    if [ "$status" = 124 ]; then
        if [ "$output" = match ]; then
            done_frames=0
            note="stopped at ${cap}s ($note)"
        elif [ "$output" = count ]; then
            note="stopped at ${cap}s: $done_frames of $frames frames"
        else
            done_frames=0
            note="stopped at ${cap}s"
        fi
    elif [ "$status" != 0 ]; then
        [ "$output" = count ] || done_frames=0
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
    run "jumbocap read -Y 'tcp.port == 5201' -T fields -e frame.number" "$file" "$frames" "$bytes" "$limit" match \
        "$jumbocap" read -Y 'tcp.port == 5201' -T fields -e frame.number "$file"
    run "jumbocap read -Y jumbo -T fields -e frame.number" "$file" "$frames" "$bytes" "$limit" match \
        "$jumbocap" read -Y jumbo -T fields -e frame.number "$file"
    run "jumbocap stats" "$file" "$frames" "$bytes" "$limit" null "$jumbocap" stats "$file"
    jvm "summary (reader + FrameDissector.summarize)" "$file" "$frames" "$bytes" fast-pass "$file"
    jvm "capture reader only" "$file" "$frames" "$bytes" reader-pass "$file"
    # the same in one JVM five times over: the rate once the JIT has compiled the loop
    jvm "summary, 5 passes" "$file" $((frames * 5)) $((bytes * 5)) fast-pass "$file" 5
    jvm "capture reader only, 5 passes" "$file" $((frames * 5)) $((bytes * 5)) reader-pass "$file" 5
    # what any tool that verifies TCP checksums must at least do: sum every captured byte
    jvm "capture reader + checksum of every byte, 5 passes" "$file" $((frames * 5)) $((bytes * 5)) checksum-pass "$file" 5
}

started=$(date +%s)
# the fixed cost of a jumbocap run: JVM start-up, class loading, a 44-frame sample
sample="$root/samples/ipv6-bigtcp-veth.pcap"
repeat=3
run "jumbocap read (start-up cost)" "$sample" "$(frames_of "$sample")" "$(stat -c %s "$sample")" \
    "$limit" count "$jumbocap" read "$sample"
repeat=$repeat_big
measure "$big" "$big_frames" "$(stat -c %s "$big")"
repeat=$repeat_small
for i in "${!smalls[@]}"; do
    measure "${smalls[$i]}" "${small_counts[$i]}" "$(stat -c %s "${smalls[$i]}")"
done

# ---------------------------------------------------------------- report
report() {
    echo "## Results $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "Machine: $(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)), $(awk '/MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo) RAM, Linux $(uname -r)"
    echo "Tools: $(tcpdump --version 2>&1 | head -n 1), $(tcpdump --version 2>&1 | sed -n 2p), $(tshark --version 2>/dev/null | head -n 1), $(java -version 2>&1 | head -n 1), $jumbocap_version"
    local what=given
    [ "$generated" = 0 ] || what="generated in ${gen_seconds}s"
    local inputs i f
    inputs="$(basename "$big") $big_frames frames, $(stat -c %s "$big") bytes${big_given:+ ($big_given)}"
    for i in "${!smalls[@]}"; do
        f=${smalls[$i]}
        inputs+="; $(basename "$f") ${small_counts[$i]} frames, $(stat -c %s "$f") bytes"
        inputs+=" ($(capinfos -z -M "$f" | sed -n 's/^Average packet size: *//p' | tr -d '\n') on average)"
        case "$f" in "$tmp"/*) ;; *) inputs+=" ($f)" ;; esac
    done
    echo "Inputs ($what): $inputs"
    echo "Load average (1, 5, 15 min): $load_at_start when the measurements started, $(cut -d' ' -f1-3 /proc/loadavg) at the end"
    [ -z "$gen_note" ] || echo "In-JVM rows: $gen_note"
    echo
    echo "| file | command | frames done | wall s | CPU s (user+sys) | peak RSS MB | frames/s | MB/s | frames per CPU s | load | note |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    awk -F'\t' '$6 == "" {
        printf "| %s | `%s` | - | - | - | - | - | - | - | %s | %s |\n", $1, $2, $10, $11
        next
    }
    {
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
    profiled=()  # "COMMAND WHICH": an index into smalls, or big (named four times)
    for i in "${!smalls[@]}"; do profiled+=("read $i" "stats $i"); done
    for what in "${profiled[@]}" "read big"; do
        cmd=${what%% *}
        which=${what#* }
        if [ "$which" = big ]; then inputs=("$big" "$big" "$big" "$big"); else inputs=("${smalls[$which]}"); fi
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
