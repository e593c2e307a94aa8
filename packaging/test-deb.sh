#!/usr/bin/env bash
# Installs the Debian package that build-deb.sh made, checks what it installs, and captures with it as
# users who are not root: one in the group jumbocap, whose capture on a BIG TCP veth pair is read back
# whole, and one outside it, who is refused with one line. Removes the package, its users and the
# namespaces at the end (a jumbocap package installed before is purged too). Skipped without root; prints "N passed, N failed" and exits 1 when a check failed.
#
# usage: packaging/test-deb.sh [DEB]      (default: the newest packaging/target/jumbocap_*.deb)
set -uo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
deb=${1:-$(ls -t "$here"/target/jumbocap_*.deb 2>/dev/null | head -n 1)}
if [ "$(id -u)" != 0 ]; then
    echo "package: 0 passed, 0 failed (skipped: installing the package needs root)"
    exit 0
fi
[ -f "$deb" ] || { echo "test-deb: no package; run packaging/build-deb.sh first" >&2; exit 1; }

passed=0
failed=0
check() { # check NAME COMMAND...: one test
    local name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "ok      $name"
    else
        failed=$((failed + 1))
        echo "FAILED  $name"
    fi
}

work=$(mktemp -d /tmp/jumbocap-deb.XXXXXX)
chmod 0755 "$work"
member=jcdebmember
outsider=jcdeboutsider
cleanup() {
    ip netns del jcdeb-a 2>/dev/null
    ip netns del jcdeb-b 2>/dev/null
    userdel -r "$member" 2>/dev/null
    userdel -r "$outsider" 2>/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq jumbocap >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT
cleanup_before() { ip netns del jcdeb-a 2>/dev/null; ip netns del jcdeb-b 2>/dev/null; userdel -r "$member" 2>/dev/null; userdel -r "$outsider" 2>/dev/null; }
cleanup_before

# apt resolves the package's dependencies, as a user's `apt install ./jumbocap_*.deb` does
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >"$work/install.log" 2>&1
check "apt-get install of $(basename "$deb")" dpkg-query -W -f='${Status}' jumbocap

capture=/usr/lib/jumbocap/bin/jumbocap-capture
check "capture launcher: root:jumbocap 2750 (set-group-ID)" test "$(stat -c '%U:%G %a' "$capture")" = "root:jumbocap 2750"
check "capture launcher alone has cap_net_raw,cap_net_admin,cap_sys_nice" \
    sh -c "getcap '$capture' | grep -q 'cap_net_admin,cap_net_raw,cap_sys_nice=ep' && [ -z \"\$(getcap /usr/lib/jumbocap/bin/jumbocap /usr/lib/jumbocap/bin/jumbocap-gui)\" ]"
# the JVM options of the source tree's launcher for a quiet or capture-only capture: C1 alone, and the
# command line's class-data sharing archive
check "capture launcher runs C1 alone, from the class-data archive" \
    sh -c "grep -q 'TieredStopAtLevel=1' /usr/lib/jumbocap/lib/app/jumbocap-capture.cfg && grep -q 'SharedArchiveFile=.*jumbocap-cli.jsa' /usr/lib/jumbocap/lib/app/jumbocap-capture.cfg"
check "system user and group jumbocap" sh -c 'getent group jumbocap >/dev/null && getent passwd jumbocap >/dev/null'
check "man pages jumbocap(1) and jumbocap-capture(1)" \
    test -s /usr/share/man/man1/jumbocap.1.gz -a -s /usr/share/man/man1/jumbocap-capture.1.gz
check "man page names the options" sh -c 'zcat /usr/share/man/man1/jumbocap-read.1.gz | grep -q -- "display-filter\|-Y"'
check "bash completion" grep -q 'complete ' /usr/share/bash-completion/completions/jumbocap
check "desktop entry and icon" test -s /usr/share/applications/jumbocap.desktop -a -s /usr/share/icons/hicolor/scalable/apps/jumbocap.svg
check "--version names the version" sh -c '/usr/bin/jumbocap --version | grep -q "^jumbocap [0-9]"'
check "reads a bundled sample" sh -c "/usr/bin/jumbocap read '$here/../samples/ipv6-bigtcp-veth.pcap' | grep -q 'JUMBO ipv6-hbh'"
# `export` goes to its own launcher: the command line's class-data archive, C2 at ten times its thresholds
check "export launcher: C2 at ten times, from the class-data archive, no capability" \
    sh -c "grep -q 'Tier4InvocationThreshold=50000' /usr/lib/jumbocap/lib/app/jumbocap-export.cfg && grep -q 'SharedArchiveFile=.*jumbocap-cli.jsa' /usr/lib/jumbocap/lib/app/jumbocap-export.cfg && [ -z \"\$(getcap /usr/lib/jumbocap/bin/jumbocap-export)\" ]"
check "export writes a bundled sample to Parquet" \
    sh -c "/usr/bin/jumbocap export -w '$work/sample.parquet' '$here/../samples/ipv6-bigtcp-veth.pcap' && [ \"\$(head -c 4 '$work/sample.parquet')\" = PAR1 ]"

# A BIG TCP veth pair between two namespaces; the users capture in the first
useradd --create-home --groups jumbocap "$member"
useradd --create-home "$outsider"
ip netns add jcdeb-a
ip netns add jcdeb-b
ip link add jcdeb0 netns jcdeb-a type veth peer name jcdeb1 netns jcdeb-b
for side in "jcdeb-a jcdeb0 2001:db8:7::1" "jcdeb-b jcdeb1 2001:db8:7::2"; do
    set -- $side
    ip -n "$1" link set dev "$2" gso_max_size 524280 gro_max_size 524280
    ip -n "$1" addr add "$3/64" dev "$2" nodad
    ip -n "$1" link set dev "$2" up
    ip -n "$1" link set dev lo up
done

as_user() { # as_user USER COMMAND...: in namespace jcdeb-a, as USER with a login environment
    local user=$1
    shift
    ip netns exec jcdeb-a setpriv --reuid="$user" --regid="$user" --init-groups --reset-env -- "$@"
}

out="$work/member.pcapng"
touch "$out" && chown "$member" "$out"
as_user "$member" /usr/bin/jumbocap capture -i jcdeb0 -c 20 -q -w "$out" >"$work/member.out" 2>"$work/member.err" &
capturing=$!
# once the launcher's capabilities are given up, every thread of the capture process shows none: the JVM's
# threads started before the interface was opened too (capabilities are per thread)
for _ in $(seq 1 300); do grep -q 'running without capabilities' "$work/member.err" 2>/dev/null && break; sleep 0.1; done
capture_pid=
for p in /proc/[0-9]*; do [ "$(readlink "$p/exe" 2>/dev/null)" = "$capture" ] && capture_pid=${p#/proc/}; done
threads_status() { # every thread's Uid, Gid, Groups, CapPrm, CapEff and CapAmb lines of the capture process
    for t in /proc/"$capture_pid"/task/*/status; do
        grep -E '^(Uid|Gid|Groups|CapPrm|CapEff|CapAmb):' "$t" | tr -s '\t' ' ' | paste -sd ' '
    done
}
threads_status >"$work/threads.log" 2>&1
# each thread's nice value (field 19 of /proc/PID/task/TID/stat)
for t in /proc/"$capture_pid"/task/*/stat; do sed 's/^.*) //' "$t" | cut -d' ' -f17; done >"$work/nice.log" 2>&1
grep -q jumbocap-cli.jsa /proc/"$capture_pid"/maps 2>/dev/null && echo mapped >"$work/cds.log"
grep -o ' /[^ ]*jnidispatch[^ ]*' /proc/"$capture_pid"/maps 2>/dev/null | sort -u >"$work/jna.log"
check "the capture runs as the member through the capture launcher" \
    sh -c "[ -n '$capture_pid' ] && [ \$(wc -l < '$work/threads.log') -gt 5 ] && ! grep -v 'Uid: $(id -u "$member") ' '$work/threads.log'"
check "no thread of the capture holds a capability after the drop ($(wc -l < "$work/threads.log") threads)" \
    sh -c "! grep -v 'CapPrm: 0000000000000000 CapEff: 0000000000000000 CapAmb: 0000000000000000' '$work/threads.log'"
member_gid=$(id -g "$member")
check "every thread runs with the member's gid and groups (jumbocap's included, as the user logged in)" \
    sh -c "! grep -v 'Gid: $member_gid $member_gid $member_gid $member_gid Groups: $(id -G "$member" | tr ' ' '\n' | sort -n | paste -sd ' ') ' '$work/threads.log'"
# cap_sys_nice was used while held: the ring's reader thread took nice -10, kept after the drop
check "the ring's reader thread runs at nice -10 ($(sort -n "$work/nice.log" | uniq -c | paste -sd ' '))" \
    grep -qx -- -10 "$work/nice.log"
check "the capture process maps the class-data sharing archive" test -s "$work/cds.log"
check "the capture process loads JNA's library from the package ($(cat "$work/jna.log"))" \
    test "$(cat "$work/jna.log")" = " /usr/lib/jumbocap/lib/jna/libjnidispatch.so"
# UDP datagrams from the other side until the capture has its 20 frames (at most 10 s)
ip netns exec jcdeb-b python3 -c '
import socket, time
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
for i in range(100):
    s.sendto(b"jumbocap" * 150, ("2001:db8:7::1", 9))
    time.sleep(0.1)
' &
sender=$!
for _ in $(seq 1 100); do kill -0 "$capturing" 2>/dev/null || break; sleep 0.1; done
kill "$sender" 2>/dev/null
kill "$capturing" 2>/dev/null
wait "$capturing"
member_rc=$?
check "a member of jumbocap captures without root (exit $member_rc)" test "$member_rc" = 0
check "the member's capture reads back: 20 frames" \
    sh -c "as_frames=\$(setpriv --reuid='$member' --regid='$member' --init-groups --reset-env -- /usr/bin/jumbocap read '$out' | wc -l); [ \"\$as_frames\" = 20 ]"

# the caller's JVM options reach the command line's launcher, not the capture launcher's JVM (set-group-ID)
as_user "$member" env JAVA_TOOL_OPTIONS=-Djumbocap.probe=1 _JAVA_OPTIONS=-Djumbocap.probe=2 /usr/bin/jumbocap --version \
    >"$work/env-cli.log" 2>&1
as_user "$member" env JAVA_TOOL_OPTIONS=-Djumbocap.probe=1 _JAVA_OPTIONS=-Djumbocap.probe=2 /usr/bin/jumbocap capture --help \
    >"$work/env-capture.log" 2>&1
check "the caller's JAVA_TOOL_OPTIONS and _JAVA_OPTIONS reach an ordinary launcher" \
    sh -c "grep -q 'Picked up JAVA_TOOL_OPTIONS' '$work/env-cli.log' && grep -q 'Picked up _JAVA_OPTIONS' '$work/env-cli.log'"
check "but not the capture launcher, which holds the capabilities" \
    sh -c "grep -q 'Usage' '$work/env-capture.log' && ! grep -q 'Picked up' '$work/env-capture.log'"

as_user "$outsider" /usr/bin/jumbocap capture -i jcdeb0 -c 1 -w "$work/outsider.pcapng" >"$work/outsider.out" 2>"$work/outsider.err"
outsider_rc=$?
check "a user outside jumbocap is refused (exit $outsider_rc)" test "$outsider_rc" = 1
check "with one line naming the group" sh -c "[ \$(wc -l < '$work/outsider.err') = 1 ] && grep -q 'group jumbocap' '$work/outsider.err'"

if [ "$failed" -gt 0 ]; then
    for f in "$work"/*.log "$work"/*.err; do echo "--- $f"; cat "$f"; done
fi
echo "package: $passed passed, $failed failed"
[ "$failed" = 0 ]
