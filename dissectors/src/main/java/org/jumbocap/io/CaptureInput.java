package org.jumbocap.io;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.ZipException;
import org.jumbocap.buffer.FrameBuffer;

/**
 * The byte source under the capture readers, with the position kept as a long so files beyond 4 GiB
 * work. A stream (stdin, a pipe, a decompressor) is read through one big buffer, large reads bypassing
 * it. A regular file is mapped read-only in windows of at most {@link #DEFAULT_WINDOW_SIZE} bytes, each
 * mapped when first needed (and again when the file has grown), and every byte comes from there: a fill
 * copies into the buffer the bytes the reader asks for (a record header, a block trailer) and at most
 * {@link #EAGER_PREFIX_LENGTH} more, which hold the next frame's headers or the next few small frames
 * whole; skips read nothing, and {@link #readFrame} copies only the first {@link #EAGER_PREFIX_LENGTH}
 * bytes of a frame longer than {@link #WHOLE_FRAME_LENGTH}, leaving the rest in the file until its record
 * asks for it. So a summary of super-packets brings their record headers and eager prefixes into the heap
 * and no byte of their payload. File-backed inputs seek cheaply; stream-backed ones cannot. {@link
 * #bytesDelivered} counts every byte copied from the source into the heap.
 *
 * <p>Where records lie far apart (after a skip of at least {@link #SPARSE_SKIP} bytes, a super-packet's
 * payload, or a seek) the fills that follow, up to {@link #SPARSE_RUN} bytes on, are positioned reads
 * (a seek and a read of the file each) instead of copies from the mapping: a record of a super-packet
 * touches a page of the mapping no other record shares, and each such page costs a page fault, its share
 * of mapping and unmapping a window, and of the kernel's work to tear the mapping down; the two system
 * calls that copy its 528 bytes cost less (docs/benchmarks.md). Dense records, small frames one after another,
 * stay on the mapping, where a record costs no system call. The positioned reads go through the {@link
 * RandomAccessFile} the channel belongs to, whose reads an interrupt does not break, unlike a {@link
 * FileChannel}'s, which an interrupt of the reading thread closes for every thread.
 *
 * <p>{@link #close} unmaps the windows at once where the JDK allows it (sun.misc.Unsafe#invokeCleaner),
 * so a closed capture leaves no mapping behind that would keep its file system busy; every copy from a
 * mapping is made under the input's lock after checking it is still open, and every sum over one pins
 * its window under that lock first (a pinned window is unmapped when its sum ends), so a record whose
 * tail is read on another thread after the close gets an exception, never a fault.
 */
public final class CaptureInput implements Closeable {
    /** Large enough that typical frames of a few hundred KiB are served by a handful of system calls. */
    public static final int DEFAULT_BUFFER_SIZE = 1 << 20;
    /**
     * Bytes of each frame a file-backed input reads with the record: enough for the headers of a tunnelled
     * IPv6 jumbogram (Ethernet, VLAN tags, outer IP, UDP, VXLAN or Geneve, inner Ethernet, IPv6 with
     * extension headers, TCP with options). The rest is read on demand.
     */
    public static final int EAGER_PREFIX_LENGTH = 512;
    /**
     * A frame of a file up to this long is copied whole with its record: one copy, and nothing left to load
     * for a checksum. A longer one gets its first {@link #EAGER_PREFIX_LENGTH} bytes.
     */
    public static final int WHOLE_FRAME_LENGTH = 4096;
    /**
     * Size of a mapped window of a file. Pages of a mapping count in the process's resident set while it
     * is mapped, and every page of a file of small frames is read through them, so windows are small and
     * at most {@link #MAPPED_WINDOWS} stay mapped: reading a file of any size keeps the resident set
     * within their sum, 32 MiB.
     */
    public static final long DEFAULT_WINDOW_SIZE = 8L << 20;
    /**
     * Windows kept mapped at once: the reader's and the three before, which hold the tails that decoding
     * threads load for the batches in flight behind the reader (a few times 4 MiB), so they do not map
     * the same windows again and again.
     */
    private static final int MAPPED_WINDOWS = 4;
    /** Buffer of a file-backed input: headers, trailers and what a fill reads ahead (see {@link #readAhead}). */
    private static final int FILE_BUFFER_SIZE = 64 << 10;
    /** The shortest record header before a frame's data (pcap's; pcapng's are longer). */
    private static final int SHORTEST_RECORD_HEADER = 16;
    /**
     * A skip of at least this many bytes (a frame's tail left in the file) puts the fills after it on
     * positioned reads: records this far apart share no page of the mapping.
     */
    static final long SPARSE_SKIP = 16 << 10;
    /**
     * Bytes after a sparse skip (or a seek) read by positioned reads; a run of records read back to back
     * beyond it is dense, and goes back to the mapping.
     */
    static final long SPARSE_RUN = 64 << 10;
    /** The longest fill served by a positioned read; longer reads copy from the mapping. */
    private static final int LONGEST_POSITIONED_READ = 4096;
    /** Unmaps a mapped buffer now, or null where the JDK does not let us (then the collector does). */
    private static final MethodHandle UNMAP = unmapper();

    private final FileChannel channel;
    /**
     * The open file under {@link #channel}, for the positioned reads on the reader's thread; null for a
     * stream, or a file that a {@link RandomAccessFile} could not open (then the mapping serves every fill).
     */
    private final RandomAccessFile file;
    private final InputStream stream;
    private final byte[] buf;
    /** File offset of {@code buf[0]}; the source stands at {@code bufferStart + limit}. */
    private long bufferStart;
    private int pos;
    private int limit;
    private boolean eof;
    /** Why a decompressing stream ended early, or null; the readers name it in their error. */
    private String damage;

    // file-backed inputs only
    private final long windowSize;
    private final int prefixLength;
    /** Frames up to this long are read whole. */
    private final int wholeLength;
    /**
     * Bytes a fill of a file makes available at least: a record header and the frame's eager prefix, so
     * one copy from the mapping serves both, or several small frames; never more, so the bytes after a
     * record header that a fill brings are the frame's prefix, never a super-packet's payload.
     */
    private final int readAhead;
    /** Mapped windows by index; window k covers {@code [k * windowSize, k * windowSize + capacity)}. */
    private MappedByteBuffer[] windows = new MappedByteBuffer[0];
    /** Indices of the mapped windows, most recently used first; -1 for none. */
    private final int[] mappedWindows = unused(MAPPED_WINDOWS);
    /** Windows that sums outside the lock read now ({@link #pinWindow}), a slot per window, null for a free slot. */
    private MappedByteBuffer[] pinned = new MappedByteBuffer[2];
    /** Sums reading {@code pinned[i]} now. */
    private int[] pinCounts = new int[2];
    /** True when {@code pinned[i]} is no longer kept and is unmapped when its last sum ends. */
    private boolean[] pinRetired = new boolean[2];
    /** File size as last looked up; refreshed when a read or skip reaches it. */
    private long size;
    /** Offset of the next byte the file gives ({@code bufferStart + limit} between calls). */
    private long source;
    /** Fills of the file below this offset are positioned reads (see {@link #SPARSE_SKIP}). */
    private long positionedUntil;
    /** Windows mapped so far (each mapping of one, again or not), for tests. */
    private long windowsMapped;
    /** Counts the frames read by {@link #readFrame}, so a partly loaded record can tell it is still current. */
    private boolean closed;
    /** Bytes the reader's thread copied from the source into the heap: the buffer's fills and frames. */
    private long delivered;
    /** Bytes of frames' tails copied into records, on any thread (under the input's lock). */
    private long tailBytes;

    private CaptureInput(RandomAccessFile file, FileChannel channel, InputStream stream, int bufferSize,
                         long windowSize, int prefixLength, int wholeLength, long size) {
        if (windowSize < 1 || windowSize > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("window size " + windowSize + " is not in [1, 2^31)");
        }
        if (prefixLength < 1) {
            throw new IllegalArgumentException("prefix length " + prefixLength + " is below 1");
        }
        this.file = file;
        this.channel = channel;
        this.stream = stream;
        this.buf = new byte[Math.max(bufferSize, 64)];
        this.windowSize = windowSize;
        this.prefixLength = prefixLength;
        this.wholeLength = Math.max(prefixLength, wholeLength);
        this.readAhead = Math.min(buf.length, SHORTEST_RECORD_HEADER + prefixLength);
        this.size = size;
    }

    /** A seekable input over a regular file. */
    public static CaptureInput open(Path file) throws IOException {
        return open(file, DEFAULT_WINDOW_SIZE, EAGER_PREFIX_LENGTH, WHOLE_FRAME_LENGTH);
    }

    /**
     * Same, with chosen window and prefix sizes, frames longer than the prefix read lazily (tests use tiny
     * ones so records straddle windows).
     */
    static CaptureInput open(Path file, long windowSize, int prefixLength) throws IOException {
        return open(file, windowSize, prefixLength, prefixLength);
    }

    private static CaptureInput open(Path file, long windowSize, int prefixLength, int wholeLength) throws IOException {
        RandomAccessFile raf = null;
        FileChannel channel;
        try {
            raf = new RandomAccessFile(file.toFile(), "r");
            channel = raf.getChannel();
        } catch (IOException | UnsupportedOperationException e) {
            // the channel's own exception names the problem as before (NoSuchFileException, AccessDeniedException)
            channel = FileChannel.open(file, StandardOpenOption.READ);
        }
        try {
            return new CaptureInput(raf, channel, null, FILE_BUFFER_SIZE, windowSize, prefixLength, wholeLength,
                    channel.size());
        } catch (IOException | RuntimeException e) {
            channel.close(); // and the file it came from
            throw e;
        }
    }

    /** A forward-only input over a stream (stdin, a pipe, a decompressor). */
    public static CaptureInput of(InputStream in) {
        return of(in, DEFAULT_BUFFER_SIZE);
    }

    /** Same, with a chosen buffer size (tests use tiny buffers to exercise the refill paths). */
    public static CaptureInput of(InputStream in, int bufferSize) {
        return new CaptureInput(null, null, in, bufferSize, DEFAULT_WINDOW_SIZE, EAGER_PREFIX_LENGTH, WHOLE_FRAME_LENGTH, 0);
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
            // a file gives no more than the read-ahead: the bytes after it may be a super-packet's payload
            int want = channel == null ? buf.length - limit : Math.max(n, readAhead) - limit;
            int r = readSource(buf, limit, want);
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
        return (limit - pos) + Math.max(0, fileSize() - (bufferStart + limit));
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
            return position() + n <= size || remaining() >= n;
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
        // buffer drained: big remainders, and every one from a mapped file, go straight into dst; small
        // ones from a stream through a refill
        bufferStart += pos;
        pos = 0;
        limit = 0;
        if (channel != null || len - done >= buf.length / 2) {
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
     * Reads the {@code len} captured bytes of a frame into {@code into}, which it fills as {@link
     * FrameRecord#prepare} does with the other arguments. From a file only the first {@link
     * #EAGER_PREFIX_LENGTH} bytes of a frame longer than {@link #WHOLE_FRAME_LENGTH} are read and the rest
     * is skipped; the record reads them when asked, until the next call here or {@link #close}. Callers check {@code len} against their caps and with {@link
     * #mayHave} first, so a file too short for the frame fails here, in the reader's {@code next}.
     *
     * @return the frame bytes consumed, fewer than {@code len} only at the end of the input
     */
    public int readFrame(FrameRecord into, long number, long timestampNanos, int interfaceId, int linkType, int len,
                         long originalLength, long fileOffset) throws IOException {
        if (channel == null || len <= wholeLength) {
            byte[] dst = into.prepare(number, timestampNanos, interfaceId, linkType, len, originalLength, fileOffset);
            return read(dst, 0, len);
        }
        long dataOffset = position();
        byte[] dst = into.prepareLazy(number, timestampNanos, interfaceId, linkType, len, originalLength, fileOffset,
                prefixLength, this, dataOffset);
        int read = read(dst, 0, prefixLength);
        if (read < prefixLength) {
            return read;
        }
        return (int) (read + skip(len - prefixLength));
    }

    /**
     * Copies bytes of a frame's tail for its record; see {@link #readFrame}. Any earlier frame's tail can be
     * read while the input is open (the bytes stay where they are in the file), so records handed to other
     * threads load theirs while the reader moves on.
     */
    synchronized void readTail(long number, long at, byte[] dst, int off, int len) {
        if (closed) {
            throw new IllegalStateException("frame " + number + ": its capture reader was closed before the rest of"
                    + " the frame was read; copy() a record to keep it");
        }
        try {
            if (at + len > size && at + len > fileSize()) {
                throw new EOFException("the file shrank to " + size + " bytes, before the end of the frame at byte offset "
                        + (at + len));
            }
            copyFromFile(at, dst, off, len);
            tailBytes += len;
        } catch (IOException e) {
            throw new UncheckedIOException("frame " + number + ": " + e.getMessage(), e);
        }
    }

    /**
     * The unfolded one's-complement sum (RFC 1071) of a frame's bytes {@code [at, at + len)} in the file,
     * read in place from the mapping, the byte at {@code at} a word's high byte: a checksum over a
     * super-packet's payload without copying it into the heap; -1 when the file is not mapped.
     *
     * <p>Only finding a window (and mapping it) holds the input's lock; the sum itself runs outside it with
     * the window pinned, so decoding threads sum frames at the same time, each on a core of its own. A
     * pinned window that is evicted or closed meanwhile is unmapped when its last sum lets go of it.
     */
    long sumTail(long number, long at, int len) {
        if (channel == null) {
            return -1;
        }
        long total = 0;
        int pending = -1; // a window ended on the high byte of a word: its low byte starts the next
        while (len > 0) {
            int k = (int) (at / windowSize);
            long windowStart = k * windowSize;
            int i = (int) (at - windowStart);
            MappedByteBuffer w = pinWindow(number, k, windowStart, Math.min(windowSize, at + len - windowStart), at + len);
            try {
                int n = Math.min(len, w.capacity() - i);
                int end = i + n;
                if (pending >= 0) {
                    total += pending << 8 | (w.get(i) & 0xFF);
                    pending = -1;
                    i++;
                }
                int words = (end - i) & ~1;
                total += FrameBuffer.onesComplementSum(w, i, words);
                if (i + words < end) {
                    pending = w.get(end - 1) & 0xFF;
                }
                at += n;
                len -= n;
            } catch (InternalError e) {
                // the JDK's answer to a fault in a mapping: the file shrank under it
                throw new UncheckedIOException("frame " + number + ": the file changed while it was read",
                        new IOException(e.getMessage(), e));
            } finally {
                unpin(w);
            }
        }
        return pending >= 0 ? total + (pending << 8) : total;
    }

    /**
     * Window {@code k}, mapped if need be and pinned: it stays mapped until {@link #unpin}, whatever the
     * reader or {@link #close} do meanwhile.
     */
    private synchronized MappedByteBuffer pinWindow(long number, int k, long windowStart, long need, long frameEnd) {
        if (closed) {
            throw new IllegalStateException("frame " + number + ": its capture reader was closed before the rest of"
                    + " the frame was read; copy() a record to keep it");
        }
        try {
            if (frameEnd > size && frameEnd > fileSize()) {
                throw new EOFException("the file shrank to " + size + " bytes, before the end of the frame at byte offset "
                        + frameEnd);
            }
            MappedByteBuffer w = window(k, windowStart, need);
            int slot = pinSlot(w);
            if (slot < 0) {
                slot = pinSlot(null);
                if (slot < 0) {
                    slot = pinned.length;
                    pinned = Arrays.copyOf(pinned, slot * 2);
                    pinCounts = Arrays.copyOf(pinCounts, slot * 2);
                    pinRetired = Arrays.copyOf(pinRetired, slot * 2);
                }
                pinned[slot] = w;
                pinRetired[slot] = false;
            }
            pinCounts[slot]++;
            return w;
        } catch (IOException e) {
            throw new UncheckedIOException("frame " + number + ": " + e.getMessage(), e);
        }
    }

    /** Lets go of a window {@link #pinWindow} pinned, unmapping it if it was retired meanwhile. */
    private synchronized void unpin(MappedByteBuffer w) {
        int slot = pinSlot(w);
        if (--pinCounts[slot] == 0) {
            pinned[slot] = null;
            if (pinRetired[slot]) {
                unmap(w);
            }
        }
    }

    /** The slot of {@code w} among the pinned windows (or of a free slot, for null), -1 for none. */
    private int pinSlot(MappedByteBuffer w) {
        for (int i = 0; i < pinned.length; i++) {
            if (pinned[i] == w) {
                return i;
            }
        }
        return -1;
    }

    /** Unmaps a window the input no longer keeps, at once, or when the last sum over it ends. */
    private void retire(MappedByteBuffer w) {
        int slot = pinSlot(w);
        if (slot >= 0) {
            pinRetired[slot] = true;
        } else {
            unmap(w);
        }
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
            long want = bufferStart + (n - done);
            if (want > size) {
                fileSize();
            }
            long target = Math.min(want, Math.max(size, bufferStart));
            if (target - bufferStart >= SPARSE_SKIP) {
                positionedUntil = target + SPARSE_RUN;
            }
            done += target - bufferStart;
            bufferStart = target;
            source = target;
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
        source = offset;
        bufferStart = offset;
        pos = 0;
        limit = 0;
        eof = false;
        positionedUntil = offset + SPARSE_RUN;
    }

    private int readSource(byte[] dst, int off, int len) throws IOException {
        if (channel != null) {
            if (closed) {
                throw new IOException("the capture input is closed");
            }
            if (source >= size && source >= fileSize()) {
                return -1;
            }
            int n = (int) Math.min(len, size - source);
            if (source < positionedUntil && n <= LONGEST_POSITIONED_READ && file != null) {
                n = readPositioned(source, dst, off, n);
            } else {
                copyFromFile(source, dst, off, n);
            }
            source += n;
            delivered += n;
            return n;
        }
        try {
            int r = stream.read(dst, off, len);
            if (r > 0) {
                delivered += r;
            }
            return r;
        } catch (EOFException | ZipException e) {
            // a cut or corrupt .gz: the bytes so far are good, so end here and let the reader say where
            damage = e instanceof EOFException ? "compressed data ends early" : "compressed data is damaged: " + e.getMessage();
            return -1;
        }
    }

    /**
     * Reads {@code [at, at + len)} of the file into {@code dst} with {@code pread}-like calls.
     *
     * @return the bytes read: {@code len}, or fewer when the file ended first (it shrank)
     */
    private int readPositioned(long at, byte[] dst, int off, int len) throws IOException {
        file.seek(at);
        int done = 0;
        while (done < len) {
            int r = file.read(dst, off + done, len - done);
            if (r < 0) {
                fileSize(); // shrank: the next fill finds the new end
                break;
            }
            done += r;
        }
        return done;
    }

    /** The file's size now; a file still being written may have grown. */
    private long fileSize() throws IOException {
        if (!closed) {
            size = channel.size();
        }
        return size;
    }

    /** Copies {@code [at, at + len)} of the file, which lies below {@link #size}, across the windows it spans. */
    private synchronized void copyFromFile(long at, byte[] dst, int off, int len) throws IOException {
        if (closed) {
            throw new IOException("the capture input is closed");
        }
        try {
            copyWindows(at, dst, off, len);
        } catch (InternalError e) {
            // the JDK's answer to a fault in a mapping: the file shrank under it
            throw new IOException("the file changed while it was read: " + e.getMessage(), e);
        }
    }

    private void copyWindows(long at, byte[] dst, int off, int len) throws IOException {
        while (len > 0) {
            int k = (int) (at / windowSize);
            long windowStart = k * windowSize;
            int inWindow = (int) (at - windowStart);
            MappedByteBuffer w = window(k, windowStart, Math.min(windowSize, at + len - windowStart));
            int n = Math.min(len, w.capacity() - inWindow);
            w.get(inWindow, dst, off, n);
            at += n;
            off += n;
            len -= n;
        }
    }

    /** Window {@code k}, mapped (again, when the file has grown) so it holds at least {@code need} bytes. */
    private MappedByteBuffer window(int k, long windowStart, long need) throws IOException {
        if (k >= windows.length) {
            windows = Arrays.copyOf(windows, Math.max(k + 1, windows.length * 2));
        }
        MappedByteBuffer w = windows[k];
        if (w == null || w.capacity() < need) {
            long length = Math.min(windowSize, size - windowStart);
            if (length < need) {
                throw new EOFException("byte offset " + (windowStart + need) + " is past the end of the file ("
                        + size + " bytes)");
            }
            MappedByteBuffer old = w;
            w = channel.map(FileChannel.MapMode.READ_ONLY, windowStart, length);
            // the machine's order: a checksum reads its words without exchanging their bytes (copies take bytes)
            w.order(ByteOrder.nativeOrder());
            windowsMapped++;
            windows[k] = w;
            if (old != null) {
                retire(old);
            }
        }
        noteUse(k);
        return w;
    }

    private static int[] unused(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }

    /** Makes window {@code k} the most recently used, unmapping the least recently used one beyond the limit. */
    private void noteUse(int k) {
        int[] used = mappedWindows;
        if (used[0] == k) {
            return;
        }
        int at = used.length - 1;
        for (int i = 1; i < used.length; i++) {
            if (used[i] == k) {
                at = i;
                break;
            }
        }
        int evicted = used[at] == k ? -1 : used[at];
        System.arraycopy(used, 0, used, 1, at);
        used[0] = k;
        if (evicted >= 0 && windows[evicted] != null) {
            // copies are made under this input's lock and sums pin their window, so no thread reads it now
            retire(windows[evicted]);
            windows[evicted] = null;
        }
    }

    /**
     * Bytes copied so far from the file or stream into the heap (the buffer, records and their tails), at
     * most once each unless a frame's tail is read again by a copy of its record. Exact on the reader's
     * thread once the threads that load tails are done.
     */
    public synchronized long bytesDelivered() {
        return delivered + tailBytes;
    }

    /** Windows of the file mapped so far, each mapping counted (tests: which reads go through the mapping). */
    synchronized long windowsMapped() {
        return windowsMapped;
    }

    /** Why the input ended before its real end (a cut or corrupt compressed file), or null. */
    public String damage() {
        return damage;
    }

    @Override
    public void close() throws IOException {
        if (channel == null) {
            stream.close();
            return;
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            for (MappedByteBuffer w : windows) {
                if (w != null) {
                    retire(w);
                }
            }
            windows = new MappedByteBuffer[0];
        }
        channel.close();
    }

    private static void unmap(MappedByteBuffer w) {
        if (UNMAP != null) {
            try {
                UNMAP.invokeExact((ByteBuffer) w);
            } catch (Throwable e) {
                // left to the collector
            }
        }
    }

    private static MethodHandle unmapper() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field f = unsafeClass.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            Object unsafe = f.get(null);
            MethodHandle cleaner = MethodHandles.lookup().findVirtual(unsafeClass, "invokeCleaner",
                    MethodType.methodType(void.class, ByteBuffer.class));
            return cleaner.bindTo(unsafe);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
