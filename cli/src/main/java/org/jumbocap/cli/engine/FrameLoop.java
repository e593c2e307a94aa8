package org.jumbocap.cli.engine;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;

/**
 * Reads captures frame by frame through the core's {@link FramePipeline}, applies the display filter and
 * hands every frame that passes to a sink, which dissects it in full only if it needs the tree. When the
 * filter can decide from the summary, frames that fail it are never dissected. A file that cannot be read (missing, malformed, cut) costs one line on the error stream
 * after every good frame before it was handed on; the loop then goes on with the next file.
 */
public final class FrameLoop {
    /** Receives the frames that pass, in order. */
    public interface Sink {
        /** A file is about to be read. */
        default void startFile(String file) {
        }

        /** A frame that passed: its summary, and its tree on demand ({@link FramePipeline#tree}). */
        void frame(FramePipeline frame, FrameContext context);
    }

    private final FramePipeline pipeline;
    private final long limit;
    private long delivered;

    /**
     * @param filter          null for every frame
     * @param limit           stop after this many frames passed the filter; 0 or less for no limit
     * @param verifyChecksums sum the bytes each transport checksum covers (see {@link FramePipeline})
     */
    public FrameLoop(FrameFilter filter, long limit, boolean verifyChecksums) {
        this.pipeline = new FramePipeline(new FrameDissector(), filter == null ? null : filter.compiled(), verifyChecksums);
        this.limit = limit;
    }

    /**
     * Runs over the files in order.
     *
     * @param out flushed before an error line is written, so the error follows the frames it comes after
     * @param err where the one-line error of a file goes
     * @return true when every file was read to its end (or the limit was reached)
     */
    public boolean run(List<String> files, Sink sink, PrintWriter out, PrintWriter err, boolean debug) {
        boolean ok = true;
        for (String file : files) {
            if (limitReached()) {
                break;
            }
            try {
                readFile(file, sink);
            } catch (OutputClosedException e) {
                throw e;
            } catch (IOException | RuntimeException e) {
                ok = false;
                out.flush();
                if (debug) {
                    e.printStackTrace(err);
                }
                err.println("jumbocap: " + ErrorText.of(file, e));
                err.flush();
            }
        }
        return ok;
    }

    private boolean limitReached() {
        return limit > 0 && delivered >= limit;
    }

    private void readFile(String file, Sink sink) throws IOException {
        try (CaptureReader reader = Captures.open(file)) {
            sink.startFile(file);
            boolean nano = reader.formatName().contains("nsec");
            FrameRecord rec = new FrameRecord();
            long first = 0;
            long previous = 0;
            boolean any = false;
            while (!limitReached() && reader.next(rec)) {
                long ts = rec.timestampNanos();
                if (!any) {
                    first = ts;
                    previous = ts;
                    any = true;
                }
                nano |= ts % 1000 != 0;
                FrameContext context = new FrameContext(file, first, previous, nano);
                previous = ts;
                if (!pipeline.accept(rec, context.firstNanos(), context.previousNanos())) {
                    continue;
                }
                delivered++;
                sink.frame(pipeline, context);
            }
        }
    }
}
