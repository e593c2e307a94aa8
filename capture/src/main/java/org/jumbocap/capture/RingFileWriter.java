package org.jumbocap.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.jumbocap.io.FrameRecord;

/**
 * A ring buffer of capture files, as {@code dumpcap -b} and {@code tcpdump -C/-W/-G} keep them: the next
 * file is begun once the current one has reached a size or an age, and with a file count only that many
 * of the newest are kept (the oldest is removed). Files change only between frames, and each is closed
 * whole (synced, cut back to its last whole frame after a failed write), so every file reads on its own.
 *
 * <p>Files are named as dumpcap names them: {@code PREFIX_NNNNN_YYYYMMDDHHMMSS.EXT}, from {@code -w
 * PREFIX.EXT}, numbered from 1 and stamped with the local time the file was begun, so their names sort
 * in capture order. The first file is opened by the constructor; the others when the ring moves on,
 * possibly after the capture gave up its privileges: then they are created (and the oldest removed) as
 * the user it became.
 */
public final class RingFileWriter implements LiveOutput {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    /**
     * When the ring moves on to the next file, and how many files it keeps.
     *
     * @param fileBytes   begin the next file before a frame once the current one holds this many bytes (0: no limit)
     * @param fileSeconds begin the next file once the current one is this many seconds old (0: no limit)
     * @param files       keep only this many of the newest files (0: keep all)
     */
    public record Limits(long fileBytes, long fileSeconds, int files) {
        public Limits {
            if (fileBytes < 0 || fileSeconds < 0 || files < 0) {
                throw new IllegalArgumentException("negative ring buffer limit");
            }
        }

        /** Whether a file ever ends before the capture does. */
        public boolean rotates() {
            return fileBytes > 0 || fileSeconds > 0;
        }
    }

    /** Opens one file of the ring, configured as the capture wants it. */
    public interface Opener {
        LiveFileWriter open(Path file) throws IOException;
    }

    private final Path template;
    private final Limits limits;
    private final Opener opener;
    private final LongSupplier nanoClock;
    private final Supplier<LocalDateTime> wallClock;
    private final Deque<Path> kept = new ArrayDeque<>();
    private LiveFileWriter current;
    private Path currentFile;
    private long openedAt;
    private long number;
    private long framesBefore;
    private int filesWritten;

    /** Opens the first file now. */
    public RingFileWriter(Path template, Limits limits, Opener opener) throws IOException {
        this(template, limits, opener, System::nanoTime, LocalDateTime::now);
    }

    RingFileWriter(Path template, Limits limits, Opener opener, LongSupplier nanoClock, Supplier<LocalDateTime> wallClock)
            throws IOException {
        this.template = template;
        this.limits = limits;
        this.opener = opener;
        this.nanoClock = nanoClock;
        this.wallClock = wallClock;
        openNext();
    }

    /** The name of file {@code number} of a ring written as {@code template}, begun at {@code time}. */
    public static Path nameOf(Path template, long number, LocalDateTime time) {
        return nameOf(template, String.format("%05d_%s", number, STAMP.format(time)));
    }

    /** {@code template}'s name with {@code _middle} before its extension. */
    private static Path nameOf(Path template, String middle) {
        String name = template.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String prefix = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        return template.resolveSibling(prefix + "_" + middle + extension);
    }

    @Override
    public void write(FrameRecord frame) throws IOException {
        moveOnIfDue();
        current.write(frame);
    }

    @Override
    public void write(FrameRecord frame, ByteBuffer bytes) throws IOException {
        moveOnIfDue();
        current.write(frame, bytes);
    }

    /** Writes what is staged, and moves on to the next file when the current one is old enough, frames or not. */
    @Override
    public void flush() throws IOException {
        ensureOpen();
        current.flush();
        if (ageReached()) {
            moveOn();
        }
    }

    private void moveOnIfDue() throws IOException {
        ensureOpen();
        boolean sizeReached = limits.fileBytes() > 0 && current.frames() > 0 && current.bytes() >= limits.fileBytes();
        if (sizeReached || ageReached()) {
            moveOn();
        }
    }

    private boolean ageReached() {
        return limits.fileSeconds() > 0 && nanoClock.getAsLong() - openedAt >= limits.fileSeconds() * 1_000_000_000L;
    }

    private void ensureOpen() throws IOException {
        if (current == null) {
            throw new IOException(currentFile + ": writing stopped after an earlier error");
        }
    }

    /** Closes the current file whole, opens the next, and removes the oldest beyond the file count. */
    private void moveOn() throws IOException {
        LiveFileWriter finished = current;
        current = null;
        try {
            finished.close();
        } finally {
            framesBefore += finished.frames();
        }
        openNext();
        if (limits.files() > 0) {
            while (kept.size() > limits.files()) {
                Files.deleteIfExists(kept.removeFirst());
            }
        }
    }

    private void openNext() throws IOException {
        number++;
        currentFile = nameOf(template, number, wallClock.get());
        current = opener.open(currentFile);
        openedAt = nanoClock.getAsLong();
        kept.addLast(currentFile);
        filesWritten++;
    }

    @Override
    public long frames() {
        return framesBefore + (current == null ? 0 : current.frames());
    }

    /** The file being written, or the one that could not be opened. */
    @Override
    public Path file() {
        return currentFile;
    }

    @Override
    public String formatName() {
        return current == null ? "" : current.formatName();
    }

    /** Files begun so far, removed ones included. */
    public int filesWritten() {
        return filesWritten;
    }

    /** The files the ring holds now, oldest first. */
    public List<Path> files() {
        return List.copyOf(kept);
    }

    @Override
    public String whatIsKept() {
        return "the ring buffer's files (" + nameOf(template, "*") + ") hold the " + frames()
                + " frames written before, each valid";
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            LiveFileWriter last = current;
            current = null;
            try {
                last.close();
            } finally {
                framesBefore += last.frames();
            }
        }
    }
}
