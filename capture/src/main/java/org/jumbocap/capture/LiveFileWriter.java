package org.jumbocap.capture;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureWriters;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.io.pcapng.KernelFactsOption;
import org.jumbocap.io.pcapng.PcapngWriter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.segment.SegmentReport;
import org.jumbocap.segment.Segmenter;

/**
 * Writes a live capture to a file. Frames written from the capture library's buffer ({@link
 * #write(FrameRecord, ByteBuffer)}) are staged and reach the file in whole 4 KiB blocks of the file, as
 * stdio writes for {@code tcpdump -w}: at BIG TCP rates the page cache takes block-aligned writes for
 * less kernel time than one unaligned write a frame, and that time is what decides how many frames the
 * kernel drops. What is staged goes to the file when the capture pauses ({@link #flush}), at the end,
 * and before anything else is written. {@link #packetBuffered} writes each frame whole before the next
 * (as {@code tcpdump -U}), so a reader of the growing file never sees half a frame.
 *
 * <p>The file length after the last frame that reached the file whole is remembered. When a write fails
 * (disk full, I/O error) the file is cut back to that length, so it still holds every frame before,
 * readable by any tool.
 */
public final class LiveFileWriter implements LiveOutput {
    private final Path file;
    private final FileChannel channel;
    private final boolean ownFile;
    private final ChannelOutput output;
    private final CaptureWriter writer;
    /**
     * Record header and trailer of a frame written from a buffer outside the heap; direct, so never copied.
     * The trailer holds the padding, the pcapng options of the kernel's facts and the closing length.
     */
    private final ByteBuffer before = ByteBuffer.allocateDirect(64);
    private final ByteBuffer after = ByteBuffer.allocateDirect(16 + KernelFactsOption.MAX_OPTIONS_LENGTH);
    private FrameRecord scratch;
    /** Frames accepted, and of them those whole in the file, with the file's length after the last. */
    private long frames;
    private long durableFrames;
    private long committedBytes;
    private boolean failed;
    private boolean packetBuffered;
    private Segmenter segmenter;
    /** Records whole in the file: {@link #durableFrames}, or with segmenting the segments they became. */
    private long durableRecords;
    private FramePipeline pipeline;

    public LiveFileWriter(Path file, int linkType, int snaplen) throws IOException {
        this(file, created(file), CaptureWriters.isPcapng(file), true, linkType, snaplen);
    }

    /** Creates (or replaces) {@code file} in pcapng or pcap as asked, whatever its name ends in. */
    public static LiveFileWriter create(Path file, boolean pcapng, int linkType, int snaplen) throws IOException {
        return new LiveFileWriter(file, created(file), pcapng, true, linkType, snaplen);
    }

    private static FileChannel created(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /**
     * Writes to a channel opened elsewhere, such as standard output into a pipe ({@code -w -}), in pcapng
     * or pcap as asked. {@code name} is only for messages. Neither synced nor cut back after a failed
     * write: a pipe can be neither.
     */
    public static LiveFileWriter onStream(String name, FileChannel channel, boolean pcapng, int linkType, int snaplen)
            throws IOException {
        return new LiveFileWriter(Path.of(name), channel, pcapng, false, linkType, snaplen);
    }

    /** @param ownFile the channel is a file of this writer's: synced at the end, cut back after a failed write */
    private LiveFileWriter(Path file, FileChannel channel, boolean pcapng, boolean ownFile, int linkType, int snaplen)
            throws IOException {
        this.file = file;
        this.channel = channel;
        this.ownFile = ownFile;
        try {
            ChannelOutput out = new ChannelOutput(channel);
            this.output = out;
            // pcapng keeps nanoseconds; classic pcap gets microseconds, the form every tool reads.
            this.writer = pcapng ? new PcapngWriter(out, linkType, snaplen, true)
                    : new PcapWriter(out, linkType, snaplen, false);
            writer.flush();
            committedBytes = out.fileBytes;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * From now on writes every TCP super-packet as the segments TSO would have sent ({@link Segmenter}), for
     * a pipeline that feeds a tool that cannot read super-packets.
     *
     * @param mss MSS for flows whose SYNs were not captured, or 0
     * @param mtu MTU that sizes segments when neither the SYNs nor {@code mss} give an MSS
     */
    public void segment(int mss, int mtu) {
        segmenter = new Segmenter(writer, mss, mtu);
        pipeline = new FramePipeline(new FrameDissector(), null, false);
    }

    /** Writes each frame whole before the next is taken (tcpdump's -U), instead of in whole file blocks. */
    public void packetBuffered(boolean on) {
        packetBuffered = on;
    }

    /** What segmenting did, or null when the frames are written as captured. */
    public SegmentReport segmentReport() {
        return segmenter == null ? null : segmenter.report();
    }

    /**
     * Writes one frame (or its segments) and flushes it; on failure the file is cut back to the frames
     * before it.
     */
    public void write(FrameRecord frame) throws IOException {
        if (failed) {
            throw new IOException(file + ": writing stopped after an earlier error");
        }
        try {
            if (segmenter != null) {
                pipeline.accept(frame, frame.timestampNanos(), frame.timestampNanos());
                segmenter.write(frame, pipeline.summary());
            } else {
                writer.write(frame);
            }
            writer.flush();
            frames++;
            output.flushStaged();
            wholeUpTo(output.fileBytes, frames);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * Writes one frame whose bytes lie outside the record ({@link FrameRecord#prepareWithoutBytes}), in
     * the capture library's buffer: its whole blocks go to the file straight from there, so the kernel's
     * copy into the file is the only one; record header, trailer and partial blocks are staged. Segmenting
     * needs the bytes in the heap and copies them first. On failure the file is cut back to its last whole
     * frame.
     */
    public void write(FrameRecord frame, ByteBuffer bytes) throws IOException {
        if (segmenter != null) {
            if (scratch == null) {
                scratch = new FrameRecord();
            }
            byte[] into = scratch.prepare(frame.number(), frame.timestampNanos(), frame.interfaceId(), frame.linkType(),
                    bytes.remaining(), frame.originalLength(), -1);
            bytes.duplicate().get(into, 0, bytes.remaining());
            scratch.withPacketFlags(frame.packetFlags()).withVnetHeader(frame.vnetHeader());
            write(scratch);
            return;
        }
        if (failed) {
            throw new IOException(file + ": writing stopped after an earlier error");
        }
        long previousEnd = -1;
        long previousFrames = frames;
        try {
            writer.framing(frame, before, after);
            writer.flush();
            previousEnd = output.end();
            output.stage(before);
            output.stage(bytes);
            output.stage(after);
            frames++;
            if (packetBuffered) {
                output.flushStaged();
            }
            if (output.staged() == 0) {
                wholeUpTo(output.fileBytes, frames);
            } else if (output.fileBytes >= previousEnd) {
                // the frames before this one are whole in the file
                wholeUpTo(previousEnd, previousFrames);
            }
        } catch (IOException e) {
            if (previousEnd >= 0 && output.fileBytes >= previousEnd) {
                wholeUpTo(previousEnd, previousFrames);
            }
            throw failed(e);
        }
    }

    /** The file holds {@code count} frames whole in its first {@code length} bytes. */
    private void wholeUpTo(long length, long count) {
        committedBytes = length;
        durableFrames = count;
        durableRecords = segmenter == null ? count : segmenter.report().framesWritten();
    }

    /**
     * What a stopped capture leaves: with segmenting the file holds the segments (and whole frames) the
     * captured frames became, more records than frames, and the message counts both.
     */
    @Override
    public String whatIsKept() {
        if (segmenter == null) {
            return LiveOutput.super.whatIsKept();
        }
        return file + " holds the " + (failed ? durableRecords : segmenter.report().framesWritten())
                + " records written before (from " + frames() + " frames captured) and is valid";
    }

    /** Stops writing and cuts the file back to its last whole frame; returns {@code e} to throw. */
    private IOException failed(IOException e) {
        failed = true;
        rollBack();
        return e;
    }

    private void rollBack() {
        if (!ownFile) {
            return;
        }
        try {
            channel.truncate(committedBytes);
            channel.force(false);
        } catch (IOException ignored) {
            // the file keeps whatever the failed write left; nothing better can be done
        }
    }

    /**
     * Writes what is staged; a capture calls it when no frame came within its read timeout, so a quiet
     * capture's file holds every frame. On failure the file is cut back to its last whole frame.
     */
    public void flush() throws IOException {
        if (failed || output.staged() == 0) {
            return;
        }
        try {
            output.flushStaged();
            wholeUpTo(output.fileBytes, frames);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** Frames written (staged ones included, until a failure: then those whole in the file). */
    public long frames() {
        return failed ? durableFrames : frames;
    }

    /** The file's length once what is staged is written. */
    public long bytes() {
        return failed ? committedBytes : output.end();
    }

    public Path file() {
        return file;
    }

    public String formatName() {
        return writer.formatName();
    }

    /** Flushes, syncs and closes; after a failure only releases the file. */
    @Override
    public void close() throws IOException {
        try {
            if (!failed) {
                writer.flush();
                flush();
                if (ownFile) {
                    channel.force(false);
                }
            }
        } finally {
            channel.close();
        }
    }

    /**
     * The stream onto the channel the format writer writes through (file header, interface blocks, copied
     * frames: written at once, after what is staged), and the staging of frames written from outside the
     * heap in whole file blocks. Counts what reached the file.
     */
    private static final class ChannelOutput extends OutputStream {
        static final int BLOCK = 4096;
        private final FileChannel channel;
        /** Small frames and the partial blocks of large ones; 64 KiB, so small frames go out many at a time. */
        private final ByteBuffer staging = ByteBuffer.allocateDirect(1 << 16);
        private final ByteBuffer[] pair = new ByteBuffer[2];
        long fileBytes;

        ChannelOutput(FileChannel channel) {
            this.channel = channel;
        }

        int staged() {
            return staging.position();
        }

        /** The file's length once the staged bytes are written. */
        long end() {
            return fileBytes + staging.position();
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            flushStaged();
            writeFully(ByteBuffer.wrap(b, off, len));
        }

        /**
         * Adds {@code src} to the file. A piece that reaches a whole block past the next block boundary of
         * the file fills the staged block up to that boundary (at most 4 KiB copied), and the staged bytes
         * and the piece's whole blocks, straight from {@code src}, go to the file in one gathering write
         * (where stdio, for tcpdump -w, makes two: its full buffer, then the whole blocks); only the piece's
         * last partial block is staged. Smaller pieces are staged, and the staging buffer's whole blocks are
         * written when it is full.
         */
        void stage(ByteBuffer src) throws IOException {
            while (src.hasRemaining()) {
                if (staging.remaining() < BLOCK) {
                    flushWholeBlocks();
                }
                long end = fileBytes + staging.position();
                int toBlock = (int) (-end & (BLOCK - 1));
                int limit = src.limit();
                if (src.remaining() >= toBlock + BLOCK) {
                    src.limit(src.position() + toBlock);
                    staging.put(src);
                    src.limit(src.position() + (limit - src.position()) / BLOCK * BLOCK);
                    staging.flip();
                    try {
                        writeFully(staging, src);
                    } finally {
                        staging.compact();
                        src.limit(limit);
                    }
                    continue;
                }
                int n = Math.min(src.remaining(), staging.remaining());
                src.limit(src.position() + n);
                staging.put(src);
                src.limit(limit);
            }
        }

        /** Writes the staged bytes up to the last block boundary of the file, keeping the partial block. */
        private void flushWholeBlocks() throws IOException {
            int keep = (int) ((fileBytes + staging.position()) % BLOCK);
            staging.flip();
            int limit = staging.limit();
            staging.limit(limit - keep);
            try {
                writeFully(staging);
            } finally {
                staging.limit(limit);
                staging.compact();
            }
        }

        void flushStaged() throws IOException {
            if (staging.position() == 0) {
                return;
            }
            staging.flip();
            try {
                writeFully(staging);
            } finally {
                staging.compact();
            }
        }

        private void writeFully(ByteBuffer buf) throws IOException {
            while (buf.hasRemaining()) {
                fileBytes += channel.write(buf);
            }
        }

        /** Writes {@code head} then {@code body} in one gathering write (more only when the kernel takes less). */
        private void writeFully(ByteBuffer head, ByteBuffer body) throws IOException {
            ByteBuffer[] pair = this.pair;
            pair[0] = head;
            pair[1] = body;
            try {
                while (body.hasRemaining()) {
                    fileBytes += channel.write(pair);
                }
            } finally {
                pair[0] = null;
                pair[1] = null;
            }
        }

        @Override
        public void close() {
            // the owner closes the channel after the writer
        }
    }
}
