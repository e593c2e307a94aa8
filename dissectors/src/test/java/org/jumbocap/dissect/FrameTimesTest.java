package org.jumbocap.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
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
    private static final int MICROSECOND_MAGIC = 0xa1b2c3d4;
    private static final int NANOSECOND_MAGIC = 0xa1b23c4d;

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

    /**
     * Each record's timestamp read straight from a little-endian pcap file's record headers, in seconds
     * with nine fraction digits: the independent reference the capture reader is compared against.
     */
    private static List<BigDecimal> recordTimesFromRawBytes(Path capture, int magic) throws IOException {
        ByteBuffer file = ByteBuffer.wrap(Files.readAllBytes(capture)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(magic, file.getInt(0), capture + ": pcap magic");
        int fractionDigits = magic == NANOSECOND_MAGIC ? 9 : 6;
        List<BigDecimal> times = new ArrayList<>();
        for (int at = 24; at + 16 <= file.limit(); at += 16 + file.getInt(at + 8)) {
            BigDecimal seconds = BigDecimal.valueOf(Integer.toUnsignedLong(file.getInt(at)));
            BigDecimal fraction = BigDecimal.valueOf(Integer.toUnsignedLong(file.getInt(at + 4)), fractionDigits);
            times.add(seconds.add(fraction).setScale(9));
        }
        return times;
    }

    @Test
    void nanosecondCaptureShowsTheSameTimesAsTshark() throws IOException {
        // tshark prints frame.time_epoch/_relative/_delta as exact decimal seconds with nine digits, which
        // is what BigDecimal arithmetic on the record headers gives
        Path capture = Path.of("..", "samples", "ipv6-bigtcp-veth-nsec.pcap");
        List<BigDecimal> raw = recordTimesFromRawBytes(capture, NANOSECOND_MAGIC);
        List<FrameTree> trees = dissectWithTimes(capture, Integer.MAX_VALUE);
        assertEquals(raw.size(), trees.size(), "frames");
        assertTrue(raw.stream().anyMatch(t -> t.remainder(new BigDecimal("0.000001")).signum() != 0),
                "some timestamp has digits below the microsecond, so nanoseconds are really kept");
        for (int i = 0; i < raw.size(); i++) {
            FrameTree t = trees.get(i);
            String epoch = raw.get(i).toPlainString();
            String relative = raw.get(i).subtract(raw.get(0)).toPlainString();
            String delta = raw.get(i).subtract(raw.get(i == 0 ? 0 : i - 1)).toPlainString();
            assertEquals(epoch, valueText(t, "frame.time_epoch"), "frame " + (i + 1));
            assertEquals(relative, valueText(t, "frame.time_relative"), "frame " + (i + 1));
            assertEquals(delta, valueText(t, "frame.time_delta"), "frame " + (i + 1));
            assertEquals("Epoch Arrival Time: " + epoch + " seconds", t.find("frame.time_epoch").text());
        }
    }

    @Test
    void microsecondCaptureKeepsNineDigitsAndEveryFrameIsExact() throws IOException {
        Path capture = Path.of("..", "samples", "ipv6-bigtcp-snaplen.pcap");
        List<BigDecimal> raw = recordTimesFromRawBytes(capture, MICROSECOND_MAGIC);
        List<FrameTree> trees = dissectWithTimes(capture, Integer.MAX_VALUE);
        assertEquals(raw.size(), trees.size(), "frames");
        for (int i = 0; i < raw.size(); i++) {
            FrameTree t = trees.get(i);
            FieldNode epoch = t.find("frame.time_epoch");
            assertEquals(raw.get(i).toPlainString(), epoch.valueText(), "frame " + (i + 1) + ": microseconds padded to nine digits");
            assertEquals(raw.get(i).subtract(raw.get(0)).toPlainString(), valueText(t, "frame.time_relative"), "frame " + (i + 1));
            Double seconds = assertInstanceOf(Double.class, epoch.value(), "filters compare a Double");
            assertEquals(raw.get(i).doubleValue(), seconds, 1e-6);
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
