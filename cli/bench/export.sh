#!/usr/bin/env bash
# Speed of `jumbocap export` (Parquet) on captures, by default the kernel-made ones of
# make-kernel-captures.sh: small.pcap (1.5 M small frames) and big.pcap (36 k super-packets, 5 GB).
# For each file, page cache warm: `jumbocap read -T fields -e frame.number` (the summary path without a
# writer, and the frame count), then `jumbocap export -w` with checksums verified (the default) and with
# --no-verify-checksums, RUNS times each, the fastest kept. Prints wall and CPU time, frames/s, peak RSS and
# the Parquet file's size as Markdown; then, from one more run of `export -w` per capture, each thread's CPU
# time (cli/bench/thread-cpu.py): the dissecting thread, the writer's, and the JIT compilers, which share
# the two cores with them. The Parquet files go to a temp dir removed at the end.
#
#   cli/bench/export.sh [RUNS] [CAPTURE...]
#   cli/bench/export.sh 3 /tmp/jumbocap-kernel/small.pcap /tmp/jumbocap-kernel/big.pcap   (the default)
#
# JUMBOCAP=COMMAND runs another build instead of this checkout's launcher, to compare two builds on the
# same input in one sitting, e.g. a script that runs `java -cp OLD/jumbocap-cli.jar:OLD/lib/* org.jumbocap.cli.Main "$@"`.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
runs="${1:-3}"
shift || true
[[ $# -gt 0 ]] || set -- /tmp/jumbocap-kernel/small.pcap /tmp/jumbocap-kernel/big.pcap
out="$(mktemp -d "${TMPDIR:-/tmp}/jumbocap-export-bench.XXXXXX")"
trap 'rm -rf "$out"' EXIT
jumbocap="${JUMBOCAP:-$here/jumbocap}"

"$jumbocap" --version >/dev/null # builds the command line if needed, outside the timings

# best of $runs: prints "wall cpu rss" (seconds, seconds, MB)
best() {
    local i t wall cpu rss best_wall="" best_cpu="" best_rss=""
    for ((i = 0; i < runs; i++)); do
        /usr/bin/time -o "$out/time" -f '%e %U %S %M' "$@" >/dev/null 2>&1 || true
        t=$(tail -n 1 "$out/time")
        read -r wall u s rss <<<"$t"
        cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
        if [[ -z "$best_wall" ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
            best_wall=$wall best_cpu=$cpu best_rss=$((rss / 1024))
        fi
    done
    echo "$best_wall $best_cpu $best_rss"
}

threads=() # per capture: its thread table row
echo "| capture | frames | command | wall s | CPU s | frames/s | peak RSS MB | Parquet MB |"
echo "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |"
for capture in "$@"; do
    cat "$capture" >/dev/null # warm the page cache
    frames=$("$jumbocap" read -T fields -e frame.number "$capture" | wc -l)
    name=$(basename "$capture")
    row() { # label, then the command
        local label=$1 r wall cpu rss size=""
        shift
        r=$(best "$@")
        read -r wall cpu rss <<<"$r"
        [[ -f "$out/o.parquet" ]] && size=$(awk -v b="$(stat -c %s "$out/o.parquet")" 'BEGIN { printf "%.2f", b / 1e6 }')
        rm -f "$out/o.parquet"
        echo "| $name | $frames | $label | $wall | $cpu | $(awk -v n="$frames" -v w="$wall" 'BEGIN { printf "%.0f", n / w }') | $rss | $size |"
    }
    row "read -T fields -e frame.number" sh -c "'$jumbocap' read -T fields -e frame.number '$capture' >/dev/null"
    row "export -w" "$jumbocap" export -w "$out/o.parquet" "$capture"
    row "export --no-verify-checksums -w" "$jumbocap" export --no-verify-checksums -w "$out/o.parquet" "$capture"
    cat "$capture" >/dev/null
    t=$(python3 "$here/cli/bench/thread-cpu.py" "$jumbocap" export -w "$out/o.parquet" "$capture")
    rm -f "$out/o.parquet"
    thread() { awk -v name="$1" '$2 == name { s += $1 } END { printf "%.2f", s }' <<<"$t"; } # by the name's first word
    threads+=("| $name | $(thread java) | $(thread jumbocap-parque) | $(thread C2) | $(thread C1) | $(awk 'NR == 1 { print $5 }' <<<"$t") |")
done
echo
echo "| capture (export -w, one run) | dissecting thread CPU s | writer thread CPU s | C2 CPU s | C1 CPU s | all threads CPU s |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${threads[@]}"
