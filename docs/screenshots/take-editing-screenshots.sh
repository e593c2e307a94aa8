#!/usr/bin/env bash
# Takes the screenshots of docs/viewer.md's editing windows under Xvfb: the packet list with a time
# reference and ignored frames, the Packet Range box of File → Save As, Edit → Preferences, the Coloring
# Rules editor and Capture File Properties of a capture with the kernel's facts. Each viewer session runs
# on settings of its own (a fresh directory) and is driven by its keyboard shortcuts with xdotool; the
# windows are captured with ImageMagick's `import`. Needs xvfb-run, xdotool and imagemagick. Writes into
# docs/screenshots/.
#
#   docs/screenshots/take-editing-screenshots.sh [SETTLE_SECONDS]
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
settle="${1:-12}"
out="$here/docs/screenshots"
"$here/jumbocap" gui --help >/dev/null # build first
export here settle out
session() {
    local config
    config="$(mktemp -d)"
    JUMBOCAP_JAVA_OPTS="-Djumbocap.config.dir=$config" xvfb-run -a -s '-screen 0 1400x900x24' bash -c "$1"
    rm -rf "$config"
}
common='
    wait_window() { for _ in $(seq 120); do w="$(xdotool search --name "$1" 2>/dev/null | head -n 1)"; [[ -n "$w" ]] && return 0; sleep 0.5; done; return 1; }
    keys() { xdotool key --delay 150 "$@"; sleep 1.5; }
    go_to() { keys ctrl+g; sleep 1; xdotool type --delay 80 "$1"; keys Return; }
'
session "$common"'
    "$here/jumbocap" gui --filter "tcp.analysis.flags || frame.number <= 3" "$here/samples/ipv6-bigtcp-loss.pcap" 2>/dev/null &
    wait_window loss; main="$w"; sleep "$settle"
    go_to 3; keys ctrl+d
    go_to 75; keys ctrl+d
    go_to 74; keys ctrl+t
    go_to 207; keys ctrl+m
    go_to 271; keys ctrl+m
    go_to 209; sleep 2
    import -window "$main" "$out/ignore-and-time-reference.png"
    keys ctrl+s; wait_window "Save As"; sleep 2
    import -window "$w" "$out/packet-range.png"
    kill %1; wait'
session "$common"'
    "$here/jumbocap" gui "$here/samples/ipv6-bigtcp-loss.pcap" 2>/dev/null &
    wait_window loss; sleep "$settle"
    keys ctrl+shift+p; wait_window Preferences; sleep 1
    xdotool mousemove --window "$w" 150 28 click 1; sleep 1   # the Packet List tab
    import -window "$w" "$out/preferences.png"
    xdotool mousemove --window "$w" 228 28 click 1; sleep 1   # the Coloring tab, then its Edit button
    xdotool mousemove --window "$w" 90 88 click 1; wait_window "Coloring Rules"; sleep 2
    import -window "$w" "$out/colouring-rules-editor.png"
    kill %1; wait'
session "$common"'
    "$here/jumbocap" gui "$here/samples/crafted/kernel-facts.pcapng" 2>/dev/null &
    wait_window kernel; sleep "$settle"
    keys ctrl+alt+shift+c; wait_window "Capture File Properties"; sleep "$settle"
    eval "$(xdotool getwindowgeometry --shell "$w")"
    xdotool mousemove $((X + 300)) $((Y + 300)); for _ in $(seq 30); do xdotool click 5; done; sleep 1
    import -window "$w" "$out/capture-file-properties-kernel.png"
    kill %1; wait'
ls -la "$out"/ignore-and-time-reference.png "$out"/packet-range.png "$out"/preferences.png "$out"/colouring-rules-editor.png \
    "$out"/capture-file-properties-kernel.png
