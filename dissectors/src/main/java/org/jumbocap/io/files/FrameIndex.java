package org.jumbocap.io.files;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;

/**
 * Random access to the frames of a capture file: one streaming pass records, per frame, the file
 * offset of its record or packet block, its timestamp and its lengths (24 bytes a frame, in chunks of
 * primitive arrays, no object per frame); {@link #read} then seeks the reader there.
 *
 * <p>For pcapng no per-frame section id is kept: the reader that made the index remembers where each
 * section starts and which interfaces it defined, and picks the section containing the offset. So the
 * index owns its reader and is used from one thread at a time.
 *
 * <p>A file that turns out cut or corrupt still gets an index of every good frame before the fault,
 * with the fault in {@link #failure()}.
 */
public final class FrameIndex implements Closeable {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private final CaptureReader reader;
    private long[][] offsets = new long[0][];
    private long[][] timestamps = new long[0][];
    private int[][] capturedLengths = new int[0][];
    private int[][] originalLengths = new int[0][];
    private long size;
    private CaptureFormatException failure;

    private FrameIndex(CaptureReader reader) {
        this.reader = reader;
    }

    /** Opens and indexes a regular file. */
    public static FrameIndex build(Path file) throws IOException {
        return build(CaptureFiles.open(file), n -> { });
    }

    /**
     * Indexes the frames of a seekable reader from where it stands to the end, and takes it over.
     *
     * @param progress told the number of frames indexed every 65536 frames
     */
    public static FrameIndex build(CaptureReader reader, LongConsumer progress) throws IOException {
        if (!reader.seekable()) {
            reader.close();
            throw new IllegalArgumentException(reader.name() + " cannot seek, so it cannot be indexed");
        }
        FrameIndex index = new FrameIndex(reader);
        FrameRecord r = new FrameRecord();
        try {
            while (reader.next(r)) {
                index.add(r);
                if ((index.size & MASK) == 0) {
                    progress.accept(index.size);
                }
            }
        } catch (CaptureFormatException e) {
            index.failure = e;
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
        return index;
    }

    private void add(FrameRecord r) {
        int chunk = (int) (size >>> CHUNK_BITS);
        int slot = (int) (size & MASK);
        if (chunk == offsets.length) {
            int n = Math.max(4, chunk * 2);
            offsets = Arrays.copyOf(offsets, n);
            timestamps = Arrays.copyOf(timestamps, n);
            capturedLengths = Arrays.copyOf(capturedLengths, n);
            originalLengths = Arrays.copyOf(originalLengths, n);
        }
        if (offsets[chunk] == null) {
            offsets[chunk] = new long[CHUNK];
            timestamps[chunk] = new long[CHUNK];
            capturedLengths[chunk] = new int[CHUNK];
            originalLengths[chunk] = new int[CHUNK];
        }
        offsets[chunk][slot] = r.fileOffset();
        timestamps[chunk][slot] = r.timestampNanos();
        capturedLengths[chunk][slot] = r.capturedLength();
        originalLengths[chunk][slot] = (int) Math.min(r.originalLength(), 0xFFFFFFFFL);
        size++;
    }

    /** Number of frames indexed. */
    public long size() {
        return size;
    }

    /** File offset of frame {@code n} (1-based). */
    public long offset(long n) {
        long i = slot(n);
        return offsets[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)];
    }

    public long timestampNanos(long n) {
        long i = slot(n);
        return timestamps[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)];
    }

    public int capturedLength(long n) {
        long i = slot(n);
        return capturedLengths[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)];
    }

    public long originalLength(long n) {
        long i = slot(n);
        return originalLengths[(int) (i >>> CHUNK_BITS)][(int) (i & MASK)] & 0xFFFFFFFFL;
    }

    /** Reads frame {@code n} (1-based) into {@code into}. */
    public FrameRecord read(long n, FrameRecord into) throws IOException {
        reader.seek(offset(n), n);
        if (!reader.next(into)) {
            throw new CaptureFormatException(reader.name(), "frame", n, offset(n), "file ends before the frame (changed since indexing?)");
        }
        return into;
    }

    /** The fault that ended indexing early, if any; frames before it are all indexed. */
    public Optional<CaptureFormatException> failure() {
        return Optional.ofNullable(failure);
    }

    /** The reader the index seeks; for its format name and interfaces. */
    public CaptureReader reader() {
        return reader;
    }

    private long slot(long n) {
        if (n < 1 || n > size) {
            throw new IndexOutOfBoundsException("frame " + n + " of " + size);
        }
        return n - 1;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
