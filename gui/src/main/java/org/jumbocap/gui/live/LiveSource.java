package org.jumbocap.gui.live;

import java.io.IOException;
import java.util.function.Consumer;
import org.jumbocap.io.FrameRecord;

/**
 * One running live capture as the viewer sees it. The launcher plugs in the real one (pcap4j); tests use a
 * fake. Frames are handed over on the source's own thread and the record may be reused after the call.
 */
public interface LiveSource extends AutoCloseable {
    /** Starts delivering frames to {@code sink} on a thread the source owns. */
    void start(Consumer<FrameRecord> sink) throws IOException;

    /** Stops delivering; frames already handed over stay. Safe to call twice. */
    void stop();

    /**
     * Asks the capture to stop without waiting for it (the capture process is signalled and its last
     * frames are still read); {@link #finished()} says when that is done. By default, {@link #stop()}.
     */
    default void requestStop() {
        stop();
    }

    /** True once the capture has ended and every frame it produced was handed over. */
    default boolean finished() {
        return false;
    }

    /** Frames the capture handed to the viewer so far. */
    long received();

    /** Frames the kernel or the source dropped. */
    long dropped();

    /** Why the capture ended by itself (the interface went away, a read failed), or null. */
    default String failure() {
        return null;
    }

    /**
     * The file the capture is written to while it runs, when it is (the capture process's): the frames
     * handed over then carry their offset in it, and the viewer reads them again from there rather than
     * keeping them. Null for a source that keeps nothing.
     */
    default java.nio.file.Path file() {
        return null;
    }

    @Override
    default void close() {
        stop();
    }
}
