package org.jumbocap.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;

/**
 * The directions of a capture's TCP and UDP flows counted from frame summaries alone, without trees: the
 * same {@link FlowStats} (super-packets, effective MSS, segments per super-packet) {@link CaptureStatistics}
 * keeps, for consumers that must stay on the fast path. Frames without IP, or whose transport is not TCP
 * or UDP, are left out. Not thread-safe.
 */
public final class SummaryDirections {
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int SYN = 0x02;
    private static final int MIN_TCP_HEADER = 20;
    private static final int UDP_HEADER = 8;
    private static final int IPV4_HEADER = 20;
    private static final int IPV6_HEADER = 40;

    private final Map<FlowKey, FlowStats> directions = new LinkedHashMap<>();
    private FlowStats last;

    /**
     * Counts one frame in its direction.
     *
     * @return the direction, or null when the frame is not TCP or UDP over IP
     */
    public FlowStats add(FrameSummary s, FrameRecord rec) {
        if ((s.ipProto != TCP && s.ipProto != UDP) || s.srcPort < 0 || s.dstPort < 0) {
            return null;
        }
        FlowStats d = direction(s);
        if (d == null) {
            return null;
        }
        long ipLength = ipLength(s);
        if (s.ipProto == TCP) {
            if (s.tcpFlags >= 0 && (s.tcpFlags & SYN) != 0 && s.tcpMss > 0) {
                d.announceMss(s.tcpMss);
            }
            int options = s.tcpHeaderLength >= MIN_TCP_HEADER ? s.tcpHeaderLength - MIN_TCP_HEADER : 0;
            d.add(rec.number(), rec.timestampNanos(), rec.originalLength(), s.transportPayloadLength, ipLength,
                    s.jumboKind != null, d.mssInForce(), options);
        } else {
            long payload = s.udpLengthField >= UDP_HEADER ? s.udpLengthField - UDP_HEADER : s.transportPayloadLength;
            d.add(rec.number(), rec.timestampNanos(), rec.originalLength(), payload, ipLength, s.jumboKind != null, -1, -1);
        }
        return d;
    }

    /**
     * The real (jumbo-aware) length of the innermost IP packet: the IPv4 header with its options, or the
     * fixed IPv6 header, plus what follows it (extension headers are IPv6 payload).
     */
    public static long ipLength(FrameSummary s) {
        int header = IPV6_HEADER;
        if (s.ipVersion == 4) {
            header = s.transportOffset > s.ipOffset && s.ipOffset >= 0 ? s.transportOffset - s.ipOffset : IPV4_HEADER;
        }
        return header + s.l3PayloadLength;
    }

    private FlowStats direction(FrameSummary s) {
        FlowStats l = last;
        if (l != null && l.key().matches(s.ipVersion, s.srcHi, s.srcLo, s.dstHi, s.dstLo, s.ipProto, s.srcPort, s.dstPort)) {
            return l;
        }
        FlowKey key = FlowKey.of(s);
        if (key == null) {
            return null;
        }
        FlowStats d = directions.get(key);
        if (d == null) {
            d = new FlowStats(key);
            directions.put(key, d);
            FlowStats reverse = directions.get(key.reversed());
            if (reverse != null && reverse != d) {
                d.reverse = reverse;
                reverse.reverse = d;
            }
        }
        last = d;
        return d;
    }

    /** Every direction seen, in order of first appearance. */
    public List<FlowStats> directions() {
        return List.copyOf(directions.values());
    }

    /** The other direction of a flow, or null when it was not seen. */
    public FlowStats reverseOf(FlowStats d) {
        return d.reverse;
    }
}
