package org.jumbocap.export.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowBlock;

/**
 * A {@link ParquetFrameWriter} on a thread of its own, so that writing Parquet (copying the rows into their
 * columns, then encoding them) and dissecting the next frames use two cores. The caller fills the rows
 * {@link #nextRow} hands out and they are written in that order ({@link #cancelRow} takes back one that
 * found no frame); batches of rows go round between the two threads, so memory stays bounded. A write
 * error is thrown by the next call after it happened, or by {@link #close}.
 *
 * <p>The copy into columns is the writer thread's, not the caller's: measured on 6 M small frames, the
 * dissecting thread is the busier of the two, and taking the copy off it shortened the export.
 */
public final class BackgroundFrameWriter implements Closeable {
    /**
     * Rows a batch, and batches: 16 blocks of 1024 rows (about 4 MB) let the dissecting thread run on while
     * the writer encodes a page, 16 Ki rows at once; with 4 the dissecting thread waited for a free batch
     * then (measured on 6 M small frames: the export took longer in each of 7 runs side by side).
     */
    private static final int BATCH_ROWS = 1024;
    private static final int BATCHES = 16;

    private final ParquetFrameWriter writer;
    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES + 1);
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
    private final Thread thread;
    private volatile Throwable failure;
    private Batch current;
    private long rows;

    private static final class Batch {
        final FrameRowBlock rows;
        int size;
        final boolean last;

        Batch(boolean last) {
            this.last = last;
            this.rows = last ? null : new FrameRowBlock(BATCH_ROWS);
        }
    }

    /** Creates (or replaces) the file and starts the writing thread. */
    public BackgroundFrameWriter(Path file) throws IOException {
        writer = new ParquetFrameWriter(file);
        for (int i = 0; i < BATCHES; i++) {
            free.add(new Batch(false));
        }
        thread = new Thread(this::writeBatches, "jumbocap-parquet-writer");
        thread.setDaemon(true);
        thread.start();
    }

    private void writeBatches() {
        try {
            ParquetFrameWriter.initializeLibraries();
            while (true) {
                Batch b = full.take();
                if (b.last) {
                    return;
                }
                writer.write(b.rows, 0, b.size);
                b.size = 0;
                free.put(b);
            }
        } catch (Throwable t) {
            failure = t;
            free.offer(new Batch(false)); // wakes a caller waiting for a free batch
        }
    }

    /** The row to fill next; it is written once the next call (or {@link #close}) hands it on. */
    public FrameRow nextRow() throws IOException {
        if (current == null || current.size == BATCH_ROWS) {
            if (current != null) {
                handOff(current);
            }
            current = take();
        }
        rows++;
        return current.rows.row(current.size++);
    }

    /** Takes back the row {@link #nextRow} last handed out: it will not be written (there was no frame for it). */
    public void cancelRow() {
        if (current == null || current.size == 0) {
            throw new IllegalStateException("no row to take back");
        }
        current.size--;
        rows--;
    }

    /** Rows handed out and not taken back. */
    public long rows() {
        return rows;
    }

    private Batch take() throws IOException {
        try {
            Batch b = free.take();
            checkFailure();
            return b;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing Parquet");
        }
    }

    private void handOff(Batch b) throws IOException {
        checkFailure();
        try {
            full.put(b);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing Parquet");
        }
    }

    private void checkFailure() throws IOException {
        Throwable t = failure;
        if (t instanceof IOException e) {
            throw e;
        }
        if (t instanceof UncheckedIOException e) {
            throw e.getCause();
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }

    /** Writes the rows still held, waits for the writing thread and closes the file. */
    @Override
    public void close() throws IOException {
        try {
            if (failure == null) {
                if (current != null && current.size > 0) {
                    full.put(current);
                }
                full.put(new Batch(true));
                thread.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing Parquet");
        } finally {
            writer.close();
        }
        checkFailure();
    }
}
