package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.ExpertItem;
import org.jumbocap.expert.Severity;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * Numbers about a capture, accumulated one dissected frame at a time. Memory grows with the number of
 * conversations and distinct expert ids, never with the number of frames, so a front end can feed it a
 * capture of any size. Not thread-safe: feed it from one thread.
 */
public final class CaptureStatistics {
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int SYN = 0x02;

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
    private final Map<Integer, Long> linkTypes = new TreeMap<>();
    private final Map<JumboKind, long[]> jumbo = new EnumMap<>(JumboKind.class);
    private final SizeHistogram sizes = new SizeHistogram();
    private final Map<FlowKey, FlowStats> directions = new LinkedHashMap<>();
    private final Map<String, Map<ChecksumState, Long>> checksums = new TreeMap<>();
    private final Map<String, ExpertCount> experts = new LinkedHashMap<>();

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

    /** Adds one frame, from its full dissection. */
    public void add(FrameTree tree) {
        FrameRecord rec = tree.frame();
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
        linkTypes.merge(rec.linkType(), 1L, Long::sum);
        sizes.add(length);

        JumboKind kind = jumboKind(tree);
        if (kind != null) {
            long[] c = jumbo.computeIfAbsent(kind, k -> new long[2]);
            c[0]++;
            c[1] += length;
        }
        addTransport(tree, rec, kind);
        String file = files.isEmpty() ? null : files.get(files.size() - 1);
        for (ExpertItem item : tree.experts()) {
            experts.computeIfAbsent(item.id(), id -> new ExpertCount(item, file, rec.number())).count++;
        }
    }

    private static JumboKind jumboKind(FrameTree tree) {
        List<FieldNode> kinds = tree.findAll("jumbo.kind");
        if (kinds.isEmpty()) {
            return null;
        }
        Object v = kinds.get(kinds.size() - 1).value();
        return v == null ? null : JumboKind.fromLabel(v.toString());
    }

    private void addTransport(FrameTree tree, FrameRecord rec, JumboKind kind) {
        FieldNode ip = null;
        FieldNode transport = null;
        for (FieldNode layer : tree.layers()) {
            switch (layer.name()) {
                case "ip", "ipv6" -> {
                    ip = layer;
                    transport = null;
                }
                case "tcp", "udp" -> transport = ip != null ? layer : transport;
                default -> {
                }
            }
        }
        if (ip == null || transport == null) {
            return;
        }
        boolean tcp = transport.name().equals("tcp");
        long length = rec.originalLength();
        if (tcp) {
            tcpFrames++;
            tcpBytes += length;
        } else {
            udpFrames++;
            udpBytes += length;
        }
        checksums.computeIfAbsent(transport.name(), k -> new EnumMap<>(ChecksumState.class))
                .merge(checksumState(transport), 1L, Long::sum);

        String p = ip.name();
        byte[] src = bytesOf(ip.find(p + ".src"));
        byte[] dst = bytesOf(ip.find(p + ".dst"));
        String t = transport.name();
        int srcPort = (int) longOf(transport.find(t + ".srcport"), -1);
        int dstPort = (int) longOf(transport.find(t + ".dstport"), -1);
        FlowKey key = FlowKey.of(src, dst, tcp ? TCP : UDP, srcPort, dstPort);
        if (key == null) {
            return;
        }
        FlowStats direction = directions.computeIfAbsent(key, FlowStats::new);
        long payload;
        if (tcp) {
            payload = longOf(transport.find("tcp.len"), -1);
            long flags = longOf(transport.find("tcp.flags"), 0);
            long mss = longOf(transport.find("tcp.options.mss_val"), -1);
            if ((flags & SYN) != 0 && mss > 0) {
                direction.announceMss((int) mss);
            }
        } else {
            long udpLength = longOf(transport.find("udp.length"), -1);
            payload = udpLength >= 8 ? udpLength - 8 : -1;
        }
        FlowStats reverse = directions.get(key.reversed());
        int receiverMss = reverse != null && reverse.announcedMss() > 0 ? reverse.announcedMss()
                : direction.announcedMss();
        direction.add(rec.number(), rec.timestampNanos(), length, payload, ipLength(ip, kind), kind != null,
                tcp ? receiverMss : -1);
    }

    private static long ipLength(FieldNode ip, JumboKind kind) {
        if (ip.name().equals("ipv6")) {
            long jumboLength = longOf(ip.find("jumbo.length"), -1);
            if (kind != null && jumboLength >= 0) {
                return 40 + jumboLength;
            }
            long plen = longOf(ip.find("ipv6.plen"), -1);
            return plen < 0 ? -1 : 40 + plen;
        }
        if (kind != null) {
            long jumboLength = longOf(ip.find("jumbo.length"), -1);
            long header = longOf(ip.find("ip.hdr_len"), 20);
            return jumboLength < 0 ? -1 : header + jumboLength;
        }
        return longOf(ip.find("ip.len"), -1);
    }

    private static ChecksumState checksumState(FieldNode transport) {
        FieldNode status = transport.find(transport.name() + ".checksum.status");
        if (status == null || !(status.value() instanceof Long v)) {
            return ChecksumState.NOT_CHECKED;
        }
        return ChecksumState.of(status.def().valueNames().get(v), v);
    }

    private static byte[] bytesOf(FieldNode n) {
        return n != null && n.value() instanceof byte[] b ? b : null;
    }

    private static long longOf(FieldNode n, long absent) {
        if (n == null) {
            return absent;
        }
        long v = n.longValue();
        return v < 0 ? absent : v;
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
        return Collections.unmodifiableMap(linkTypes);
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

    /** Every direction seen, in order of first appearance. */
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

    /** Checksum states per transport ("tcp", "udp"), every state listed. */
    public Map<String, Map<ChecksumState, Long>> checksums() {
        Map<String, Map<ChecksumState, Long>> out = new TreeMap<>();
        checksums.forEach((proto, counts) -> {
            Map<ChecksumState, Long> all = new EnumMap<>(ChecksumState.class);
            for (ChecksumState s : ChecksumState.values()) {
                all.put(s, counts.getOrDefault(s, 0L));
            }
            out.put(proto, Collections.unmodifiableMap(all));
        });
        return Collections.unmodifiableMap(out);
    }

    /** Expert items by id, in order of first appearance. */
    public List<ExpertCount> experts() {
        return List.copyOf(experts.values());
    }
}
