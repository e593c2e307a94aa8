package org.jumbocap.segment;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.stats.FlowKey;

/**
 * Re-segmentation: writes a capture in which every TCP super-packet (a segment with more payload than its
 * flow's segment size: RFC 2675 jumbograms, BIG TCP packets with a zero length field, GSO/GRO packets over
 * the MTU; behind any link layer and VLAN tags, and inside VXLAN, Geneve and IP-in-IP, where the inner
 * packet is cut and the outer headers rebuilt) is replaced by the segments TSO would have put on the wire,
 * and every other frame is copied byte for byte. Fed frame by frame with the frame's summary (from {@link
 * org.jumbocap.pipeline.FramePipeline}); streaming, in memory that grows with the number of TCP flows only.
 *
 * <p>Segment size: the gso_size the kernel recorded for the super-packet, when the file has it (TCP GSO
 * types only; {@link FrameRecord#vnetHeader()}), which is exactly where TSO cut it. Else, per flow direction: the MSS in force from the flow's SYNs (the smaller of the two
 * announced) less the TCP options of the super-packet, which every segment repeats, as Linux's {@code
 * mss_cache} is; else {@code --mss} less those options; else what the MTU leaves after the segment's headers
 * from the outermost IP header on. Never more than the outermost IP length field can state.
 *
 * <p>A UDP GSO super-packet (gso_type udp_l4 recorded by the kernel) is cut into datagrams of its gso_size
 * ({@link UdpGsoSplitter}); without the recorded facts, a datagram the UDP decoder marked as a suspected UDP
 * GSO super-packet ({@code udp.gso.suspected}) is cut at a guessed size, what the MTU leaves after its IP and
 * UDP headers ({@link SizeRule#UDP_GSO_GUESS}); other UDP datagrams are copied as they are.
 *
 * <p>A frame that cannot be rebuilt (cut by the snaplen, lengths that disagree with the bytes, a malformed
 * header, a wrong TCP checksum, a fragment, a jumbogram that is not TCP) is written whole and counted
 * ({@link SegmentReport#keptByReason}).
 */
public final class Segmenter {
    public static final int DEFAULT_MTU = 1500;
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int UDP_HEADER = 8;
    private static final int TCP_SYN = 0x02;
    private static final int TCP_RST = 0x04;
    private static final int TCP_MIN_HEADER = 20;
    private static final int SMALLEST_MTU = 68;

    private final CaptureWriter out;
    private final int mss;
    private final int mtu;
    private final long step;
    private final SuperPacketSplitter splitter = new SuperPacketSplitter();
    private final UdpGsoSplitter udpSplitter = new UdpGsoSplitter();
    private final Map<FlowKey, Integer> announcedMss = new HashMap<>();
    private final SegmentReport report = new SegmentReport();
    /** Time of the last frame written: none is written earlier, so the output stays in time order. */
    private long lastTime = Long.MIN_VALUE;

    /**
     * @param out where the frames go; segments after the first of a super-packet are a nanosecond apart in
     *            a pcapng or nanosecond pcap, a microsecond in a microsecond pcap
     * @param mss the MSS for flows whose SYNs were not seen, or 0 or less to derive one from {@code mtu}
     * @param mtu the MTU that derives a segment size when neither the flow nor {@code mss} gives one
     */
    public Segmenter(CaptureWriter out, int mss, int mtu) {
        if (mtu < SMALLEST_MTU) {
            throw new IllegalArgumentException("MTU " + mtu + " is below IPv4's smallest, " + SMALLEST_MTU);
        }
        this.out = out;
        this.mss = mss;
        this.mtu = mtu;
        this.step = out.formatName().equals("pcap") ? 1000 : 1;
    }

    public SegmentReport report() {
        return report;
    }

    /**
     * Writes one frame, or the segments it stands for.
     *
     * @param s the frame's summary, as the pipeline made it for this record
     */
    public void write(FrameRecord frame, FrameSummary s) throws IOException {
        report.framesIn++;
        int recordedUdp = s.ipProto == UDP ? recordedUdpGsoSize(frame) : 0;
        if (recordedUdp > 0 && splitUdp(frame, s, recordedUdp, SizeRule.GSO_SIZE)) {
            return;
        }
        if (s.ipProto == UDP && recordedUdp == 0 && s.hasExpert(UdpFields.GSO_SUSPECTED_NOTE)
                && splitUdp(frame, s, mtu - (s.transportOffset + UDP_HEADER - s.layerIpOffset[0]), SizeRule.UDP_GSO_GUESS)) {
            return;
        }
        if (s.ipProto != TCP || s.transportOffset < 0 || s.tcpHeaderLength < TCP_MIN_HEADER
                || s.transportPayloadLength < 0 || s.ipLayerCount < 1) {
            if (s.anyJumbo()) {
                copy(frame, KeepReason.NOT_TCP);
            } else if (s.udpCount > 0 && s.ipLayerCount > 0 && splitter.prepare(frame, s, false) == null
                    && splitter.udpChecksumOffloaded()) {
                // a tunnel's outer UDP checksum left for the NIC, completed as the NIC sends it
                long time = startTime(frame);
                splitter.writeCompleted(frame, time, out);
                lastTime = time;
                report.framesWritten++;
                report.bytesWritten += frame.capturedLength();
                report.checksumsCompleted++;
            } else {
                copy(frame, null);
            }
            return;
        }
        FlowKey flow = FlowKey.of(s);
        if ((s.tcpFlags & TCP_SYN) != 0 && s.tcpMss > 0 && flow != null) {
            announcedMss.put(flow, s.tcpMss);
        }
        long payload = s.transportPayloadLength;
        int options = s.tcpHeaderLength - TCP_MIN_HEADER;
        int inForce = mssInForce(flow);
        int recorded = recordedTcpGsoSize(frame);
        KeepReason why = splitter.prepare(frame, s);
        if (why != null) {
            // only what would have been split counts as left whole; the rest is simply copied
            long roughSize = recorded > 0 ? recorded : inForce > 0 ? inForce - options : mss > 0 ? mss - options
                    : mtu - (s.transportOffset + s.tcpHeaderLength - s.layerIpOffset[0]);
            copy(frame, s.anyJumbo() || payload > roughSize ? why : null);
            return;
        }
        SizeRule rule;
        long size;
        if (recorded > 0) {
            rule = SizeRule.GSO_SIZE;
            size = recorded;
        } else if (inForce > 0) {
            rule = SizeRule.FLOW_MSS;
            size = inForce - options;
        } else if (mss > 0) {
            rule = SizeRule.MSS_OPTION;
            size = mss - options;
        } else {
            rule = SizeRule.MTU;
            size = mtu - splitter.headerBytesFromOuterIp();
        }
        size = Math.min(size, splitter.largestSegment());
        if (payload <= size && !s.anyJumbo()) {
            if (splitter.checksumOffloaded(frame, s)) {
                // the frame as the NIC sends it: the same bytes with the checksum completed
                int count = splitter.sumAndCheck(frame, s, (int) Math.max(1, payload));
                long time = startTime(frame);
                splitter.write(frame, s, (int) Math.max(1, payload), count, out, time, step);
                lastTime = time;
                report.framesWritten++;
                report.bytesWritten += frame.capturedLength();
                report.checksumsCompleted++;
            } else {
                copy(frame, null);
            }
            return;
        }
        if ((s.tcpFlags & (TCP_SYN | TCP_RST)) != 0) {
            copy(frame, KeepReason.SYN_OR_RST);
            return;
        }
        if (size < 1) {
            copy(frame, KeepReason.SEGMENT_SIZE);
            return;
        }
        int segmentSize = (int) size;
        int count = splitter.sumAndCheck(frame, s, segmentSize);
        if (count == 0) {
            copy(frame, KeepReason.BAD_CHECKSUM);
            return;
        }
        long time = startTime(frame);
        splitter.write(frame, s, segmentSize, count, out, time, step);
        lastTime = time + (count - 1) * step;
        report.framesWritten += count;
        report.bytesWritten += (long) (splitter.headerBytesFromOuterIp() + s.layerIpOffset[0]) * count + payload;
        report.split(flow, rule, segmentSize, count);
    }

    /**
     * Cuts a UDP GSO super-packet into the datagrams that went on the wire; false when it cannot (then it is
     * written as any other UDP frame, and counted as left whole when it was cut or broken).
     */
    private boolean splitUdp(FrameRecord frame, FrameSummary s, int size, SizeRule rule) throws IOException {
        if (size < 1) {
            report.keep(KeepReason.SEGMENT_SIZE, frame.number());
            return false;
        }
        KeepReason why = udpSplitter.prepare(frame, s);
        if (why != null) {
            report.keep(why, frame.number());
            return false;
        }
        long time = startTime(frame);
        int count = udpSplitter.write(frame, s, size, out, time, step);
        lastTime = time + (count - 1) * step;
        report.framesWritten += count;
        report.bytesWritten += (long) udpSplitter.headerBytes() * count + s.transportPayloadLength;
        report.split(FlowKey.of(s), rule, size, count);
        return true;
    }

    /** The gso_size of a UDP GSO super-packet (gso_type udp_l4) as the kernel recorded it, or 0. */
    private static int recordedUdpGsoSize(FrameRecord frame) {
        VnetHeader v = frame.vnetHeader();
        return v != null && v.isSuperPacket() && v.gsoKind() == VnetHeader.GSO_UDP_L4 ? v.gsoSize() : 0;
    }

    /** The gso_size of a TCP super-packet as the kernel recorded it, or 0 when the frame has none. */
    private static int recordedTcpGsoSize(FrameRecord frame) {
        VnetHeader v = frame.vnetHeader();
        if (v == null || !v.isSuperPacket()) {
            return 0;
        }
        int kind = v.gsoKind();
        return kind == VnetHeader.GSO_TCPV4 || kind == VnetHeader.GSO_TCPV6 ? v.gsoSize() : 0;
    }

    /**
     * The MSS that bounds this direction: the smaller of the two announced in the SYNs (the receiver's caps
     * the segments; Linux also clamps to its own), else whichever was seen, else -1.
     */
    private int mssInForce(FlowKey flow) {
        if (flow == null) {
            return -1;
        }
        Integer own = announcedMss.get(flow);
        Integer peer = announcedMss.get(flow.reversed());
        if (own != null && peer != null) {
            return Math.min(own, peer);
        }
        return peer != null ? peer : own != null ? own : -1;
    }

    /**
     * The time a frame is written at: its own, unless the segments written before it reach past that, when
     * it goes right after them (a microsecond pcap spreads 129 segments over 129 microseconds, and the next
     * frame may have come sooner), so the file stays in time order.
     */
    private long startTime(FrameRecord frame) {
        long time = frame.timestampNanos();
        if (time < lastTime) {
            report.framesDelayed++;
            report.longestDelay = Math.max(report.longestDelay, lastTime - time);
            return lastTime;
        }
        return time;
    }

    private void copy(FrameRecord frame, KeepReason reason) throws IOException {
        if (reason != null) {
            report.keep(reason, frame.number());
        }
        long time = startTime(frame);
        if (time == frame.timestampNanos()) {
            out.write(frame);
        } else {
            out.write(frame, time, frame.data(), frame.capturedLength(), frame.data(), 0, 0, frame.originalLength());
        }
        lastTime = time;
        report.framesWritten++;
        report.bytesWritten += frame.capturedLength();
    }

    public void flush() throws IOException {
        out.flush();
    }
}
