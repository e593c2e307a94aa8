#!/usr/bin/env bash
# Start-up cost of the jumbocap launcher, with and without its class-data sharing archive, measured
# alternately (before, after, before, ...) in one session so that load from other processes hits both
# alike. Wall time of the whole launcher (bash + JVM), output to /dev/null.
#
#   cli/bench/startup.sh [RUNS] [jumbocap arguments...]
#   cli/bench/startup.sh 20 read samples/ipv6-bigtcp-veth.pcap     (the default)
#
# "no-cds" is JUMBOCAP_CDS=off, which runs exactly the java command line of the launcher before the
# archive (java $JUMBOCAP_JAVA_OPTS -cp JAR:lib/* org.jumbocap.cli.Main ...); "cds" is the launcher as it
# is. Both first run once to build the jar and the archive (not timed), then 3 untimed warm-up rounds.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
runs="${1:-20}"
shift || true
[[ $# -gt 0 ]] || set -- read "$here/samples/ipv6-bigtcp-veth.pcap"

now() { date +%s%N; }
one() { # variant -> elapsed ms
    local t0 t1
    if [[ "$1" == no-cds ]]; then
        t0=$(now); JUMBOCAP_CDS=off "$here/jumbocap" "${args[@]}" >/dev/null 2>&1 || true; t1=$(now)
    else
        t0=$(now); "$here/jumbocap" "${args[@]}" >/dev/null 2>&1 || true; t1=$(now)
    fi
    echo $(( (t1 - t0) / 1000 ))
}
args=("$@")
"$here/jumbocap" "${args[@]}" >/dev/null 2>&1 || true
for _ in 1 2 3; do one no-cds >/dev/null; one cds >/dev/null; done
before=() after=()
for ((i = 0; i < runs; i++)); do
    before+=("$(one no-cds)")
    after+=("$(one cds)")
done
stats() { # label, microseconds...
    local label="$1"; shift
    printf '%s\n' "$@" | sort -n | awk -v label="$label" '
        { v[NR] = $1 / 1000; s += v[NR]; q += v[NR] * v[NR] }
        END { m = s / NR; sd = sqrt((q - NR * m * m) / (NR - 1));
              med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
              printf "%-7s n=%d  mean %.1f ms  sd %.1f ms  median %.1f ms  min %.1f ms  max %.1f ms\n",
                     label, NR, m, sd, med, v[1], v[NR] }'
}
echo "jumbocap ${args[*]}  ($(nproc) cores, load $(cut -d ' ' -f 1-3 /proc/loadavg))"
stats no-cds "${before[@]}"
stats cds "${after[@]}"
