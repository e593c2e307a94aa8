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

    /** Takes a record's captured and original length. */
    interface RecordLengths {
        void record(int capturedLength, long originalLength);
    }

    /**
     * What the finished file holds.
     *
     * @param frames       whole frames in the file
     * @param writeFailure why the last write failed (the file was cut back to its last whole frame), or null
     */
    record Finished(long frames, IOException writeFailure) {
    }

    /**
     * Flushes and closes the file, then reads its record headers back once (nothing of the frames): they
     * cut the file back to its last whole frame after a failed write, and each whole record's lengths go
     * to {@code visitor} (null for none), for the cut frames and super-packets a capture reports. A second
     * call returns the same without reading the file again.
     *
     * @throws IOException when the file cannot be read back or cut
     */
    Finished finish(RecordLengths visitor) throws IOException;

    /** {@link #finish} without a visitor, for try-with-resources; does nothing the second time. */
    @Override
    void close() throws IOException;
}
