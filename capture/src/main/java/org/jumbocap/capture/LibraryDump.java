package org.jumbocap.capture;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A capture file that the capture library writes itself, frame by frame inside its own loop: libpcap's
 * {@code pcap_dump}, the callback {@code tcpdump -w} gives {@code pcap_dispatch}. No frame crosses into
 * Java, so a capture that only writes a file costs what tcpdump's costs, from its first frame (no frame
 * path running interpreted while the JIT compiles it). The file is classic pcap with the source's
 * timestamps, nanoseconds for a live libpcap source. What it cannot do, the writer of {@link LiveFileWriter}
 * does (pcapng, segmenting, printing frames, {@code -U}).
 */
public interface LibraryDump extends AutoCloseable {
    /**
     * Writes the frames the source holds ready, up to {@code maxFrames}, waiting up to the read timeout for
     * the first; {@link #delivered} tells how many were written.
     *
     * @return {@link CaptureSource.Status#FRAME} when at least one was, {@link CaptureSource.Status#TIMEOUT}
     *         or {@link CaptureSource.Status#END} (stopped by {@link CaptureSource#breakLoop})
     * @throws IOException when writing the file failed (for example the disk is full); frames up to the last
     *                     whole one are in the file once {@link #close} cut it back
     */
    CaptureSource.Status dispatch(int maxFrames) throws CaptureException, IOException;

    /** Frames the last {@link #dispatch} wrote. */
    int delivered();

    /** Writes what the library holds buffered, so a reader of the growing file sees every frame so far. */
    void flush() throws IOException;

    Path file();

    /**
     * Flushes and closes the file; after a failed write, cuts it back to its last whole frame.
     *
     * @return frames the file holds
     */
    long finish() throws IOException;

    /** Takes a record's captured and original length. */
    interface RecordLengths {
        void record(int capturedLength, long originalLength);
    }

    /**
     * Hands each whole record's lengths to {@code visitor}, in order, read back from the finished file's
     * record headers (nothing of the frames is read): the cut frames and super-packets a capture reports.
     */
    void forEachRecord(RecordLengths visitor) throws IOException;

    /** Like {@link #finish}, for try-with-resources; does nothing the second time. */
    @Override
    void close() throws IOException;
}
