#!/usr/bin/env bash
# Builds the test classes and runs the JMH benchmarks of org.jumbocap.bench (fast path, full tree,
# display filters), printing JMH's result table. Short runs by default; extra arguments go to JMH,
# e.g. ./bench.sh SummaryBenchmark  or  ./bench.sh -f 1 -wi 5 -i 10 Filter
#   JC_OUT   output-folder suffix of the build (default -bench), as with mvn -Djc.out
set -euo pipefail
module=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$module")
out=${JC_OUT:--bench}
target="$module/target$out"

cd "$root"
mvn -o -q -B -Djc.out="$out" -pl dissectors test-compile
mvn -o -q -B -Djc.out="$out" -pl dissectors dependency:build-classpath \
    -Dmdep.outputFile="$target/bench.classpath" -Dmdep.includeScope=test >/dev/null
classpath="$target/test-classes:$target/classes:$(cat "$target/bench.classpath")"

if [ $# -eq 0 ]; then
    set -- -f 1 -wi 2 -i 3 -w 1s -r 1s 'org.jumbocap.bench.*'
fi
results="$target/bench-results.csv"
rm -f "$results"
# the benchmarks find ../samples from the module folder
cd "$module"
java -cp "$classpath" org.openjdk.jmh.Main -rf csv -rff "$results" "$@"

# per-frame scores again as frames per second on one core
if [ -s "$results" ]; then
    echo
    echo "Per frame (one core):"
    awk -F',' 'NR > 1 && $7 ~ /ns\/op/ {
        name = $1; gsub(/"/, "", name); sub(/^org\.jumbocap\.bench\./, "", name)
        param = (NF >= 8 && $8 != "") ? $8 : ""; gsub(/"/, "", param)
        score = $5 + 0
        rate = 0
        if (score > 0) rate = 1000 / score
        printf "  %-42s %-58s %12.1f ns  %10.2f M frames/s\n", name, param, score, rate
    }' "$results"
fi
