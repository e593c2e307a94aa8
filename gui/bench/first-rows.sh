#!/usr/bin/env bash
# Time from launching the viewer on a capture to its first rows, under Xvfb. The clock starts just
# before `jumbocap gui FILE` is run (the launcher's own checks count) and stops when the viewer's timing
# line (-Djumbocap.gui.timing=true) "first rows listed" appears on its standard error, polled every
# 10 ms; a viewer that also prints "first rows drawn" (the first layout pass that put a frame in a row,
# after which it is painted) runs on to that line, and its time from launch is printed too. Also prints
# the viewer's own milestones, in ms since the JVM started, and the process's CPU time at the first
# rows drawn (the steadier figure on a shared machine). Builds the viewer first, outside the
# measurement. Needs xvfb-run.
#
#   gui/bench/first-rows.sh [--runs N] [--limit SECONDS] FILE...
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
runs=1
limit=120
while [[ $# -gt 0 && "$1" == --* ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --limit) limit="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
[[ $# -gt 0 ]] || { echo "usage: first-rows.sh [--runs N] [--limit SECONDS] FILE..." >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "first-rows.sh: xvfb-run is needed (apt-get install xvfb)" >&2; exit 1; }
"$here/jumbocap" gui --help >/dev/null # build first, outside the measurement
export here runs limit
xvfb-run -a -s '-screen 0 1400x900x24' bash -c '
    set -u
    for file in "$@"; do
        for run in $(seq 1 "$runs"); do
            log="$(mktemp)"
            start=$(date +%s%N)
            JUMBOCAP_JAVA_OPTS="-Djumbocap.gui.timing=true ${JUMBOCAP_JAVA_OPTS:-}" "$here/jumbocap" gui "$file" 2>"$log" &
            pid=$!
            shown=""
            drawn=""
            deadline=$(( start + limit * 1000000000 ))
            while kill -0 $pid 2>/dev/null && (( $(date +%s%N) < deadline )); do
                if [[ -z "$shown" ]] && grep -q "first rows listed" "$log"; then shown=$(( ($(date +%s%N) - start) / 1000000 )); fi
                if grep -q "first rows drawn" "$log"; then drawn=$(( ($(date +%s%N) - start) / 1000000 )); break; fi
                # a viewer without the "drawn" line: up to a second for it, then the listed time alone
                if [[ -n "$shown" ]] && (( ($(date +%s%N) - start) / 1000000 > shown + 1000 )); then break; fi
                sleep 0.01
            done
            kill $pid 2>/dev/null; wait $pid 2>/dev/null
            milestone() { sed -n "s/^jumbocap gui timing: $1 \([0-9]*\) ms.*/\1/p" "$log" | head -n 1; }
            cpu() { sed -n "s/^jumbocap gui timing: $1 .*process CPU \([0-9]*\) ms.*/\1/p" "$log" | head -n 1; }
            if [[ -n "$shown" ]]; then
                echo "$(basename "$file") run $run: first rows $shown ms after launch${drawn:+, drawn $drawn ms} (JVM: toolkit up $(milestone "toolkit up") ms, window shown $(milestone "window shown") ms, first rows listed $(milestone "first rows listed") ms${drawn:+, drawn $(milestone "first rows drawn") ms, process CPU $(cpu "first rows drawn") ms})"
            else
                echo "$(basename "$file") run $run: no rows within $limit s" >&2
                grep -v "timing" "$log" | head -5 >&2
            fi
            rm -f "$log"
        done
    done
' first-rows "$@"
