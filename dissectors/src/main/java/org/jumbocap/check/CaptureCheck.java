package org.jumbocap.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.stats.FlowKey;
import org.jumbocap.stats.FlowStats;
import org.jumbocap.stats.SummaryDirections;

/**
 * What the TCP traffic of a capture shows about BIG TCP, per flow and direction: the share of payload in
 * super-packets, their sizes, where the sizes stop and the setting that explains it, where the capture was
 * taken, how the super-packets are marked, and what the snaplen cut; and the UDP flows that sent UDP GSO
 * super-packets ({@link UdpGsoFlow}). Fed with frame summaries only (no trees), so it runs at the speed of the
 * fast decoder. Memory grows with the number of flows. Not thread-safe.
 */
public final class CaptureCheck {
    private static final int TCP = 6;
    private static final int UDP = 17;
    /** UDP GSO flows kept at most: a capture of many senders' datagrams must not grow the table without end. */
    static final int MAX_UDP_GSO_FLOWS = 4096;

    private final SummaryDirections directions = new SummaryDirections();
    private final Map<FlowStats, DirectionCheck> checks = new IdentityHashMap<>();
    private final Map<FlowKey, UdpGsoFlow> udpGso = new LinkedHashMap<>();
    private long udpGsoUncounted;
    private final List<String> files = new ArrayList<>(1);
    private long frames;
    private long cutFrames;
    private FlowStats lastStats;
    private DirectionCheck lastCheck;

    /** One TCP flow: the direction that carried the most payload, the other one (or null), the verdict. */
    public record FlowCheck(DirectionCheck data, DirectionCheck reverse, CapturePoint capturePoint, FlowVerdict verdict) {
    }

    public void startFile(String name) {
        files.add(name);
    }

    /** Counts one frame from its summary. */
    public void add(FrameSummary s, FrameRecord rec) {
        frames++;
        if (rec.isCut()) {
            cutFrames++;
        }
        if (s.ipProto == UDP) {
            addUdp(s, rec);
            return;
        }
        if (s.ipProto != TCP) {
            return;
        }
        FlowStats d = directions.add(s, rec);
        if (d == null) {
            return;
        }
        DirectionCheck check = d == lastStats ? lastCheck : checks.computeIfAbsent(d, DirectionCheck::new);
        check.add(s, rec);
        lastStats = d;
        lastCheck = check;
    }

    /** A UDP datagram: counted when the kernel recorded it as a UDP GSO super-packet or the decoder suspects one. */
    private void addUdp(FrameSummary s, FrameRecord rec) {
        VnetHeader v = rec.vnetHeader();
        boolean recorded = v != null && v.isSuperPacket() && v.gsoKind() == VnetHeader.GSO_UDP_L4;
        if (!recorded && !s.hasExpert(UdpFields.GSO_SUSPECTED_NOTE)) {
            return;
        }
        FlowKey key = FlowKey.of(s);
        if (key == null) {
            return;
        }
        UdpGsoFlow flow = udpGso.get(key);
        if (flow == null) {
            if (udpGso.size() >= MAX_UDP_GSO_FLOWS) {
                udpGsoUncounted++;
                return;
            }
            flow = new UdpGsoFlow(key);
            udpGso.put(key, flow);
        }
        if (recorded) {
            flow.addRecorded(s, rec, v);
        } else {
            flow.addSuspected(s);
        }
    }

    /** The UDP flows that sent UDP GSO super-packets, recorded or suspected, in order of first appearance. */
    public List<UdpGsoFlow> udpGsoFlows() {
        return List.copyOf(udpGso.values());
    }

    /** UDP GSO super-packets of flows beyond {@link #MAX_UDP_GSO_FLOWS}, counted nowhere else. */
    public long udpGsoUncounted() {
        return udpGsoUncounted;
    }

    public List<String> files() {
        return Collections.unmodifiableList(files);
    }

    public long frames() {
        return frames;
    }

    /** Frames of any kind the snaplen cut. */
    public long cutFrames() {
        return cutFrames;
    }

    /** Every TCP flow, in order of first appearance, each with its verdict. */
    public List<FlowCheck> flows() {
        List<FlowCheck> out = new ArrayList<>();
        Map<FlowStats, Boolean> done = new IdentityHashMap<>();
        for (FlowStats d : directions.directions()) {
            if (done.containsKey(d) || !checks.containsKey(d)) {
                continue;
            }
            FlowStats r = directions.reverseOf(d);
            done.put(d, true);
            if (r != null) {
                done.put(r, true);
            }
            DirectionCheck a = checks.get(d);
            DirectionCheck b = r == null ? null : checks.get(r);
            if (b != null && b.stats().payloadBytes() > a.stats().payloadBytes()) {
                DirectionCheck t = a;
                a = b;
                b = t;
            }
            CapturePoint point = CapturePoint.judge(a, b);
            out.add(new FlowCheck(a, b, point, FlowVerdict.of(a, b, point)));
        }
        return out;
    }

    /** True when no flow's verdict is a problem. */
    public boolean healthy() {
        for (FlowCheck f : flows()) {
            if (!f.verdict().healthy()) {
                return false;
            }
        }
        return true;
    }
}
