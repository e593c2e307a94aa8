package org.jumbocap.pipeline.tcp;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.ext.ExtFields;

/**
 * TCP conversation state over one capture, fed every frame in order ({@link #observe}) after it was decoded:
 * stream numbers, relative sequence numbers and Wireshark's sequence analysis (retransmissions, lost and
 * out-of-order segments, duplicate ACKs, windows, keep-alives, the segment an ACK acknowledges and its RTT,
 * bytes in flight), plus what super-packets change: how many wire segments a segment stands for by the
 * conversation's effective MSS, and how many of them an ACK acknowledges.
 *
 * <p>The decision rules are Wireshark's {@code tcp_analyze_sequence_number} (packet-tcp.c), kept in the same
 * order so the findings agree frame by frame. Memory is bounded by the conversations open at once: a
 * conversation closed by RST or by a FIN each way is forgotten once it has been quiet for
 * {@link #CLOSED_LINGER_NANOS} of capture time (a later SYN on the same ports then starts a new stream without
 * the "ports reused" note), and past {@code maxOpen} the least recently seen one is forgotten, with a note on
 * the frame that made room ({@link TcpAnalysis#conversationCap}). Not thread-safe: one instance per pass.
 */
public final class TcpConversations {
    /** Conversations kept at once unless told otherwise: about 100 MB of state. */
    public static final int DEFAULT_MAX_OPEN = 200_000;
    /** How long a closed conversation is kept for late retransmissions and ACKs, in capture time. */
    public static final long CLOSED_LINGER_NANOS = 60_000_000_000L;
    /** Wireshark's out-of-order threshold when the handshake's RTT is unknown. */
    private static final long DEFAULT_OUT_OF_ORDER_NANOS = 3_000_000L;
    private static final long FAST_RETRANSMISSION_NANOS = 20_000_000L;
    private static final int FIN = 0x01;
    private static final int SYN = 0x02;
    private static final int RST = 0x04;
    private static final int ACK = 0x10;

    private final boolean relative;
    private final int maxOpen;
    private final LinkedHashMap<ConversationKey, Conversation> open = new LinkedHashMap<>(64, 0.75f, true);
    private final ArrayDeque<Conversation> closed = new ArrayDeque<>();
    private final ConversationKey probe = new ConversationKey();
    private long nextStream;
    private long forgotten;
    private final ReassemblyBudget reassembly;

    /** Relative sequence numbers, the default cap. */
    public TcpConversations() {
        this(true, DEFAULT_MAX_OPEN);
    }

    /**
     * @param relative show sequence numbers relative to each direction's first (Wireshark's default), else raw
     * @param maxOpen  conversations kept at once
     */
    public TcpConversations(boolean relative, int maxOpen) {
        this(relative, maxOpen, new ReassemblyBudget());
    }

    /**
     * @param reassembly the bound on what TCP reassembly for the protocols above holds
     */
    public TcpConversations(boolean relative, int maxOpen, ReassemblyBudget reassembly) {
        this.reassembly = reassembly;
        if (maxOpen < 1) {
            throw new IllegalArgumentException("maxOpen must be at least 1");
        }
        this.relative = relative;
        this.maxOpen = maxOpen;
    }

    /** Conversations held now. */
    public int openConversations() {
        return open.size();
    }

    /** Conversations forgotten because {@code maxOpen} were open. */
    public long forgottenAtCap() {
        return forgotten;
    }

    /** Streams numbered so far. */
    public long streams() {
        return nextStream;
    }

    /** Starts a new capture: stream numbers from 0 again, every conversation forgotten. */
    /** DNS's pairing of responses with queries, the other in-order decision. */
    private final DnsTransactions dns = new DnsTransactions();
    /** QUIC's connection ids, for the short headers' destination ids. */
    private final QuicConnectionIdTable quic = new QuicConnectionIdTable();

    /**
     * Gives DNS queries their responses' frames ({@code dns.response_in}) from a first pass over the same
     * frames; until the next {@link #clear}.
     */
    public void answersFrom(DnsResponses firstPass) {
        dns.answersFrom(firstPass);
    }

    public void clear() {
        dns.clear();
        quic.clear();
        open.clear();
        reassembly.clear();
        closed.clear();
        nextStream = 0;
        forgotten = 0;
    }

    /**
     * Analyses the next frame. Frames must come in capture order, each once.
     *
     * @param out filled with the frame's analysis; {@link TcpAnalysis#tracked} is false when the frame is not
     *            a TCP segment whose header was read whole (or is an IPv4 fragment)
     */
    public void observe(FrameSummary s, FrameRecord frame, TcpAnalysis out) {
        follow(s, frame, out);
        // after TCP, whose reassembly tells which DNS messages a segment gives
        dns.observe(s, frame, out);
        quic.observe(s, frame, out);
    }

    private void follow(FrameSummary s, FrameRecord frame, TcpAnalysis out) {
        out.reset();
        out.relative = relative;
        if (!trackable(s)) {
            return;
        }
        long now = frame.timestampNanos();
        long number = frame.number();
        expireClosed(now);

        probe.set(s);
        Conversation c = open.get(probe);
        int flags = s.tcpFlags;
        long rawSeq = s.tcpSeq;
        long rawAck = s.tcpAck;
        boolean reused = false;
        if (c != null && (flags & (SYN | ACK)) == SYN) {
            TcpFlow fwd = c.aIsLow == probe.sourceIsLow() ? c.a : c.b;
            if (fwd.baseSet && rawSeq != fwd.base) {
                forget(open.remove(c.key));
                c = null;
                reused = true;
            }
        }
        if (c == null) {
            c = new Conversation(probe.copy(), nextStream++, probe.sourceIsLow(), now);
            open.put(c.key, c);
            if (open.size() > maxOpen) {
                var eldest = open.entrySet().iterator();
                forget(eldest.next().getValue());
                eldest.remove();
                forgotten++;
                out.conversationCap = maxOpen;
            }
        }
        boolean fromA = c.aIsLow == probe.sourceIsLow();
        TcpFlow fwd = fromA ? c.a : c.b;
        TcpFlow rev = fromA ? c.b : c.a;

        out.tracked = true;
        out.stream = c.stream;
        out.timeRelativeNanos = now - c.firstNanos;
        out.timeDeltaNanos = now - c.lastNanos;
        c.lastNanos = now;
        if (reused) {
            out.flags |= TcpAnalysisFlag.REUSED_PORTS.bit();
        }
        if ((flags & FIN) != 0) {
            // Wireshark's rule: a FIN initiates the closing unless the peer's side already did (so a repeated
            // FIN of the initiator initiates again)
            if (!rev.closingInitiator) {
                fwd.closingInitiator = true;
                out.finClosing = TcpAnalysis.FIN_ACTIVE;
            } else {
                out.finClosing = TcpAnalysis.FIN_PASSIVE;
            }
        }

        if (inFragment(s)) {
            out.relative = false;
            out.seq = rawSeq;
            out.ack = rawAck;
            out.mssInForce = mssInForce(fwd, rev);
            scaledWindow(fwd, flags, s.tcpWindow, out);
            return;
        }
        long seglen = s.transportPayloadLength;
        if ((flags & SYN) != 0) {
            handshake(s, c, fwd, rev, flags, now);
        }
        long delivered = 0;
        for (int i = 0; i < s.tcpSackBlocks; i++) {
            delivered += Seq.sub(s.tcpSackRight[i], s.tcpSackLeft[i]);
        }
        fwd.sackedBytes = delivered & Seq.MASK;
        long ack = analyse(c, fwd, rev, number, now, rawSeq, rawAck, seglen, flags, s.tcpWindow, out);
        jumboCounts(s, fwd, rev, seglen, flags, ack, out);
        if (seglen > 0 && (flags & (SYN | RST)) == 0) {
            out.segmentPlan = reassemble(c, fwd, s, frame, rawSeq, seglen);
        }

        if ((flags & FIN) != 0) {
            fwd.finSeen = true;
        }
        if (!c.closed && ((flags & RST) != 0 || (c.a.finSeen && c.b.finSeen))) {
            c.closed = true;
            closed.add(c);
        }
    }

    /**
     * A TCP segment whose header was read whole. (A summary with more expert items than it has room for is
     * "incomplete" but its TCP facts are whole; checksum verification adds such items, and must not change
     * which frames the conversation sees.)
     */
    private static boolean trackable(FrameSummary s) {
        return s.ipProto == 6 && s.transportOffset >= 0 && s.srcPort >= 0 && s.tcpFlags >= 0 && s.tcpSeq >= 0
                && s.tcpAck >= 0 && s.transportPayloadLength >= 0 && s.tcpWindow >= 0;
    }

    /**
     * A segment in an IP fragment (an outer one included: a VXLAN packet cut into fragments carries part of
     * a segment), which is never reassembled: it belongs to its stream, but its length is unknown, so it
     * takes no part in the sequence analysis, as in tshark without reassembly.
     */
    private static boolean inFragment(FrameSummary s) {
        return s.hasExpert(Ipv4Fields.FRAGMENT) || s.hasExpert(ExtFields.FRAGMENT_FIRST)
                || s.ipv4MoreFragments || s.ipv4FragmentOffset > 0
                || (s.expertCount >= FrameSummary.MAX_EXPERTS && s.incomplete);
    }

    /** SYN facts: MSS, window scaling (Wireshark's verify_tcp_window_scaling) and the SYN time for the iRTT. */
    private static void handshake(FrameSummary s, Conversation c, TcpFlow fwd, TcpFlow rev, int flags, long now) {
        if (s.tcpMss > 0) {
            fwd.announcedMss = s.tcpMss;
        }
        int scale = s.tcpWindowScaleMultiplier > 0 ? Integer.numberOfTrailingZeros(s.tcpWindowScaleMultiplier) : -1;
        fwd.windowScale = scale >= 0 ? scale : TcpFlow.WINDOW_SCALE_UNKNOWN;
        boolean synAck = (flags & ACK) != 0;
        if (fwd.windowScale == TcpFlow.WINDOW_SCALE_UNKNOWN) {
            fwd.windowScale = TcpFlow.WINDOW_SCALE_NONE;
            rev.windowScale = TcpFlow.WINDOW_SCALE_NONE;
        } else if (synAck && rev.windowScale == TcpFlow.WINDOW_SCALE_NONE) {
            fwd.windowScale = TcpFlow.WINDOW_SCALE_NONE;
        }
        if (!synAck) {
            c.lastSynNanos = now;
        }
    }

    /**
     * The window as the receiver reads it: shifted by the sender's scale from the handshake, except on a
     * SYN, whose window is never scaled and (as in Wireshark) shows no factor.
     */
    private static void scaledWindow(TcpFlow fwd, int flags, long window, TcpAnalysis out) {
        if (window < 0) {
            return;
        }
        boolean syn = (flags & SYN) != 0;
        int scale = fwd.windowScale;
        out.windowSize = fwd.scaled(window, syn);
        out.windowScalingFactor = syn ? 0 : scale == TcpFlow.WINDOW_SCALE_UNKNOWN ? -1
                : scale == TcpFlow.WINDOW_SCALE_NONE ? -2 : 1 << scale;
    }

    /** Wireshark's sequence analysis of one segment; returns its ACK number relative to the peer's base. */
    private long analyse(Conversation c, TcpFlow fwd, TcpFlow rev, long frame, long now, long rawSeq, long rawAck,
                         long seglenLong, int flags, int window, TcpAnalysis out) {
        boolean ackFlag = (flags & ACK) != 0;
        if (!fwd.baseSet) {
            if ((flags & SYN) != 0) {
                fwd.base = rawSeq;
                fwd.sawSyn = true;
            } else {
                fwd.base = Seq.sub(rawSeq, 1);
            }
            fwd.baseSet = true;
        }
        if (!rev.baseSet && ackFlag) {
            rev.base = Seq.sub(rawAck, 1);
            rev.baseSet = true;
        }
        long seq = Seq.sub(rawSeq, fwd.base);
        long ack = ackFlag ? Seq.sub(rawAck, rev.base) : rawAck;
        // the arithmetic is 32-bit, as on the wire; a segment never carries 4 GB
        long seglen = seglenLong & Seq.MASK;
        boolean synOrFin = (flags & (SYN | FIN)) != 0;
        long nextSeq = Seq.add(seq, seglen + (synOrFin ? 1 : 0));
        out.seq = relative ? seq : rawSeq;
        out.ack = relative && ackFlag ? ack : rawAck;
        out.nextSeq = relative ? nextSeq : Seq.add(nextSeq, fwd.base);

        // the iRTT: from the SYN to the ACK that completes the handshake
        if (ackFlag && (flags & SYN) == 0 && c.initialRttNanos < 0 && c.lastSynNanos >= 0
                && (fwd.sawSyn || rev.sawSyn) && c.a.sawSyn && c.b.sawSyn) {
            c.initialRttNanos = now - c.lastSynNanos;
        }

        if (ackFlag) {
            rev.validBytesInFlight = true;
        }
        int found = 0;
        boolean noSynFinRst = (flags & (SYN | FIN | RST)) == 0;
        boolean skipToFinishedForward = false;
        if (seglen == 1 && seq == fwd.nextSeq && rev.window == 0) {
            found |= TcpAnalysisFlag.ZERO_WINDOW_PROBE.bit();
            skipToFinishedForward = true;
        }
        if (!skipToFinishedForward) {
            if (window == 0 && noSynFinRst) {
                found |= TcpAnalysisFlag.ZERO_WINDOW.bit();
            }
            if (fwd.nextSeq != 0 && Seq.gt(seq, fwd.nextSeq) && (flags & RST) == 0) {
                found |= TcpAnalysisFlag.LOST_SEGMENT.bit();
                fwd.validBytesInFlight = false;
            }
            if (seglen <= 1 && seq == Seq.sub(fwd.nextSeq, 1) && noSynFinRst) {
                found |= TcpAnalysisFlag.KEEP_ALIVE.bit();
            }
            boolean repeatsLast = seglen == 0 && seq == fwd.nextSeq && fwd.lastAckSet && ack == fwd.lastAck && noSynFinRst;
            if (repeatsLast && window != 0 && window != fwd.window) {
                found |= TcpAnalysisFlag.WINDOW_UPDATE.bit();
            }
            long peerWindow = rev.scaledWindow();
            if (seglen > 0 && rev.windowScale != TcpFlow.WINDOW_SCALE_UNKNOWN && rev.lastAckSet && peerWindow >= 0
                    && Seq.add(seq, seglen) == Seq.add(rev.lastAck, peerWindow) && noSynFinRst) {
                found |= TcpAnalysisFlag.WINDOW_FULL.bit();
            }
            if (repeatsLast && window != 0 && window == fwd.window
                    && TcpAnalysisFlag.KEEP_ALIVE.in(rev.lastSegmentFlags)) {
                found |= TcpAnalysisFlag.KEEP_ALIVE_ACK.bit();
                skipToFinishedForward = true;
            } else if (repeatsLast && window == 0 && window == fwd.window
                    && TcpAnalysisFlag.ZERO_WINDOW_PROBE.in(rev.lastSegmentFlags)) {
                found |= TcpAnalysisFlag.ZERO_WINDOW_PROBE_ACK.bit();
                skipToFinishedForward = true;
            } else if (repeatsLast && window != 0 && window == fwd.window) {
                fwd.dupAckCount = fwd.dupAckCount == -1 ? 1 : fwd.dupAckCount + 1;
                found |= TcpAnalysisFlag.DUPLICATE_ACK.bit();
                out.duplicateAckNumber = fwd.dupAckCount;
                out.duplicateAckFrame = fwd.lastNonDupAckFrame;
            }
        }
        // finished_fwd: a changed ACK number resets the duplicate count
        if (!fwd.lastAckSet || ack != fwd.lastAck) {
            fwd.lastNonDupAckFrame = frame;
            fwd.dupAckCount = 0;
        }

        // an ACK beyond what the other side was seen to send: its segments were not captured. Flagged each
        // time (tshark 4.0), the mark then moved to what was seen, so a later gap is flagged again: a sender
        // whose own ACK number never changes (a bulk transfer) would otherwise have only its first one
        if (rev.maxSeqToBeAcked != 0 && Seq.gt(ack, rev.maxSeqToBeAcked) && ackFlag) {
            found |= TcpAnalysisFlag.ACK_LOST_SEGMENT.bit();
            rev.maxSeqToBeAcked = rev.nextSeq;
        }

        if (seglen > 0 || synOrFin) {
            found = retransmissionKind(c, fwd, rev, now, seq, seglen, flags, found);
        }

        // finished_checking_retransmission_type
        if (seglen > 0 || synOrFin) {
            fwd.addSegment(seq, nextSeq, frame, now);
        }
        boolean probe = TcpAnalysisFlag.ZERO_WINDOW_PROBE.in(found);
        if ((Seq.gt(nextSeq, fwd.nextSeq) || fwd.nextSeq == 0) && !probe) {
            fwd.nextSeq = nextSeq;
            fwd.nextSeqNanos = now;
        }
        if ((seq == fwd.maxSeqToBeAcked || fwd.maxSeqToBeAcked == 0) && !probe) {
            fwd.maxSeqToBeAcked = fwd.nextSeq;
        }
        fwd.window = window;
        fwd.windowFromSyn = (flags & SYN) != 0;
        scaledWindow(fwd, flags, window, out);
        fwd.lastAck = ack;
        fwd.lastAckSet = true;
        fwd.lastAckNanos = now;
        fwd.lastSegmentFlags = found;

        if (ackFlag) {
            rev.acknowledge(ack, now, out);
        }
        boolean exists = found != 0 || out.acksFrame >= 0;
        if (seglen != 0 && fwd.validBytesInFlight && fwd.segmentCount > 0) {
            // what the peer's latest SACK blocks say arrived is not in flight
            long inFlight = Seq.sub(fwd.unacknowledgedSpan(), rev.sackedBytes);
            // Wireshark's analysis record exists from here on, so the tree has the analysis subtree
            exists = true;
            if (inFlight > 0 && inFlight < 2_000_000_000L) {
                out.bytesInFlight = synOrFin ? inFlight - 1 : inFlight;
            }
        }
        out.flags |= found;
        out.analysisRecord = exists || out.flags != 0;
        if (out.analysisRecord && c.initialRttNanos > 0) {
            out.initialRttNanos = c.initialRttNanos;
        }
        return ack;
    }

    private static int retransmissionKind(Conversation c, TcpFlow fwd, TcpFlow rev, long now, long seq, long seglen,
                                          int flags, int found) {
        boolean notAdvanced = fwd.nextSeq != 0 && Seq.lt(seq, fwd.nextSeq);
        if (TcpAnalysisFlag.KEEP_ALIVE.in(found)) {
            return found;
        }
        if (seglen > 1 && Seq.sub(fwd.nextSeq, 1) == seq) {
            notAdvanced = false;
        }
        if (seglen > 0 && rev.lastAckSet && rev.lastAck != 0 && Seq.le(Seq.add(seq, seglen), rev.lastAck)) {
            return found | TcpAnalysisFlag.SPURIOUS_RETRANSMISSION.bit();
        }
        if (notAdvanced && rev.dupAckCount >= 2 && rev.lastAck == seq && now - rev.lastAckNanos < FAST_RETRANSMISSION_NANOS) {
            return found | TcpAnalysisFlag.FAST_RETRANSMISSION.bit();
        }
        long threshold = c.initialRttNanos > 0 ? c.initialRttNanos : DEFAULT_OUT_OF_ORDER_NANOS;
        long synFin = (flags & (SYN | FIN)) != 0 ? 1 : 0;
        if (notAdvanced && now - fwd.nextSeqNanos < threshold && fwd.nextSeq != Seq.add(seq, seglen + synFin)) {
            return found | TcpAnalysisFlag.OUT_OF_ORDER.bit();
        }
        if (notAdvanced) {
            return found | TcpAnalysisFlag.RETRANSMISSION.bit();
        }
        return found;
    }

    /** The smaller of the two sides' MSS options, or the one announced; -1 when neither was. */
    private static int mssInForce(TcpFlow fwd, TcpFlow rev) {
        int mss = fwd.announcedMss > 0 && rev.announcedMss > 0 ? Math.min(fwd.announcedMss, rev.announcedMss)
                : Math.max(fwd.announcedMss, rev.announcedMss);
        return mss > 0 ? mss : -1;
    }

    /** Wire segments a data segment stands for, and the peer's wire segments an ACK newly acknowledges. */
    private static void jumboCounts(FrameSummary s, TcpFlow fwd, TcpFlow rev, long seglen, int flags, long ack,
                                    TcpAnalysis out) {
        int mss = mssInForce(fwd, rev);
        out.mssInForce = mss;
        int options = Math.max(0, s.tcpHeaderLength - 20);
        int effective = mss > 0 && mss - options > 0 ? mss - options : -1;
        if (seglen > 0 && effective > 0) {
            out.effectiveMss = effective;
            out.wireSegments = (seglen + effective - 1) / effective;
            fwd.lastEffectiveMss = effective;
        }
        if ((flags & ACK) != 0) {
            if (fwd.highestAckSet && Seq.gt(ack, fwd.highestAck)) {
                long bytes = Seq.sub(ack, fwd.highestAck);
                out.ackedBytes = bytes;
                if (rev.lastEffectiveMss > 0) {
                    out.ackedSegments = (bytes + rev.lastEffectiveMss - 1) / rev.lastEffectiveMss;
                }
            }
            if (!fwd.highestAckSet || Seq.gt(ack, fwd.highestAck)) {
                fwd.highestAck = ack;
                fwd.highestAckSet = true;
            }
        }
    }

    /** Forgets closed conversations quiet for longer than the linger time; a few per frame at most. */
    private void expireClosed(long now) {
        for (int i = 0; i < 4 && !closed.isEmpty(); i++) {
            Conversation c = closed.peekFirst();
            if (open.get(c.key) != c) {
                // removed already (ports reused, or the cap)
                closed.pollFirst();
                continue;
            }
            if (now - c.lastNanos < CLOSED_LINGER_NANOS) {
                if (now - c.closedCheckNanos < CLOSED_LINGER_NANOS) {
                    return;
                }
                // seen again since it closed: look again one linger time later
                c.closedCheckNanos = now;
                closed.addLast(closed.pollFirst());
                continue;
            }
            closed.pollFirst();
            forget(open.remove(c.key));
        }
    }

    /** Gives back what reassembly held for a conversation no longer followed. */
    private static void forget(Conversation c) {
        if (c == null) {
            return;
        }
        for (TcpFlow f : new TcpFlow[] {c.a, c.b}) {
            if (f.pdus != null) {
                f.pdus.release();
            }
        }
    }

    /** What reassembly holds now over every stream, and at most so far. */
    public ReassemblyBudget reassembly() {
        return reassembly;
    }

    /** Follows the segment's payload for the protocol above, when one measures its messages. */
    private SegmentPlan reassemble(Conversation c, TcpFlow fwd, FrameSummary s, FrameRecord frame, long rawSeq, long seglen) {
        if (fwd.pdus == null) {
            if (s.tcpPayloadDissector == null) {
                return null;
            }
            fwd.pdus = new PduReassembly(reassembly, c.pduMemory);
        }
        return fwd.pdus.feed(s.tcpPayloadDissector, frame.buffer(), frame.number(), rawSeq,
                s.transportOffset + s.tcpHeaderLength, seglen);
    }

    private static final class Conversation {
        final ConversationKey key;
        final long stream;
        final boolean aIsLow;
        final TcpFlow a = new TcpFlow();
        final TcpFlow b = new TcpFlow();
        /** The protocol's memory for measuring its messages, shared by both directions' reassembly. */
        final Object[] pduMemory = new Object[1];
        final long firstNanos;
        long lastNanos;
        long lastSynNanos = -1;
        long initialRttNanos = -1;
        boolean closed;
        long closedCheckNanos;

        Conversation(ConversationKey key, long stream, boolean aIsLow, long now) {
            this.key = key;
            this.stream = stream;
            this.aIsLow = aIsLow;
            this.firstNanos = now;
            this.lastNanos = now;
            this.closedCheckNanos = now;
        }
    }

    /** Both endpoints (address and port), lower first, so both directions find the same conversation. */
    static final class ConversationKey {
        int version;
        long lowHi;
        long lowLo;
        int lowPort;
        long highHi;
        long highLo;
        int highPort;
        private boolean sourceIsLow;

        void set(FrameSummary s) {
            version = s.ipVersion;
            int order = compare(s.srcHi, s.srcLo, s.srcPort, s.dstHi, s.dstLo, s.dstPort);
            sourceIsLow = order <= 0;
            if (sourceIsLow) {
                lowHi = s.srcHi;
                lowLo = s.srcLo;
                lowPort = s.srcPort;
                highHi = s.dstHi;
                highLo = s.dstLo;
                highPort = s.dstPort;
            } else {
                lowHi = s.dstHi;
                lowLo = s.dstLo;
                lowPort = s.dstPort;
                highHi = s.srcHi;
                highLo = s.srcLo;
                highPort = s.srcPort;
            }
        }

        boolean sourceIsLow() {
            return sourceIsLow;
        }

        ConversationKey copy() {
            ConversationKey k = new ConversationKey();
            k.version = version;
            k.lowHi = lowHi;
            k.lowLo = lowLo;
            k.lowPort = lowPort;
            k.highHi = highHi;
            k.highLo = highLo;
            k.highPort = highPort;
            return k;
        }

        private static int compare(long aHi, long aLo, int aPort, long bHi, long bLo, int bPort) {
            int c = Long.compareUnsigned(aHi, bHi);
            if (c == 0) {
                c = Long.compareUnsigned(aLo, bLo);
            }
            return c != 0 ? c : Integer.compare(aPort, bPort);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ConversationKey k && k.version == version && k.lowHi == lowHi && k.lowLo == lowLo
                    && k.lowPort == lowPort && k.highHi == highHi && k.highLo == highLo && k.highPort == highPort;
        }

        @Override
        public int hashCode() {
            long h = lowHi * 31 + lowLo;
            h = h * 31 + highHi;
            h = h * 31 + highLo;
            h = h * 31 + ((long) lowPort << 16 | highPort);
            h = h * 31 + version;
            return Long.hashCode(h * 0x9E3779B97F4A7C15L);
        }
    }
}
