package org.jumbocap.gui.store;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.io.FrameRecord;

/** Where the bytes of listed frames live: a capture file read on demand, or memory for live capture. */
public interface FrameStore extends Closeable {
    /** A detached copy of a row's frame. Safe from any thread; never call it on the UI thread for files. */
    default FrameRecord read(PacketRow row) throws IOException {
        return read(row.number(), row.fileOffset());
    }

    /** A detached copy of frame {@code number}, whose record starts at {@code fileOffset} (-1: unknown). */
    FrameRecord read(long number, long fileOffset) throws IOException;

    /**
     * Visits {@code count} frames in order from frame {@code firstNumber}, whose record starts at {@code
     * firstOffset}, with a reused record; for the texts of a page of rows and for parallel filtering.
     * Reads its own copy of the file, so several threads may call it at once.
     */
    void visitRange(long firstNumber, long firstOffset, int count, FrameVisitor visitor) throws IOException;

    /**
     * Visits every stored frame in order with a reused record; stops early when {@code cancelled} says
     * so, or quietly at a format error (the frames before it were listed and are good).
     */
    void scan(FrameVisitor visitor, BooleanSupplier cancelled) throws IOException;

    /** Link type of the first frame, for writers; -1 when nothing is known yet. */
    int linkType();

    /** A name for titles and messages. */
    String name();

    /**
     * True when the frames' times carry nanoseconds (a nanosecond pcap, a pcapng interface finer than
     * microseconds, a live capture): times then show nine decimals, as {@code read} prints them.
     */
    boolean nanoPrecision();

    /**
     * The TCP reassembly plans of the frames the listing pass recorded; a store whose frames were listed by
     * another loop knows none, and its rows' plans are found by following their stream.
     */
    default SegmentPlans segmentPlans() {
        return NO_PLANS;
    }

    /** Knows no frame's plan. */
    SegmentPlans NO_PLANS = new SegmentPlans(0);

    @FunctionalInterface
    interface FrameVisitor {
        void visit(FrameRecord frame) throws IOException;
    }
}
