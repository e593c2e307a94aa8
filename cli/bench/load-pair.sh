# The load both live-capture benchmarks put on a capture (sourced by cli/bench/capture-load.sh and
# gui/bench/live-capture-load.sh, so that they measure under the same traffic): a BIG TCP veth pair
# between two private namespaces, edg-la (where the captures run, on edgla) and edg-lb, and iperf3
# pushing as hard as it can from edg-la to edg-lb over IPv6 and IPv4 at once, 1 MiB writes.
#
# The sourcing script sets: repo (the source tree), work (a directory for logs), BIG (gso/gro max sizes),
# streams and duration (iperf3's -P and -t), buffer_mib and bound for tcpdump_start, and defines die and log; PIDS (an array) collects the
# background processes its cleanup kills. It calls pair_up, then traffic_start, then traffic_wait HOOK
# (HOOK runs every 0.5 s while traffic flows; a non-zero status ends the traffic), then traffic_rates,
# and pair_down in its cleanup.

NS_A=edg-la
NS_B=edg-lb
DEV_A=edgla
DEV_B=edglb
V6_A=2001:db8:e1::1
V6_B=2001:db8:e1::2
V4_A=198.51.100.101
V4_B=198.51.100.102

A() { ip netns exec "$NS_A" "$@"; }
B() { ip netns exec "$NS_B" "$@"; }

# The pair, up, with gso_max_size/gro_max_size $BIG for IPv6 and, where the kernel takes it, for IPv4
# (sets ipv4_big to yes or no)
pair_up() {
    [[ "$BIG" =~ ^[0-9]+$ && "$BIG" -ge 65536 && "$BIG" -le 524280 ]] || die "--big takes 65536..524280"
    pair_down
    ip netns add "$NS_A"
    ip netns add "$NS_B"
    local ns i
    for ns in "$NS_A" "$NS_B"; do
        ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
        ip -n "$ns" link set lo up
    done
    ip link add "$DEV_A" netns "$NS_A" type veth peer name "$DEV_B" netns "$NS_B" || die "cannot make the veth pair"
    A ip addr add "$V6_A/64" dev "$DEV_A" nodad
    B ip addr add "$V6_B/64" dev "$DEV_B" nodad
    A ip addr add "$V4_A/24" dev "$DEV_A"
    B ip addr add "$V4_B/24" dev "$DEV_B"
    A ip link set dev "$DEV_A" gso_max_size "$BIG" gro_max_size "$BIG" || die "this kernel refuses gso_max_size $BIG"
    B ip link set dev "$DEV_B" gso_max_size "$BIG" gro_max_size "$BIG"
    ipv4_big=yes
    A python3 "$repo/samples/tools/set-ipv4-bigtcp.py" "$DEV_A" "$BIG" >/dev/null 2>&1 \
        && B python3 "$repo/samples/tools/set-ipv4-bigtcp.py" "$DEV_B" "$BIG" >/dev/null 2>&1 || ipv4_big=no
    A ip link set "$DEV_A" up
    B ip link set "$DEV_B" up
    for i in $(seq 50); do
        A ip -br link show "$DEV_A" | grep -q ' UP ' && B ip -br link show "$DEV_B" | grep -q ' UP ' && break
        sleep 0.1
    done
}

pair_down() {
    ip netns del "$NS_A" 2>/dev/null || true
    ip netns del "$NS_B" 2>/dev/null || true
}

# tcpdump -w FILE on the pair's capture end, stderr to ERR, with the capture buffer $buffer_mib, snaplen
# SNAPLEN (at most libpcap's 262,144), bounded by $bound seconds; its pid (timeout's) in TCPDUMP_PID
tcpdump_start() {
    local file=$1 err=$2 snaplen=$3
    ip netns exec "$NS_A" timeout -s INT "$bound" tcpdump -i "$DEV_A" -B $((buffer_mib * 1024)) -s "$snaplen" -n \
        -w "$file" 2>"$err" &
    TCPDUMP_PID=$!
    PIDS+=("$TCPDUMP_PID")
}

# iperf3's servers in edg-lb and its two clients in edg-la (C6 and C4), logs in $work
traffic_start() {
    local port i
    ip netns exec "$NS_B" iperf3 -s -1 -p 5201 >"$work/iperf-s6.log" 2>&1 &
    PIDS+=("$!")
    ip netns exec "$NS_B" iperf3 -s -1 -p 5202 >"$work/iperf-s4.log" 2>&1 &
    PIDS+=("$!")
    for port in 5201 5202; do
        for i in $(seq 50); do B ss -Hltn "sport = :$port" | grep -q . && break; sleep 0.1; done
    done
    log "iperf3: $streams IPv6 + $streams IPv4 streams for ${duration}s, unlimited rate, 1 MiB writes"
    ip netns exec "$NS_A" iperf3 -6 -c "$V6_B" -p 5201 -P "$streams" -t "$duration" -l 1M >"$work/iperf6.log" 2>&1 &
    C6=$!
    PIDS+=("$C6")
    ip netns exec "$NS_A" iperf3 -4 -c "$V4_B" -p 5202 -P "$streams" -t "$duration" -l 1M >"$work/iperf4.log" 2>&1 &
    C4=$!
    PIDS+=("$C4")
}

# Until the clients end, runs HOOK every 0.5 s; when HOOK fails, the traffic is stopped there
traffic_wait() {
    local hook=$1
    while kill -0 "$C6" 2>/dev/null || kill -0 "$C4" 2>/dev/null; do
        if ! "$hook"; then
            kill -INT "$C6" "$C4" 2>/dev/null || true
            break
        fi
        sleep 0.5
    done
    wait "$C6" 2>/dev/null || true
    wait "$C4" 2>/dev/null || true
}

traffic_rates() {
    local rate6 rate4
    rate6=$(sed -n 's/.*\[SUM\].* \([0-9.]* [GM]bits\/sec\).*sender.*/\1/p' "$work/iperf6.log" | tail -1)
    rate4=$(sed -n 's/.*\[SUM\].* \([0-9.]* [GM]bits\/sec\).*sender.*/\1/p' "$work/iperf4.log" | tail -1)
    log "iperf3 sender rates: IPv6 $rate6, IPv4 $rate4"
}

# CPU time the scheduler ran a process, all its threads (nanoseconds, exact, unlike the tick-sampled
# user/system times of /proc/PID/stat), and a file's size
runtime_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ n += $1 } END { printf "%.0f", n }'; }
size_of() { stat -c %s "$1" 2>/dev/null || echo 0; }
