#!/usr/bin/env bash
# Makes the application-protocol samples (arp-veth.pcap, dns-veth.pcap, tls-veth.pcap, http-veth.pcap) between two network
# namespaces joined by a veth pair, captured by dumpcap in pcap format. Needs root, iproute2, dumpcap,
# tshark/editcap and python3. Each run makes different frames (MACs, ports, times); after one, rewrite the tshark
# references with `bash samples/make-protocol-samples.sh --expected-only`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
peers="$here/tools/protocol-peers.py"

expected() {
    out="$here/expected/tshark-fields"
    for f in arp-veth.pcap crafted/arp-opcodes.pcap; do
        tshark -r "$here/$f" -T fields -E header=y -e frame.number -e _ws.col.Protocol -e _ws.col.Info \
            -e arp.hw.type -e arp.proto.type -e arp.hw.size -e arp.proto.size -e arp.opcode -e arp.src.hw_mac \
            -e arp.src.proto_ipv4 -e arp.dst.hw_mac -e arp.dst.proto_ipv4 -e arp.isgratuitous -e arp.isprobe \
            -e arp.isannouncement -e arp.src.hw -e arp.src.proto -e arp.dst.hw -e arp.dst.proto \
            2>/dev/null >"$out/${f#crafted/}.arp.tsv"
    done
    for f in dns-veth.pcap crafted/mdns-query-response.pcap; do
    tshark -r "$here/$f" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e dns.id -e dns.flags.response -e dns.flags.opcode \
        -e dns.flags.authoritative -e dns.flags.truncated -e dns.flags.recdesired -e dns.flags.recavail \
        -e dns.flags.rcode -e dns.count.queries -e dns.count.answers -e dns.count.auth_rr -e dns.count.add_rr \
        -e dns.qry.name -e dns.qry.type -e dns.qry.class -e dns.resp.name -e dns.resp.type -e dns.resp.ttl \
        -e dns.a -e dns.aaaa -e dns.cname -e dns.ptr.domain_name -e dns.mx.preference -e dns.mx.mail_exchange \
        -e dns.txt -e dns.soa.mname -e dns.qry.qu -e dns.resp.cache_flush -e dns.response_in -e dns.response_to \
        2>/dev/null >"$out/${f#crafted/}.dns.tsv"
    done
    # two passes (tshark -2): a query's dns.response_in, the frame of its response
    for f in dns-veth.pcap crafted/mdns-query-response.pcap; do
    tshark -2 -r "$here/$f" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number -e _ws.col.Protocol \
        -e dns.id -e dns.response_in -e dns.response_to 2>/dev/null >"$out/${f#crafted/}.dns-two-pass.tsv"
    done
    # TCP reassembly off: jumbocap lists the records that start in each frame, as tshark does without it.
    for f in tls-veth.pcap crafted/tls-bigtcp-records.pcap crafted/tls-hello-lengths-lie.pcap; do
    tshark -o tcp.desegment_tcp_streams:FALSE -r "$here/$f" -T fields -E header=y -E occurrence=a \
        -E aggregator=, -e frame.number -e _ws.col.Protocol -e _ws.col.Info -e tls.record.content_type \
        -e tls.record.opaque_type -e tls.record.version -e tls.record.length -e tls.handshake.type \
        -e tls.handshake.length -e tls.handshake.version -e tls.handshake.session_id_length \
        -e tls.handshake.cipher_suites_length -e tls.handshake.ciphersuite -e tls.handshake.extensions_server_name \
        -e tls.handshake.extensions_alpn_str -e tls.handshake.extensions.supported_version \
        -e tls.alert_message.level -e tls.alert_message.desc 2>/dev/null >"$out/${f#crafted/}.tls.tsv"
    done
    # TCP reassembly on (tshark's default, one pass): records that run across frames are decoded in the
    # frame that completes them, as jumbocap's pipeline does when it follows the conversations.
    tshark -r "$here/tls-veth.pcap" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e tls.record.content_type -e tls.record.opaque_type \
        -e tls.record.version -e tls.record.length -e tls.handshake.type -e tls.handshake.ciphersuite \
        -e tls.handshake.extensions_server_name -e tls.handshake.extensions_alpn_str \
        -e tls.handshake.extensions.supported_version -e tls.alert_message.level -e tls.alert_message.desc \
        -e tcp.segment -e tcp.segment.count -e tcp.reassembled.length -e tcp.segment_data \
        2>/dev/null >"$out/tls-veth.pcap.tls-reassembled.tsv"
    tshark -r "$here/http-veth.pcap" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e http.request.method -e http.request.uri -e http.request.version \
        -e http.response.version -e http.response.code -e http.response.phrase -e http.host \
        -e http.content_length_header -e http.content_length -e http.content_type -e http.user_agent \
        -e http.server -e http.transfer_encoding -e http.chunk_size -e tcp.segment.count -e tcp.reassembled.length \
        2>/dev/null >"$out/http-veth.pcap.http.tsv"
    for f in crafted/ntp-modes.pcap; do
    tshark -r "$here/$f" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e ntp.flags.li -e ntp.flags.vn -e ntp.flags.mode -e ntp.stratum \
        -e ntp.ppoll -e ntp.precision -e ntp.rootdelay -e ntp.rootdispersion -e ntp.refid -e ntp.reftime \
        -e ntp.org -e ntp.rec -e ntp.xmt 2>/dev/null >"$out/${f#crafted/}.ntp.tsv"
    done
    # quic-connection: the frames in order, as tshark follows the connection (short headers' quic.dcid)
    for f in crafted/quic-packets.pcap crafted/quic-connection.pcap; do
    tshark -r "$here/$f" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e quic.header_form -e quic.fixed_bit -e quic.long.packet_type \
        -e quic.long.packet_type_v2 -e quic.version -e quic.dcil -e quic.dcid -e quic.scil -e quic.scid \
        -e quic.token_length -e quic.length \
        -e quic.packet_length -e quic.supported_version -e quic.retry_token -e quic.retry_integrity_tag \
        -e quic.spin_bit 2>/dev/null >"$out/${f#crafted/}.quic.tsv"
    done
    for f in crafted/dhcp-exchange.pcap; do
    tshark -r "$here/$f" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e dhcp.type -e dhcp.hw.type -e dhcp.hw.len -e dhcp.hops -e dhcp.id \
        -e dhcp.secs -e dhcp.flags -e dhcp.flags.bc -e dhcp.ip.client -e dhcp.ip.your -e dhcp.ip.server \
        -e dhcp.ip.relay -e dhcp.hw.mac_addr -e dhcp.server -e dhcp.file -e dhcp.cookie -e dhcp.option.type \
        -e dhcp.option.length -e dhcp.option.dhcp -e dhcp.option.requested_ip_address \
        -e dhcp.option.ip_address_lease_time -e dhcp.option.dhcp_server_id -e dhcp.option.request_list_item \
        -e dhcp.option.hostname -e dhcp.option.end 2>/dev/null >"$out/${f#crafted/}.dhcp.tsv"
    done
}
# Which captures to make again: `make-protocol-samples.sh tls` makes only tls-veth.pcap.
parts=" ${*:-arp dns tls http} "
if [[ "${1:-}" == --expected-only ]]; then
    expected
    exit 0
fi

cleanup() {
    [[ -n "${cap:-}" ]] && kill "$cap" 2>/dev/null || true
    [[ -n "${srv:-}" ]] && kill "$srv" 2>/dev/null || true
    ip netns del jp-a 2>/dev/null || true
    ip netns del jp-b 2>/dev/null || true
}
trap cleanup EXIT
cleanup
ip netns add jp-a
ip netns add jp-b
ip link add jpa type veth peer name jpb
ip link set jpa netns jp-a
ip link set jpb netns jp-b
ip -n jp-a addr add 10.99.0.1/24 dev jpa
ip -n jp-b addr add 10.99.0.2/24 dev jpb
ip -n jp-a link set jpa up
ip -n jp-b link set jpb up
ip -n jp-a link set lo up
ip -n jp-b link set lo up
ip -n jp-a -6 addr flush dev jpa
ip -n jp-b -6 addr flush dev jpb
mac_a="$(ip -n jp-a -br link show jpa | awk '{print $3}')"

capture() { # FILE: start dumpcap on jpa in jp-a
    ip netns exec jp-a dumpcap -q -P -i jpa -w "$1" 2>/dev/null &
    cap=$!
    sleep 1.5
}
stop() {
    sleep 0.5
    kill "$cap"
    wait "$cap" 2>/dev/null || true
    cap=
}

# ARP: a datagram to the discard port resolves its neighbour (request, reply), then a probe, an announcement and a gratuitous
# request and reply from a raw socket.
if [[ "$parts" == *" arp "* ]]; then
capture /tmp/arp-veth.pcap
ip netns exec jp-a python3 -c 'import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("10.99.0.2", 9))'
ip netns exec jp-a python3 "$peers" arp jpa "$mac_a" 10.99.0.1
stop
editcap -F pcap /tmp/arp-veth.pcap "$here/arp-veth.pcap" -Y 'arp' 2>/dev/null || tshark -r /tmp/arp-veth.pcap -Y arp -F pcap -w "$here/arp-veth.pcap" 2>/dev/null

fi

# DNS: eight queries over UDP (A, AAAA, CNAME, MX, TXT, PTR, NXDOMAIN, 40 answers), then three over one
# TCP connection (the last two written in one segment, answered in one or two).
if [[ "$parts" == *" dns "* ]]; then
ip netns exec jp-b python3 "$peers" dns-server 10.99.0.2 &
srv=$!
ip netns exec jp-a python3 -c 'import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("10.99.0.2", 9))'
sleep 1
capture /tmp/dns-veth.pcap
ip netns exec jp-a python3 "$peers" dns-client 10.99.0.2
stop
tshark -r /tmp/dns-veth.pcap -Y 'udp.port == 53 || tcp.port == 53' -F pcap -w "$here/dns-veth.pcap" 2>/dev/null
fi

# TLS: openssl s_server serving a 40 KB file; s_client fetches it over TLS 1.3 (SNI, ALPN h2 and
# http/1.1) on port 443, over TLS 1.2 on port 443, and over TLS 1.3 on port 8443 (no port says TLS:
# found by the heuristic).
if [[ "$parts" == *" tls "* ]]; then
tls_dir="$(mktemp -d)"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=www.example.com \
    -keyout "$tls_dir/key.pem" -out "$tls_dir/cert.pem" 2>/dev/null
head -c 40000 /dev/zero | tr '\0' 'x' >"$tls_dir/file.txt"
tls_server() { # PORT
    (cd "$tls_dir" && exec ip netns exec jp-b openssl s_server -quiet -accept "$1" -cert cert.pem -key key.pem \
        -alpn h2,http/1.1 -WWW) >/dev/null 2>&1 &
}
tls_fetch() { # PORT OPTIONS...
    local port=$1
    shift
    printf 'GET /file.txt HTTP/1.0\r\n\r\n' | ip netns exec jp-a timeout 5 openssl s_client -quiet -connect 10.99.0.2:"$port" \
        -servername www.example.com "$@" >/dev/null 2>&1 || true
}
tls_server 443
srv_tls1=$!
tls_server 8443
srv_tls2=$!
sleep 1
capture /tmp/tls-veth.pcap
tls_fetch 443 -tls1_3 -alpn h2,http/1.1
tls_fetch 443 -tls1_2 -alpn http/1.1 -cipher ECDHE-ECDSA-AES128-GCM-SHA256
tls_fetch 8443 -tls1_3
stop
kill "$srv_tls1" "$srv_tls2" 2>/dev/null || true
cp /tmp/tls-veth.pcap "$here/tls-veth.pcap"
rm -rf "$tls_dir"
fi

# HTTP/1.1: http.server's file handler on port 8080 (one of tshark's HTTP ports), one keep-alive connection:
# a directory listing, a 200 KB file (bodies across super-packets), HEAD, a chunked response of four
# chunks (one of 70,000 bytes), a POST of 100,000 bytes echoed back, and a 404 (which closes).
if [[ "$parts" == *" http "* ]]; then
# over IPv6 with BIG TCP both ways: super-packets past 64 KB, each a jumbogram
ip -n jp-a link set dev jpa gso_max_size 185000 gro_max_size 185000
ip -n jp-b link set dev jpb gso_max_size 185000 gro_max_size 185000
ip -n jp-a addr add fd99::1/64 dev jpa nodad
ip -n jp-b addr add fd99::2/64 dev jpb nodad
http_dir="$(mktemp -d)"
head -c 200000 /dev/zero | tr '\0' 'h' >"$http_dir/big.txt"
echo hello >"$http_dir/small.txt"
ip netns exec jp-b python3 "$peers" http-server fd99::2 8080 "$http_dir" &
srv=$!
sleep 1
capture /tmp/http-veth.pcap
ip netns exec jp-a python3 "$peers" http-client fd99::2 8080
stop
kill "$srv" 2>/dev/null || true
srv=
tshark -r /tmp/http-veth.pcap -Y 'tcp.port == 8080' -F pcap -w "$here/http-veth.pcap" 2>/dev/null
rm -rf "$http_dir"
fi
expected
