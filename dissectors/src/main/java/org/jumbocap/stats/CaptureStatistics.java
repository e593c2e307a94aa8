package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.proto.icmp.IcmpFields;
import org.jumbocap.proto.icmp.Icmpv6Fields;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.ipv6.ext.ExtFields;
import org.jumbocap.proto.tcp.TcpAnalysisFields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisFlag;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * Numbers about a capture, accumulated one dissected frame at a time. Memory grows with the number of
 * conversations and distinct expert ids, never with the number of frames, so a front end can feed it a
 * capture of any size. Every IP packet belongs to one conversation: TCP and UDP by addresses and ports,
 * ICMP, ICMPv6 and any other protocol by addresses and protocol. The packet an ICMP error quotes is part of
 * the ICMP message, not a frame of the conversation it quotes. Not thread-safe: feed it from one thread.
 */
public final class CaptureStatistics {
    private static final int ICMP = 1;
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int ICMPV6 = 58;
    private static final int SYN = 0x02;
    private static final int MIN_TCP_HEADER = 20;
    private static final int IPV4_HEADER = 20;
    private static final int IPV6_HEADER = 40;
    private static final StatusStates TCP_STATES = new StatusStates(TcpFields.CHECKSUM_STATUS);
    private static final StatusStates UDP_STATES = new StatusStates(UdpFields.CHECKSUM_STATUS);

    private final List<String> files = new ArrayList<>(1);
    private long frames;
    private long bytes;
    private long capturedBytes;
    private long firstNanos = Long.MAX_VALUE;
    private long lastNanos = Long.MIN_VALUE;
    private long cutFrames;
    private long tcpFrames;
    private long tcpBytes;
    private long udpFrames;
    private long udpBytes;
    private final Map<Integer, long[]> linkTypes = new TreeMap<>();
    private int lastLinkType;
    private long[] lastLinkCount;
    private final Map<JumboKind, long[]> jumbo = new EnumMap<>(JumboKind.class);
    private final SizeHistogram sizes = new SizeHistogram();
    private final Map<FlowKey, FlowStats> directions = new LinkedHashMap<>();
    private FlowStats lastDirection;
    private FlowStats directionBefore;
    /** Frames per {@link ChecksumState} ordinal; null until the first TCP (UDP) frame. */
    private long[] tcpChecksums;
    private long[] udpChecksums;
    private final Map<String, ExpertCount> experts = new LinkedHashMap<>();
    private final FrameReading reading = new FrameReading();
    private final ConversationFacts facts = new ConversationFacts();
    private long framesFromTrees;
    private boolean checksumsVerified = true;

    /** Expert items of one id: how often, and where first. */
    public static final class ExpertCount {
        private final String id;
        private final Severity severity;
        private final ExpertGroup group;
        private final String firstMessage;
        private final String firstFile;
        private final long firstFrame;
        private long count;

        ExpertCount(ExpertItem item, String file, long frame) {
            this.id = item.id();
            this.severity = item.severity();
            this.group = item.group();
            this.firstMessage = item.message();
            this.firstFile = file;
            this.firstFrame = frame;
        }

        public String id() {
            return id;
        }

        public Severity severity() {
            return severity;
        }

        public ExpertGroup group() {
            return group;
        }

        public String firstMessage() {
            return firstMessage;
        }

        /** File of the first occurrence, or null when no file was named. */
        public String firstFile() {
            return firstFile;
        }

        public long firstFrame() {
            return firstFrame;
        }

        public long count() {
            return count;
        }
    }

    /** Frames and frame bytes of one jumbo kind. */
    public record KindCount(JumboKind kind, long frames, long bytes) {
    }

    /** Both directions of one conversation; {@code reverse} is null when only one side was seen. */
    public record Conversation(FlowKey key, FlowStats forward, FlowStats reverse) {
        public long frames() {
            return forward.frames() + (reverse == null ? 0 : reverse.frames());
        }

        public long bytes() {
            return forward.bytes() + (reverse == null ? 0 : reverse.bytes());
        }

        public long superPackets() {
            return forward.superPackets() + (reverse == null ? 0 : reverse.superPackets());
        }
    }

    /** Marks the start of another capture file; later expert first-occurrences name it. */
    public void startFile(String name) {
        files.add(name);
    }

    /**
     * Adds the pipeline's current frame from its summary, which holds every fact counted here, so no tree is
     * built; the tree is dissected only where the summary says it is not exact (an ICMP error's quote, a cut
     * header, more layers than it has room for) and, once per expert id, for the first message. Whether
     * checksums were summed is the pipeline's choice, which the caller reports with {@link #setChecksumsVerified}.
     */
    public void add(FramePipeline pipeline) {
        FrameSummary s = pipeline.summary();
        if (s.incomplete || s.truncated) {
            framesFromTrees++;
            add(pipeline.tree());
            return;
        }
        FrameRecord rec = pipeline.frame();
        JumboKind kind = null;
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerJumboKind[i] != null) {
                kind = s.layerJumboKind[i];
            }
        }
        countFrame(rec, kind);
        ConversationFacts f = facts.read(s, pipeline.tcpAnalysis());
        if (f != null) {
            addConversation(f, rec, kind);
        }
        FrameTree tree = null;
        for (int i = 0; i < s.expertCount; i++) {
            tree = countExpert(s.experts[i], pipeline, tree);
        }
        TcpAnalysis a = pipeline.tcpAnalysis();
        if (TcpAnalysisTree.hasExperts(a)) {
            // the conversation's findings, which the tree lists after the dissectors' own
            for (ExpertDef def : TcpAnalysisTree.experts(a)) {
                tree = countExpert(def, pipeline, tree);
            }
        }
    }

    /** Counts one finding; the first of its id takes its message from the frame's tree, built once. */
    private FrameTree countExpert(ExpertDef def, FramePipeline pipeline, FrameTree tree) {
        ExpertCount count = experts.get(def.id());
        if (count == null) {
            FrameTree t = tree != null ? tree : pipeline.tree();
            count = new ExpertCount(firstItem(t, def), currentFile(), pipeline.frame().number());
            experts.put(def.id(), count);
            tree = t;
        }
        count.count++;
        return tree;
    }

    private static ExpertItem firstItem(FrameTree tree, ExpertDef def) {
        for (ExpertItem item : tree.experts()) {
            if (item.id().equals(def.id())) {
                return item;
            }
        }
        throw new IllegalStateException("the summary lists " + def.id() + " but the tree does not");
    }

    private String currentFile() {
        return files.isEmpty() ? null : files.get(files.size() - 1);
    }

    private void countFrame(FrameRecord rec, JumboKind kind) {
        long length = rec.originalLength();
        frames++;
        bytes += length;
        capturedBytes += rec.capturedLength();
        long ts = rec.timestampNanos();
        firstNanos = Math.min(firstNanos, ts);
        lastNanos = Math.max(lastNanos, ts);
        if (rec.isCut()) {
            cutFrames++;
        }
        countLinkType(rec.linkType());
        sizes.add(length);
        if (kind != null) {
            long[] c = jumbo.computeIfAbsent(kind, k -> new long[2]);
            c[0]++;
            c[1] += length;
        }
    }

    /**
     * Adds one frame, from its full dissection.
     */
    public void add(FrameTree tree) {
        FrameRecord rec = tree.frame();
        FrameReading r = reading.read(tree);
        JumboKind kind = r.frameJumboKind;
        countFrame(rec, kind);
        if (r.ip != null) {
            addConversation(r.facts(), rec, kind);
        }
        r.forget();
        List<ExpertItem> items = tree.experts();
        if (!items.isEmpty()) {
            String file = currentFile();
            for (int i = 0, n = items.size(); i < n; i++) {
                ExpertItem item = items.get(i);
                ExpertCount count = experts.get(item.id());
                if (count == null) {
                    count = new ExpertCount(item, file, rec.number());
                    experts.put(item.id(), count);
                }
                count.count++;
            }
        }
    }

    private void countLinkType(int linkType) {
        if (lastLinkCount == null || lastLinkType != linkType) {
            lastLinkCount = linkTypes.computeIfAbsent(linkType, k -> new long[1]);
            lastLinkType = linkType;
        }
        lastLinkCount[0]++;
    }

    private void addConversation(ConversationFacts f, FrameRecord rec, JumboKind kind) {
        long length = rec.originalLength();
        FieldDef transport = f.transport;
        boolean tcp = transport == TcpFields.TCP;
        boolean udp = transport == UdpFields.UDP;
        int protocol;
        if (tcp) {
            protocol = TCP;
            tcpFrames++;
            tcpBytes += length;
            tcpChecksums = countChecksum(tcpChecksums, f.checksum);
        } else if (udp) {
            protocol = UDP;
            udpFrames++;
            udpBytes += length;
            udpChecksums = countChecksum(udpChecksums, f.checksum);
        } else if (transport == IcmpFields.ICMP) {
            protocol = ICMP;
        } else if (transport == Icmpv6Fields.ICMPV6) {
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
        direction.add(rec.number(), rec.timestampNanos(), length, payload, ipLength, kind != null, mss, optionsLength);
        if (tcp) {
            addTcpAnalysis(f, direction, payload);
        }
    }

    /** The frame's tcp.analysis findings; an ACK's RTT belongs to the direction whose segment it acknowledges. */
    private static void addTcpAnalysis(ConversationFacts r, FlowStats direction, long payload) {
        TcpAnalysisStats a = direction.tcpAnalysis();
        if (r.retransmission) {
            a.retransmissions++;
            a.retransmittedBytes += Math.max(0, payload);
        }
        a.lostSegments += r.lostSegment ? 1 : 0;
        a.duplicateAcks += r.duplicateAck ? 1 : 0;
        a.outOfOrder += r.outOfOrder ? 1 : 0;
        if (r.ackRttNanos >= 0 && direction.reverse != null) {
            direction.reverse.tcpAnalysis().addRtt(r.ackRttNanos);
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

    private static long[] countChecksum(long[] counts, ChecksumState state) {
        long[] c = counts == null ? new long[ChecksumState.values().length] : counts;
        c[state.ordinal()]++;
        return c;
    }

    /**
     * What each small value of a checksum status field means, worked out once from the field's value names
     * instead of from its text on every frame.
     */
    private static final class StatusStates {
        private static final int CACHED = 16;
        private final FieldDef def;
        private final ChecksumState[] byValue = new ChecksumState[CACHED];

        StatusStates(FieldDef def) {
            this.def = def;
            for (int v = 0; v < CACHED; v++) {
                byValue[v] = ChecksumState.of(def.valueNames().get((long) v), v);
            }
        }

        ChecksumState of(ChecksumVerdict verdict) {
            if (verdict == null) {
                return ChecksumState.NOT_CHECKED;
            }
            int code = verdict.code();
            return code >= 0 && code < CACHED ? byValue[code] : ChecksumState.of(def.valueNames().get((long) code), code);
        }

        ChecksumState of(FieldNode status) {
            if (status == null || !(status.value() instanceof Long v)) {
                return ChecksumState.NOT_CHECKED;
            }
            if (status.def() == def && v >= 0 && v < CACHED) {
                return byValue[(int) (long) v];
            }
            return ChecksumState.of(status.def().valueNames().get(v), v);
        }
    }

    /**
     * True when every TCP and UDP checksum counted was summed over its bytes (good or bad), false when some
     * were only judged for offload (then "not checked" means "not summed").
     */
    public boolean checksumsVerified() {
        return checksumsVerified;
    }

    /** Says whether the frames given (their pipeline, or their trees) had their checksums summed; true unless said. */
    public void setChecksumsVerified(boolean verified) {
        checksumsVerified = verified;
    }

    /** Frames the summary could not describe exactly, counted from their full dissection instead. */
    public long framesFromTrees() {
        return framesFromTrees;
    }

    public List<String> files() {
        return Collections.unmodifiableList(files);
    }

    public long frames() {
        return frames;
    }

    /** Sum of frame lengths on the wire. */
    public long bytes() {
        return bytes;
    }

    public long capturedBytes() {
        return capturedBytes;
    }

    /** Timestamp of the earliest frame, or 0 before any. */
    public long firstNanos() {
        return frames == 0 ? 0 : firstNanos;
    }

    public long lastNanos() {
        return frames == 0 ? 0 : lastNanos;
    }

    public long durationNanos() {
        return frames == 0 ? 0 : lastNanos - firstNanos;
    }

    /** Frames the snaplen cut. */
    public long cutFrames() {
        return cutFrames;
    }

    public long tcpFrames() {
        return tcpFrames;
    }

    public long tcpBytes() {
        return tcpBytes;
    }

    public long udpFrames() {
        return udpFrames;
    }

    public long udpBytes() {
        return udpBytes;
    }

    /** Frames per LINKTYPE_ value. */
    public Map<Integer, Long> linkTypes() {
        Map<Integer, Long> out = new TreeMap<>();
        linkTypes.forEach((lt, n) -> out.put(lt, n[0]));
        return Collections.unmodifiableMap(out);
    }

    /** Jumbograms and BIG TCP super-packets by kind, every kind listed (zero when absent). */
    public List<KindCount> jumboKinds() {
        List<KindCount> out = new ArrayList<>();
        for (JumboKind k : JumboKind.values()) {
            long[] c = jumbo.getOrDefault(k, new long[2]);
            out.add(new KindCount(k, c[0], c[1]));
        }
        return out;
    }

    public long jumboFrames() {
        long n = 0;
        for (long[] c : jumbo.values()) {
            n += c[0];
        }
        return n;
    }

    public long jumboBytes() {
        long n = 0;
        for (long[] c : jumbo.values()) {
            n += c[1];
        }
        return n;
    }

    public SizeHistogram sizes() {
        return sizes;
    }

    /** Every direction seen (TCP, UDP, ICMP, ICMPv6 and other IP protocols), in order of first appearance. */
    public List<FlowStats> directions() {
        return List.copyOf(directions.values());
    }

    /** Directions paired into conversations, forward being the direction seen first. */
    public List<Conversation> conversations() {
        Map<FlowKey, Conversation> out = new LinkedHashMap<>();
        for (FlowStats d : directions.values()) {
            FlowKey canonical = d.key().canonical();
            if (out.containsKey(canonical)) {
                continue;
            }
            FlowStats other = directions.get(d.key().reversed());
            out.put(canonical, new Conversation(d.key(), d, other == d ? null : other));
        }
        return List.copyOf(out.values());
    }

    /** Checksum states per transport ("tcp", "udp") that was seen, every state listed. */
    public Map<String, Map<ChecksumState, Long>> checksums() {
        Map<String, Map<ChecksumState, Long>> out = new TreeMap<>();
        putChecksums(out, "tcp", tcpChecksums);
        putChecksums(out, "udp", udpChecksums);
        return Collections.unmodifiableMap(out);
    }

    private static void putChecksums(Map<String, Map<ChecksumState, Long>> out, String protocol, long[] counts) {
        if (counts == null) {
            return;
        }
        Map<ChecksumState, Long> all = new EnumMap<>(ChecksumState.class);
        for (ChecksumState s : ChecksumState.values()) {
            all.put(s, counts[s.ordinal()]);
        }
        out.put(protocol, Collections.unmodifiableMap(all));
    }

    /** Expert items by id, in order of first appearance. */
    public List<ExpertCount> experts() {
        return List.copyOf(experts.values());
    }

    /**
     * The facts of one frame that its conversation counts, read from the summary or from the tree. One
     * instance is reused for every frame.
     */
    private static final class ConversationFacts {
        /** The innermost IP packet's transport layer (TCP, UDP, ICMP, ICMPv6), or null. */
        FieldDef transport;
        /** Protocol after the innermost IP header and extension headers, for a packet without a known transport. */
        int upperProtocol;
        boolean hasAddresses;
        int version;
        long srcHi;
        long srcLo;
        long dstHi;
        long dstLo;
        /** Real IP packet length, jumbo-aware, or -1. */
        long ipLength;
        /** Bytes of the IP header, with options and extension headers. */
        long ipHeaderLength;
        int srcPort;
        int dstPort;
        long tcpPayload;
        long tcpFlags;
        long tcpHeaderLength;
        long announcedMss;
        long udpLength;
        ChecksumState checksum;
        boolean retransmission;
        boolean lostSegment;
        boolean duplicateAck;
        boolean outOfOrder;
        /** The ACK's RTT in nanoseconds, as its tree shows it, or -1. */
        long ackRttNanos;

        /**
         * This frame's facts from its summary and its TCP analysis (null when conversations were not
         * followed), or null when the summary holds no IP packet.
         */
        ConversationFacts read(FrameSummary s, TcpAnalysis analysis) {
            if (s.ipVersion == 0 || s.ipLayerCount == 0) {
                return null;
            }
            transport = null;
            boolean afterIp = false;
            for (int i = 0; i < s.protocolLayerCount; i++) {
                FieldDef def = s.protocolLayers[i];
                if (def == Ipv4Fields.IP || def == Ipv6Fields.IPV6) {
                    afterIp = true;
                    transport = null;
                } else if (afterIp && transport == null && (def == TcpFields.TCP || def == UdpFields.UDP
                        || def == IcmpFields.ICMP || def == Icmpv6Fields.ICMPV6)) {
                    transport = def;
                }
            }
            upperProtocol = s.ipProto < 0 || s.ipProto > 255 ? -1 : s.ipProto;
            hasAddresses = true;
            version = s.ipVersion;
            srcHi = s.srcHi;
            srcLo = s.srcLo;
            dstHi = s.dstHi;
            dstLo = s.dstLo;
            ipHeaderLength = s.ipHeaderLength;
            ipLength = (version == 6 ? IPV6_HEADER : s.ipHeaderLength) + s.l3PayloadLength;
            srcPort = s.srcPort;
            dstPort = s.dstPort;
            tcpPayload = s.transportPayloadLength;
            tcpFlags = Math.max(0, s.tcpFlags);
            tcpHeaderLength = s.tcpHeaderLength;
            announcedMss = s.tcpMss;
            udpLength = s.udpLengthField;
            checksum = transport == TcpFields.TCP ? TCP_STATES.of(s.transportChecksum)
                    : transport == UdpFields.UDP ? UDP_STATES.of(s.transportChecksum) : ChecksumState.NOT_CHECKED;
            retransmission = lostSegment = duplicateAck = outOfOrder = false;
            ackRttNanos = -1;
            // what the tree's tcp.analysis subtree would hold (TcpAnalysisTree adds it on these conditions)
            if (transport == TcpFields.TCP && analysis != null && analysis.hasAnalysisTree()) {
                retransmission = analysis.has(TcpAnalysisFlag.RETRANSMISSION);
                lostSegment = analysis.has(TcpAnalysisFlag.LOST_SEGMENT);
                duplicateAck = analysis.has(TcpAnalysisFlag.DUPLICATE_ACK);
                outOfOrder = analysis.has(TcpAnalysisFlag.OUT_OF_ORDER);
                if (analysis.acksFrame >= 0 && analysis.ackRttNanos > 0) {
                    ackRttNanos = Math.round(TcpAnalysisTree.secondsValue(analysis.ackRttNanos) * 1e9);
                }
            }
            return this;
        }
    }

    /**
     * What one frame's tree says, read with one pass over the layers and, in the layers that matter, with
     * fields looked up by their declarations among the direct children ({@link FieldNode#child}, which
     * walks the children without making a list view of them). One instance is reused for every frame.
     */
    private static final class FrameReading {
        /** IP layer of the frame's conversation: the innermost, unless an ICMP error quotes a packet. */
        FieldNode ip;
        byte[] src;
        byte[] dst;
        long ipTotalLength;
        long ipHeaderLength;
        long ipv6PayloadLength;
        /** {@code jumbo.length} under the conversation's IP layer, or -1. */
        long jumboLength;
        /** IPv4 protocol or IPv6 next header field of the conversation's IP layer. */
        long protocolField;
        /** Kind of the last jumbo verdict anywhere in the frame. */
        JumboKind frameJumboKind;

        FieldDef transportDef;
        int srcPort;
        int dstPort;
        long tcpLength;
        long tcpFlags;
        long tcpHeaderLength;
        long announcedMss;
        boolean retransmission;
        boolean lostSegment;
        boolean duplicateAck;
        boolean outOfOrder;
        long ackRttNanos;
        long udpLength;
        FieldNode checksumStatus;

        FrameReading read(FrameTree tree) {
            ip = null;
            frameJumboKind = null;
            transportDef = null;
            boolean quote = false;
            FieldNode transport = null;
            List<FieldNode> layers = tree.layers();
            for (int i = 0, n = layers.size(); i < n; i++) {
                FieldNode layer = layers.get(i);
                FieldDef def = layer.def();
                if (def == Ipv4Fields.IP || def == Ipv6Fields.IPV6) {
                    if (quote) {
                        readJumboOnly(layer);
                    } else {
                        readIp(layer);
                        transport = null;
                    }
                } else if (!quote && ip != null && transport == null) {
                    if (def == TcpFields.TCP || def == UdpFields.UDP) {
                        transport = layer;
                    } else if (def == IcmpFields.ICMP || def == Icmpv6Fields.ICMPV6) {
                        transport = layer;
                        quote = true;
                    }
                }
            }
            if (transport != null) {
                transportDef = transport.def();
                if (transportDef == TcpFields.TCP) {
                    readTcp(transport);
                } else if (transportDef == UdpFields.UDP) {
                    readUdp(transport);
                }
            }
            return this;
        }

        private final ConversationFacts facts = new ConversationFacts();

        /** What the conversation counts of the frame just {@link #read}, which has an IP layer. */
        ConversationFacts facts() {
            ConversationFacts f = facts;
            f.transport = transportDef;
            f.upperProtocol = transportDef == null ? upperProtocol() : -1;
            f.hasAddresses = src != null && dst != null && src.length == dst.length && (src.length == 4 || src.length == 16);
            if (f.hasAddresses) {
                f.version = src.length == 4 ? 4 : 6;
                f.srcHi = FlowKey.high(src);
                f.srcLo = FlowKey.low(src);
                f.dstHi = FlowKey.high(dst);
                f.dstLo = FlowKey.low(dst);
            }
            f.ipLength = ipLength();
            f.ipHeaderLength = ip.length();
            f.srcPort = srcPort;
            f.dstPort = dstPort;
            f.tcpPayload = tcpLength;
            f.tcpFlags = tcpFlags;
            f.tcpHeaderLength = tcpHeaderLength;
            f.announcedMss = announcedMss;
            f.udpLength = udpLength;
            f.checksum = transportDef == TcpFields.TCP ? TCP_STATES.of(checksumStatus)
                    : transportDef == UdpFields.UDP ? UDP_STATES.of(checksumStatus) : ChecksumState.NOT_CHECKED;
            boolean tcp = transportDef == TcpFields.TCP;
            f.retransmission = tcp && retransmission;
            f.lostSegment = tcp && lostSegment;
            f.duplicateAck = tcp && duplicateAck;
            f.outOfOrder = tcp && outOfOrder;
            f.ackRttNanos = tcp ? ackRttNanos : -1;
            return f;
        }

        /** Drops the references into the frame's tree, so the statistics do not keep the last frame alive. */
        void forget() {
            ip = null;
            src = null;
            dst = null;
            checksumStatus = null;
        }

        private void readIp(FieldNode layer) {
            ip = layer;
            boolean v4 = layer.def() == Ipv4Fields.IP;
            src = bytesOf(layer.child(v4 ? Ipv4Fields.SRC : Ipv6Fields.SRC));
            dst = bytesOf(layer.child(v4 ? Ipv4Fields.DST : Ipv6Fields.DST));
            if (v4) {
                ipTotalLength = longOf(layer.child(Ipv4Fields.LEN));
                ipHeaderLength = longOf(layer.child(Ipv4Fields.HDR_LEN));
                protocolField = longOf(layer.child(Ipv4Fields.PROTO));
            } else {
                ipv6PayloadLength = longOf(layer.child(Ipv6Fields.PLEN));
                protocolField = longOf(layer.child(Ipv6Fields.NXT));
            }
            jumboLength = -1;
            FieldNode jumbo = layer.child(JumboFields.JUMBO);
            if (jumbo != null) {
                noteJumboKind(jumbo);
                jumboLength = longOf(jumbo.child(JumboFields.LENGTH));
            }
        }

        /** The packet an ICMP error quotes still makes the frame a jumbo frame, as the {@code jumbo} filter says. */
        private void readJumboOnly(FieldNode layer) {
            FieldNode jumbo = layer.child(JumboFields.JUMBO);
            if (jumbo != null) {
                noteJumboKind(jumbo);
            }
        }

        private void noteJumboKind(FieldNode jumbo) {
            FieldNode kind = jumbo.child(JumboFields.KIND);
            JumboKind k = kind == null || kind.value() == null ? null : JumboKind.fromLabel(kind.value().toString());
            if (k != null) {
                frameJumboKind = k;
            }
        }

        private void readTcp(FieldNode tcp) {
            srcPort = (int) longOf(tcp.child(TcpFields.SRCPORT));
            dstPort = (int) longOf(tcp.child(TcpFields.DSTPORT));
            tcpHeaderLength = longOf(tcp.child(TcpFields.HDR_LEN));
            tcpFlags = Math.max(0, longOf(tcp.child(TcpFields.FLAGS)));
            tcpLength = longOf(tcp.child(TcpFields.LEN));
            checksumStatus = childOf(tcp.child(TcpFields.CHECKSUM), TcpFields.CHECKSUM_STATUS);
            retransmission = lostSegment = duplicateAck = outOfOrder = false;
            ackRttNanos = -1;
            FieldNode analysis = tcp.child(TcpAnalysisFields.ANALYSIS);
            if (analysis != null) {
                FieldNode rtt = analysis.child(TcpAnalysisFields.ACK_RTT);
                if (rtt != null && rtt.value() instanceof Double seconds) {
                    ackRttNanos = Math.round(seconds * 1e9);
                }
                FieldNode flags = analysis.child(TcpAnalysisFields.FLAGS);
                if (flags != null) {
                    retransmission = flags.child(TcpAnalysisFields.RETRANSMISSION) != null;
                    lostSegment = flags.child(TcpAnalysisFields.LOST_SEGMENT) != null;
                    duplicateAck = flags.child(TcpAnalysisFields.DUPLICATE_ACK) != null;
                    outOfOrder = flags.child(TcpAnalysisFields.OUT_OF_ORDER) != null;
                }
            }
            announcedMss = -1;
            if ((tcpFlags & SYN) != 0) {
                FieldNode mss = childOf(childOf(tcp.child(TcpFields.OPTIONS), TcpFields.OPT_MSS), TcpFields.MSS_VAL);
                announcedMss = longOf(mss);
            }
        }

        private void readUdp(FieldNode udp) {
            srcPort = (int) longOf(udp.child(UdpFields.SRCPORT));
            dstPort = (int) longOf(udp.child(UdpFields.DSTPORT));
            udpLength = longOf(udp.child(UdpFields.LENGTH));
            checksumStatus = childOf(udp.child(UdpFields.CHECKSUM), UdpFields.CHECKSUM_STATUS);
        }

        /**
         * Real IP packet length (jumbo-aware) of the conversation's IP layer, or -1: from the layer's own
         * jumbo verdict, so an ordinary packet inside a jumbogram's tunnel keeps its header's length.
         */
        long ipLength() {
            if (ip.def() == Ipv6Fields.IPV6) {
                if (jumboLength >= 0) {
                    return IPV6_HEADER + jumboLength;
                }
                return ipv6PayloadLength < 0 ? -1 : IPV6_HEADER + ipv6PayloadLength;
            }
            if (jumboLength >= 0) {
                return (ipHeaderLength < 0 ? IPV4_HEADER : ipHeaderLength) + jumboLength;
            }
            return ipTotalLength;
        }

        /**
         * The protocol after the IP header and, for IPv6, its extension-header chain (50 for ESP, 44's
         * payload for a fragment's next header...), or -1 when the header did not say.
         */
        int upperProtocol() {
            long protocol = protocolField;
            if (ip.def() == Ipv6Fields.IPV6) {
                // only here, for the rare packet no transport was dissected for, is the chain looked at
                FieldNode last = null;
                List<FieldNode> children = ip.children();
                for (int i = 0, n = children.size(); i < n; i++) {
                    FieldDef d = children.get(i).def();
                    if (d == ExtFields.HOPOPTS || d == ExtFields.DSTOPTS || d == ExtFields.ROUTING || d == ExtFields.FRAGHDR
                            || d == ExtFields.AH || d == ExtFields.MIPV6) {
                        last = children.get(i);
                    }
                }
                if (last != null) {
                    List<FieldNode> fields = last.children();
                    for (int i = 0, n = fields.size(); i < n; i++) {
                        FieldDef d = fields.get(i).def();
                        if (d == ExtFields.HOPOPTS_NXT || d == ExtFields.DSTOPTS_NXT || d == ExtFields.ROUTING_NXT
                                || d == ExtFields.FRAGHDR_NXT || d == ExtFields.AH_NEXT_HEADER || d == ExtFields.MIP6_PROTO) {
                            protocol = fields.get(i).longValue();
                            break;
                        }
                    }
                }
            }
            return protocol < 0 || protocol > 255 ? -1 : (int) protocol;
        }

        private static FieldNode childOf(FieldNode parent, FieldDef def) {
            return parent == null ? null : parent.child(def);
        }

        private static long longOf(FieldNode n) {
            return n == null ? -1 : n.longValue();
        }

        private static byte[] bytesOf(FieldNode n) {
            return n != null && n.value() instanceof byte[] b ? b : null;
        }
    }
}
