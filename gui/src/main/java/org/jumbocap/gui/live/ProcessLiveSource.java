package org.jumbocap.gui.live;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;

/**
 * A capture run by the capture process ({@code jumbocap capture --raw -w FILE}): the process alone opens
 * the device and writes the file; this source follows the file as it grows and hands each frame over
 * with its number and its offset in the file, so the viewer reads the frames again from the file, as it
 * does an opened one. The counters come from the process's standard error ({@code -q}); its error (no
 * such interface, permission, filter syntax) is the one line it wrote that is not a note.
 */
public final class ProcessLiveSource implements LiveSource {
    /** The line {@code jumbocap capture -q} writes for its counters. */
    static final Pattern COUNTERS = Pattern.compile(
            "(\\d+) frames captured, (\\d+) received, (\\d+) dropped by kernel, (\\d+) dropped by interface");
    /** The line it ends with: {@code stopped (WHY): counters}. */
    static final Pattern STOPPED = Pattern.compile("^jumbocap capture: stopped \\(([^)]*)\\)");
    /** How long {@link #stop()} waits for the process to write its last frames and end. */
    private static final long STOP_WAIT_SECONDS = 10;

    private final List<String> command;
    private final Path file;
    private final Process process;
    private final Thread errorPump;
    private final List<String> errorLines = new ArrayList<>();
    private volatile long captured = -1;
    private volatile long dropped;
    private volatile long read;
    private volatile String failure;
    /** Why the process said it stopped ("end of input", "count reached"), or null. */
    private volatile String stopReason;
    private volatile boolean stopped;
    /** Set once the viewer asked the process to stop: its end is then no failure. */
    private volatile boolean stopRequested;
    private Thread follower;

    /** Starts the process now; frames are followed once {@link #start} is called. */
    ProcessLiveSource(List<String> command, Path file) throws IOException {
        this.command = List.copyOf(command);
        this.file = file;
        ProcessBuilder builder = new ProcessBuilder(this.command);
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.redirectInput(ProcessBuilder.Redirect.PIPE);
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException("cannot run " + this.command.get(0) + ": " + e.getMessage(), e);
        }
        // standard input stays open, written nothing: the process stops when it closes, as when this JVM ends
        errorPump = new Thread(this::pumpErrors, "jumbocap-capture-stderr");
        errorPump.setDaemon(true);
        errorPump.start();
    }

    /** The command that runs the capture. */
    public List<String> command() {
        return command;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public synchronized void start(Consumer<FrameRecord> sink) {
        if (follower != null) {
            return;
        }
        follower = new Thread(() -> follow(sink), "jumbocap-capture-follow");
        follower.setDaemon(true);
        follower.start();
    }

    private void follow(Consumer<FrameRecord> sink) {
        GrowingFileInput input = new GrowingFileInput(file, () -> !process.isAlive());
        try (CaptureReader reader = CaptureFiles.open(input, file.toString())) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                sink.accept(rec);
                read++;
            }
        } catch (CaptureFormatException e) {
            // the process ended before writing a whole file (it failed to start, or was killed mid-block)
            if (!stopped && !process.isAlive() && process.exitValue() == 0) {
                failure = e.getMessage();
            }
        } catch (IOException | RuntimeException e) {
            if (!stopped) {
                failure = e.getMessage();
            }
        }
        endedByItself();
    }

    private void endedByItself() {
        if (stopped || stopRequested) {
            return;
        }
        try {
            process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
            errorPump.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String error = processError();
        if (error != null) {
            failure = error;
        } else if (failure == null && !stopped) {
            // ended by itself and well (a replay's end, -c, --duration): said as the process says it
            failure = "the capture process stopped (" + (stopReason == null ? "it ended" : stopReason) + ")";
        }
    }

    private void pumpErrors() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                Matcher m = COUNTERS.matcher(line);
                Matcher why = STOPPED.matcher(line);
                if (why.find()) {
                    stopReason = why.group(1);
                }
                if (m.find()) {
                    captured = Long.parseLong(m.group(1));
                    dropped = Long.parseLong(m.group(3)) + Long.parseLong(m.group(4));
                    continue;
                }
                synchronized (errorLines) {
                    if (errorLines.size() < 50) {
                        errorLines.add(line);
                    }
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        }
    }

    /**
     * The process's own one-line error when it ended with a failure: the first line of its standard
     * error that is not one of its notes; null when it ended well (or still runs).
     */
    String processError() {
        if (process.isAlive() || process.exitValue() == 0) {
            return null;
        }
        synchronized (errorLines) {
            for (String line : errorLines) {
                String text = line.startsWith("jumbocap capture: ") ? line.substring("jumbocap capture: ".length()) : line;
                if (text.isBlank() || text.startsWith("note:") || text.startsWith("warning:") || text.startsWith("capturing on")
                        || text.startsWith("running as") || text.startsWith("running without") || text.startsWith("stopped (")
                        || text.startsWith("standard input closed")
                        || text.startsWith("Usage:")) {
                    continue;
                }
                return text.strip();
            }
        }
        return "the capture process ended with status " + process.exitValue();
    }

    /** Signals the process to stop (it closes the file whole); the follower still reads to the end. */
    @Override
    public void requestStop() {
        stopRequested = true;
        if (process.isAlive()) {
            process.destroy();
        }
    }

    @Override
    public synchronized boolean finished() {
        return !process.isAlive() && (follower == null || !follower.isAlive());
    }

    /** Stops the process as Ctrl-C would (it closes the file whole), then reads the file to its end. */
    @Override
    public void stop() {
        Thread reading;
        synchronized (this) {
            if (stopped) {
                return;
            }
            reading = follower;
        }
        if (process.isAlive()) {
            // SIGTERM: the capture's shutdown hook stops the loop and closes the file whole
            process.destroy();
        }
        try {
            if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
            }
            if (reading != null) {
                // the follower ends at the end of what the process wrote
                reading.join(TimeUnit.SECONDS.toMillis(STOP_WAIT_SECONDS));
            }
            errorPump.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopped = true;
        if (failure == null) {
            String error = processError();
            // a capture stopped on request ends with status 0 (or the signal's 143): not a failure
            if (error != null && process.exitValue() != 143) {
                failure = error;
            }
        }
    }

    /** Frames the process captured (its counter), at least those read from the file. */
    @Override
    public long received() {
        return Math.max(captured, read);
    }

    @Override
    public long dropped() {
        return dropped;
    }

    @Override
    public String failure() {
        return failure;
    }

    /** True while the capture process runs. */
    public boolean alive() {
        return process.isAlive();
    }
}
