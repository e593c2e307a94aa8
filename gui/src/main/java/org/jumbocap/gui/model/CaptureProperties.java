package org.jumbocap.gui.model;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;
import org.jumbocap.io.InterfaceStatistics;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.render.SafeText;

/**
 * What Wireshark's Capture File Properties says of an open capture, as rows under headings: the file
 * (name, length, format, encapsulation, snaplen), the time span, the interfaces of its header (pcapng
 * Interface Description Blocks, with their comments and the drop counts of the file's Interface Statistics
 * Blocks), the frames' totals and rates (of every frame, and of those shown when
 * the count is limited to a display filter), the super-packet share, and what the kernel recorded of the
 * frames (as {@code jumbocap stats} says it). Text from the file passes
 * {@link SafeText}.
 */
public final class CaptureProperties {
    /** Frame lengths at or above this are more than one IP packet's 16-bit length can say. */
    public static final long SIXTY_FOUR_KB = 65_536;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** One line of the window: a heading's row, its label and value. */
    public record Row(String section, String label, String value) {
    }

    /** Totals over a set of frames. */
    public static final class Totals {
        private long frames;
        private long bytes;
        private long capturedBytes;
        private long firstNanos = Long.MAX_VALUE;
        private long lastNanos = Long.MIN_VALUE;
        private long jumbograms;
        private long overSixtyFourKb;
        private long largest;
        private long cut;
        private final KernelRecordTally recorded = new KernelRecordTally();

        /** Counts one frame: its record and the summary decoded from it. */
        public void add(FrameRecord record, FrameSummary summary) {
            frames++;
            recorded.add(record, summary);
            long length = record.originalLength();
            bytes += length;
            capturedBytes += record.capturedLength();
            firstNanos = Math.min(firstNanos, record.timestampNanos());
            lastNanos = Math.max(lastNanos, record.timestampNanos());
            if (summary.jumboKind != null) {
                jumbograms++;
            }
            if (length >= SIXTY_FOUR_KB) {
                overSixtyFourKb++;
            }
            largest = Math.max(largest, length);
            if (record.capturedLength() < length) {
                cut++;
            }
        }

        public long frames() {
            return frames;
        }

        public long bytes() {
            return bytes;
        }

        public long jumbograms() {
            return jumbograms;
        }

        public long overSixtyFourKb() {
            return overSixtyFourKb;
        }

        public long largest() {
            return largest;
        }

        /** What the kernel recorded of these frames (flags, virtio_net_hdr). */
        public KernelRecordTally recorded() {
            return recorded;
        }

        /** Seconds from the first frame to the last; 0 for fewer than two frames. */
        public double elapsedSeconds() {
            return frames < 2 ? 0 : (lastNanos - firstNanos) / 1e9;
        }
    }

    private final List<Row> rows = new ArrayList<>();
    private final Totals all;
    private final Totals shown;

    /**
     * @param file       the capture file, or null for a live capture held in memory
     * @param name       the store's name
     * @param fileLength the file's length in bytes, or -1
     * @param comments   the comments of each interface (by its id) in the file's header
     * @param statistics the file's interface statistics blocks (drop counts), in file order
     * @param shown      totals of the frames the display filter shows, or null when not limited
     */
    public CaptureProperties(Path file, String name, long fileLength, String format, List<InterfaceInfo> interfaces,
                             IntFunction<List<String>> comments, List<InterfaceStatistics> statistics,
                             Totals all, Totals shown, String filter) {
        this.all = all;
        this.shown = shown;
        String f = "File";
        add(f, "Name", file == null ? name : file.toAbsolutePath().toString());
        if (fileLength >= 0) {
            add(f, "Length", bytes(fileLength));
        }
        if (!format.isEmpty()) {
            add(f, "Format", format);
        }
        if (!interfaces.isEmpty()) {
            add(f, "Encapsulation", encapsulations(interfaces));
            long snaplen = interfaces.get(0).snaplen();
            add(f, "Snapshot length", snaplen == 0 ? "unlimited" : number(snaplen));
        }
        String t = "Time";
        if (all.frames > 0) {
            add(t, "First packet", TIME.format(instant(all.firstNanos)));
            add(t, "Last packet", TIME.format(instant(all.lastNanos)));
            add(t, "Elapsed", String.format(Locale.ROOT, "%.6f s", all.elapsedSeconds()));
        }
        for (InterfaceInfo itf : interfaces) {
            String s = "Interface " + itf.id();
            add(s, "Name", itf.name() == null ? "unknown" : itf.name());
            if (itf.description() != null) {
                add(s, "Description", itf.description());
            }
            add(s, "Encapsulation", LinkTypes.name(itf.linkType()) + " (" + itf.linkType() + ")");
            add(s, "Snapshot length", itf.snaplen() == 0 ? "unlimited" : number(itf.snaplen()));
            add(s, "Time resolution", itf.resolutionText());
            for (String comment : comments.apply(itf.id())) {
                add(s, "Comment", comment);
            }
            // the last statistics block of an interface holds its counters at the capture's end
            InterfaceStatistics last = null;
            for (InterfaceStatistics st : statistics) {
                if (st.interfaceId() == itf.id()) {
                    last = st;
                }
            }
            if (last != null) {
                addCounter(s, "Received", last.received());
                addCounter(s, "Dropped by the interface", last.interfaceDropped());
                addCounter(s, "Dropped by the OS", last.osDropped());
                addCounter(s, "Accepted by the capture filter", last.filterAccepted());
                addCounter(s, "Delivered to the capturing program", last.delivered());
            }
        }
        String st = "Statistics";
        add(st, "Frames", number(all.frames) + (shown == null ? "" : " (" + number(shown.frames)
                + (filter.isEmpty() ? " not ignored, " : " displayed by " + filter + ", ") + percent(shown.frames, all.frames) + ")"));
        add(st, "Bytes", number(all.bytes) + (shown == null ? "" : " (" + number(shown.bytes) + " displayed, "
                + percent(shown.bytes, all.bytes) + ")"));
        if (all.capturedBytes != all.bytes) {
            add(st, "Bytes captured", number(all.capturedBytes) + " (" + number(all.cut) + " frames cut by the snaplen)");
        }
        add(st, "Average frame size", all.frames == 0 ? "\u2014" : number(all.bytes / all.frames) + " bytes");
        double seconds = all.elapsedSeconds();
        add(st, "Average frames/s", seconds <= 0 ? "\u2014" : String.format(Locale.ROOT, "%,.1f", all.frames / seconds));
        add(st, "Average bits/s", seconds <= 0 ? "\u2014" : String.format(Locale.ROOT, "%,.0f", all.bytes * 8 / seconds));
        String sp = "Super-packets";
        add(sp, "Jumbograms", number(all.jumbograms) + " (" + percent(all.jumbograms, all.frames) + " of frames)");
        add(sp, "Frames of 64 KiB and more", number(all.overSixtyFourKb) + " (" + percent(all.overSixtyFourKb, all.frames)
                + " of frames)");
        add(sp, "Largest frame", number(all.largest) + " bytes");
        all.recorded.rows().forEach((label, value) -> add(RECORDED, label, value));
    }

    /** The heading of what the kernel recorded of the frames, as {@code jumbocap stats} heads it. */
    public static final String RECORDED = "Recorded by the kernel (pcapng packet flags, virtio_net_hdr)";

    private void addCounter(String section, String label, long count) {
        if (count != InterfaceStatistics.ABSENT) {
            add(section, label, number(count));
        }
    }

    private void add(String section, String label, String value) {
        rows.add(new Row(section, label, SafeText.of(value)));
    }

    public List<Row> rows() {
        return rows;
    }

    /** The value of the first row of {@code section} labelled {@code label}, or null. */
    public String value(String section, String label) {
        return rows.stream().filter(r -> r.section().equals(section) && r.label().equals(label)).map(Row::value)
                .findFirst().orElse(null);
    }

    public Totals all() {
        return all;
    }

    /** Totals of the frames shown, or null when not limited to a display filter. */
    public Totals shown() {
        return shown;
    }

    private static String encapsulations(List<InterfaceInfo> interfaces) {
        return interfaces.stream().map(i -> LinkTypes.name(i.linkType())).distinct().reduce((a, b) -> a + ", " + b)
                .orElse("");
    }

    private static Instant instant(long nanos) {
        return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
    }

    static String number(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String bytes(long n) {
        return number(n) + " bytes";
    }

    static String percent(long part, long whole) {
        return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
