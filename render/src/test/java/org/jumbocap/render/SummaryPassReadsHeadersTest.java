package org.jumbocap.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureInput;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.pcap.PcapReader;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary line of a super-packet needs its headers only: a pass that writes the summary lines of a
 * capture brings into the heap each frame's record header and, of a super-packet, its first {@link
 * CaptureInput#EAGER_PREFIX_LENGTH} bytes, never its payload; and what it allocates per frame does not
 * grow with the frame's size. Counted in bytes, never timed.
 */
class SummaryPassReadsHeadersTest {
    private static final Path SAMPLES = Path.of("..", "samples");

    /** What a summary pass over a file saw. */
    record Pass(long frames, long bytesDelivered, long headerBytes, long loadedSuperPackets, long lines) {
    }

    /** Decodes every frame, follows its conversation and writes its summary line, as {@code read} does. */
    private static Pass summaryPass(Path file, Utf8Text out) throws IOException {
        CaptureInput in = CaptureInput.open(file);
        SummaryLine line = new SummaryLine(TimeFormat.RELATIVE, Colors.NONE);
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, false,
                new TcpConversations(true, TcpConversations.DEFAULT_MAX_OPEN));
        FrameRecord record = new FrameRecord();
        FrameSummary summary = new FrameSummary();
        TcpAnalysis analysis = new TcpAnalysis();
        long frames = 0;
        long headers = PcapReader.FILE_HEADER_LENGTH;
        long loadedSuperPackets = 0;
        long first = 0;
        long previous = 0;
        try (PcapReader reader = new PcapReader(in, file.toString())) {
            while (reader.next(record)) {
                long ts = record.timestampNanos();
                if (frames == 0) {
                    first = ts;
                    previous = ts;
                }
                pipeline.decode(record, first, previous, summary);
                pipeline.observe(analysis);
                FrameContext context = new FrameContext(file.toString(), first, previous, false);
                int start = out.length();
                if (!line.render(summary, analysis, record, context, out)) {
                    out.setLength(start);
                    out.append(line.render(pipeline.tree(), context));
                }
                out.append('\n');
                previous = ts;
                frames++;
                int len = record.capturedLength();
                boolean superPacket = len > CaptureInput.WHOLE_FRAME_LENGTH;
                headers += PcapReader.RECORD_HEADER_LENGTH + (superPacket ? CaptureInput.EAGER_PREFIX_LENGTH : len);
                if (superPacket && record.isLoaded()) {
                    loadedSuperPackets++;
                }
            }
            return new Pass(frames, in.bytesDelivered(), headers, loadedSuperPackets, frames);
        }
    }

    @Test
    void aSummaryPassDeliversTheHeadersOfEachSuperPacketAndNoPayload() throws IOException {
        Path f = SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Assumptions.assumeTrue(Files.isRegularFile(f), "sample missing");
        Utf8Text lines = new Utf8Text(1 << 16);
        Pass pass = summaryPass(f, lines);
        assertTrue(pass.frames() > 20, "frames: " + pass.frames());
        assertEquals(0, pass.loadedSuperPackets(), "no super-packet's tail was loaded for its line");
        assertTrue(pass.bytesDelivered() <= pass.headerBytes(), "bytes delivered " + pass.bytesDelivered()
                + ", record headers and eager prefixes " + pass.headerBytes() + ", file " + Files.size(f));
        assertTrue(lines.toString().contains("[JUMBO ipv6-hbh 184,252 B]"), "the lines are the summary lines");
    }

    /** The frames of a sample longer than {@code min} (or at most {@code max} long), repeated to {@code count}. */
    private static Path repeated(Path sample, Path out, int min, int max, int count) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(sample)).order(ByteOrder.LITTLE_ENDIAN);
        List<byte[]> frames = new ArrayList<>();
        int p = PcapReader.FILE_HEADER_LENGTH;
        while (p + PcapReader.RECORD_HEADER_LENGTH <= in.limit()) {
            int captured = in.getInt(p + 8);
            int original = in.getInt(p + 12);
            if (captured == original && captured > min && captured <= max) {
                byte[] frame = new byte[captured];
                in.get(p + PcapReader.RECORD_HEADER_LENGTH, frame);
                frames.add(frame);
            }
            p += PcapReader.RECORD_HEADER_LENGTH + captured;
        }
        assertFalse(frames.isEmpty());
        try (OutputStream o = Files.newOutputStream(out)) {
            o.write(in.array(), 0, PcapReader.FILE_HEADER_LENGTH);
            ByteBuffer h = ByteBuffer.allocate(PcapReader.RECORD_HEADER_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < count; i++) {
                byte[] frame = frames.get(i % frames.size());
                h.clear();
                h.putInt(1_790_000_000 + i / 1000).putInt(i % 1000 * 1000).putInt(frame.length).putInt(frame.length);
                o.write(h.array());
                o.write(frame);
            }
        }
        return out;
    }

    private static long allocatedBy(Path file) throws IOException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "this JVM does not count allocated bytes per thread");
        Utf8Text lines = new Utf8Text(1 << 20);
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        summaryPass(file, lines);
        return threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    }

    @Test
    void whatASummaryPassAllocatesPerFrameDoesNotGrowWithTheFrame(@TempDir Path dir) throws IOException {
        Path sample = SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Assumptions.assumeTrue(Files.isRegularFile(sample), "sample missing");
        int few = 50;
        int many = 150;
        Path bigFew = repeated(sample, dir.resolve("big-few.pcap"), 65536, Integer.MAX_VALUE, few);
        Path bigMany = repeated(sample, dir.resolve("big-many.pcap"), 65536, Integer.MAX_VALUE, many);
        Path smallFew = repeated(sample, dir.resolve("small-few.pcap"), 0, 256, few);
        Path smallMany = repeated(sample, dir.resolve("small-many.pcap"), 0, 256, many);
        for (Path f : List.of(bigFew, bigMany, smallFew, smallMany)) {
            allocatedBy(f); // classes loaded, lambdas linked, code compiled enough to settle
        }
        // per frame: the difference between many frames and few, so what a pass costs once cancels out
        double bigPerFrame = (double) (allocatedBy(bigMany) - allocatedBy(bigFew)) / (many - few);
        double smallPerFrame = (double) (allocatedBy(smallMany) - allocatedBy(smallFew)) / (many - few);
        // a super-packet's line is some 40 characters longer than an ACK's (its length and the jumbo mark)
        assertTrue(bigPerFrame <= smallPerFrame + 512, "bytes allocated per super-packet " + bigPerFrame
                + ", per small frame " + smallPerFrame);
        assertNotNull(bigFew);
    }
}
