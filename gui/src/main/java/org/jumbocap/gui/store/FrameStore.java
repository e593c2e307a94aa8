package org.jumbocap.gui.store;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.io.FrameRecord;

/** Where the bytes of listed frames live: a capture file read on demand, or memory for live capture. */
public interface FrameStore extends Closeable {
    /** A detached copy of a row's frame. Safe from any thread; never call it on the UI thread for files. */
    FrameRecord read(PacketRow row) throws IOException;

    /**
     * Visits every stored frame in order with a reused record; stops early when {@code cancelled} says
     * so, or quietly at a format error (the frames before it were listed and are good).
     */
    void scan(FrameVisitor visitor, BooleanSupplier cancelled) throws IOException;

    /** Link type of the first frame, for writers; -1 when nothing is known yet. */
    int linkType();

    /** A name for titles and messages. */
    String name();

    @FunctionalInterface
    interface FrameVisitor {
        void visit(FrameRecord frame) throws IOException;
    }
}
