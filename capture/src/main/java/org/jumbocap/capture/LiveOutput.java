package org.jumbocap.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.jumbocap.io.FrameRecord;

/**
 * Where a live capture writes its frames: one file or stream ({@link LiveFileWriter}) or a ring of files
 * ({@link RingFileWriter}). Every file it closes holds whole frames only.
 */
public interface LiveOutput extends AutoCloseable {
    /** Writes one frame whose bytes are in the record. */
    void write(FrameRecord frame) throws IOException;

    /** Writes one frame whose bytes are in {@code bytes}, valid only during the call. */
    void write(FrameRecord frame, ByteBuffer bytes) throws IOException;

    /** Writes what is staged; a capture calls it when the traffic pauses. */
    void flush() throws IOException;

    /** Frames written, in all files. */
    long frames();

    /** The file being written (for messages). */
    Path file();

    /** The file format's name. */
    String formatName();

    /** What a capture stopped by an error leaves, for its message: "FILE holds the N frames written before and is valid". */
    default String whatIsKept() {
        return file() + " holds the " + frames() + " frames written before and is valid";
    }

    @Override
    void close() throws IOException;
}
