package org.jumbocap.gui.backend;

import java.io.IOException;
import java.nio.file.Path;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.tree.FrameTree;

/**
 * Everything the viewer asks of the dissector core, in one place: the GUI never parses bytes itself.
 * {@link CoreBackend} is the real one; tests may substitute another.
 */
public interface CaptureBackend {
    /** Opens a capture file of any supported format for streaming reads and seeks. */
    CaptureReader open(Path file) throws IOException;

    /** A summarizer for one thread (summarizers reuse state and are not thread-safe). */
    FrameSummarizer newSummarizer();

    /** The full tree of one frame; thread-safe. */
    FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos);

    /** The full tree, a TCP segment's payload decoded as reassembly planned it ({@code plan} null: as it comes); thread-safe. */
    FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos, SegmentPlan plan);

    /** A field's label as the detail tree writes it ("Payload Length" for {@code ipv6.plen}), or the name when unknown. */
    String fieldLabel(String field);

    /** The fields a display filter can name, with their descriptions and value names (for completion). */
    org.jumbocap.field.FieldRegistry filterFields();

    /** Compiles a display filter; a fault names its 1-based column. */
    ViewerFilter compileFilter(String text) throws FilterSyntaxException;

    /**
     * The per-frame step of every viewer loop over a capture's frames (listing a file or a live capture,
     * filtering, finding, the expert pass, the I/O graph): the core's frame pipeline of {@code read}. Frames
     * must come in frame order from the capture's first; with {@code conversations} the step follows the TCP
     * conversations, so {@code tcp.stream}, {@code tcp.analysis.*} and the expert items are those of
     * {@code read}. Without, it decides only filters that do not read them (for slices read in parallel).
     * One thread.
     */
    default FrameStep newFrameStep(boolean conversations) {
        return newFrameStep(conversations, false);
    }

    /**
     * As {@link #newFrameStep(boolean)}, the summaries and trees with their checksums summed when {@code
     * verifyChecksums} (as {@code read -V} and {@code -T json}: for exports).
     */
    FrameStep newFrameStep(boolean conversations, boolean verifyChecksums);

    /** See {@link #newFrameStep}. */
    interface FrameStep {
        /** Decodes the next frame in frame order and follows its conversation. The record must stay valid until the next call. */
        void next(FrameRecord frame, long firstNanos, long previousNanos);

        /**
         * As {@link #next(FrameRecord, long, long)}, for a frame whose summary a {@link FrameSummarizer} decoded
         * already, on another thread: the step follows its conversation (decoding it again only where TCP
         * reassembly plans its payload otherwise) and makes it the current frame. {@code decoded} must stay
         * as it is until the next call. This default decodes the frame again.
         */
        default void next(FrameRecord frame, long firstNanos, long previousNanos, FrameSummary decoded) {
            next(frame, firstNanos, previousNanos);
        }

        /** The current frame. */
        FrameRecord record();

        /** The current frame's summary. */
        FrameSummary summary();

        /** The current frame's conversation analysis, or null when not followed (not TCP, or no conversations). */
        TcpAnalysis analysis();

        /** The current frame's full tree, with its conversation analysis; dissected once, on demand. */
        FrameTree tree();

        /**
         * Whether the current frame passes {@code filter}, decided as {@code read -Y} decides it: on the
         * summary and analysis where they decide, else on the tree.
         *
         * @throws IllegalStateException for a filter that reads the conversations, on a step that does not follow them
         */
        boolean passes(ViewerFilter filter);
    }

    /** Opens a writer for saving frames. */
    FrameSink create(Path file, SaveFormat format, int linkType) throws IOException;

    /** Fast-path decoding of one frame into a reused summary. */
    interface FrameSummarizer {
        void decode(FrameRecord frame, FrameSummary into);

        /** Decodes a TCP segment's payload as reassembly planned it ({@code plan} null: as it comes). */
        void decode(FrameRecord frame, FrameSummary into, SegmentPlan plan);
    }

    /**
     * A compiled display filter as the viewer holds it. It is decided only by {@link FrameStep#passes}, on a
     * frame taken through the one per-frame step, so every window decides a filter as {@code read -Y} does.
     */
    interface ViewerFilter {
        String text();

        /**
         * True when the filter reads TCP conversation fields or expert items (which include the analysis
         * findings): it needs every frame before, in order, through a step that follows the conversations.
         */
        boolean readsConversation();

        /** True when the filter reads checksum verdicts, which are then summed for it as {@code read -Y} does. */
        boolean readsChecksums();
    }

    /** Destination of saved frames. */
    interface FrameSink extends AutoCloseable {
        void write(FrameRecord frame) throws IOException;

        @Override
        void close() throws IOException;
    }

    enum SaveFormat {
        PCAP("pcap", "*.pcap"),
        PCAPNG("pcapng", "*.pcapng");

        private final String label;
        private final String glob;

        SaveFormat(String label, String glob) {
            this.label = label;
            this.glob = glob;
        }

        public String label() {
            return label;
        }

        public String glob() {
            return glob;
        }

        public static SaveFormat forFile(Path file) {
            return file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".pcapng") ? PCAPNG : PCAP;
        }
    }
}
