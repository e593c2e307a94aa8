package org.jumbocap.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.FileErrors;
import org.jumbocap.capture.LibraryDump;
import org.jumbocap.capture.LiveOutput;
import org.jumbocap.render.FrameContext;
import org.jumbocap.cli.engine.FrameFilter;
import org.jumbocap.render.SummaryLine;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;

/**
 * The capture loop: pulls frames from a {@link CaptureSource}, writes each to the file, prints it in
 * {@code read}'s summary format when it passes the display filter, and stops on a frame count, a
 * duration, a request from another thread (Ctrl-C), the end of the source, or an error, always leaving
 * the file complete.
 */
public final class LiveCapture {
    /** Why the capture stopped. */
    public enum StopReason {
        COUNT, DURATION, INTERRUPTED, SOURCE_ENDED, INTERFACE_GONE, SOURCE_FAILED, WRITE_FAILED
    }

    /** What a finished capture reports. */
    public record Result(StopReason reason, long frames, long printed, Cuts cuts, long overSixtyFourK, long written,
                         CaptureSource.Stats stats, String error) {
        /** Frames kept shorter than they were on the wire, wherever they were cut. */
        public long cutFrames() {
            return cuts.atSnaplen() + cuts.belowSnaplen();
        }

        /** Length on the wire of the longest cut frame. */
        public long longestCut() {
            return Math.max(cuts.atSnaplenLongest(), cuts.belowLongest());
        }
    }

    /**
     * Frames kept shorter than on the wire, told apart by where they were cut: at the snaplen the user
     * chose, or below it, which the snaplen does not explain (libpcap's ring slots in immediate mode, or a
     * replayed file's own snaplen).
     *
     * @param atSnaplen       frames cut at the snaplen
     * @param atSnaplenLongest length on the wire of the longest of them
     * @param belowSnaplen    frames cut shorter than the snaplen
     * @param belowLongest    length on the wire of the longest of them
     * @param belowMinKept    fewest bytes kept of a frame cut below the snaplen (0 when none was)
     * @param belowMaxKept    most bytes kept of a frame cut below the snaplen (0 when none was)
     */
    public record Cuts(long atSnaplen, long atSnaplenLongest, long belowSnaplen, long belowLongest, long belowMinKept,
                       long belowMaxKept) {
        public static final Cuts NONE = new Cuts(0, 0, 0, 0, 0, 0);

        /** These counts with one more cut frame: {@code kept} bytes of {@code onWire}, under a {@code snaplen}. */
        Cuts plus(int kept, long onWire, int snaplen) {
            if (kept >= snaplen) {
                return new Cuts(atSnaplen + 1, Math.max(atSnaplenLongest, onWire), belowSnaplen, belowLongest,
                        belowMinKept, belowMaxKept);
            }
            return new Cuts(atSnaplen, atSnaplenLongest, belowSnaplen + 1, Math.max(belowLongest, onWire),
                    belowSnaplen == 0 ? kept : Math.min(belowMinKept, kept), Math.max(belowMaxKept, kept));
        }
    }

    /** Receives the live counters once a second while capturing. */
    public interface Progress {
        void update(long frames, CaptureSource.Stats stats);
    }

    private final CaptureSource source;
    private final LiveOutput writer;
    private final SummaryLine printer;
    private final FrameFilter displayFilter;
    private final PrintWriter out;
    private final long maxFrames;
    private final long durationNanos;
    private final Progress progress;
    private final AtomicBoolean stopRequested = new AtomicBoolean();
    private final FrameDissector dissector = new FrameDissector();
    private FramePipeline pipeline;
    /** The capture library's own file writer, when it writes the file instead of {@code writer}; else null. */
    private LibraryDump dump;

    /**
     * @param writer        null for no file
     * @param printer       null to print nothing per frame
     * @param displayFilter null for every frame
     * @param maxFrames     0 for no limit
     * @param durationNanos 0 for no limit
     * @param progress      null for no live counters
     */
    public LiveCapture(CaptureSource source, LiveOutput writer, SummaryLine printer, FrameFilter displayFilter,
                       PrintWriter out, long maxFrames, long durationNanos, Progress progress) {
        this.source = source;
        this.writer = writer;
        this.printer = printer;
        this.displayFilter = displayFilter;
        this.out = out;
        this.maxFrames = maxFrames;
        this.durationNanos = durationNanos;
        this.progress = progress;
    }

    /**
     * A capture that only writes a file, and lets the capture library write it ({@link LibraryDump}): no
     * frame comes into Java. The cut frames and super-packets it reports are read back from the file's
     * record headers at the end.
     */
    public static LiveCapture writingThrough(CaptureSource source, LibraryDump dump, PrintWriter out, long maxFrames,
                                             long durationNanos, Progress progress) {
        LiveCapture c = new LiveCapture(source, null, null, null, out, maxFrames, durationNanos, progress);
        c.dump = dump;
        return c;
    }

    /** Asks the running capture to stop after the frame in hand; safe from any thread (signal handlers). */
    public void requestStop() {
        stopRequested.set(true);
        source.breakLoop();
    }

    /**
     * Runs until a stop condition. The duration and the live counters run on a timer thread, because
     * libpcap may block in a read until a frame comes (in immediate mode); the timer ends such a wait with
     * {@link CaptureSource#breakLoop}.
     */
    public Result run() {
        if (dump != null) {
            return runWritingThrough();
        }
        FrameRecord rec = new FrameRecord();
        AtomicBoolean durationElapsed = new AtomicBoolean();
        AtomicLong frameCount = new AtomicLong();
        Thread timer = startTimer(durationElapsed, frameCount);
        long frames = 0;
        long printed = 0;
        Tally tally = new Tally(source.snaplen());
        long first = 0;
        long previous = 0;
        StopReason reason = null;
        String error = null;
        // nothing reads the frames' bytes but the file: they go there from libpcap's buffer, copied once
        boolean inPlace = writer != null && printer == null;
        InPlaceSink inPlaceSink = inPlace ? new InPlaceSink(tally, writer) : null;
        try {
            while (reason == null) {
                reason = stopBefore(frames, durationElapsed);
                if (reason != null) {
                    break;
                }
                CaptureSource.Status status;
                try {
                    if (inPlace) {
                        // frames are counted as the sink takes them; -c stops inside a batch at exactly its count
                        inPlaceSink.taken = frames;
                        try {
                            status = source.next(rec, batchLimit(frames), inPlaceSink);
                        } finally {
                            frames = inPlaceSink.taken;
                            frameCount.set(frames);
                        }
                    } else {
                        status = source.next(rec);
                    }
                } catch (CaptureException e) {
                    reason = failedBy(e);
                    error = e.getMessage() + "; capture stopped" + (writer != null ? ", " + writer.whatIsKept() : "");
                    break;
                } catch (IOException e) {
                    reason = StopReason.WRITE_FAILED;
                    error = writeFailure(e);
                    break;
                }
                if (status == CaptureSource.Status.TIMEOUT) {
                    // a pause in the traffic: what is staged goes to the file now
                    if (writer != null) {
                        try {
                            writer.flush();
                        } catch (IOException e) {
                            reason = StopReason.WRITE_FAILED;
                            error = writeFailure(e);
                            break;
                        }
                    }
                    continue;
                }
                if (status == CaptureSource.Status.END) {
                    reason = endedBy(durationElapsed);
                    break;
                }
                if (inPlace) {
                    continue;
                }
                frames++;
                frameCount.set(frames);
                tally.count(rec);
                if (writer != null) {
                    try {
                        writer.write(rec);
                    } catch (IOException e) {
                        reason = StopReason.WRITE_FAILED;
                        error = writeFailure(e);
                        break;
                    }
                }
                if (printer != null) {
                    long ts = rec.timestampNanos();
                    if (frames == 1) {
                        first = ts;
                        previous = ts;
                    }
                    FrameTree tree = matching(rec, first, previous);
                    if (tree != null) {
                        out.println(printer.render(tree, new FrameContext(source.name(), first, previous, true)));
                        out.flush();
                        printed++;
                    }
                    previous = ts;
                }
            }
            if (writer != null && reason != StopReason.WRITE_FAILED) {
                try {
                    writer.flush();
                } catch (IOException e) {
                    reason = StopReason.WRITE_FAILED;
                    error = writeFailure(e);
                }
            }
        } finally {
            if (timer != null) {
                timer.interrupt();
            }
        }
        return new Result(reason, frames, printed, tally.cuts, tally.overSixtyFourK, writer == null ? 0 : writer.frames(),
                statsOrNull(), error);
    }

    /** {@link #run} when the capture library writes the file: the same stop conditions, no frame in Java. */
    private Result runWritingThrough() {
        AtomicBoolean durationElapsed = new AtomicBoolean();
        AtomicLong frameCount = new AtomicLong();
        Thread timer = startTimer(durationElapsed, frameCount);
        long frames = 0;
        StopReason reason = null;
        String error = null;
        IOException writeError = null;
        try {
            while (reason == null) {
                reason = stopBefore(frames, durationElapsed);
                if (reason == null) {
                    try {
                        CaptureSource.Status status = dump.dispatch(batchLimit(frames));
                        frames += dump.delivered();
                        frameCount.set(frames);
                        if (status == CaptureSource.Status.TIMEOUT) {
                            dump.flush(); // a pause in the traffic: what libpcap buffered goes to the file now
                        } else if (status == CaptureSource.Status.END) {
                            reason = endedBy(durationElapsed);
                        }
                    } catch (CaptureException e) {
                        frames += dump.delivered();
                        reason = failedBy(e);
                        error = e.getMessage() + "; capture stopped, " + dump.file() + " holds the frames captured"
                                + " before and is valid";
                    } catch (IOException e) {
                        frames += dump.delivered();
                        reason = StopReason.WRITE_FAILED;
                        writeError = e;
                    }
                }
            }
        } finally {
            if (timer != null) {
                timer.interrupt();
            }
        }
        Tally tally = new Tally(source.snaplen());
        long written = 0;
        try {
            LibraryDump.Finished finished = dump.finish(tally::count);
            written = finished.frames();
            if (writeError == null && finished.writeFailure() != null) {
                reason = StopReason.WRITE_FAILED;
                writeError = finished.writeFailure();
            }
        } catch (IOException e) {
            if (writeError == null) {
                reason = StopReason.WRITE_FAILED;
                writeError = e;
            }
        }
        if (writeError != null) {
            error = dump.file() + ": " + FileErrors.reason(dump.file(), writeError) + "; capture stopped, the file holds"
                    + " the " + written + " frames written before and is valid";
        }
        return new Result(reason, frames, 0, tally.cuts, tally.overSixtyFourK, written, statsOrNull(), error);
    }

    /** Why the capture stops before the next read (a stop request, the duration, the count), or null. */
    private StopReason stopBefore(long frames, AtomicBoolean durationElapsed) {
        if (stopRequested.get()) {
            return StopReason.INTERRUPTED;
        }
        if (durationElapsed.get()) {
            return StopReason.DURATION;
        }
        return maxFrames > 0 && frames >= maxFrames ? StopReason.COUNT : null;
    }

    /** Why the source ended a read: the timer's break at the duration, a stop request, or its own end. */
    private StopReason endedBy(AtomicBoolean durationElapsed) {
        return durationElapsed.get() ? StopReason.DURATION
                : stopRequested.get() ? StopReason.INTERRUPTED : StopReason.SOURCE_ENDED;
    }

    private static StopReason failedBy(CaptureException e) {
        return e.kind() == CaptureException.Kind.INTERFACE_GONE ? StopReason.INTERFACE_GONE : StopReason.SOURCE_FAILED;
    }

    /** Most frames the next call of the source may hand over: few enough to stop at the count exactly. */
    private int batchLimit(long frames) {
        return (int) (maxFrames > 0 ? Math.min(BATCH_FRAMES, maxFrames - frames) : BATCH_FRAMES);
    }

    /**
     * Most frames one call of a source hands over: libpcap's ring gives every frame it holds ready in one
     * call (one crossing into libpcap for many frames; one crossing a frame was about 2 % of the capture's
     * CPU under BIG TCP load, see docs/benchmarks.md), and the stop conditions are looked at between calls
     * (a stop request or the duration also ends a call at once, through the source's break).
     */
    static final int BATCH_FRAMES = 1024;

    /** What the loop counts of every frame taken: cut frames and super-packets. */
    private static final class Tally {
        private final int snaplen;
        Cuts cuts = Cuts.NONE;
        long overSixtyFourK;

        Tally(int snaplen) {
            this.snaplen = snaplen;
        }

        void count(FrameRecord rec) {
            count(rec.capturedLength(), rec.originalLength());
        }

        void count(int capturedLength, long originalLength) {
            if (originalLength > capturedLength) {
                cuts = cuts.plus(capturedLength, originalLength, snaplen);
            }
            if (originalLength > 65535) {
                overSixtyFourK++;
            }
        }
    }

    /** Counts and writes each frame the source hands over in place, while the loop waits in the source. */
    private static final class InPlaceSink implements CaptureSource.FrameBytesSink {
        private final Tally tally;
        private final LiveOutput writer;
        long taken;

        InPlaceSink(Tally tally, LiveOutput writer) {
            this.tally = tally;
            this.writer = writer;
        }

        @Override
        public void accept(FrameRecord frame, ByteBuffer bytes) throws IOException {
            // a frame whose write fails counts as taken, as in the copying path
            taken++;
            tally.count(frame);
            writer.write(frame, bytes);
        }
    }

    private String writeFailure(IOException e) {
        return writer.file() + ": " + FileErrors.reason(writer.file(), e) + "; capture stopped, " + writer.whatIsKept();
    }

    private Thread startTimer(AtomicBoolean durationElapsed, AtomicLong frames) {
        if (durationNanos <= 0 && progress == null) {
            return null;
        }
        long deadline = System.nanoTime() + durationNanos;
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    long now = System.nanoTime();
                    long sleep = 1_000_000_000L;
                    if (durationNanos > 0) {
                        long left = deadline - now;
                        if (left <= 0) {
                            durationElapsed.set(true);
                            source.breakLoop();
                            return;
                        }
                        sleep = Math.min(sleep, left);
                    }
                    Thread.sleep(sleep / 1_000_000L, (int) (sleep % 1_000_000L));
                    if (progress != null && !(durationNanos > 0 && deadline - System.nanoTime() <= 0)) {
                        progress.update(frames.get(), statsOrNull());
                    }
                }
            } catch (InterruptedException e) {
                // the capture ended first
            }
        }, "jumbocap-capture-timer");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * The frame's tree when it passes the display filter, else null; frames the fast path rejects are not
     * dissected. Every frame goes through the TCP conversations, so lines show relative numbers and analysis.
     */
    private FrameTree matching(FrameRecord rec, long first, long previous) {
        if (pipeline == null) {
            pipeline = new FramePipeline(dissector, displayFilter == null ? null : displayFilter.compiled(), true,
                    new TcpConversations());
        }
        return pipeline.accept(rec, first, previous) ? pipeline.tree() : null;
    }

    private CaptureSource.Stats statsOrNull() {
        try {
            return source.stats();
        } catch (CaptureException e) {
            return null;
        }
    }
}
