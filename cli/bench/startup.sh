#!/usr/bin/env bash
# Start-up cost of the jumbocap launcher, with and without its class-data sharing archive, measured
# alternately (before, after, before, ...) in one session so that load from other processes hits both
# alike. Wall time and CPU time (user + system) of the whole launcher (bash + JVM), output to
# /dev/null; on a busy machine the CPU time says more than the wall time.
#
#   cli/bench/startup.sh [RUNS] [jumbocap arguments...]
#   cli/bench/startup.sh 20 read samples/ipv6-bigtcp-veth.pcap     (the default)
#
# "before" is JUMBOCAP_CDS=off: exactly the java command line of the launcher before the archive
# (java $JUMBOCAP_JAVA_OPTS -cp JAR:lib/* org.jumbocap.cli.Main ..., with the JDK's own CDS archive only);
# or, with BEFORE=/path/to/other/checkout/jumbocap, that launcher (e.g. a clone at an older commit).
# "after" is this launcher as it is (with the AppCDS archive). Both first run once to build the jar
# and the archive (not timed), then 3 untimed warm-up rounds. The capture file should be an absolute
# path when BEFORE is another checkout, or lie in both.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
runs="${1:-20}"
shift || true
[[ $# -gt 0 ]] || set -- read "$here/samples/ipv6-bigtcp-veth.pcap"

# one run of a variant: prints "wall-ms cpu-ms" (cpu = user + system of the launcher and the JVM)
one() {
    local TIMEFORMAT='%3R %3U %3S' t
    if [[ "$1" == no-cds ]]; then
        if [[ -n "${BEFORE:-}" ]]; then
            t=$( { time "$BEFORE" "${args[@]}" >/dev/null 2>&1; } 2>&1 ) || true
        else
            t=$( { time JUMBOCAP_CDS=off "$here/jumbocap" "${args[@]}" >/dev/null 2>&1; } 2>&1 ) || true
        fi
    else
        t=$( { time "$here/jumbocap" "${args[@]}" >/dev/null 2>&1; } 2>&1 ) || true
    fi
    awk '{ printf "%.0f %.0f\n", $1 * 1000, ($2 + $3) * 1000 }' <<<"$t"
}
args=("$@")
load0="$(cut -d ' ' -f 1-3 /proc/loadavg)"
"$here/jumbocap" "${args[@]}" >/dev/null 2>&1 || true
[[ -z "${BEFORE:-}" ]] || "$BEFORE" "${args[@]}" >/dev/null 2>&1 || true
for _ in 1 2 3; do one no-cds >/dev/null; one cds >/dev/null; done
wall_before=() wall_after=() cpu_before=() cpu_after=()
for ((i = 0; i < runs; i++)); do
    read -r w c < <(one no-cds); wall_before+=("$w"); cpu_before+=("$c")
    read -r w c < <(one cds); wall_after+=("$w"); cpu_after+=("$c")
done
stats() { # label, milliseconds...
    local label="$1"; shift
    printf '%s\n' "$@" | sort -n | awk -v label="$label" '
        { v[NR] = $1; s += v[NR]; q += v[NR] * v[NR] }
        END { m = s / NR; sd = NR > 1 ? sqrt((q - NR * m * m) / (NR - 1)) : 0;
              med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
              printf "%-14s n=%d  mean %4.0f ms  sd %4.0f ms  median %4.0f ms  min %4.0f ms  max %4.0f ms\n",
                     label, NR, m, sd, med, v[1], v[NR] }'
}
echo "jumbocap ${args[*]}  (before: ${BEFORE:-JUMBOCAP_CDS=off}; $(nproc) cores, load before $load0, after $(cut -d ' ' -f 1-3 /proc/loadavg))"
stats "before wall" "${wall_before[@]}"
stats "after  wall" "${wall_after[@]}"
stats "before cpu" "${cpu_before[@]}"
stats "after  cpu" "${cpu_after[@]}"
