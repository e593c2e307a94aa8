package org.jumbocap.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.jumbocap.io.FrameRecord;

/**
 * A source of live frames: a capture device through jumbocap's own Linux packet socket ({@link
 * AfPacketCaptureSource}, the default, see {@link CaptureSources}) or through libpcap ({@link
 * Pcap4jCaptureSource}), or a capture file replayed as if live ({@link ReplayCaptureSource}). Frames arrive as raw bytes with their timestamp
 * and length on the wire, ready for jumbocap's own dissectors. Not thread-safe except {@link #breakLoop}.
 */
public interface CaptureSource extends AutoCloseable {
    /**
     * libpcap's cap on the snapshot length on Linux (MAXIMUM_SNAPLEN): the libpcap source cuts longer
     * frames.
     */
    int MAX_SNAPLEN = 262144;

    /**
     * The AF_PACKET source's cap on the snapshot length: the largest GSO/GRO super-packet Linux builds
     * (gso_max_size and gro_max_size go up to 524,280, IPv6 BIG TCP's 512 KiB) with its link header; the
     * replay source's too, so that a test without privileges captures what a live one would.
     */
    int AF_PACKET_MAX_SNAPLEN = 524288;

    /** What {@link #next} found. */
    enum Status {
        /** A frame was stored in the record. */
        FRAME,
        /** No frame arrived within the read timeout; call again. */
        TIMEOUT,
        /** The source ended: {@link #breakLoop} was called, or the replayed file is over. */
        END
    }

    /**
     * How to open a source.
     *
     * @param device        interface name (or file, for a replay)
     * @param snaplen       bytes kept per frame: at most {@link #AF_PACKET_MAX_SNAPLEN} through AF_PACKET, at
     *                      most {@link #MAX_SNAPLEN} through libpcap (which lowers a larger one to it)
     * @param bufferBytes   kernel capture buffer size
     * @param timeoutMillis longest wait in {@link #next} before it answers {@link Status#TIMEOUT}
     * @param immediate     libpcap only: deliver each frame as soon as it arrives instead of in batches;
     *                      libpcap 1.10 on Linux then uses a ring whose slots are sized from the interface's
     *                      MTU, cutting GSO/GRO super-packets to about 64 KiB, so it is off by default (the
     *                      AF_PACKET source hands frames over within the timeout and never cuts them)
     * @param promiscuous   put the interface into promiscuous mode
     * @param filter        capture filter, compiled by libpcap as is, or null
     */
    record Options(String device, int snaplen, int bufferBytes, int timeoutMillis, boolean immediate,
                   boolean promiscuous, String filter) {
        public static final int DEFAULT_BUFFER_BYTES = 256 << 20;
        /**
         * Without immediate mode libpcap, and always the AF_PACKET source, get a batch of frames when the
         * kernel retires a ring block: when it is full or after this timeout, which keeps a quiet capture
         * showing its frames promptly.
         */
        public static final int DEFAULT_TIMEOUT_MILLIS = 50;

        /**
         * Whole frames up to {@link #AF_PACKET_MAX_SNAPLEN} (libpcap: {@link #MAX_SNAPLEN}, immediate mode
         * off), delivered within {@link #DEFAULT_TIMEOUT_MILLIS}.
         */
        public static Options defaults(String device) {
            return new Options(device, AF_PACKET_MAX_SNAPLEN, DEFAULT_BUFFER_BYTES, DEFAULT_TIMEOUT_MILLIS, false, true, null);
        }

        public Options withImmediate(boolean i) {
            return new Options(device, snaplen, bufferBytes, timeoutMillis, i, promiscuous, filter);
        }

        public Options withFilter(String f) {
            return new Options(device, snaplen, bufferBytes, timeoutMillis, immediate, promiscuous, f);
        }

        public Options withSnaplen(int s) {
            return new Options(device, s, bufferBytes, timeoutMillis, immediate, promiscuous, filter);
        }

        public Options withBufferBytes(int b) {
            return new Options(device, snaplen, b, timeoutMillis, immediate, promiscuous, filter);
        }
    }

    /**
     * Counters as {@code pcap_stats} reports them.
     *
     * @param received           frames the kernel handed to the capture (before the filter on some systems)
     * @param droppedByKernel    frames dropped because the capture buffer was full
     * @param droppedByInterface frames the interface or its driver dropped
     */
    record Stats(long received, long droppedByKernel, long droppedByInterface) {
    }

    /** Waits up to the read timeout for the next frame and stores it in {@code into}. */
    Status next(FrameRecord into) throws CaptureException;

    /** Takes a frame's bytes where the source holds them; they are valid only during the call. */
    interface FrameBytesSink {
        void accept(FrameRecord frame, ByteBuffer bytes) throws IOException;
    }

    /**
     * Like {@link #next}, but hands frames to {@code sink} where the source holds them instead of copying
     * them into {@code into}, which gets each frame's number, time and lengths only (see {@link
     * FrameRecord#prepareWithoutBytes}): a file writer so copies each byte once, into the file. Once a
     * frame came, every further frame the source holds ready goes to the sink too, up to {@code maxFrames}
     * in all, so the sink (not the status) counts them. This default hands over one frame, copied through
     * {@link #next}; libpcap's source hands over many from its own buffer, the AF_PACKET source many from
     * its ring.
     *
     * @param maxFrames at least 1
     * @return {@link Status#FRAME} when at least one frame went to the sink; {@link Status#END} also after
     *         frames went to it, when the source was stopped while handing them over
     * @throws IOException what the sink threw; the frame it threw for counts as read, and no frame follows it
     */
    default Status next(FrameRecord into, int maxFrames, FrameBytesSink sink) throws CaptureException, IOException {
        Status s = next(into);
        if (s == Status.FRAME) {
            sink.accept(into, ByteBuffer.wrap(into.data(), 0, into.capturedLength()));
        }
        return s;
    }

    /**
     * A pcap file the capture library writes itself from its own buffer ({@link LibraryDump}), created (or
     * replaced) now, or null when this source has none: then {@link LiveFileWriter} writes the frames.
     *
     * @throws IOException when the file cannot be created
     */
    default LibraryDump openLibraryDump(java.nio.file.Path file) throws IOException {
        return null;
    }

    /** Replaces the capture filter (libpcap syntax, compiled by libpcap as is); null removes it. */
    void setFilter(String filter) throws CaptureException;

    /** LINKTYPE_ value of the frames. */
    int linkType();

    int snaplen();

    /** The device or file name, for messages. */
    String name();

    Stats stats() throws CaptureException;

    /** Makes a blocked or later {@link #next} return {@link Status#END}. Safe from any thread. */
    void breakLoop();

    @Override
    void close();
}
