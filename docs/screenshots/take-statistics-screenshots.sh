#!/usr/bin/env bash
# Takes the statistics screenshots of the README under Xvfb: the statistics window's log-scale size
# histogram, Statistics → Conversations (TCP tab) and Statistics → I/O Graph, each in its own viewer
# session, opening the windows through the menu with xdotool and capturing them with ImageMagick's
# `import`. Needs xvfb-run, xdotool and imagemagick. Writes into docs/screenshots/.
#
#   docs/screenshots/take-statistics-screenshots.sh [SETTLE_SECONDS]
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
settle="${1:-15}"
out="$here/docs/screenshots"
"$here/jumbocap" gui --help >/dev/null # build first
export here settle out
session() {
    xvfb-run -a -s '-screen 0 1400x900x24' bash -c "$1"
}
# the menu bar's Statistics menu and its items, in screen pixels (the main window fills the screen)
common='
    wait_window() { for _ in $(seq 120); do w="$(xdotool search --name "$1" 2>/dev/null | head -n 1)"; [[ -n "$w" ]] && return 0; sleep 0.5; done; return 1; }
    menu_item() { xdotool mousemove 370 14 click 1; sleep 1.5; xdotool mousemove 410 "$1" click 1; }
'
session "$common"'
    "$here/jumbocap" gui --statistics "$here/samples/ipv6-bigtcp-loss.pcap" 2>/dev/null &
    wait_window Statistics; sleep "$settle"
    import -window "$w" "$out/gui-statistics-log-histogram.png"
    kill %1; wait'
session "$common"'
    "$here/jumbocap" gui "$here/samples/ipv6-bigtcp-loss.pcap" 2>/dev/null &
    wait_window loss; sleep "$settle"
    menu_item 115; wait_window Conversations; sleep "$settle"
    eval "$(xdotool getwindowgeometry --shell "$w")"
    xdotool mousemove $((X + 250)) $((Y + 18)) click 1; sleep 2   # the TCP tab
    import -window "$w" "$out/gui-conversations.png"
    kill %1; wait'
session "$common"'
    "$here/jumbocap" gui "$here/samples/ipv6-bigtcp-loss.pcap" 2>/dev/null &
    wait_window loss; sleep "$settle"
    menu_item 163; wait_window "I/O Graph"; sleep "$settle"
    import -window "$w" "$out/gui-io-graph.png"
    kill %1; wait'
ls -la "$out"/gui-*.png
