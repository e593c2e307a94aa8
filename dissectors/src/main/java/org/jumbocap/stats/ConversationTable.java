package org.jumbocap.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.proto.icmp.IcmpFields;
import org.jumbocap.proto.icmp.Icmpv6Fields;

/**
 * Every direction of every conversation, in order of first appearance, and what each carried: TCP and
 * UDP by addresses and ports, ICMP, ICMPv6 and any other protocol by addresses and protocol. A TCP
 * frame's analysis findings go to its direction; an ACK's RTT to the direction whose segment it acknowledges.
 */
final class ConversationTable {
    private static final int ICMP = 1;
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int ICMPV6 = 58;
    private static final int SYN = 0x02;
    private static final int MIN_TCP_HEADER = 20;

    private final Map<FlowKey, FlowStats> directions = new LinkedHashMap<>();
    private FlowStats lastDirection;
    private FlowStats directionBefore;

    void add(FrameFacts f) {
        if (!f.hasIp) {
            return;
        }
        boolean tcp = f.isTcp();
        boolean udp = f.isUdp();
        int protocol;
        if (tcp) {
            protocol = TCP;
        } else if (udp) {
            protocol = UDP;
        } else if (f.transport == IcmpFields.ICMP) {
            protocol = ICMP;
        } else if (f.transport == Icmpv6Fields.ICMPV6) {
            protocol = ICMPV6;
        } else {
            protocol = f.upperProtocol;
            if (protocol < 0) {
                return;
            }
        }
        if (!f.hasAddresses) {
            return;
        }
        int srcPort = tcp || udp ? f.srcPort : -1;
        int dstPort = tcp || udp ? f.dstPort : -1;
        FlowStats direction = direction(f.version, f.srcHi, f.srcLo, f.dstHi, f.dstLo, protocol, srcPort, dstPort);

        long ipLength = f.ipLength;
        long payload;
        int mss = -1;
        int optionsLength = -1;
        if (tcp) {
            payload = f.tcpPayload;
            if ((f.tcpFlags & SYN) != 0 && f.announcedMss > 0) {
                direction.announceMss((int) f.announcedMss);
            }
            mss = direction.mssInForce();
            optionsLength = f.tcpHeaderLength >= MIN_TCP_HEADER ? (int) f.tcpHeaderLength - MIN_TCP_HEADER : 0;
        } else if (udp) {
            payload = f.udpLength >= 8 ? f.udpLength - 8 : -1;
        } else {
            payload = ipLength >= f.ipHeaderLength ? ipLength - f.ipHeaderLength : -1;
        }
        direction.add(f.number, f.timestampNanos, f.length, payload, ipLength, f.jumboKind != null, mss, optionsLength);
        if (tcp) {
            addTcpAnalysis(f, direction, payload);
        }
    }

    private static void addTcpAnalysis(FrameFacts f, FlowStats direction, long payload) {
        TcpAnalysisStats a = direction.tcpAnalysis();
        if (f.retransmission) {
            a.retransmissions++;
            a.retransmittedBytes += Math.max(0, payload);
        }
        a.lostSegments += f.lostSegment ? 1 : 0;
        a.duplicateAcks += f.duplicateAck ? 1 : 0;
        a.outOfOrder += f.outOfOrder ? 1 : 0;
        if (f.ackRttNanos >= 0 && direction.reverse != null) {
            direction.reverse.tcpAnalysis().addRtt(f.ackRttNanos);
        }
    }

    /**
     * The direction with this key, made on first sight. The two directions seen last are kept at hand: a
     * bulk transfer alternates between its data and its acknowledgements, so most frames find theirs
     * without a key being made or hashed.
     */
    private FlowStats direction(int version, long srcHi, long srcLo, long dstHi, long dstLo, int protocol, int srcPort,
                                int dstPort) {
        FlowStats last = lastDirection;
        if (last != null && last.key().matches(version, srcHi, srcLo, dstHi, dstLo, protocol, srcPort, dstPort)) {
            return last;
        }
        FlowStats before = directionBefore;
        if (before != null && before.key().matches(version, srcHi, srcLo, dstHi, dstLo, protocol, srcPort, dstPort)) {
            directionBefore = last;
            lastDirection = before;
            return before;
        }
        FlowKey key = new FlowKey(version, srcHi, srcLo, dstHi, dstLo, protocol, srcPort, dstPort);
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
        directionBefore = last;
        lastDirection = d;
        return d;
    }

    List<FlowStats> directions() {
        return List.copyOf(directions.values());
    }

    /** Directions paired into conversations, forward being the direction seen first. */
    List<CaptureStatistics.Conversation> conversations() {
        Map<FlowKey, CaptureStatistics.Conversation> out = new LinkedHashMap<>();
        for (FlowStats d : directions.values()) {
            FlowKey canonical = d.key().canonical();
            if (out.containsKey(canonical)) {
                continue;
            }
            FlowStats other = directions.get(d.key().reversed());
            out.put(canonical, new CaptureStatistics.Conversation(d.key(), d, other == d ? null : other));
        }
        return List.copyOf(out.values());
    }
}
