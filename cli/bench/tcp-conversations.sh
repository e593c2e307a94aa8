#!/usr/bin/env bash
# Memory of TCP conversation analysis over many short connections: peak RSS of `jumbocap read` on a
# generated capture of N complete TCP connections (SYN, SYN-ACK, ACK, 100 bytes, ACK, FIN, FIN, ACK;
# IPv4, a new client port each), one starting every 10 ms of capture time. Conversations closed by a FIN
# each way are forgotten after 60 s of capture time, so about 6,000 are held at once whatever N is: the
# peak RSS should stay flat from N = 10,000 to N = 100,000.
#
#   bash cli/bench/tcp-conversations.sh [N...]      # default: 10000 100000
#
# Needs python3 and /usr/bin/time. The capture goes to $TMPDIR (about 95 bytes a frame, 8 frames a
# connection) and is removed at the end. JUMBOCAP_JAVA_OPTS is passed on (default -Xmx512m, so a leak
# would show as an OutOfMemoryError rather than as a larger heap).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
COUNTS=("$@")
[ ${#COUNTS[@]} -gt 0 ] || COUNTS=(10000 100000)
export JUMBOCAP_JAVA_OPTS=${JUMBOCAP_JAVA_OPTS:--Xmx512m}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/jumbocap-conversations.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

generate() {
    python3 - "$1" "$2" <<'PY'
import struct, sys
n, out = int(sys.argv[1]), sys.argv[2]
def csum(b):
    if len(b) % 2: b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16: s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF
def frame(src, dst, sport, dport, seq, ack, flags, data):
    tcp = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, flags, 65535, 0, 0) + data
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 0, 0x4000, 64, 6, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", csum(ip)) + ip[12:]
    return b"\x02\0\0\0\0\x02\x02\0\0\0\0\x01\x08\x00" + ip + tcp
a, b = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
with open(out, "wb") as f:
    f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for i in range(n):
        t = 1_700_000_000_000_000 + i * 10_000          # microseconds: one connection every 10 ms
        port = 1024 + i % 60000
        c, s = (i * 7919) & 0xFFFFFFFF, (i * 104729) & 0xFFFFFFFF
        frames = [
            (a, b, port, 80, c, 0, 0x02, b""), (b, a, 80, port, s, c + 1, 0x12, b""),
            (a, b, port, 80, c + 1, s + 1, 0x10, b""), (a, b, port, 80, c + 1, s + 1, 0x18, b"x" * 100),
            (b, a, 80, port, s + 1, c + 101, 0x10, b""), (a, b, port, 80, c + 101, s + 1, 0x11, b""),
            (b, a, 80, port, s + 1, c + 102, 0x11, b""), (a, b, port, 80, c + 102, s + 2, 0x10, b""),
        ]
        for k, fr in enumerate(frames):
            p = frame(*fr)
            ts = t + k * 100
            f.write(struct.pack("<IIII", ts // 1_000_000, ts % 1_000_000, len(p), len(p)) + p)
PY
}

printf '%-10s %-12s %-10s %s\n' connections frames peak_RSS wall
for n in "${COUNTS[@]}"; do
    f=$TMP/conversations-$n.pcap
    generate "$n" "$f"
    # the last stream's frames: every conversation analysed, almost nothing printed
    /usr/bin/time -f '%M %e' -o "$TMP/time" "$HERE/jumbocap" read -Y "tcp.stream == $((n - 1))" "$f" >"$TMP/out"
    lines=$(wc -l <"$TMP/out")
    [ "$lines" = 8 ] || { echo "expected the 8 frames of stream $((n - 1)), got $lines" >&2; exit 1; }
    read -r rss wall <"$TMP/time"
    printf '%-10s %-12s %-10s %s\n' "$n" "$((8 * n))" "$((rss / 1024)) MB" "${wall} s"
    rm -f "$f"
done
