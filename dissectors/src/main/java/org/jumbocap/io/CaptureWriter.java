package org.jumbocap.io;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes frames to a capture file. Records are written whole, so after {@link #flush} the file on disk
 * is valid up to the last frame written; a live capture flushes periodically.
 */
public interface CaptureWriter extends Closeable, Flushable {
    void write(FrameRecord r) throws IOException;

    void write(long timestampNanos, byte[] data, int offset, int capturedLength, long originalLength)
            throws IOException;

    /**
     * Writes one frame made of two pieces, headers then payload, on the interface and link type that
     * {@code source} was captured on: each byte is copied once, into the writer's buffer, and never joined
     * into a frame first.
     *
     * @param originalLength the frame's length on the wire: the two pieces' lengths for a whole frame
     */
    void write(FrameRecord source, long timestampNanos, byte[] head, int headLength, byte[] body, int bodyOffset,
               int bodyLength, long originalLength) throws IOException;

    /**
     * The bytes this format puts around a frame's captured bytes, for a caller that sends those from a
     * buffer of its own (a live capture writing straight from the capture library's buffer): the record
     * header goes into {@code before}, padding and trailer into {@code after}, each cleared and flipped.
     * A format that must first declare the frame's interface writes that through this writer, so the
     * caller flushes the writer before it writes the three pieces.
     *
     * @param frame the frame's number, time, interface, link type and lengths (its bytes are not read)
     */
    void framing(FrameRecord frame, ByteBuffer before, ByteBuffer after) throws IOException;

    /** "pcap", "pcap-nsec", "pcapng". */
    String formatName();
}
