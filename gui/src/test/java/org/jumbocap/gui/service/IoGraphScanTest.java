package org.jumbocap.gui.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.stats.IoIntervals;
import org.junit.jupiter.api.Test;

/**
 * The I/O graph's lines, each with its display filter, agree interval for interval with tshark's
 * {@code -z io,stat,0.01,FILTER,...} on a kernel-made sample with 992 frames and a lost segment.
 */
class IoGraphScanTest {
    private static final Path SAMPLE = Path.of("..", "samples", "ipv6-bigtcp-loss.pcap");
    private static final Path TSHARK = Path.of("/usr/bin/tshark");
    /** "| 0.00 <> 0.01 |      1 |      110 |      0 |        0 |": frames and bytes per column. */
    private static final Pattern ROW = Pattern.compile("^\\|\\s*[\\d.]+ <> (?:[\\d.]+|Dur)\\s*((?:\\|\\s*\\d+\\s*)+)\\|$");

    private static FrameSelection everyFrame(FileFrameStore store) throws IOException {
        long first = Long.MIN_VALUE;
        long last = 0;
        try (CaptureReader r = CaptureFiles.open(SAMPLE)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                first = first == Long.MIN_VALUE ? rec.timestampNanos() : first;
                last = rec.timestampNanos();
            }
        }
        return new FrameSelection(store, null, first, last, "");
    }

    @Test
    void linesAgreeWithTsharkIoStat() throws Exception {
        assumeTrue(Files.isExecutable(TSHARK) && Files.exists(SAMPLE), "tshark and the sample");
        List<String> filters = List.of("", "tcp.len > 65535", "tcp.analysis.lost_segment || tcp.flags.syn == 1");
        Process p = new ProcessBuilder(TSHARK.toString(), "-n", "-r", SAMPLE.toString(), "-q", "-z",
                "io,stat,0.01,," + filters.get(1) + "," + filters.get(2)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<long[]> theirs = new ArrayList<>();
        for (String line : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                String[] cells = m.group(1).replace("|", " ").trim().split("\\s+");
                long[] v = new long[cells.length];
                for (int i = 0; i < cells.length; i++) {
                    v[i] = Long.parseLong(cells[i]);
                }
                theirs.add(v);
            }
        }
        assertEquals(0, p.waitFor());
        CoreBackend backend = new CoreBackend();
        try (FileFrameStore store = new FileFrameStore(backend, SAMPLE)) {
            List<IoIntervals> ours = IoGraphScan.over(backend, everyFrame(store), 10_000_000L, filters, () -> false);
            assertEquals(3, ours.size());
            assertTrue(theirs.size() > 50, theirs.size() + " intervals");
            long[] totals = new long[3];
            for (int i = 0; i < Math.max(theirs.size(), ours.get(0).count()); i++) {
                long[] t = i < theirs.size() ? theirs.get(i) : new long[6];
                for (int line = 0; line < 3; line++) {
                    IoIntervals s = ours.get(line);
                    long frames = i < s.count() ? s.frames(i) : 0;
                    long bytes = i < s.count() ? s.bytes(i) : 0;
                    assertEquals(t[2 * line], frames, "line " + line + " frames in interval " + i);
                    assertEquals(t[2 * line + 1], bytes, "line " + line + " bytes in interval " + i);
                    totals[line] += frames;
                }
            }
            assertEquals(992, totals[0]);
            assertTrue(totals[1] > 0 && totals[1] < totals[0], "some frames carry more than 64 KiB of TCP: " + totals[1]);
            assertTrue(totals[2] >= 3, "both handshakes' SYNs and the lost segment: " + totals[2]);
            assertEquals(ours.get(0).count(), ours.get(1).count(), "every line spans the whole capture");
        }
    }

    @Test
    void aBadFilterNamesItsLine() throws Exception {
        assumeTrue(Files.exists(SAMPLE), "the sample");
        CoreBackend backend = new CoreBackend();
        try (FileFrameStore store = new FileFrameStore(backend, SAMPLE)) {
            IoGraphScan.BadLineFilter e = assertThrows(IoGraphScan.BadLineFilter.class, () ->
                    IoGraphScan.over(backend, everyFrame(store), 1_000_000L, List.of("tcp", "tcp.len >"), () -> false));
            assertEquals(1, e.line());
            assertTrue(e.getMessage().startsWith("line 2: "), e.getMessage());
        }
    }
}
