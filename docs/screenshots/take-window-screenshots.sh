#!/usr/bin/env bash
# Takes the screenshots of docs/viewer.md under Xvfb: Analyze → Expert Information (the retransmissions
# expanded), Statistics → Protocol Hierarchy, Capture File Properties and TCP Stream Graphs → Stevens of
# the BIG TCP flow, each in its own viewer session, opening the windows through the menus with xdotool
# and capturing them with ImageMagick's `import`. Needs xvfb-run, xdotool and imagemagick. Writes into
# docs/screenshots/.
#
#   docs/screenshots/take-window-screenshots.sh [SETTLE_SECONDS]
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
settle="${1:-12}"
out="$here/docs/screenshots"
"$here/jumbocap" gui --help >/dev/null # build first
export here settle out
session() {
    xvfb-run -a -s '-screen 0 1400x900x24' bash -c "$1"
}
# the menus and their items, in screen pixels (the main window fills the screen): Analyze at x 295,
# Statistics at x 370, items 24 pixels apart from y 43
common='
    wait_window() { for _ in $(seq 120); do w="$(xdotool search --name "$1" 2>/dev/null | head -n 1)"; [[ -n "$w" ]] && return 0; sleep 0.5; done; return 1; }
    menu_item() { xdotool mousemove "$1" 14 click 1; sleep 1.5; xdotool mousemove $(($1 + 40)) "$2"; sleep 1; }
'
session "$common"'
    "$here/jumbocap" gui "$here/samples/ipv6-bigtcp-loss.pcap" 2>/dev/null &
    wait_window loss; sleep "$settle"
    menu_item 295 67; xdotool click 1; wait_window "Expert Information"; sleep "$settle"
    eval "$(xdotool getwindowgeometry --shell "$w")"
    xdotool mousemove $((X + 25)) $((Y + 183)) click 1; sleep 2   # expands the retransmissions
    import -window "$w" "$out/expert-information.png"
    kill %1; wait'
session "$common"'
    "$here/jumbocap" gui "$here/samples/ipv6-bigtcp-vxlan.pcap" 2>/dev/null &
    wait_window vxlan; sleep "$settle"
    menu_item 370 67; xdotool click 1; wait_window "Protocol Hierarchy"; sleep "$settle"
    import -window "$w" "$out/protocol-hierarchy.png"
    kill %1; wait'
session "$common"'
    "$here/jumbocap" gui "$here/samples/ipv6-bigtcp-veth.pcapng" 2>/dev/null &
    wait_window veth; sleep "$settle"
    menu_item 370 43; xdotool click 1; wait_window "Capture File Properties"; sleep "$settle"
    import -window "$w" "$out/capture-file-properties.png"
    kill %1; wait'
session "$common"'
    "$here/jumbocap" gui --select 23 "$here/samples/ipv6-bigtcp-veth.pcap" 2>/dev/null &
    wait_window veth; sleep "$settle"
    menu_item 370 187; sleep 0.5; xdotool mousemove 660 187 click 1   # TCP Stream Graphs → Stevens
    wait_window "TCP Stream Graphs"; sleep "$settle"
    import -window "$w" "$out/tcp-stream-graph.png"
    kill %1; wait'
ls -la "$out"/expert-information.png "$out"/protocol-hierarchy.png "$out"/capture-file-properties.png "$out"/tcp-stream-graph.png
