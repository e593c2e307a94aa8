#!/usr/bin/env bash
# Makes samples/http2-veth.pcap: HTTP/2 over cleartext TCP (h2c with prior knowledge) between two network
# namespaces joined by a veth pair with IPv6 BIG TCP (gso_max_size/gro_max_size 524280), captured by dumpcap in
# pcap format on the client's end. The server is nghttpd (Debian's nghttp2-server), the clients nghttp and curl
# (nghttp2-client, curl); gRPC is length-prefixed messages POSTed with content-type application/grpc and
# echoed back by nghttpd with a grpc-status trailer. Needs root, iproute2, dumpcap, tshark and python3.
# Each run makes different frames (ports, times); after one, rewrite tshark's fields with `--expected-only`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/http2-veth.pcap"

expected() {
    tshark -d tcp.port==50051,http2 -d tcp.port==50052,http2 -r "$out" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e http2.length -e http2.type -e http2.flags -e http2.streamid \
        -e http2.settings.id -e http2.window_update.window_size_increment -e http2.rst_stream.error \
        -e http2.goaway.last_stream_id -e http2.goaway.error -e http2.pad_length -e http2.header.name \
        -e http2.header.value -e http2.headers.method -e http2.headers.path -e http2.headers.status \
        -e grpc.compressed_flag -e grpc.message_length -e tcp.segment.count -e tcp.reassembled.length \
        2>/dev/null >"$here/expected/tshark-fields/http2-veth.pcap.http2.tsv"
}
if [[ "${1:-}" == --expected-only ]]; then
    expected
    exit 0
fi

cleanup() {
    [[ -n "${cap:-}" ]] && kill "$cap" 2>/dev/null || true
    [[ -n "${srv1:-}" ]] && kill "$srv1" 2>/dev/null || true
    [[ -n "${srv2:-}" ]] && kill "$srv2" 2>/dev/null || true
    [[ -n "${dir:-}" ]] && rm -rf "$dir"
    ip netns del jh-a 2>/dev/null || true
    ip netns del jh-b 2>/dev/null || true
}
trap cleanup EXIT
cleanup
ip netns add jh-a
ip netns add jh-b
ip link add jha type veth peer name jhb
ip link set jha netns jh-a
ip link set jhb netns jh-b
ip -n jh-a link set dev jha gso_max_size 524280 gro_max_size 524280
ip -n jh-b link set dev jhb gso_max_size 524280 gro_max_size 524280
ip -n jh-a addr add fd98::1/64 dev jha nodad
ip -n jh-b addr add fd98::2/64 dev jhb nodad
ip -n jh-a link set jha up
ip -n jh-b link set jhb up
ip -n jh-a link set lo up
ip -n jh-b link set lo up

dir="$(mktemp -d)"
mkdir "$dir/www"
echo '<html><body>hello over h2c</body></html>' >"$dir/www/index.html"
head -c 1000000 /dev/zero | tr '\0' 'z' >"$dir/www/big.txt"
echo 'application/grpc grpc' >"$dir/mime.types"
echo 'echo' >"$dir/www/Say.grpc"
# gRPC request body: three length-prefixed messages (flag 0, 32-bit length, bytes): 5 bytes, 20,000 bytes, and
# one marked compressed (flag 1) of 3 bytes; nghttpd echoes it back
python3 -c '
import struct, sys
msgs = [(0, b"hello"), (0, b"g" * 20000), (1, b"\x1f\x8b\x08")]
sys.stdout.buffer.write(b"".join(struct.pack(">BI", f, len(m)) + m for f, m in msgs))' >"$dir/grpc-request.bin"

# port 50051 (gRPC's usual one, no dissector's in tshark) and 50052 with padding on every frame
(cd "$dir" && exec ip netns exec jh-b nghttpd --no-tls -d www --mime-types-file mime.types --echo-upload \
    --trailer 'grpc-status: 0' 50051) >/dev/null 2>&1 &
srv1=$!
(cd "$dir" && exec ip netns exec jh-b nghttpd --no-tls -d www --padding 16 50052) >/dev/null 2>&1 &
srv2=$!
sleep 1

ip netns exec jh-a dumpcap -q -P -i jha -w /tmp/http2-veth.pcap 2>/dev/null &
cap=$!
sleep 1.5
# one connection, three streams: the page, the 1 MB file (windows of 2^24 - 1, so the server sends it in a
# few super-packets of many DATA frames), the page again (HPACK's dynamic table indexes its headers)
ip netns exec jh-a nghttp -n -w 24 -W 24 "http://[fd98::2]:50051/index.html" "http://[fd98::2]:50051/big.txt" \
    "http://[fd98::2]:50051/index.html"
# curl, another connection: a 404
ip netns exec jh-a curl -s -o /dev/null --http2-prior-knowledge "http://[fd98::2]:50051/missing" || true
# gRPC: the request's messages echoed back, with content-type application/grpc both ways
ip netns exec jh-a curl -s -o /dev/null --http2-prior-knowledge -H 'content-type: application/grpc' -H 'te: trailers' \
    --data-binary @"$dir/grpc-request.bin" "http://[fd98::2]:50051/Say.grpc" || true
# padded frames (PADDED flag on HEADERS and DATA)
ip netns exec jh-a nghttp -n "http://[fd98::2]:50052/index.html"
sleep 0.5
kill "$cap"
wait "$cap" 2>/dev/null || true
cap=
tshark -r /tmp/http2-veth.pcap -Y 'tcp' -F pcap -w "$out" 2>/dev/null
expected
