package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The statistics read fields by their declarations among a layer's direct children. This reads the same
 * numbers the slow, obvious way (fields found by filter name anywhere below the layer, the jumbo kind from
 * every {@code jumbo.kind} of the tree) and expects the same counts on every sample capture.
 */
class FieldLookupEquivalenceTest {
    /** What the slow reading counts per TCP or UDP direction: frames, bytes, payload bytes, jumbograms. */
    private static final class Expected {
        final Map<String, long[]> directions = new TreeMap<>();
        final Map<String, Map<ChecksumState, Long>> checksums = new TreeMap<>();
        final Map<JumboKind, Long> kinds = new EnumMap<>(JumboKind.class);
        long tcpFrames;
        long udpFrames;
    }

    private static long longOf(FieldNode n) {
        return n == null ? -1 : n.longValue();
    }

    private static Expected readSlowly(List<FrameTree> trees) {
        Expected e = new Expected();
        for (FrameTree tree : trees) {
            List<FieldNode> kinds = tree.findAll("jumbo.kind");
            JumboKind kind = kinds.isEmpty() ? null : JumboKind.fromLabel(kinds.get(kinds.size() - 1).value().toString());
            if (kind != null) {
                e.kinds.merge(kind, 1L, Long::sum);
            }
            FieldNode ip = null;
            FieldNode transport = null;
            boolean quote = false;
            for (FieldNode layer : tree.layers()) {
                switch (layer.name()) {
                    case "ip", "ipv6" -> {
                        if (!quote) {
                            ip = layer;
                            transport = null;
                        }
                    }
                    case "tcp", "udp" -> transport = ip != null && !quote && transport == null ? layer : transport;
                    case "icmp", "icmpv6" -> {
                        if (ip != null && !quote && transport == null) {
                            transport = layer;
                            quote = true;
                        }
                    }
                    default -> {
                    }
                }
            }
            if (transport == null || transport.name().startsWith("icmp")) {
                continue;
            }
            String t = transport.name();
            if (t.equals("tcp")) {
                e.tcpFrames++;
            } else {
                e.udpFrames++;
            }
            FieldNode status = transport.find(t + ".checksum.status");
            ChecksumState state = status == null || !(status.value() instanceof Long v) ? ChecksumState.NOT_CHECKED
                    : ChecksumState.of(status.def().valueNames().get(v), v);
            e.checksums.computeIfAbsent(t, k -> new EnumMap<>(ChecksumState.class)).merge(state, 1L, Long::sum);
            String key = t + " " + ip.find(ip.name() + ".src").valueText() + " " + longOf(transport.find(t + ".srcport"))
                    + " " + ip.find(ip.name() + ".dst").valueText() + " " + longOf(transport.find(t + ".dstport"));
            long payload = t.equals("tcp") ? longOf(transport.find("tcp.len"))
                    : longOf(transport.find("udp.length")) >= 8 ? longOf(transport.find("udp.length")) - 8 : -1;
            long[] c = e.directions.computeIfAbsent(key, k -> new long[4]);
            c[0]++;
            c[1] += tree.frame().originalLength();
            c[2] += Math.max(0, payload);
            c[3] += kind != null ? 1 : 0;
        }
        return e;
    }

    @Test
    void declarationLookupsCountWhatNameLookupsCount() {
        int withTransport = 0;
        for (Path capture : StatsSamples.allCaptures()) {
            List<FrameTree> trees = StatsSamples.trees(capture);
            Expected e = readSlowly(trees);
            CaptureStatistics st = StatsSamples.statsOf(trees);
            String where = capture.toString();

            Map<String, long[]> actual = new TreeMap<>();
            for (FlowStats d : st.directions()) {
                FlowKey k = d.key();
                if (k.srcPort() >= 0) {
                    actual.put(k.protocolName() + " " + k.sourceAddress() + " " + k.srcPort() + " " + k.destinationAddress()
                            + " " + k.dstPort(), new long[] {d.frames(), d.bytes(), d.payloadBytes(), d.jumbograms()});
                }
            }
            assertEquals(e.directions.keySet(), actual.keySet(), where);
            e.directions.forEach((key, c) -> assertEquals(List.of(c[0], c[1], c[2], c[3]),
                    List.of(actual.get(key)[0], actual.get(key)[1], actual.get(key)[2], actual.get(key)[3]), where + " " + key));
            assertEquals(e.tcpFrames, st.tcpFrames(), where);
            assertEquals(e.udpFrames, st.udpFrames(), where);
            e.checksums.forEach((t, states) -> states.forEach((s, n) -> assertEquals(n, st.checksums().get(t).get(s), where + " " + t + " " + s)));
            assertEquals(e.checksums.keySet(), st.checksums().keySet(), where);
            for (CaptureStatistics.KindCount k : st.jumboKinds()) {
                assertEquals(e.kinds.getOrDefault(k.kind(), 0L), k.frames(), where + " " + k.kind());
            }
            withTransport += e.directions.isEmpty() ? 0 : 1;
        }
        assertTrue(withTransport > 20, "the samples exercise many TCP and UDP layouts: " + withTransport);
    }
}
