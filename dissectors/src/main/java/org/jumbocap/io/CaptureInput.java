package org.jumbocap.io;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.ZipException;

/**
 * The byte source under the capture readers: one big buffer over a file channel or a stream, with the
 * position kept as a long so files beyond 4 GiB work. Large reads bypass the buffer. File-backed inputs
 * seek cheaply (inside the buffer when the target is already there); stream-backed ones cannot seek.
 */
public final class CaptureInput implements Closeable {
    /** Large enough that typical frames of a few hundred KiB are served by a handful of system calls. */
    public static final int DEFAULT_BUFFER_SIZE = 1 << 20;

    private final FileChannel channel;
    private final InputStream stream;
    private final byte[] buf;
    private final ByteBuffer window;
    /** File offset of {@code buf[0]}; the channel (or stream) stands at {@code bufferStart + limit}. */
    private long bufferStart;
    private int pos;
    private int limit;
    private boolean eof;
    /** Why a decompressing stream ended early, or null; the readers name it in their error. */
    private String damage;
    /** Reused wrapper for direct channel reads into the caller's (reused) frame array. */
    private ByteBuffer direct = ByteBuffer.allocate(0);

    private CaptureInput(FileChannel channel, InputStream stream, int bufferSize) {
        this.channel = channel;
        this.stream = stream;
        this.buf = new byte[Math.max(bufferSize, 64)];
        this.window = ByteBuffer.wrap(buf);
    }

    /** A seekable input over a regular file. */
    public static CaptureInput open(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        // small files get a small buffer; 64 KiB at least so a file still being written reads well
        long size = channel.size();
        return new CaptureInput(channel, null, (int) Math.min(DEFAULT_BUFFER_SIZE, Math.max(1 << 16, size + 1)));
    }

    /** A forward-only input over a stream (stdin, a pipe, a decompressor). */
    public static CaptureInput of(InputStream in) {
        return new CaptureInput(null, in, DEFAULT_BUFFER_SIZE);
    }

    /** Same, with a chosen buffer size (tests use tiny buffers to exercise the refill paths). */
    public static CaptureInput of(InputStream in, int bufferSize) {
        return new CaptureInput(null, in, bufferSize);
    }

    public boolean seekable() {
        return channel != null;
    }

    /** Offset of the next byte to be read. */
    public long position() {
        return bufferStart + pos;
    }

    /** The buffer; the next unread byte is at {@link #bufferPosition()}. Valid after {@link #fill}. */
    public byte[] buffer() {
        return buf;
    }

    public int bufferPosition() {
        return pos;
    }

    /**
     * Makes at least {@code n} bytes (at most the buffer size) available in the buffer without consuming
     * them.
     *
     * @return the bytes available, fewer than {@code n} only at the end of the input
     */
    public int fill(int n) throws IOException {
        if (n > buf.length) {
            throw new IllegalArgumentException("fill(" + n + ") exceeds the buffer of " + buf.length);
        }
        if (limit - pos >= n) {
            return limit - pos;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            bufferStart += pos;
            limit -= pos;
            pos = 0;
        }
        while (limit < n && !eof) {
            int r = readSource(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
            } else {
                limit += r;
            }
        }
        return limit - pos;
    }

    /** Bytes already in the buffer. */
    public int buffered() {
        return limit - pos;
    }

    /**
     * Bytes left before the end: exact for files; for streams exact once the end has been reached,
     * otherwise {@link Long#MAX_VALUE}.
     */
    public long remaining() throws IOException {
        if (channel == null) {
            return eof ? limit - pos : Long.MAX_VALUE;
        }
        return (limit - pos) + Math.max(0, channel.size() - (bufferStart + limit));
    }

    /**
     * False when the input is known to end before {@code n} more bytes, so a reader can refuse a length
     * before allocating for it: files know their size, streams are read ahead up to the buffer size.
     */
    public boolean mayHave(long n) throws IOException {
        if (limit - pos >= n) {
            return true;
        }
        if (channel != null) {
            return remaining() >= n;
        }
        int want = (int) Math.min(n, buf.length);
        return fill(want) >= want;
    }

    /** Consumes {@code n} bytes that {@link #fill} made available. */
    public void consume(int n) {
        if (n < 0 || n > limit - pos) {
            throw new IllegalArgumentException("consume(" + n + ") with " + (limit - pos) + " buffered");
        }
        pos += n;
    }

    /**
     * Reads up to {@code len} bytes into {@code dst}.
     *
     * @return the bytes read, fewer than {@code len} only at the end of the input
     */
    public int read(byte[] dst, int off, int len) throws IOException {
        int done = Math.min(len, limit - pos);
        System.arraycopy(buf, pos, dst, off, done);
        pos += done;
        if (done == len) {
            return done;
        }
        // buffer drained: big remainders go straight into dst, small ones through a refill
        bufferStart += pos;
        pos = 0;
        limit = 0;
        if (len - done >= buf.length / 2) {
            while (done < len && !eof) {
                int r = readSource(dst, off + done, len - done);
                if (r < 0) {
                    eof = true;
                } else {
                    done += r;
                    bufferStart += r;
                }
            }
            return done;
        }
        int avail = fill(len - done);
        int take = Math.min(avail, len - done);
        System.arraycopy(buf, pos, dst, off + done, take);
        pos += take;
        return done + take;
    }

    /**
     * Skips up to {@code n} bytes.
     *
     * @return the bytes skipped, fewer than {@code n} only at the end of the input
     */
    public long skip(long n) throws IOException {
        if (n <= limit - pos) {
            pos += (int) n;
            return n;
        }
        long done = limit - pos;
        bufferStart += limit;
        pos = 0;
        limit = 0;
        if (channel != null) {
            long size = channel.size();
            long target = Math.min(bufferStart + (n - done), Math.max(size, bufferStart));
            done += target - bufferStart;
            bufferStart = target;
            channel.position(target);
            eof = false;
            return done;
        }
        while (done < n && !eof) {
            long s = stream.skip(n - done);
            if (s > 0) {
                done += s;
                bufferStart += s;
            } else if (stream.read() < 0) {
                eof = true;
            } else {
                done++;
                bufferStart++;
            }
        }
        return done;
    }

    /** Moves to an absolute offset; only for file-backed inputs. */
    public void seek(long offset) throws IOException {
        if (channel == null) {
            throw new UnsupportedOperationException("input is a stream and cannot seek");
        }
        if (offset < 0) {
            throw new IllegalArgumentException("negative offset " + offset);
        }
        if (offset >= bufferStart && offset <= bufferStart + limit) {
            pos = (int) (offset - bufferStart);
            eof = false; // a file still being written may have grown
            return;
        }
        channel.position(offset);
        bufferStart = offset;
        pos = 0;
        limit = 0;
        eof = false;
    }

    private int readSource(byte[] dst, int off, int len) throws IOException {
        if (channel != null) {
            ByteBuffer b;
            if (dst == buf) {
                b = window;
            } else {
                if (direct.array() != dst) {
                    direct = ByteBuffer.wrap(dst);
                }
                b = direct;
            }
            b.limit(off + len).position(off);
            int r = channel.read(b);
            return r == 0 ? -1 : r;
        }
        try {
            return stream.read(dst, off, len);
        } catch (EOFException | ZipException e) {
            // a cut or corrupt .gz: the bytes so far are good, so end here and let the reader say where
            damage = e instanceof EOFException ? "compressed data ends early" : "compressed data is damaged: " + e.getMessage();
            return -1;
        }
    }

    /** Why the input ended before its real end (a cut or corrupt compressed file), or null. */
    public String damage() {
        return damage;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        } else {
            stream.close();
        }
    }
}
