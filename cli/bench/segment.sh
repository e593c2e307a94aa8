#!/usr/bin/env bash
# Measures how fast `jumbocap segment` cuts a capture of super-packets back into wire-size segments, in
# GB/s written (and read), against a plain copy of the input to the same disk (what the disk writes).
# Each run writes OUT next to the others in --dir (default: the input's directory's filesystem, /tmp),
# is timed with /usr/bin/time -v (wall, CPU, peak RSS) including the `sync` of the file it wrote, and
# the file is deleted right after. The input is read once before, so the page cache is warm for all.
# Checks first that --dir has room for the output (1.2 x the input).
#
# usage: cli/bench/segment.sh [--dir DIR] [--format pcap|pcapng] [--repeat N] [--no-copy] [--out FILE] [IN]
#   IN          default /tmp/jumbocap-kernel/big.pcap (make-kernel-captures.sh: 5 GB of BIG TCP)
#   --dir       where the outputs are written (default /tmp)
#   --format    output format by extension (default pcap, as the input)
#   --repeat    runs of each command, the fastest kept (default 1)
#   --no-copy   leave out the reference copy (cat IN > OUT)
#   --out       also write the Markdown rows to FILE
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=/tmp
format=pcap
repeat=1
copy=1
out_file=
in=/tmp/jumbocap-kernel/big.pcap
while [ $# -gt 0 ]; do
    case "$1" in
        --dir) dir=$2; shift 2 ;;
        --format) format=$2; shift 2 ;;
        --repeat) repeat=$2; shift 2 ;;
        --no-copy) copy=0; shift ;;
        --out) out_file=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        -*) echo "segment.sh: unknown option $1" >&2; exit 2 ;;
        *) in=$1; shift ;;
    esac
done
[ -r "$in" ] || { echo "segment.sh: cannot read $in" >&2; exit 1; }
in_bytes=$(stat -c %s "$in")
free_bytes=$(( $(df -Pk "$dir" | awk 'NR==2 {print $4}') * 1024 ))
need=$(( in_bytes * 12 / 10 ))
if [ "$free_bytes" -lt "$need" ]; then
    echo "segment.sh: $dir has $((free_bytes >> 20)) MiB free, needs $((need >> 20)) MiB for the output" >&2
    exit 1
fi
out="$dir/jumbocap-segment-bench.$$.$format"
trap 'rm -f "$out"' EXIT

"$root/jumbocap" --version >/dev/null   # builds the launcher's jar first, outside the timing
cat "$in" > /dev/null                   # warm page cache for every run

# run NAME COMMAND...: the fastest of $repeat runs; prints a Markdown row
run() {
    local name=$1; shift
    local best= best_line=
    for _ in $(seq "$repeat"); do
        rm -f "$out"
        local log; log=$(mktemp)
        /usr/bin/time -v bash -c "$* && sync \"$out\"" 2> "$log" > /dev/null
        local wall cpu_user cpu_sys rss written
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2, t, ":"); s=0; for (i=1;i<=n;i++) s=s*60+t[i]; print s}' "$log")
        cpu_user=$(awk -F': ' '/User time/ {print $2}' "$log")
        cpu_sys=$(awk -F': ' '/System time/ {print $2}' "$log")
        rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$log")
        written=$(stat -c %s "$out")
        grep '^segment:' "$log" | sed 's/^/    /' >&2 || true
        rm -f "$log" "$out"
        if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN {exit !(a < b)}'; then
            best=$wall
            best_line=$(awk -v n="$name" -v w="$wall" -v u="$cpu_user" -v s="$cpu_sys" -v r="$rss" -v o="$written" -v i="$in_bytes" \
                'BEGIN {printf "| %s | %.2f | %.2f | %.2f | %.2f | %.1f | %.0f |\n", n, w, u + s, o / w / 1e9, i / w / 1e9, o / 1e9, r / 1024}')
        fi
    done
    echo "$best_line"
}

{
    echo "input: $in ($(awk -v b="$in_bytes" 'BEGIN {printf "%.2f GB", b / 1e9}')); output: $dir ($format); $(nproc) cores; best of $repeat"
    echo
    echo "| command | wall s | CPU s | GB/s written | GB/s read | GB out | peak RSS MiB |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    if [ "$copy" = 1 ]; then
        run "cat IN > OUT (the disk's copy speed)" "cat '$in' > '$out'"
    fi
    run "jumbocap segment IN -w OUT" "'$root/jumbocap' segment '$in' -w '$out'"
} | tee ${out_file:+"$out_file"}
