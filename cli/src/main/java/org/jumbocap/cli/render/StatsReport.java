package org.jumbocap.cli.render;

import org.jumbocap.render.Colors;
import org.jumbocap.render.Json;
import org.jumbocap.render.TimeFormat;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import org.jumbocap.render.SafeText;
import java.util.Map;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.stats.CaptureStatistics;
import org.jumbocap.stats.CaptureStatistics.Conversation;
import org.jumbocap.stats.TcpAnalysisStats;
import org.jumbocap.stats.CaptureStatistics.ExpertCount;
import org.jumbocap.stats.CaptureStatistics.KindCount;
import org.jumbocap.stats.ChecksumState;
import org.jumbocap.stats.FlowStats;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.stats.KernelFactsTally;
import org.jumbocap.stats.ProtocolHierarchy;
import org.jumbocap.stats.SizeHistogram;

/** Renders {@link CaptureStatistics} as text for a terminal or as one JSON object with the same numbers. */
public final class StatsReport {
    private static final int BAR_WIDTH = 40;

    /** Conversations listed when no number is asked for: the largest by bytes. */
    public static final int DEFAULT_TOP = 50;

    private StatsReport() {
    }

    /**
     * The conversations a report lists: all, in order of first appearance, when there are at most
     * {@code top} (or {@code top} is 0 or less); else the {@code top} largest by bytes, largest first.
     */
    static List<Conversation> shown(List<Conversation> all, int top) {
        if (top <= 0 || all.size() <= top) {
            return all;
        }
        return all.stream().sorted(java.util.Comparator.comparingLong(Conversation::bytes).reversed()).limit(top).toList();
    }

    public static String text(CaptureStatistics st, Colors colors) {
        return text(st, colors, DEFAULT_TOP);
    }

    public static String json(CaptureStatistics st) {
        return json(st, DEFAULT_TOP);
    }

    /** The text report, listing at most {@code top} conversations (0: all). */
    public static String text(CaptureStatistics st, Colors colors, int top) {
        StringBuilder s = new StringBuilder(4096);
        s.append(colors.bold("Capture")).append('\n');
        row(s, "Files", SafeText.of(String.join(", ", st.files())));
        row(s, "Frames", group(st.frames()));
        row(s, "Bytes", group(st.bytes()) + " on the wire, " + group(st.capturedBytes()) + " captured");
        row(s, "Duration", TimeFormat.seconds(st.durationNanos(), 6) + " s");
        StringBuilder links = new StringBuilder();
        st.linkTypes().forEach((lt, n) -> links.append(links.length() > 0 ? ", " : "")
                .append(LinkTypes.name(lt)).append(" (").append(lt).append("): ").append(group(n)));
        row(s, "Link types", links.toString());
        row(s, "Cut by snaplen", group(st.cutFrames()) + " frames");
        row(s, "TCP", group(st.tcpFrames()) + " frames, " + group(st.tcpBytes()) + " B");
        row(s, "UDP", group(st.udpFrames()) + " frames, " + group(st.udpBytes()) + " B");
        if (st.udpGsoSuspectedFrames() > 0) {
            row(s, "UDP GSO", group(st.udpGsoSuspectedFrames()) + " suspected super-packets, " + group(st.udpGsoSuspectedBytes())
                    + " B (udp.gso.suspected: no gso_size in the file)");
        }

        protocolsText(s, st.protocols(), colors);

        s.append('\n').append(colors.bold("Jumbograms and BIG TCP super-packets")).append('\n');
        for (KindCount k : st.jumboKinds()) {
            String line = String.format(Locale.ROOT, "  %-18s %10s frames %15s B %6.1f%% of bytes", k.kind().label(),
                    group(k.frames()), group(k.bytes()), percent(k.bytes(), st.bytes()));
            s.append(k.frames() > 0 ? colors.jumbo(line) : line).append('\n');
        }
        s.append(String.format(Locale.ROOT, "  %-18s %10s frames %15s B %6.1f%% of bytes%n", "total",
                group(st.jumboFrames()), group(st.jumboBytes()), percent(st.jumboBytes(), st.bytes())));

        kernelFactsText(s, st.kernelFacts(), colors);

        s.append('\n').append(colors.bold("Frame sizes (frame.len)")).append('\n');
        SizeHistogram h = st.sizes();
        long max = h.largestCount();
        for (SizeHistogram.Bucket b : h.buckets()) {
            int width = max == 0 ? 0 : (int) Math.round((double) b.count() * BAR_WIDTH / max);
            if (width == 0 && b.count() > 0) {
                width = 1;
            }
            String bar = "#".repeat(width);
            s.append(String.format(Locale.ROOT, "  %-10s %10s  ", b.label(), group(b.count())))
                    .append(b.lower() > 65535 ? colors.jumbo(bar) : bar).append('\n');
        }

        s.append('\n').append(colors.bold("Conversations and directions")).append('\n');
        List<Conversation> all = st.conversations();
        List<Conversation> conversations = shown(all, top);
        if (all.isEmpty() && st.evictedFlows() == 0) {
            s.append("  none (no IP)\n");
        }
        if (conversations.size() < all.size()) {
            long frames = 0;
            long bytes = 0;
            for (Conversation c : conversations) {
                frames += c.frames();
                bytes += c.bytes();
            }
            long allFrames = 0;
            long allBytes = 0;
            for (Conversation c : all) {
                allFrames += c.frames();
                allBytes += c.bytes();
            }
            s.append(String.format(Locale.ROOT, "  the %,d largest of %,d by bytes; the other %,d: %s frames, %s bytes "
                    + "(--all lists every one)%n", conversations.size(), all.size(), all.size() - conversations.size(),
                    group(allFrames - frames), group(allBytes - bytes)));
        }
        if (st.evictedFlows() > 0) {
            s.append(String.format(Locale.ROOT, "  evicted at the cap of %,d held at once (--max-flows): %,d conversations "
                    + "(%,d closed, %,d idle longest), %s frames, %s bytes; not listed, and a later frame of one "
                    + "starts it anew%n", st.maxFlows(), st.evictedFlows(), st.evictedClosedFlows(),
                    st.evictedFlows() - st.evictedClosedFlows(), group(st.evictedFlowFrames()), group(st.evictedFlowBytes())));
        }
        if (!conversations.isEmpty()) {
            int width = "direction".length();
            for (Conversation c : conversations) {
                width = Math.max(width, direction(c.forward()).length());
                if (c.reverse() != null) {
                    width = Math.max(width, direction(c.reverse()).length());
                }
            }
            String format = "  %-6s %-" + width + "s %8s %15s %7s %9s %9s %-12s %9s%n";
            s.append(String.format(Locale.ROOT, format, "proto", "direction", "frames", "bytes", "super", "largest",
                    "mean", "MSS/segment", "seg/super"));
            for (Conversation c : conversations) {
                s.append(String.format(Locale.ROOT, format, c.key().protocolName(),
                        c.key().sourceEndpoint() + " <-> " + c.key().destinationEndpoint(), group(c.frames()),
                        group(c.bytes()), group(c.superPackets()), "", "", "", "").stripTrailing()).append('\n');
                directionRow(s, format, c.forward(), c.reverse());
                if (c.reverse() != null) {
                    directionRow(s, format, c.reverse(), c.forward());
                }
            }
        }

        tcpAnalysisTable(s, conversations, colors);

        s.append('\n').append(colors.bold("Checksums")).append('\n');
        if (st.checksums().isEmpty()) {
            s.append("  none (no TCP or UDP)\n");
        }
        st.checksums().forEach((proto, counts) -> {
            s.append("  ").append(proto).append(':');
            counts.forEach((state, n) -> s.append(' ').append(state.label()).append(' ').append(group(n))
                    .append(state == ChecksumState.NOT_CHECKED ? "" : ","));
            s.append('\n');
        });
        if (!st.checksums().isEmpty()) {
            s.append(st.checksumsVerified()
                    ? "  (each summed over the bytes it covers)\n"
                    : "  (not summed, --no-verify-checksums: only offloaded ones recognised, the rest not checked)\n");
        }

        s.append('\n').append(colors.bold("Expert items")).append('\n');
        if (st.experts().isEmpty()) {
            s.append("  none\n");
        }
        for (ExpertCount e : st.experts()) {
            String line = String.format(Locale.ROOT, "  %-5s %-32s %8s  first in frame %d%s: %s",
                    e.severity().filterName(), e.id(), group(e.count()), e.firstFrame(),
                    e.firstFile() != null && st.files().size() > 1 ? " of " + SafeText.of(e.firstFile()) : "",
                    SafeText.of(e.firstMessage()));
            s.append(colors.severity(e.severity(), line)).append('\n');
        }
        return s.toString();
    }

    /**
     * The protocol hierarchy (tshark's {@code -z io,phs}, the viewer's Protocol Hierarchy) with, per protocol,
     * the frames whose highest protocol it is: its frames as the Protocol column would count them.
     */
    private static void protocolsText(StringBuilder s, ProtocolHierarchy h, Colors colors) {
        s.append('\n').append(colors.bold("Protocols (frames through each; highest: frames it is the top layer of)")).append('\n');
        if (h.root().children().isEmpty()) {
            s.append("  none\n");
            return;
        }
        s.append(String.format(Locale.ROOT, "  %-32s %10s %10s %15s%n", "protocol", "frames", "highest", "bytes"));
        for (ProtocolHierarchy.Node n : h.root().children()) {
            protocolRow(s, n, 0);
        }
    }

    private static void protocolRow(StringBuilder s, ProtocolHierarchy.Node n, int depth) {
        // names are the dissectors' filter names, never bytes of the capture
        s.append(String.format(Locale.ROOT, "  %-32s %10s %10s %15s%n", "  ".repeat(depth) + n.name(), group(n.frames()),
                group(n.endFrames()), group(n.bytes())));
        for (ProtocolHierarchy.Node c : n.children()) {
            protocolRow(s, c, depth + 1);
        }
    }

    private static void protocolsJson(Json j, ProtocolHierarchy.Node n) {
        j.beginObject().field("protocol", n.name()).field("frames", n.frames()).field("highest", n.endFrames())
                .field("bytes", n.bytes());
        if (!n.children().isEmpty()) {
            j.name("children").beginArray();
            for (ProtocolHierarchy.Node c : n.children()) {
                protocolsJson(j, c);
            }
            j.endArray();
        }
        j.endObject();
    }

    private static final String[] DIRECTIONS = {"unknown", "inbound", "outbound"};

    /** What the kernel recorded (a pcapng with its facts): super-packets per direction; nothing without. */
    private static void kernelFactsText(StringBuilder s, KernelFactsTally k, Colors colors) {
        if (k.recordedFrames() == 0) {
            return;
        }
        s.append('\n').append(colors.bold("Recorded by the kernel (pcapng packet flags, virtio_net_hdr)")).append('\n');
        for (int d : new int[] {PacketFlags.DIRECTION_OUTBOUND, PacketFlags.DIRECTION_INBOUND, PacketFlags.DIRECTION_UNKNOWN}) {
            if (k.frames(d) > 0) {
                s.append(String.format(Locale.ROOT, "  %-18s %10s frames %10s super-packets %15s B%n", DIRECTIONS[d],
                        group(k.frames(d)), group(k.superPackets(d)), group(k.superPacketBytes(d))));
            }
        }
        if (k.tcpGsoSuperPackets() > 0) {
            s.append(String.format(Locale.ROOT, "  %-18s %10s super-packets -> %s segments at their gso_size%n", "TCP GSO",
                    group(k.tcpGsoSuperPackets()), group(k.tcpGsoSegments())));
        }
        if (k.udpGsoSuperPackets() > 0) {
            s.append(String.format(Locale.ROOT, "  %-18s %10s super-packets -> %s datagrams at their gso_size%n", "UDP GSO",
                    group(k.udpGsoSuperPackets()), group(k.udpGsoDatagrams())));
        }
    }

    /** Per TCP direction: what the conversation analysis found (retransmitted bytes and share of the payload, ...). */
    private static void tcpAnalysisTable(StringBuilder s, List<Conversation> conversations, Colors colors) {
        List<FlowStats> tcp = new java.util.ArrayList<>();
        for (Conversation c : conversations) {
            if (c.key().protocol() == 6) {
                tcp.add(c.forward());
                if (c.reverse() != null) {
                    tcp.add(c.reverse());
                }
            }
        }
        if (tcp.isEmpty()) {
            return;
        }
        s.append('\n').append(colors.bold("TCP analysis")).append('\n');
        int width = "direction".length();
        for (FlowStats d : tcp) {
            width = Math.max(width, direction(d).length());
        }
        String format = "  %-" + width + "s %8s %15s %7s %6s %6s %6s %12s %12s%n";
        s.append(String.format(Locale.ROOT, format, "direction", "retrans", "retrans bytes", "share", "lost", "dupack",
                "ooo", "RTT median", "RTT max"));
        for (FlowStats d : tcp) {
            TcpAnalysisStats a = d.tcpAnalysis();
            s.append(String.format(Locale.ROOT, format, direction(d), group(a.retransmissions()), group(a.retransmittedBytes()),
                    String.format(Locale.ROOT, "%.2f%%", percent(a.retransmittedBytes(), d.payloadBytes())),
                    group(a.lostSegments()), group(a.duplicateAcks()), group(a.outOfOrder()),
                    millis(a.rttMedianNanos()), millis(a.rttMaxNanos())));
        }
    }

    private static String millis(long nanos) {
        return nanos < 0 ? "-" : String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    private static String direction(FlowStats d) {
        return "  " + d.key().sourceEndpoint() + " -> " + d.key().destinationEndpoint();
    }

    /** The MSS the receiving side announced in its SYN, else the sender's own, else -1. */
    private static int mss(FlowStats d, FlowStats other) {
        return other != null && other.announcedMss() > 0 ? other.announcedMss() : d.announcedMss();
    }

    private static void directionRow(StringBuilder s, String format, FlowStats d, FlowStats other) {
        int mss = mss(d, other);
        String mssText = d.key().protocol() != 6 ? "-" : mss <= 0 ? "MSS unknown"
                : d.effectiveMss() > 0 && d.effectiveMss() != mss ? mss + "/" + d.effectiveMss() : String.valueOf(mss);
        String segments = d.segmentsPerSuperPacket() < 0 ? "-"
                : String.format(Locale.ROOT, "%.1f", d.segmentsPerSuperPacket());
        s.append(String.format(Locale.ROOT, format, "", direction(d), group(d.frames()), group(d.bytes()),
                group(d.superPackets()), group(d.largestFrame()), group(Math.round(d.meanFrame())), mssText, segments));
    }

    /** The JSON report, listing at most {@code top} conversations (0: all). */
    public static String json(CaptureStatistics st, int top) {
        StringBuilder sb = new StringBuilder(4096);
        Json j = new Json(sb);
        j.beginObject();
        j.name("files").beginArray();
        st.files().forEach(j::value);
        j.endArray();
        j.field("frames", st.frames());
        j.field("bytes", st.bytes());
        j.field("captured_bytes", st.capturedBytes());
        j.name("first_time_epoch").number(TimeFormat.seconds(st.firstNanos(), 9));
        j.name("duration").number(TimeFormat.seconds(st.durationNanos(), 9));
        j.name("link_types").beginArray();
        st.linkTypes().forEach((lt, n) -> j.beginObject().field("link_type", lt).field("name", LinkTypes.name(lt))
                .field("frames", n).endObject());
        j.endArray();
        j.field("cut_frames", st.cutFrames());
        j.name("tcp").beginObject().field("frames", st.tcpFrames()).field("bytes", st.tcpBytes()).endObject();
        j.name("udp").beginObject().field("frames", st.udpFrames()).field("bytes", st.udpBytes())
                .field("gso_suspected", st.udpGsoSuspectedFrames()).endObject();
        j.name("protocols").beginArray();
        for (ProtocolHierarchy.Node n : st.protocols().root().children()) {
            protocolsJson(j, n);
        }
        j.endArray();
        j.name("jumbo").beginObject().field("frames", st.jumboFrames()).field("bytes", st.jumboBytes())
                .field("share_of_bytes", share(st.jumboBytes(), st.bytes()));
        j.name("kinds").beginArray();
        for (KindCount k : st.jumboKinds()) {
            j.beginObject().field("kind", k.kind().label()).field("frames", k.frames()).field("bytes", k.bytes())
                    .field("share_of_bytes", share(k.bytes(), st.bytes())).endObject();
        }
        j.endArray().endObject();
        KernelFactsTally k = st.kernelFacts();
        if (k.recordedFrames() > 0) {
            j.name("recorded").beginObject().field("frames", k.recordedFrames());
            j.name("directions").beginArray();
            for (int d = 0; d < DIRECTIONS.length; d++) {
                j.beginObject().field("direction", DIRECTIONS[d]).field("frames", k.frames(d))
                        .field("super_packets", k.superPackets(d)).field("super_packet_bytes", k.superPacketBytes(d))
                        .endObject();
            }
            j.endArray();
            j.name("tcp_gso").beginObject().field("super_packets", k.tcpGsoSuperPackets())
                    .field("segments", k.tcpGsoSegments()).endObject();
            j.name("udp_gso").beginObject().field("super_packets", k.udpGsoSuperPackets())
                    .field("datagrams", k.udpGsoDatagrams()).endObject();
            j.endObject();
        }
        j.name("size_histogram").beginArray();
        for (SizeHistogram.Bucket b : st.sizes().buckets()) {
            j.beginObject().field("bucket", b.label()).field("min", b.lower());
            if (b.upper() >= 0) {
                j.field("max", b.upper());
            }
            j.field("frames", b.count()).field("bytes", b.bytes()).endObject();
        }
        j.endArray();
        List<Conversation> all = st.conversations();
        List<Conversation> shown = shown(all, top);
        j.name("conversations_held").beginObject().field("count", all.size()).field("listed", shown.size())
                .field("max_flows", st.maxFlows()).field("evicted", st.evictedFlows())
                .field("evicted_closed", st.evictedClosedFlows()).field("evicted_frames", st.evictedFlowFrames())
                .field("evicted_bytes", st.evictedFlowBytes()).endObject();
        j.name("conversations").beginArray();
        for (Conversation c : shown) {
            j.beginObject().field("protocol", c.key().protocolName()).field("a", c.key().sourceEndpoint())
                    .field("b", c.key().destinationEndpoint()).field("frames", c.frames()).field("bytes", c.bytes())
                    .field("super_packets", c.superPackets());
            j.name("directions").beginArray();
            directionJson(j, c.forward(), c.reverse());
            if (c.reverse() != null) {
                directionJson(j, c.reverse(), c.forward());
            }
            j.endArray().endObject();
        }
        j.endArray();
        j.name("checksums").beginObject();
        j.field("verified", st.checksumsVerified());
        Map<String, Map<ChecksumState, Long>> checksums = new LinkedHashMap<>();
        // scripts read checksums.tcp and checksums.udp: both are always there, zero when unseen
        for (String proto : List.of("tcp", "udp")) {
            Map<ChecksumState, Long> zero = new EnumMap<>(ChecksumState.class);
            for (ChecksumState state : ChecksumState.values()) {
                zero.put(state, 0L);
            }
            checksums.put(proto, zero);
        }
        st.checksums().forEach((proto, counts) -> checksums.computeIfAbsent(proto, p -> new EnumMap<>(ChecksumState.class)).putAll(counts));
        for (Map.Entry<String, Map<ChecksumState, Long>> e : checksums.entrySet()) {
            j.name(e.getKey()).beginObject();
            e.getValue().forEach((state, n) -> j.field(state.name().toLowerCase(Locale.ROOT), n));
            j.endObject();
        }
        j.endObject();
        j.name("experts").beginArray();
        for (ExpertCount e : st.experts()) {
            j.beginObject().field("id", e.id()).field("severity", e.severity().filterName())
                    .field("group", e.group().filterName()).field("count", e.count())
                    .field("first_frame", e.firstFrame()).field("first_file", e.firstFile())
                    .field("message", e.firstMessage()).endObject();
        }
        j.endArray();
        j.endObject();
        return sb.append('\n').toString();
    }

    private static void directionJson(Json j, FlowStats d, FlowStats other) {
        int mss = mss(d, other);
        j.beginObject().field("src", d.key().sourceEndpoint()).field("dst", d.key().destinationEndpoint())
                .field("frames", d.frames()).field("bytes", d.bytes()).field("payload_bytes", d.payloadBytes())
                .field("super_packets", d.superPackets()).field("super_packet_bytes", d.superPacketBytes())
                .field("jumbograms", d.jumbograms()).field("largest", d.largestFrame())
                .field("mean", Math.round(d.meanFrame() * 10) / 10.0);
        j.name("mss");
        if (mss > 0) {
            j.value(mss);
        } else {
            j.value((String) null);
        }
        j.name("effective_mss");
        if (d.effectiveMss() > 0) {
            j.value(d.effectiveMss());
        } else {
            j.value((String) null);
        }
        j.name("segments_per_super_packet");
        if (d.segmentsPerSuperPacket() >= 0) {
            j.value(Math.round(d.segmentsPerSuperPacket() * 100) / 100.0);
        } else {
            j.value((String) null);
        }
        if (d.key().protocol() == 6) {
            TcpAnalysisStats a = d.tcpAnalysis();
            j.name("tcp_analysis").beginObject().field("retransmissions", a.retransmissions())
                    .field("retransmitted_bytes", a.retransmittedBytes())
                    .field("retransmitted_share", share(a.retransmittedBytes(), d.payloadBytes()))
                    .field("lost_segments", a.lostSegments()).field("duplicate_acks", a.duplicateAcks())
                    .field("out_of_order", a.outOfOrder()).field("rtt_samples", a.rttCount());
            j.name("rtt_median");
            if (a.rttMedianNanos() >= 0) {
                j.value(a.rttMedianNanos() / 1e9);
            } else {
                j.value((String) null);
            }
            j.name("rtt_max");
            if (a.rttMaxNanos() >= 0) {
                j.value(a.rttMaxNanos() / 1e9);
            } else {
                j.value((String) null);
            }
            j.endObject();
        }
        j.endObject();
    }

    private static void row(StringBuilder s, String label, String value) {
        s.append(String.format(Locale.ROOT, "  %-15s %s%n", label + ":", value));
    }

    private static String group(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : Math.round(10000.0 * part / whole) / 10000.0;
    }
}
