package org.jumbocap.pipeline.tcp;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.proto.dns.DnsFields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * DNS's pairing of a response with its query, decided in frame order as tshark's first pass does
 * ({@code dns.response_to}, {@code dns.time}): a query opens a transaction per (conversation, transport,
 * transaction id) unless one with that id still waits for its answer (then it is a retransmission, and the
 * first query stays the one answered); a response takes the transaction's query. Over TCP the messages are
 * those TCP reassembly gives the frame: the one it completes, then its own. At most {@link #CAP}
 * transactions are kept, the oldest forgotten first, so memory is bounded whatever the capture; a response
 * whose query was forgotten, or never captured, is paired with nothing, as tshark's unsolicited ones.
 *
 * <p>{@code dns.response_in} on a query needs a later frame, and the pipeline decides each frame when it comes:
 * it is given only when a first pass over the capture collected the pairings ({@link DnsResponses}, handed in
 * with {@link #answersFrom}), as tshark gives it only with {@code -2}.
 */
final class DnsTransactions {
    static final int CAP = 65_536;
    private static final int HEADER = 12;
    /**
     * Messages paired per run of a segment, as many as the DNS dissector decodes as layers: a super-packet
     * of tiny length-prefixed messages on port 53 could otherwise give tens of thousands.
     */
    static final int MAX_MESSAGES = 16;

    private record Key(int version, long lowHi, long lowLo, int lowPort, long highHi, long highLo, int highPort,
                       boolean tcp, int id) {
    }

    /** A query's frame and time, and whether a response took it. */
    private static final class Transaction {
        final long frame;
        final long nanos;
        boolean answered;

        Transaction(long frame, long nanos) {
            this.frame = frame;
            this.nanos = nanos;
        }
    }

    private final Map<Key, Transaction> open = new LinkedHashMap<>(256, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Transaction> eldest) {
            return size() > CAP;
        }
    };

    /** What a first pass learnt of this capture's responses, or null for one pass. */
    private DnsResponses answers;

    void clear() {
        open.clear();
        answers = null;
    }

    void answersFrom(DnsResponses firstPass) {
        answers = firstPass;
    }

    /** Pairs the DNS messages of the frame; a response's pairing goes into {@code out}. */
    void observe(FrameSummary s, FrameRecord frame, TcpAnalysis out) {
        FieldDef transport = dnsOver(s);
        if (transport == null || s.transportOffset < 0) {
            return;
        }
        if (answers != null) {
            out.dnsAnswers = answers.of(frame.number());
        }
        FrameBuffer b = frame.buffer();
        if (transport == UdpFields.UDP) {
            int at = s.transportOffset + 8;
            long length = s.transportPayloadLength >= 0 ? s.transportPayloadLength : s.udpLengthField - 8;
            message(s, b, at, (int) Math.min(b.remaining(at), Math.max(0, length)), false, frame, out);
            return;
        }
        int payload = s.transportOffset + s.tcpHeaderLength;
        int captured = (int) Math.max(0, Math.min(b.remaining(payload), s.transportPayloadLength));
        SegmentPlan plan = out.segmentPlan;
        if (plan == null) {
            messages(s, b, payload, captured, frame, out);
            return;
        }
        if (plan.reassembled != null) {
            messages(s, FrameBuffer.wrap(plan.reassembled), 0, plan.reassembled.length, frame, out);
        }
        int ownEnd = (int) Math.min(plan.ownEnd, captured);
        if (ownEnd > plan.ownStart) {
            messages(s, b, payload + plan.ownStart, ownEnd - plan.ownStart, frame, out);
        }
    }

    /** DNS's transport in the frame (UDP or TCP), or null when the frame carries no DNS. */
    private static FieldDef dnsOver(FrameSummary s) {
        FieldDef transport = null;
        boolean dns = false;
        for (int i = 0; i < s.protocolLayerCount; i++) {
            FieldDef layer = s.protocolLayers[i];
            if (layer == UdpFields.UDP || layer == TcpFields.TCP) {
                transport = layer;
            } else if (layer == DnsFields.DNS || layer == DnsFields.MDNS) {
                dns = true;
            }
        }
        return dns ? transport : null;
    }

    /** TCP's messages, each after its 2-byte length. */
    private void messages(FrameSummary s, FrameBuffer b, int at, int length, FrameRecord frame, TcpAnalysis out) {
        long end = (long) at + length;
        int taken = 0;
        for (long p = at; p + 2 <= end && taken++ < MAX_MESSAGES; ) {
            int messageLength = b.u16((int) p);
            message(s, b, (int) p + 2, (int) Math.min(messageLength, end - p - 2), true, frame, out);
            p += 2 + messageLength;
        }
    }

    private void message(FrameSummary s, FrameBuffer b, int at, int available, boolean tcp, FrameRecord frame, TcpAnalysis out) {
        if (available < HEADER || !b.has(at, HEADER)) {
            return;
        }
        int id = b.u16(at);
        boolean response = (b.u8(at + 2) & 0x80) != 0;
        Key key = key(s, tcp, id);
        Transaction t = open.get(key);
        if (!response) {
            if (t == null || t.answered) {
                open.remove(key);
                open.put(key, new Transaction(frame.number(), frame.timestampNanos()));
            }
            return;
        }
        if (t != null) {
            t.answered = true;
            long[] pairs = out.dnsPairs;
            int n = pairs == null ? 0 : pairs.length;
            pairs = pairs == null ? new long[3] : Arrays.copyOf(pairs, n + 3);
            pairs[n] = id;
            pairs[n + 1] = t.frame;
            pairs[n + 2] = frame.timestampNanos() - t.nanos;
            out.dnsPairs = pairs;
        }
    }

    private static Key key(FrameSummary s, boolean tcp, int id) {
        boolean sourceLow = Long.compareUnsigned(s.srcHi, s.dstHi) < 0
                || s.srcHi == s.dstHi && (Long.compareUnsigned(s.srcLo, s.dstLo) < 0 || s.srcLo == s.dstLo && s.srcPort <= s.dstPort);
        return sourceLow
                ? new Key(s.ipVersion, s.srcHi, s.srcLo, s.srcPort, s.dstHi, s.dstLo, s.dstPort, tcp, id)
                : new Key(s.ipVersion, s.dstHi, s.dstLo, s.dstPort, s.srcHi, s.srcLo, s.srcPort, tcp, id);
    }

    /**
     * Adds each paired response's query frame and time to its DNS layer, the first pairing of its id; and,
     * after a first pass, each query's response frame to its layer, the first unused response of its id.
     */
    static void addTo(FrameTree tree, TcpAnalysis a) {
        if (a.dnsAnswers != null) {
            addAnswers(tree, a.dnsAnswers);
        }
        long[] pairs = a.dnsPairs;
        if (pairs == null) {
            return;
        }
        boolean[] used = new boolean[pairs.length / 3];
        for (FieldNode layer : tree.layers()) {
            if (layer.def() != DnsFields.DNS && layer.def() != DnsFields.MDNS) {
                continue;
            }
            FieldNode id = layer.find(DnsFields.ID);
            FieldNode response = layer.find(DnsFields.FLAGS_RESPONSE);
            if (id == null || response == null || !(response.value() instanceof Boolean r ? r : response.longValue() == 1)) {
                continue;
            }
            for (int i = 0; i < used.length; i++) {
                if (!used[i] && pairs[3 * i] == id.longValue()) {
                    used[i] = true;
                    long nanos = pairs[3 * i + 2];
                    layer.add(DnsFields.RESPONSE_TO, layer.offset(), 0, pairs[3 * i + 1]).generated();
                    layer.add(DnsFields.TIME, layer.offset(), 0, (Object) (nanos / 1e9)).generated()
                            .setValueText(() -> FieldFormat.seconds(nanos));
                    break;
                }
            }
        }
    }

    static void addAnswers(FrameTree tree, long[] answers) {
        boolean[] used = new boolean[answers.length / 2];
        for (FieldNode layer : tree.layers()) {
            if (layer.def() != DnsFields.DNS && layer.def() != DnsFields.MDNS) {
                continue;
            }
            FieldNode id = layer.find(DnsFields.ID);
            FieldNode response = layer.find(DnsFields.FLAGS_RESPONSE);
            if (id == null || response == null || (response.value() instanceof Boolean r ? r : response.longValue() == 1)) {
                continue;
            }
            for (int i = 0; i < used.length; i++) {
                if (!used[i] && answers[2 * i] == id.longValue()) {
                    used[i] = true;
                    layer.add(DnsFields.RESPONSE_IN, layer.offset(), 0, answers[2 * i + 1]).generated();
                    break;
                }
            }
        }
    }
}
