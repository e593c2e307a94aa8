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
import org.jumbocap.io.pcapng.PcapngWriter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.segment.SegmentReport;
import org.jumbocap.segment.Segmenter;

/**
 * Writes a live capture to a file that is valid at every moment between frames: each frame is flushed
 * whole, and the file length after the last complete frame is remembered. When a write fails (disk full,
 * I/O error) the file is cut back to that length, so it still holds every frame written before, readable
 * by any tool.
 */
public final class LiveFileWriter implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final ChannelOutput output;
    private final CaptureWriter writer;
    /** Record header and trailer of a frame written from a buffer outside the heap; direct, so never copied. */
    private final ByteBuffer before = ByteBuffer.allocateDirect(64);
    private final ByteBuffer after = ByteBuffer.allocateDirect(16);
    private final ByteBuffer[] pieces = new ByteBuffer[3];
    private FrameRecord scratch;
    private long committedBytes;
    private long frames;
    private boolean failed;
    private Segmenter segmenter;
    private FramePipeline pipeline;

    public LiveFileWriter(Path file, int linkType, int snaplen) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        try {
            ChannelOutput out = new ChannelOutput(channel);
            this.output = out;
            // pcapng keeps nanoseconds; classic pcap gets microseconds, the form every tool reads.
            this.writer = CaptureWriters.isPcapng(file) ? new PcapngWriter(out, linkType, snaplen, true)
                    : new PcapWriter(out, linkType, snaplen, false);
            writer.flush();
            committedBytes = out.bytes;
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
            committedBytes = output.bytes;
            frames++;
        } catch (IOException e) {
            failed = true;
            rollBack();
            throw e;
        }
    }

    /**
     * Writes one frame whose bytes lie outside the record ({@link FrameRecord#prepareWithoutBytes}), in
     * the capture library's buffer: record header, bytes and trailer go to the file in one gathering write,
     * so the kernel's copy into the file is the only one. Segmenting needs the bytes in the heap and copies
     * them first. On failure the file is cut back to the frames before it.
     */
    public void write(FrameRecord frame, ByteBuffer bytes) throws IOException {
        if (segmenter != null) {
            if (scratch == null) {
                scratch = new FrameRecord();
            }
            byte[] into = scratch.prepare(frame.number(), frame.timestampNanos(), frame.interfaceId(), frame.linkType(),
                    bytes.remaining(), frame.originalLength(), -1);
            bytes.duplicate().get(into, 0, bytes.remaining());
            write(scratch);
            return;
        }
        if (failed) {
            throw new IOException(file + ": writing stopped after an earlier error");
        }
        try {
            writer.framing(frame, before, after);
            writer.flush();
            pieces[0] = before;
            pieces[1] = bytes;
            pieces[2] = after;
            output.gather(pieces);
            committedBytes = output.bytes;
            frames++;
        } catch (IOException e) {
            failed = true;
            rollBack();
            throw e;
        } finally {
            pieces[1] = null;
        }
    }

    private void rollBack() {
        try {
            channel.truncate(committedBytes);
            channel.force(false);
        } catch (IOException ignored) {
            // the file keeps whatever the failed write left; nothing better can be done
        }
    }

    public long frames() {
        return frames;
    }

    public long bytes() {
        return committedBytes;
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
                channel.force(false);
            }
        } finally {
            channel.close();
        }
    }

    /** An unbuffered stream onto the channel that counts what it wrote: the file's length after a flush. */
    private static final class ChannelOutput extends OutputStream {
        private final FileChannel channel;
        long bytes;

        ChannelOutput(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(b, off, len);
            while (buf.hasRemaining()) {
                bytes += channel.write(buf);
            }
        }

        void gather(ByteBuffer[] pieces) throws IOException {
            long left = 0;
            for (ByteBuffer p : pieces) {
                left += p.remaining();
            }
            while (left > 0) {
                long n = channel.write(pieces);
                bytes += n;
                left -= n;
            }
        }

        @Override
        public void close() {
            // the owner closes the channel after the writer
        }
    }
}
