package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.proto.icmp.IcmpFields;
import org.jumbocap.proto.icmp.Icmpv6Fields;

/**
 * Every direction of every conversation, in order of first appearance, and what each carried: TCP and
 * UDP by addresses and ports, ICMP, ICMPv6 and any other protocol by addresses and protocol. A TCP
 * frame's analysis findings go to its direction; an ACK's RTT to the direction whose segment it acknowledges.
 *
 * <p>With a cap set ({@link #setMaxConversations}), the table holds at most that many conversations, so its
 * memory is bounded whatever the capture: past the cap a tenth of them is evicted at once, closed ones first (an RST, or a FIN each way),
 * then those idle longest (by capture time), and what they carried is counted as evicted. A conversation
 * seen again after its eviction starts anew.
 */
final class ConversationTable {
    /** The cap the command line sets when none is asked for: with the TCP analysis it fits a 64 MB heap. */
    static final int DEFAULT_MAX_CONVERSATIONS = 20_000;
    private static final int RST = 0x04;
    private static final int FIN = 0x01;
    private static final int ICMP = 1;
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int ICMPV6 = 58;
    private static final int SYN = 0x02;
    private static final int MIN_TCP_HEADER = 20;

    private final Map<FlowKey, FlowStats> directions = new LinkedHashMap<>();
    private FlowStats lastDirection;
    private FlowStats directionBefore;
    /**
     * Directions seen lately, by a hash of their key: many conversations at once (a capture of several
     * connections interleaved) find theirs without a key being made and looked up, which the two above
     * cannot do. Emptied whenever conversations are evicted.
     */
    private final FlowStats[] recent = new FlowStats[RECENT_SLOTS];
    /** No cap until one is set: a front end that shows the table decides, and says what was evicted. */
    private int maxConversations = Integer.MAX_VALUE;
    private int conversationCount;
    private long evictedConversations;
    private long evictedClosed;
    private long evictedFrames;
    private long evictedBytes;

    void setMaxConversations(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("the cap on conversations must be at least 1");
        }
        maxConversations = max;
    }

    int maxConversations() {
        return maxConversations;
    }

    long evictedConversations() {
        return evictedConversations;
    }

    long evictedClosed() {
        return evictedClosed;
    }

    long evictedFrames() {
        return evictedFrames;
    }

    long evictedBytes() {
        return evictedBytes;
    }

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
            direction.finSent |= (f.tcpFlags & FIN) != 0;
            direction.resetSent |= (f.tcpFlags & RST) != 0;
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
        int slot = recentSlot(srcHi, srcLo, dstHi, dstLo, protocol, srcPort, dstPort);
        FlowStats seen = recent[slot];
        if (seen != null && seen.key().matches(version, srcHi, srcLo, dstHi, dstLo, protocol, srcPort, dstPort)) {
            directionBefore = last;
            lastDirection = seen;
            return seen;
        }
        FlowKey key = new FlowKey(version, srcHi, srcLo, dstHi, dstLo, protocol, srcPort, dstPort);
        FlowStats d = directions.get(key);
        if (d == null) {
            FlowStats reverse = directions.get(key.reversed());
            if (reverse == null && conversationCount >= maxConversations) {
                evict();
                last = null;
            }
            d = new FlowStats(key);
            directions.put(key, d);
            if (reverse != null && reverse != d) {
                d.reverse = reverse;
                reverse.reverse = d;
            } else if (reverse == null) {
                conversationCount++;
            }
        }
        directionBefore = last;
        lastDirection = d;
        recent[slot] = d;
        return d;
    }

    private static final int RECENT_SLOTS = 256;

    /** The slot of {@link #recent} for a key: the top bits of a multiplicative hash of its parts. */
    private static int recentSlot(long srcHi, long srcLo, long dstHi, long dstLo, int protocol, int srcPort, int dstPort) {
        long h = srcLo * 0x9E3779B97F4A7C15L + dstLo;
        h = h * 0x9E3779B97F4A7C15L + srcHi + 31 * dstHi;
        h = h * 0x9E3779B97F4A7C15L + ((long) srcPort << 16 ^ dstPort) + 131L * protocol;
        return (int) ((h * 0x9E3779B97F4A7C15L) >>> 56);
    }

    /**
     * Evicts a tenth of the cap's conversations (at least one): closed ones first, then those idle longest.
     * Sorting once per tenth keeps the cost per new conversation constant.
     */
    private void evict() {
        List<FlowStats> forwards = new ArrayList<>(conversationCount);
        for (FlowStats d : directions.values()) {
            if (d.reverse == null || isForward(d)) {
                forwards.add(d);
            }
        }
        forwards.sort(Comparator.comparing((FlowStats d) -> !closed(d)).thenComparingLong(ConversationTable::lastSeen));
        int n = Math.max(1, maxConversations / 10);
        for (int i = 0; i < n && i < forwards.size(); i++) {
            FlowStats d = forwards.get(i);
            evictedConversations++;
            evictedClosed += closed(d) ? 1 : 0;
            for (FlowStats x : d.reverse == null ? List.of(d) : List.of(d, d.reverse)) {
                evictedFrames += x.frames();
                evictedBytes += x.bytes();
                directions.remove(x.key());
            }
            conversationCount--;
        }
        lastDirection = null;
        directionBefore = null;
        Arrays.fill(recent, null);
    }

    /** Of a pair, the direction that stands for the conversation once (the lower key order, stable). */
    private static boolean isForward(FlowStats d) {
        return d.key().canonical().equals(d.key());
    }

    private static boolean closed(FlowStats d) {
        FlowStats r = d.reverse;
        return d.resetSent || r != null && (r.resetSent || d.finSent && r.finSent);
    }

    private static long lastSeen(FlowStats d) {
        return d.reverse == null ? d.lastNanos() : Math.max(d.lastNanos(), d.reverse.lastNanos());
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
