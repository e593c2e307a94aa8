package org.jumbocap.cli.progress;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jumbocap.cli.engine.FrameLoop;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;

/**
 * A progress line on standard error while long work reads capture files, redrawn in place as pv draws its
 * own: bytes and frames done, the rate, and the time left when the inputs' sizes are known. Only when the
 * process's standard error is a terminal (never into a pipe or a file), only for inputs of {@link #LARGE}
 * bytes or more (or of unknown size: standard input, gzip), and never when the command was asked to be quiet.
 */
public final class ProgressLine {
    /** Inputs smaller than this are read too quickly for a progress line to help. */
    public static final long LARGE = 16L << 20;
    private static final long REDRAW_NANOS = 200_000_000L;
    /** A pcap record's header: the bytes read beside each frame's (pcapng's blocks have a little more). */
    private static final int RECORD_HEADER = 16;

    private static volatile boolean stderrTerminal;

    private final PrintWriter err;
    private final long total;
    private final long start = System.nanoTime();
    private long nextDraw = start;
    private long bytes;
    private long frames;
    private boolean drawn;

    private ProgressLine(PrintWriter err, long total) {
        this.err = err;
        this.total = total;
    }

    /** Called once by the process's entry point: whether its standard error (fd 2) is a terminal. */
    public static void useProcessStderr() {
        stderrTerminal = stderrIsTerminal();
    }

    /** Linux: fd 2 is a terminal when it links to a pseudo-terminal or a console. */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /**
     * A progress line for reading {@code files}, or null when none is drawn (quiet, not a terminal, small inputs).
     *
     * @param quiet --no-progress or -q
     */
    public static ProgressLine forFiles(List<String> files, boolean quiet, PrintWriter err) {
        if (quiet || !stderrTerminal) {
            return null;
        }
        long total = 0;
        for (String f : files) {
            try {
                Path p = Path.of(f);
                if (f.equals("-") || f.endsWith(".gz") || !Files.isRegularFile(p)) {
                    total = -1;
                    break;
                }
                total += Files.size(p);
            } catch (IOException | RuntimeException e) {
                total = -1;
                break;
            }
        }
        return total >= 0 && total < LARGE ? null : new ProgressLine(err, total);
    }

    /** {@code sink}, with this line counting each frame it is given; {@code sink} itself when {@code line} is null. */
    public static FrameLoop.Sink around(ProgressLine line, FrameLoop.Sink sink) {
        if (line == null) {
            return sink;
        }
        return new FrameLoop.Sink() {
            @Override
            public void startFile(String file) {
                sink.startFile(file);
            }

            @Override
            public void frame(FramePipeline frame, FrameContext context) {
                line.count(frame.frame().capturedLength());
                sink.frame(frame, context);
            }

            @Override
            public boolean readsRecordAlone() {
                return sink.readsRecordAlone();
            }
        };
    }

    /** One frame of {@code capturedBytes} read, for a command that reads its frames without a frame loop (export). */
    public static void count(ProgressLine line, long capturedBytes) {
        if (line != null) {
            line.count(capturedBytes);
        }
    }

    void count(long capturedBytes) {
        bytes += capturedBytes + RECORD_HEADER;
        frames++;
        if ((frames & 63) == 0) {
            long now = System.nanoTime();
            if (now >= nextDraw) {
                draw(now, false);
                nextDraw = now + REDRAW_NANOS;
            }
        }
    }

    /** The last line, left on the terminal with its newline; nothing when none was drawn. */
    public static void finish(ProgressLine line) {
        if (line != null && line.drawn) {
            line.draw(System.nanoTime(), true);
        }
    }

    private void draw(long now, boolean last) {
        double seconds = Math.max(1e-3, (now - start) / 1e9);
        double rate = bytes / seconds;
        StringBuilder s = new StringBuilder(96).append("\rjumbocap: ").append(size(bytes));
        if (total > 0) {
            // the records' headers are estimated: never past 99% before the end
            long percent = last ? 100 : Math.min(99, bytes * 100 / total);
            s.append(" of ").append(size(total)).append(" (").append(percent).append("%)");
        }
        s.append(String.format(Locale.ROOT, ", %,d frames, %s/s", frames, size((long) rate)));
        if (total > 0 && !last && rate > 0) {
            long left = (long) (Math.max(0, total - bytes) / rate);
            s.append(String.format(Locale.ROOT, ", %d:%02d left", left / 60, left % 60));
        } else if (last) {
            s.append(String.format(Locale.ROOT, " in %.1f s", seconds));
        }
        s.append("\033[K");
        if (last) {
            s.append('\n');
        }
        err.print(s);
        err.flush();
        drawn = true;
    }

    private static String size(long bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
}
