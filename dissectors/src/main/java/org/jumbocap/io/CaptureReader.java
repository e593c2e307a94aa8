package org.jumbocap.io;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * A streaming reader of one capture file, in constant memory: each call fills the caller's reusable
 * record. Lengths are checked before anything is allocated.
 */
public interface CaptureReader extends Closeable {
    /**
     * Reads the next frame into {@code into}.
     *
     * @return false at a clean end of the file
     * @throws CaptureFormatException when the file is malformed or cut; frames read before were good
     */
    boolean next(FrameRecord into) throws IOException;

    /** "pcap", "pcap-nsec", "pcapng". */
    String formatName();

    /** Link type of the file's first interface (pcap: the only one), or -1 before it is known. */
    int linkType();

    /** The name the file was opened by, for messages. */
    String name();

    /**
     * Moves so the next {@link #next} reads the record at a file offset taken from {@link
     * FrameRecord#fileOffset} earlier, numbering it {@code frameNumber}. Readers of non-seekable
     * input throw {@link UnsupportedOperationException}.
     */
    void seek(long fileOffset, long frameNumber) throws IOException;

    /** True when {@link #seek} works (file-backed readers). */
    default boolean seekable() {
        return false;
    }

    /** The capture interfaces known so far (pcap: one; pcapng: every IDB read, file-wide numbering). */
    default List<InterfaceInfo> interfaces() {
        return List.of();
    }

    /**
     * The comments (opt_comment) of interface {@code interfaceId}'s description, in file order; empty for a
     * format without them.
     */
    default List<String> interfaceComments(int interfaceId) {
        return List.of();
    }

    /**
     * The interface statistics blocks read so far, in file order (a capture writes them at its end, so they
     * are all known once the last frame was read); empty for a format without them.
     */
    default List<InterfaceStatistics> interfaceStatistics() {
        return List.of();
    }
}
