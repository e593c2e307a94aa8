package org.jumbocap.gui.live;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.BooleanSupplier;

/**
 * A file read while another process writes it: at the current end a read waits for more bytes instead of
 * ending, until the writer is done ({@code finished}) and everything it wrote has been read. So a block
 * the writer has only half written is simply not read yet, never a truncated file, and a reader on top of
 * this stream sees the capture exactly as the finished file.
 */
final class GrowingFileInput extends InputStream {
    /** How long a read waits at the end before it looks again; frames show within this of reaching the file. */
    static final long POLL_MILLIS = 20;

    private final Path file;
    private final BooleanSupplier finished;
    private FileChannel channel;
    private long position;
    private volatile boolean closed;

    GrowingFileInput(Path file, BooleanSupplier finished) {
        this.file = file;
        this.finished = finished;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!closed) {
            // read what was written before the writer said it ended: nothing is lost between the two looks
            boolean done = finished.getAsBoolean();
            if (channel == null) {
                try {
                    channel = FileChannel.open(file, StandardOpenOption.READ);
                } catch (NoSuchFileException notYet) {
                    if (done) {
                        return -1;
                    }
                    pause();
                    continue;
                }
            }
            int n = channel.read(ByteBuffer.wrap(b, off, len), position);
            if (n > 0) {
                position += n;
                return n;
            }
            if (done) {
                return -1;
            }
            pause();
        }
        return -1;
    }

    /** Bytes read so far. */
    long position() {
        return position;
    }

    private static void pause() throws InterruptedIOException {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("stopped");
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        if (channel != null) {
            channel.close();
        }
    }

    /** True when the file exists and is not empty. */
    static boolean started(Path file) {
        try {
            return Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }
}
