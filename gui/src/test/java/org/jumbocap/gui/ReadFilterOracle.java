package org.jumbocap.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;

/**
 * The frames {@code jumbocap read -Y FILTER FILE} lists, decided as the command line's frame loop decides
 * them: the core's {@link FramePipeline} over the file in frame order, the TCP conversations followed
 * (relative sequence numbers, as by default), checksums summed only when the filter reads them. The
 * viewer's tests compare what it lists with this, without the viewer knowing the command line.
 */
public final class ReadFilterOracle {
    private ReadFilterOracle() {
    }

    /** Frame numbers that pass {@code filter} (empty: every frame), in frame order. */
    static List<Long> frames(Path file, String filter) {
        CompiledFilter compiled = filter == null || filter.isBlank() ? null : DisplayFilter.compile(filter.strip());
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), compiled,
                compiled != null && compiled.readsChecksums(),
                new TcpConversations(true, TcpConversations.DEFAULT_MAX_OPEN));
        List<Long> numbers = new ArrayList<>();
        try {
            addPassing(pipeline, file, numbers);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
        return numbers;
    }

    /**
     * Adds to {@code numbers}, in frame order, the frames of {@code file} that {@code pipeline} passes, each
     * given the capture's first timestamp and its previous frame's as the command line's loop gives them; a
     * bad record ends the walk with its exception, the frames before it added.
     */
    public static void addPassing(FramePipeline pipeline, Path file, List<Long> numbers) throws IOException {
        try (CaptureReader reader = CaptureFiles.open(file)) {
            pipeline.startCapture();
            FrameRecord rec = new FrameRecord();
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (reader.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                if (pipeline.accept(rec, first, previous)) {
                    numbers.add(rec.number());
                }
                previous = rec.timestampNanos();
            }
        }
    }
}
