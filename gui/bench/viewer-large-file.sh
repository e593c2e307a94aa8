#!/usr/bin/env bash
# Opens one capture in the viewer under Xvfb and reports, from the viewer's own timing lines
# (-Djumbocap.gui.timing=true) and /proc: time to the first rows and to the whole file read (from JVM
# start), the expert pass, an optional display filter's time, and the peak resident memory (VmHWM).
# Takes screenshots with ImageMagick's `import`. Needs xvfb-run, xdotool and imagemagick.
#
#   gui/bench/viewer-large-file.sh [--filter EXPR] [--limit SECONDS] [--shots DIR] FILE
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
filter=""
limit=600
shots=""
while [[ $# -gt 1 ]]; do
    case "$1" in
        --filter) filter="$2"; shift 2 ;;
        --limit) limit="$2"; shift 2 ;;
        --shots) shots="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
file="${1:?usage: viewer-large-file.sh [--filter EXPR] [--limit SECONDS] [--shots DIR] FILE}"
"$here/jumbocap" gui --help >/dev/null # build first, outside the measurement
export here file filter limit shots
xvfb-run -a -s '-screen 0 1400x900x24' bash -c '
    set -u
    log="$(mktemp)"
    JUMBOCAP_JAVA_OPTS="-Djumbocap.gui.timing=true ${JUMBOCAP_JAVA_OPTS:-}" "$here/jumbocap" gui "$file" 2>"$log" &
    pid=$!
    # the launcher execs java, except on the run that records the class-data archive of the viewer, where
    # java is its child: measure the java process either way
    jvm() { local c; c="$(pgrep -P "$pid" -x java | head -n 1)"; echo "${c:-$pid}"; }
    hwm() { awk "/VmHWM/ {print \$2}" /proc/$(jvm)/status 2>/dev/null || echo 0; }
    # resident memory in kB by kind: anonymous (heap, native) and file-backed (the mapped capture)
    anon_max=0; file_max=0
    sample() {
        local a f
        a="$(awk "/RssAnon/ {print \$2}" /proc/$(jvm)/status 2>/dev/null || echo 0)"
        f="$(awk "/RssFile/ {print \$2}" /proc/$(jvm)/status 2>/dev/null || echo 0)"
        (( ${a:-0} > anon_max )) && anon_max=$a
        (( ${f:-0} > file_max )) && file_max=$f
        return 0
    }
    shot() { [[ -n "$shots" ]] && mkdir -p "$shots" && import -window root "$shots/$1.png"; }
    waited=0
    shot_first=""
    while kill -0 $pid 2>/dev/null && (( waited < limit * 2 )); do
        if [[ -z "$shot_first" ]] && grep -q "first rows" "$log"; then shot_first=1; sleep 0.3; shot first-rows; fi
        grep -q "expert pass done" "$log" && break
        sample
        sleep 0.5; waited=$((waited + 1))
    done
    sleep 2; shot loaded
    if [[ -n "$filter" ]]; then
        wid="$(xdotool search --sync --onlyvisible --name jumbocap | head -n 1)"
        xdotool windowfocus --sync "$wid"; xdotool key --window "$wid" ctrl+slash
        sleep 0.5
        xdotool type --delay 20 "$filter"
        xdotool key Return
        for _ in $(seq 1 $((limit * 2))); do grep -q "filter .* took" "$log" && break; sample; sleep 0.5; done
        sleep 1; shot filtered
    fi
    sample
    echo "peak RSS (VmHWM): $(( $(hwm) / 1024 )) MB; sampled peaks every 0.5 s: anonymous $(( anon_max / 1024 )) MB, file-backed (mapped capture) $(( file_max / 1024 )) MB (JUMBOCAP_JAVA_OPTS=${JUMBOCAP_JAVA_OPTS:-})"
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    grep "timing" "$log" | sed "s/^jumbocap gui timing: //"
    grep -v "timing" "$log" | head -5 >&2
    rm -f "$log"
'
