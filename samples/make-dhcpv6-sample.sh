#!/usr/bin/env bash
# Makes samples/dhcpv6-veth.pcap: a DHCPv6 client (ISC dhclient -6) gets an address through a relay (dnsmasq
# --dhcp-relay) from a server (dnsmasq), releases it, then asks for information only (dhclient -6 -S). Three
# namespaces, jd-a (client) - jd-r (relay) - jd-b (server), joined by two veth pairs; dumpcap captures both of the
# relay's links, so each client message is seen beside the Relay-forw that carries it and each Relay-reply beside
# the answer it unwraps to. Needs root, iproute2, dumpcap, tshark (reordercap, editcap), dnsmasq and dhclient
# (Debian: dnsmasq-base, isc-dhcp-client). After a run, the tshark reference:
# `bash samples/make-dhcpv6-sample.sh --expected-only` (also for crafted/dhcpv6-options.pcap).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

expected() {
    for f in dhcpv6-veth.pcap crafted/dhcpv6-options.pcap; do
    tshark -r "$here/$f" -T fields -E header=y -E occurrence=a -E aggregator=, -e frame.number \
        -e _ws.col.Protocol -e _ws.col.Info -e dhcpv6.msgtype -e dhcpv6.xid -e dhcpv6.hopcount -e dhcpv6.linkaddr \
        -e dhcpv6.peeraddr -e dhcpv6.option.type -e dhcpv6.option.length -e dhcpv6.duid.bytes -e dhcpv6.duid.type \
        -e dhcpv6.duidllt.hwtype -e dhcpv6.duidllt.time -e dhcpv6.duidllt.link_layer_addr -e dhcpv6.duidll.hwtype \
        -e dhcpv6.duidll.link_layer_addr -e dhcpv6.iaid -e dhcpv6.iaid.t1 -e dhcpv6.iaid.t2 \
        -e dhcpv6.iaaddr.ip -e dhcpv6.iaaddr.pref_lifetime -e dhcpv6.iaaddr.valid_lifetime -e dhcpv6.requested_option_code \
        -e dhcpv6.elapsed_time -e dhcpv6.dns_server -e dhcpv6.search_list_entry -e dhcpv6.status_code -e dhcpv6.status_msg \
        -e dhcpv6.interface_id -e dhcpv6.option_preference -e dhcpv6.duiden.enterprise -e dhcpv6.duiden.identifier \
        -e dhcpv6.duiduuid.bytes -e dhcpv6.iata -e dhcpv6.iaprefix.pref_lifetime -e dhcpv6.iaprefix.valid_lifetime \
        -e dhcpv6.iaprefix.pref_len -e dhcpv6.iaprefix.pref_addr -e dhcpv6.unicast -e dhcpv6.sntp_server -e dhcpv6.lifetime \
        2>/dev/null >"$here/expected/tshark-fields/${f#crafted/}.dhcpv6.tsv"
    done
}
if [[ "${1:-}" == --expected-only ]]; then
    expected
    exit 0
fi

work="$(mktemp -d)"
cleanup() {
    for p in ${cap:-} ${srv:-} ${rel:-}; do kill "$p" 2>/dev/null || true; done
    for n in jd-a jd-r jd-b; do ip netns del "$n" 2>/dev/null || true; done
}
trap cleanup EXIT
cleanup
for n in jd-a jd-r jd-b; do ip netns add "$n"; done
ip link add jda type veth peer name jdr1
ip link add jdr2 type veth peer name jdb
ip link set jda netns jd-a
ip link set jdr1 netns jd-r
ip link set jdr2 netns jd-r
ip link set jdb netns jd-b
ip -n jd-r addr add 2001:db8:7::1/64 dev jdr1 nodad
ip -n jd-r addr add 2001:db8:8::1/64 dev jdr2 nodad
ip -n jd-b addr add 2001:db8:8::2/64 dev jdb nodad
for link in "jd-a jda" "jd-r jdr1" "jd-r jdr2" "jd-b jdb"; do
    set -- $link
    ip -n "$1" link set "$2" up
    ip -n "$1" link set lo up
done
ip -n jd-b route add 2001:db8:7::/64 via 2001:db8:8::1
# the link-local addresses' duplicate address detection first: dhclient needs its own
sleep 2.5
ip netns exec jd-b dnsmasq --no-daemon --port=0 --conf-file=/dev/null --interface=jdb \
    --dhcp-range=2001:db8:7::100,2001:db8:7::1ff,64,12h --dhcp-option=option6:dns-server,[2001:db8:7::53] \
    --dhcp-option=option6:domain-search,example.net,lab.example.org --pid-file="$work/server.pid" \
    --dhcp-leasefile="$work/server.leases" 2>/dev/null &
srv=$!
ip netns exec jd-r dnsmasq --no-daemon --port=0 --conf-file=/dev/null --interface=jdr1 \
    --dhcp-relay=2001:db8:7::1,2001:db8:8::2 --pid-file="$work/relay.pid" 2>/dev/null &
rel=$!
sleep 1
ip netns exec jd-r dumpcap -q -P -i jdr1 -f 'udp port 546 or udp port 547' -i jdr2 -f 'udp port 546 or udp port 547' \
    -w "$work/relay.pcapng" 2>/dev/null &
cap=$!
sleep 2
ip netns exec jd-a timeout 20 dhclient -6 -1 -lf "$work/client.leases" -pf "$work/client.pid" jda
ip netns exec jd-a timeout 20 dhclient -6 -r -lf "$work/client.leases" -pf "$work/client.pid" jda
ip netns exec jd-a timeout 20 dhclient -6 -S -1 -lf "$work/info.leases" -pf "$work/info.pid" jda
ip netns exec jd-a timeout 5 dhclient -6 -x -pf "$work/info.pid" jda || true
sleep 0.5
kill "$cap"
wait "$cap" 2>/dev/null || true
cap=
# two links' frames in time order, in one pcap (both are Ethernet)
reordercap "$work/relay.pcapng" "$work/ordered.pcapng" >/dev/null
tshark -r "$work/ordered.pcapng" -Y dhcpv6 -F pcap -w "$here/dhcpv6-veth.pcap" 2>/dev/null
rm -rf "$work"
expected
