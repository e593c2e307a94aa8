package org.jumbocap.cli.render;

import org.jumbocap.render.Colors;
import org.jumbocap.render.Json;
import java.util.List;
import java.util.Locale;
import org.jumbocap.render.SafeText;
import java.util.Map;
import org.jumbocap.capture.host.InterfaceFacts;
import org.jumbocap.capture.host.InterfaceVerdict;
import org.jumbocap.capture.host.KernelVersion;
import org.jumbocap.check.CaptureCheck.FlowCheck;
import org.jumbocap.check.CaptureCheck;
import org.jumbocap.check.DirectionCheck;
import org.jumbocap.check.SizeCeiling;
import org.jumbocap.check.SizeDistribution;
import org.jumbocap.check.UdpGsoFlow;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.stats.FlowStats;

/**
 * Renders {@code jumbocap check}: the host's BIG TCP facts and verdicts per interface, and what captures
 * show per flow, as text or as one JSON object with stable keys.
 */
public final class CheckReport {
    /** What stops capture tools from seeing super-packets whole, whatever the interface. */
    public static final List<String> CAPTURE_TOOL_LIMITS = List.of(
            "snaplen: libpcap keeps at most 262,144 bytes of a frame on Linux (tcpdump -s 0 and Wireshark take that): "
                    + "super-packets longer than that are cut; jumbocap capture's AF_PACKET source keeps 524,288",
            "immediate mode (tcpdump --immediate-mode): libpcap 1.10 sizes its ring slots from the interface's MTU, "
                    + "cutting super-packets to about 64 KB; leave it off",
            "capture buffer: super-packets fill a small one at once and frames are dropped; give tcpdump -B 262144 "
                    + "(KiB) or more (jumbocap capture uses 256 MiB)");

    /** One interface's facts with its two verdicts. */
    public record InterfaceReport(InterfaceFacts facts, InterfaceVerdict ipv6, InterfaceVerdict ipv4) {
        public boolean healthy() {
            return ipv6.healthy() && ipv4.healthy();
        }
    }

    /** One capture's check, with its name (a file, or the interface of a live capture). */
    public record CaptureReport(String name, CaptureCheck check) {
    }

    private CheckReport() {
    }

    public static String text(KernelVersion kernel, List<InterfaceReport> interfaces, List<CaptureReport> captures,
                              Colors colors) {
        StringBuilder s = new StringBuilder(4096);
        if (!interfaces.isEmpty()) {
            s.append(colors.bold("Kernel " + kernel.release())).append('\n');
            for (String i : kernel.implications()) {
                s.append("    ").append(i).append('\n');
            }
            boolean anyBig = false;
            for (InterfaceReport r : interfaces) {
                s.append('\n');
                interfaceText(s, r, colors);
                anyBig |= r.ipv6().state() != InterfaceVerdict.State.OFF || r.ipv4().state() != InterfaceVerdict.State.OFF;
            }
            if (anyBig) {
                s.append('\n').append(colors.bold("Capture tools")).append('\n');
                for (String l : CAPTURE_TOOL_LIMITS) {
                    s.append("    ").append(l).append('\n');
                }
            }
        }
        for (CaptureReport c : captures) {
            if (s.length() > 0) {
                s.append('\n');
            }
            captureText(s, c, colors);
        }
        return s.toString();
    }

    private static void interfaceText(StringBuilder s, InterfaceReport r, Colors colors) {
        InterfaceFacts f = r.facts();
        s.append(colors.bold(SafeText.of(f.name()))).append(f.up() ? " (up)" : " (down)");
        if (f.linkType() != null) {
            s.append("  link ").append(f.linkType());
        }
        if (f.mtu() != null) {
            s.append("  mtu ").append(f.mtu());
        }
        s.append("  driver ").append(f.driver() == null ? "unknown" : f.driver()).append('\n');
        verdictText(s, "IPv6 BIG TCP", r.ipv6(), colors);
        verdictText(s, "IPv4 BIG TCP", r.ipv4(), colors);
        StringBuilder sizes = new StringBuilder();
        for (String key : InterfaceFacts.SIZE_KEYS) {
            Long v = f.attribute(key);
            if (v != null) {
                sizes.append(sizes.length() > 0 ? "  " : "").append(key).append(' ').append(v);
            }
        }
        s.append("    sizes: ").append(sizes.length() == 0 ? "none readable" : sizes).append("  (from ").append(f.source())
                .append(")\n");
        if (f.features() != null && !f.features().isEmpty()) {
            StringBuilder feats = new StringBuilder();
            f.features().forEach((k, v) -> feats.append(feats.length() > 0 ? ", " : "").append(k).append(' ').append(v));
            s.append("    offloads: ").append(feats).append('\n');
        }
        for (String u : f.unavailable()) {
            s.append("    unavailable: ").append(u).append('\n');
        }
    }

    private static void verdictText(StringBuilder s, String label, InterfaceVerdict v, Colors colors) {
        String line = "    " + label + ": " + v.line();
        s.append(switch (v.state()) {
            case ON -> v.caveats().isEmpty() ? colors.jumbo(line) : colors.warn(line);
            case PARTLY, UNKNOWN -> colors.warn(line);
            case OFF -> colors.error(line);
        }).append('\n');
        for (String fix : v.fixes()) {
            s.append("        to change: ").append(fix).append('\n');
        }
        for (String n : v.notes()) {
            s.append("        note: ").append(n).append('\n');
        }
        for (String c : v.caveats()) {
            s.append("        ").append(colors.warn("warning: " + c)).append('\n');
        }
    }

    private static void captureText(StringBuilder s, CaptureReport c, Colors colors) {
        CaptureCheck ch = c.check();
        s.append(colors.bold("# " + SafeText.of(c.name()))).append(String.format(Locale.ROOT, "  %s frames", group(ch.frames())));
        if (ch.cutFrames() > 0) {
            s.append(String.format(Locale.ROOT, ", %s cut by the snaplen", group(ch.cutFrames())));
        }
        s.append('\n');
        List<FlowCheck> flows = ch.flows();
        if (flows.isEmpty()) {
            s.append("    no TCP flows\n");
        }
        udpGsoText(s, ch);
        for (FlowCheck f : flows) {
            DirectionCheck d = f.data();
            s.append("tcp ").append(d.key().sourceEndpoint()).append(" -> ").append(d.key().destinationEndpoint()).append('\n');
            String verdict = "    verdict: " + f.verdict().line();
            s.append(switch (f.verdict().status()) {
                case BIG_TCP_ON -> colors.jumbo(verdict);
                case BIG_TCP_OFF, NO_SUPER_PACKETS -> colors.error(verdict);
                default -> verdict;
            }).append('\n');
            for (String w : f.verdict().warnings()) {
                s.append("    ").append(colors.warn("warning: " + w)).append('\n');
            }
            if (f.verdict().status() != org.jumbocap.check.FlowVerdict.Status.LITTLE_DATA) {
                directionText(s, d);
                s.append("    captured at: ").append(f.capturePoint().description()).append('\n');
                recordedText(s, d);
            }
            for (String n : f.verdict().notes()) {
                s.append("    note: ").append(n).append('\n');
            }
            if (f.reverse() != null) {
                FlowStats r = f.reverse().stats();
                s.append(String.format(Locale.ROOT, "    reverse: %s frames, %s B of payload, %s super-packets%n",
                        group(r.frames()), group(r.payloadBytes()), group(r.superPackets())));
            }
        }
    }

    /** The UDP flows that sent UDP GSO super-packets, after the TCP flows; nothing when there are none. */
    private static void udpGsoText(StringBuilder s, CaptureCheck ch) {
        for (UdpGsoFlow u : ch.udpGsoFlows()) {
            s.append("udp ").append(u.key().sourceEndpoint()).append(" -> ").append(u.key().destinationEndpoint()).append('\n');
            if (u.recorded() > 0) {
                String size = u.minGsoSize() == u.maxGsoSize() ? group(u.minGsoSize())
                        : group(u.minGsoSize()) + " to " + group(u.maxGsoSize());
                s.append(String.format(Locale.ROOT, "    UDP GSO: %s recorded by the kernel (gso_type udp_l4), %s at gso_size"
                        + " %s B%n", count(u.recorded(), "super-packet"), count(u.datagrams(), "datagram"), size));
                s.append(String.format(Locale.ROOT, "    recorded by the kernel: %s outbound, %s inbound%n",
                        group(u.outbound()), group(u.inbound())));
                if (u.side() != null) {
                    s.append("    captured at: ").append(u.side()).append('\n');
                }
            }
            if (u.suspected() > 0) {
                s.append(String.format(Locale.ROOT, "    suspected UDP GSO: %s longer than the path MTU with %s checksum left"
                        + " to offload (%s B of payload; no recorded gso_size: jumbocap segment --mtu guesses it)%n",
                        count(u.suspected(), "datagram"), u.suspected() == 1 ? "its" : "their", group(u.suspectedBytes())));
            }
        }
        if (ch.udpGsoUncounted() > 0) {
            s.append(String.format(Locale.ROOT, "    %s more UDP GSO super-packets of flows past the first %s, not listed%n",
                    group(ch.udpGsoUncounted()), group(ch.udpGsoFlows().size())));
        }
    }

    /** What the kernel recorded for the super-packets (a pcapng with its facts); nothing without. */
    private static void recordedText(StringBuilder s, DirectionCheck d) {
        long supers = d.sizes().count();
        if (d.recordedOutbound() + d.recordedInbound() == 0 && d.recordedGso() == 0) {
            return;
        }
        s.append(String.format(Locale.ROOT, "    recorded by the kernel: %s of %s super-packets outbound, %s inbound",
                group(d.recordedOutbound()), group(supers), group(d.recordedInbound())));
        if (d.recordedGso() > 0) {
            String size = d.minGsoSize() == d.maxGsoSize() ? group(d.minGsoSize())
                    : group(d.minGsoSize()) + " to " + group(d.maxGsoSize());
            s.append(String.format(Locale.ROOT, "; gso_size %s B (%s)", size, VnetHeader.gsoTypeName(d.gsoType())));
        }
        s.append('\n');
    }

    private static void directionText(StringBuilder s, DirectionCheck d) {
        FlowStats st = d.stats();
        s.append(String.format(Locale.ROOT, "    super-packets: %s of %s frames, carrying %.1f%% of %s B of payload%n",
                group(st.superPackets()), group(st.frames()), 100 * d.superPacketShare(), group(st.payloadBytes())));
        SizeDistribution sz = d.sizes();
        if (sz.count() > 0) {
            s.append(String.format(Locale.ROOT, "    sizes (IP packet): median %s  p90 %s  max %s B%s%n",
                    group(sz.quantile(0.5)), group(sz.quantile(0.9)), group(sz.max()),
                    sz.resolution() > 1 ? " (median and p90 to " + sz.resolution() + " B)" : ""));
            SizeCeiling c = d.ceiling();
            if (st.segmentsPerSuperPacket() > 0) {
                s.append(String.format(Locale.ROOT, "    segments per super-packet: mean %.1f, max %d (segment %s B)%n",
                        st.segmentsPerSuperPacket(), c.segments(), group(c.segmentSize())));
            }
            s.append(String.format(Locale.ROOT, "    ceiling: %s of %s super-packets within a segment of the largest%n",
                    group(c.atCeiling()), group(c.superPackets())));
        }
    }

    public static String json(KernelVersion kernel, List<InterfaceReport> interfaces, List<CaptureReport> captures,
                              boolean healthy) {
        Json j = new Json(new StringBuilder(4096));
        j.beginObject();
        j.field("healthy", healthy);
        if (!interfaces.isEmpty()) {
            j.name("kernel").beginObject().field("release", kernel.release());
            if (kernel.known()) {
                j.field("ipv6_big_tcp", kernel.ipv6BigTcp()).field("ipv4_big_tcp", kernel.ipv4BigTcp())
                        .field("hop_by_hop_inserted", kernel.insertsHopByHop());
            }
            j.name("implications");
            strings(j, kernel.implications());
            j.endObject();
            j.name("interfaces").beginArray();
            for (InterfaceReport r : interfaces) {
                interfaceJson(j, r);
            }
            j.endArray();
            j.name("capture_tool_limits");
            strings(j, CAPTURE_TOOL_LIMITS);
        } else {
            // the same keys whatever was checked: a file's report has no host facts, not fewer keys
            j.name("kernel").value((String) null);
            j.name("interfaces").beginArray().endArray();
            j.name("capture_tool_limits").beginArray().endArray();
        }
        j.name("captures").beginArray();
        for (CaptureReport c : captures) {
            captureJson(j, c);
        }
        j.endArray();
        j.endObject();
        return j.builder().append('\n').toString();
    }

    private static void interfaceJson(Json j, InterfaceReport r) {
        InterfaceFacts f = r.facts();
        j.beginObject().field("name", f.name()).field("up", f.up()).field("healthy", r.healthy());
        j.name("mtu");
        if (f.mtu() == null) {
            j.value((String) null);
        } else {
            j.value(f.mtu());
        }
        j.field("link_type", f.linkType()).field("driver", f.driver()).field("source", f.source());
        j.name("sizes").beginObject();
        for (String key : InterfaceFacts.SIZE_KEYS) {
            Long v = f.attribute(key);
            if (v != null) {
                j.field(key, v);
            }
        }
        j.endObject();
        j.name("offloads");
        if (f.features() == null) {
            j.value((String) null);
        } else {
            j.beginObject();
            for (Map.Entry<String, String> e : f.features().entrySet()) {
                j.field(e.getKey(), e.getValue());
            }
            j.endObject();
        }
        j.name("unavailable");
        strings(j, f.unavailable());
        verdictJson(j, r.ipv6());
        verdictJson(j, r.ipv4());
        j.endObject();
    }

    private static void verdictJson(Json j, InterfaceVerdict v) {
        j.name(v.family()).beginObject().field("state", v.state().key()).field("healthy", v.healthy())
                .field("verdict", v.line());
        j.name("fixes");
        strings(j, v.fixes());
        j.name("caveats");
        strings(j, v.caveats());
        j.name("notes");
        strings(j, v.notes());
        j.endObject();
    }

    private static void captureJson(Json j, CaptureReport c) {
        CaptureCheck ch = c.check();
        j.beginObject().field("name", c.name()).field("frames", ch.frames()).field("cut_frames", ch.cutFrames())
                .field("healthy", ch.healthy());
        j.name("flows").beginArray();
        for (FlowCheck f : ch.flows()) {
            j.beginObject().field("protocol", "tcp").field("src", f.data().key().sourceEndpoint())
                    .field("dst", f.data().key().destinationEndpoint());
            j.name("verdict").beginObject().field("status", f.verdict().status().key())
                    .field("healthy", f.verdict().healthy()).field("line", f.verdict().line());
            j.name("warnings");
            strings(j, f.verdict().warnings());
            j.name("notes");
            strings(j, f.verdict().notes());
            j.endObject();
            j.field("capture_point", f.capturePoint().key());
            j.field("capture_point_from", f.capturePoint().recorded() ? "recorded" : "checksums");
            j.name("directions").beginArray();
            directionJson(j, f.data());
            if (f.reverse() != null) {
                directionJson(j, f.reverse());
            }
            j.endArray();
            j.endObject();
        }
        j.endArray();
        j.name("udp_gso_flows").beginArray();
        for (UdpGsoFlow u : ch.udpGsoFlows()) {
            j.beginObject().field("src", u.key().sourceEndpoint()).field("dst", u.key().destinationEndpoint())
                    .field("recorded_super_packets", u.recorded()).field("datagrams", u.datagrams());
            nullableInt(j, "gso_size_min", u.minGsoSize());
            nullableInt(j, "gso_size_max", u.maxGsoSize());
            j.field("outbound_super_packets", u.outbound()).field("inbound_super_packets", u.inbound())
                    .field("suspected_datagrams", u.suspected()).field("suspected_payload_bytes", u.suspectedBytes());
            j.endObject();
        }
        j.endArray();
        j.field("udp_gso_uncounted", ch.udpGsoUncounted());
        j.endObject();
    }

    private static void nullableInt(Json j, String name, int value) {
        j.name(name);
        if (value < 0) {
            j.value((String) null);
        } else {
            j.value(value);
        }
    }

    private static void directionJson(Json j, DirectionCheck d) {
        FlowStats st = d.stats();
        j.beginObject().field("src", d.key().sourceEndpoint()).field("dst", d.key().destinationEndpoint())
                .field("frames", st.frames()).field("payload_bytes", st.payloadBytes())
                .field("super_packets", st.superPackets()).field("super_packet_payload", st.superPacketPayload())
                .field("super_packet_share", d.superPacketShare());
        SizeDistribution sz = d.sizes();
        j.name("sizes").beginObject().field("median", sz.quantile(0.5)).field("p90", sz.quantile(0.9))
                .field("max", sz.max()).field("min", sz.min()).field("resolution", sz.resolution()).endObject();
        j.field("segment_size", st.effectiveMss()).field("segments_per_super_packet", st.segmentsPerSuperPacket());
        SizeCeiling c = d.ceiling();
        j.name("ceiling");
        if (c == null) {
            j.value((String) null);
        } else {
            j.beginObject().field("reason", c.reason().name().toLowerCase(Locale.ROOT)).field("ip_length", c.ipLength())
                    .field("payload", c.payload()).field("segments", c.segments()).field("at_ceiling", c.atCeiling())
                    .field("setting_low", c.settingLow()).field("setting_high", c.settingHigh())
                    .field("likely_setting", c.likelySetting()).endObject();
        }
        j.name("recorded").beginObject().field("outbound_super_packets", d.recordedOutbound())
                .field("inbound_super_packets", d.recordedInbound()).field("gso_super_packets", d.recordedGso());
        nullableInt(j, "gso_size_min", d.minGsoSize());
        nullableInt(j, "gso_size_max", d.maxGsoSize());
        j.field("gso_type", d.gsoType() < 0 ? null : VnetHeader.gsoTypeName(d.gsoType())).endObject();
        j.field("hop_by_hop", d.hopByHop()).field("zero_length_ipv6", d.zeroLengthIpv6())
                .field("zero_length_ipv4", d.zeroLengthIpv4()).field("offloaded_super_packets", d.superOffloaded())
                .field("offloaded_frames", d.offloadedFrames()).field("cut_frames", d.cutFrames())
                .field("cut_super_packets", d.cutSuperPackets()).field("largest_frame", d.largestFrame());
        j.endObject();
    }

    private static void strings(Json j, List<String> list) {
        j.beginArray();
        for (String s : list) {
            j.value(s);
        }
        j.endArray();
    }

    /** "1 datagram", "9 datagrams". */
    private static String count(long n, String noun) {
        return group(n) + " " + noun + (n == 1 ? "" : "s");
    }

    private static String group(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
