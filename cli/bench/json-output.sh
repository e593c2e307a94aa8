#!/usr/bin/env bash
# Times `jumbocap read -T ndjson` (the JSON writer's hot path: one object per frame) on a bounded part of
# a capture, alternating two builds so the machine's noise falls on both alike: build A and build B are
# each a directory holding jumbocap-cli-*.jar and lib/ (a copy of cli/target after `mvn package`).
# Prints user+system CPU seconds and wall seconds per run and the median of each build.
#
# usage: cli/bench/json-output.sh [--repeat N] DIR_A DIR_B [CAPTURE FRAMES]...
#   default captures: /tmp/jumbocap-kernel/small.pcap 200000 and /tmp/jumbocap-kernel/big.pcap 3000
#   (make-kernel-captures.sh), --repeat 3
set -euo pipefail

repeat=3
if [ "${1:-}" = --repeat ]; then
    repeat=$2
    shift 2
fi
a=$1
b=$2
shift 2
inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
    inputs=(/tmp/jumbocap-kernel/small.pcap 200000 /tmp/jumbocap-kernel/big.pcap 3000)
fi

run() { # DIR CAPTURE FRAMES -> "cpu wall"
    local jar
    jar=$(ls "$1"/jumbocap-cli-*.jar | grep -v -e -sources -e -tests | head -n 1)
    /usr/bin/time -f '%U %S %e' -o /tmp/json-output-bench.$$ \
        java -XX:+UseSerialGC -Xms16m -cp "$jar:$1/lib/*" org.jumbocap.cli.Main read -T ndjson -c "$3" "$2" >/dev/null
    awk '{printf "%.2f %.2f\n", $1 + $2, $3}' /tmp/json-output-bench.$$
    rm -f /tmp/json-output-bench.$$
}

median() {
    sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

for ((i = 0; i < ${#inputs[@]}; i += 2)); do
    capture=${inputs[i]}
    frames=${inputs[i + 1]}
    : >/tmp/json-output-a.$$
    : >/tmp/json-output-b.$$
    for ((r = 1; r <= repeat; r++)); do
        ra=$(run "$a" "$capture" "$frames")
        rb=$(run "$b" "$capture" "$frames")
        echo "$ra" >>/tmp/json-output-a.$$
        echo "$rb" >>/tmp/json-output-b.$$
        echo "$(basename "$capture") -c $frames run $r: A cpu/wall $ra s, B cpu/wall $rb s"
    done
    ca=$(cut -d' ' -f1 /tmp/json-output-a.$$ | median)
    cb=$(cut -d' ' -f1 /tmp/json-output-b.$$ | median)
    wa=$(cut -d' ' -f2 /tmp/json-output-a.$$ | median)
    wb=$(cut -d' ' -f2 /tmp/json-output-b.$$ | median)
    echo "$(basename "$capture") -c $frames median: A cpu $ca s wall $wa s; B cpu $cb s wall $wb s;" \
        "B/A cpu $(awk -v x="$cb" -v y="$ca" 'BEGIN {printf "%.3f", x / y}') wall $(awk -v x="$wb" -v y="$wa" 'BEGIN {printf "%.3f", x / y}')"
    rm -f /tmp/json-output-a.$$ /tmp/json-output-b.$$
done
