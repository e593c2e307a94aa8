package org.jumbocap.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * {@code frame.time_epoch}, {@code frame.time_relative} and {@code frame.time_delta} print as tshark prints
 * them, plain seconds with nine fraction digits from the exact nanoseconds, while their values stay
 * {@code Double} for filter comparisons.
 */
class FrameTimesTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    /** The times of a capture's frames, dissected as a reader of the whole file does. */
    private static List<FrameTree> dissectWithTimes(Path capture, int frames) throws IOException {
        List<FrameTree> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(capture)) {
            FrameRecord frame = new FrameRecord();
            long first = 0;
            long previous = 0;
            while (out.size() < frames && reader.next(frame)) {
                long ts = frame.timestampNanos();
                if (out.isEmpty()) {
                    first = ts;
                    previous = ts;
                }
                out.add(DISSECTOR.dissect(frame.copy(), first, previous));
                previous = ts;
            }
        }
        return out;
    }

    private static String valueText(FrameTree tree, String field) {
        return tree.find(field).valueText();
    }

    @Test
    void nanosecondCaptureShowsTheSameTimesAsTshark() throws IOException {
        // tshark -r samples/ipv6-bigtcp-veth-nsec.pcap -c 3 -T fields -e frame.time_epoch -e frame.time_relative -e frame.time_delta
        String[][] tshark = {
                {"1796026747.007843154", "0.000000000", "0.000000000"},
                {"1796026747.007861331", "0.000018177", "0.000018177"},
                {"1796026747.019712877", "0.011869723", "0.011851546"},
        };
        List<FrameTree> trees = dissectWithTimes(Path.of("..", "samples", "ipv6-bigtcp-veth-nsec.pcap"), tshark.length);
        for (int i = 0; i < tshark.length; i++) {
            FrameTree t = trees.get(i);
            assertEquals(tshark[i][0], valueText(t, "frame.time_epoch"), "frame " + (i + 1));
            assertEquals(tshark[i][1], valueText(t, "frame.time_relative"), "frame " + (i + 1));
            assertEquals(tshark[i][2], valueText(t, "frame.time_delta"), "frame " + (i + 1));
            assertEquals("Epoch Arrival Time: " + tshark[i][0] + " seconds", t.find("frame.time_epoch").text());
        }
    }

    @Test
    void microsecondCaptureKeepsNineDigitsAndEveryFrameIsExact() throws IOException {
        List<FrameTree> trees = dissectWithTimes(Path.of("..", "samples", "ipv6-bigtcp-snaplen.pcap"), Integer.MAX_VALUE);
        assertEquals("1796026753.204510000", valueText(trees.get(0), "frame.time_epoch"), "tshark's first frame");
        long first = trees.get(0).frame().timestampNanos();
        for (FrameTree t : trees) {
            long ts = t.frame().timestampNanos();
            String exact = BigDecimal.valueOf(ts, 9).toPlainString();
            FieldNode epoch = t.find("frame.time_epoch");
            assertEquals(exact, epoch.valueText());
            assertEquals(BigDecimal.valueOf(ts - first, 9).toPlainString(), valueText(t, "frame.time_relative"));
            Double seconds = assertInstanceOf(Double.class, epoch.value(), "filters compare a Double");
            assertEquals(ts / 1e9, seconds, 1e-6);
        }
    }

    @Test
    void negativeDeltaAndExtremeValuesPrintExactly() {
        long ts = 1_700_000_000_000_000_000L;
        FrameRecord frame = new FrameRecord(2, ts, LinkTypes.ETHERNET, new byte[14], 14);
        FrameTree t = DISSECTOR.dissect(frame, ts - 5, ts + 1_000);
        assertEquals("1700000000.000000000", valueText(t, "frame.time_epoch"));
        assertEquals("0.000000005", valueText(t, "frame.time_relative"));
        assertEquals("-0.000001000", valueText(t, "frame.time_delta"), "an out-of-order frame");
        assertEquals(-1e-6, (Double) t.find("frame.time_delta").value(), 1e-15);
        assertTrue(t.find("frame.time_delta").text().endsWith(": -0.000001000 seconds"), t.find("frame.time_delta").text());

        for (long nanos : new long[] {0, 1, -1, 999_999_999, -1_000_000_000, Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertEquals(BigDecimal.valueOf(nanos, 9).toPlainString(), FieldFormat.seconds(nanos), "nanos " + nanos);
        }
    }
}
