package org.jumbocap.gui.backend;

import java.io.IOException;
import java.nio.file.Path;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.dissect.FrameSummary;
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

    /** Compiles a display filter; a fault names its 1-based column. */
    CompiledFilter compileFilter(String text) throws FilterSyntaxException;

    /**
     * The frame loop of {@code jumbocap read}: frames given in file order, their TCP conversations
     * followed, each one's full tree (with the conversation analysis). One thread; for exports.
     *
     * @param verifyChecksums sum the checksums, as {@code read -V} and {@code -T json} do
     */
    TreeLoop newTreeLoop(boolean verifyChecksums);

    /** See {@link #newTreeLoop}. */
    interface TreeLoop {
        /** Reads the next frame in file order (its summary and conversation, no tree yet). */
        void next(FrameRecord frame, long firstNanos, long previousNanos);

        /** The full tree of the frame last given to {@link #next}. */
        FrameTree tree();
    }

    /** Opens a writer for saving frames. */
    FrameSink create(Path file, SaveFormat format, int linkType) throws IOException;

    /** Fast-path decoding of one frame into a reused summary. */
    interface FrameSummarizer {
        void decode(FrameRecord frame, FrameSummary into);
    }

    /** A compiled display filter as the viewer uses it. */
    interface CompiledFilter {
        String text();

        /** True when {@link #matches(FrameSummary)} answers without a tree. */
        boolean canUseFastPath();

        boolean matches(FrameSummary summary);

        boolean matches(FrameTree tree);

        /**
         * Whether a frame passes, decided as the command line decides it: on the summary where that is exact,
         * else on the tree (the core's frame pipeline). Call from one thread per instance at a time.
         */
        boolean test(FrameRecord frame, long firstNanos, long previousNanos);

        /**
         * As {@link #test(FrameRecord, long, long)} for a frame already decoded into {@code summary} and
         * followed through the TCP conversations in frame order into {@code analysis} (null: not followed),
         * so the filter reads {@code tcp.stream} and {@code tcp.analysis.*} as {@code read -Y} does.
         */
        boolean test(FrameRecord frame, long firstNanos, long previousNanos, FrameSummary summary,
                     TcpAnalysis analysis);

        /**
         * True when the filter reads TCP conversation fields or expert items (which include the analysis
         * findings): it needs every frame before, in order.
         */
        boolean readsConversation();
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
