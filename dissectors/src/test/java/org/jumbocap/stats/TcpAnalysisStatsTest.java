package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Per-direction TCP analysis statistics against tshark's per-frame findings (samples/expected/tshark-tcp/
 * joined by frame number with tshark-fields/ for the ports): retransmissions and their bytes, lost
 * segments, duplicate ACKs, out-of-order segments, and the RTT median and maximum of each direction's
 * segments, measured at the ACKs of the other direction.
 */
class TcpAnalysisStatsTest {
    private static List<String[]> rows(Path tsv) throws IOException {
        List<String[]> out = new ArrayList<>();
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            out.add(line.split("\t", -1));
        }
        return out;
    }

    private static int column(String[] header, String name) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** Expected per source port of the TCP data direction: counts and RTTs as tshark's rows give them. */
    private static final class Expected {
        long retransmissions;
        long retransmittedBytes;
        long lost;
        long duplicateAcks;
        long outOfOrder;
        final List<Long> rtts = new ArrayList<>();
    }

    @Test
    void theLossSampleAsTsharkCountsIt() throws IOException {
        for (String sample : List.of("ipv6-bigtcp-loss.pcap", "ipv6-bigtcp-veth.pcap", "ipv6-bigtcp-vxlan.pcap")) {
            List<String[]> tcp = rows(StatsSamples.SAMPLES.resolve("expected/tshark-tcp/" + sample + ".tsv"));
            List<String[]> fields = rows(StatsSamples.SAMPLES.resolve("expected/tshark-fields/" + sample + ".tsv"));
            String[] h = tcp.get(0);
            String[] fh = fields.get(0);
            Map<String, Expected> want = new HashMap<>();
            for (int i = 1; i < tcp.size(); i++) {
                String[] r = tcp.get(i);
                String[] f = fields.get(i);
                if (r[column(h, "tcp.nxtseq")].isEmpty()) {
                    continue;
                }
                String src = f[column(fh, "tcp.srcport")];
                String dst = f[column(fh, "tcp.dstport")];
                Expected e = want.computeIfAbsent(src + ">" + dst, k -> new Expected());
                if (!r[column(h, "tcp.analysis.retransmission")].isEmpty()) {
                    e.retransmissions++;
                    e.retransmittedBytes += Long.parseLong(r[column(h, "tcp.len")]);
                }
                e.lost += r[column(h, "tcp.analysis.lost_segment")].isEmpty() ? 0 : 1;
                e.duplicateAcks += r[column(h, "tcp.analysis.duplicate_ack")].isEmpty() ? 0 : 1;
                e.outOfOrder += r[column(h, "tcp.analysis.out_of_order")].isEmpty() ? 0 : 1;
                String rtt = r[column(h, "tcp.analysis.ack_rtt")];
                if (!rtt.isEmpty()) {
                    want.computeIfAbsent(dst + ">" + src, k -> new Expected()).rtts
                            .add(Math.round(Double.parseDouble(rtt) * 1e9));
                }
            }
            CaptureStatistics stats = StatsSamples.statsOf(StatsSamples.trees(sample));
            int directions = 0;
            for (FlowStats d : stats.directions()) {
                if (d.key().protocol() != 6) {
                    continue;
                }
                String where = sample + " " + d.key().sourceEndpoint() + " -> " + d.key().destinationEndpoint();
                String ports = d.key().sourceEndpoint().replaceAll(".*:", "") + ">" + d.key().destinationEndpoint().replaceAll(".*:", "");
                Expected e = want.getOrDefault(ports, new Expected());
                TcpAnalysisStats a = d.tcpAnalysis();
                assertEquals(e.retransmissions, a.retransmissions(), where);
                assertEquals(e.retransmittedBytes, a.retransmittedBytes(), where);
                assertEquals(e.lost, a.lostSegments(), where);
                assertEquals(e.duplicateAcks, a.duplicateAcks(), where);
                assertEquals(e.outOfOrder, a.outOfOrder(), where);
                assertEquals(e.rtts.size(), a.rttCount(), where);
                List<Long> sorted = e.rtts.stream().sorted().toList();
                long median = sorted.isEmpty() ? -1 : sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                        : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
                assertEquals(median, a.rttMedianNanos(), where);
                assertEquals(sorted.isEmpty() ? -1 : sorted.get(sorted.size() - 1), a.rttMaxNanos(), where);
                directions++;
            }
            assertTrue(directions >= 2, sample);
        }
        TcpAnalysisStats data = StatsSamples.statsOf(StatsSamples.trees("ipv6-bigtcp-loss.pcap")).directions().stream()
                .filter(d -> d.key().protocol() == 6).map(FlowStats::tcpAnalysis).filter(a -> a.retransmissions() > 0)
                .findFirst().orElseThrow();
        assertTrue(data.retransmittedBytes() > 65535, "retransmitted super-packets: " + data.retransmittedBytes());
    }

    @Test
    void theRttSampleStaysBounded() {
        TcpAnalysisStats a = new TcpAnalysisStats();
        for (int i = 1; i <= 3 * TcpAnalysisStats.RTT_SAMPLES; i++) {
            a.addRtt(i);
        }
        assertEquals(3L * TcpAnalysisStats.RTT_SAMPLES, a.rttCount());
        assertEquals(3L * TcpAnalysisStats.RTT_SAMPLES, a.rttMaxNanos());
        long median = a.rttMedianNanos();
        // a uniform sample of 1..30000 has its median near 15000
        assertTrue(Math.abs(median - 1.5 * TcpAnalysisStats.RTT_SAMPLES) < 0.05 * TcpAnalysisStats.RTT_SAMPLES, "median " + median);
    }
}
