package org.jumbocap.gui.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jumbocap.io.FrameRecord;

/** Frames of a live capture, kept as detached copies numbered from 1. */
public final class MemoryFrameStore implements FrameStore {
    private final String name;
    private final List<FrameRecord> frames = new ArrayList<>();
    private int linkType = -1;

    public MemoryFrameStore(String name) {
        this.name = name;
    }

    /** Keeps a copy of the frame, numbering it next; returns the kept copy. */
    public synchronized FrameRecord append(FrameRecord frame) {
        FrameRecord copy = frame.copy().withNumber(frames.size() + 1L).withFileOffset(-1);
        frames.add(copy);
        if (linkType < 0) {
            linkType = frame.linkType();
        }
        return copy;
    }

    public synchronized int size() {
        return frames.size();
    }

    @Override
    public synchronized FrameRecord read(long number, long fileOffset) throws IOException {
        long index = number - 1;
        if (index < 0 || index >= frames.size()) {
            throw new IOException("no frame " + number);
        }
        return frames.get((int) index);
    }

    @Override
    public void visitRange(long firstNumber, long firstOffset, int count, FrameVisitor visitor) throws IOException {
        List<FrameRecord> range;
        synchronized (this) {
            int from = (int) Math.max(0, Math.min(frames.size(), firstNumber - 1));
            range = new ArrayList<>(frames.subList(from, Math.min(frames.size(), from + count)));
        }
        for (FrameRecord f : range) {
            visitor.visit(f);
        }
    }

    @Override
    public void scan(FrameVisitor visitor, BooleanSupplier cancelled) throws IOException {
        List<FrameRecord> snapshot;
        synchronized (this) {
            snapshot = new ArrayList<>(frames);
        }
        for (FrameRecord f : snapshot) {
            if (cancelled.getAsBoolean()) {
                return;
            }
            visitor.visit(f);
        }
    }

    @Override
    public synchronized int linkType() {
        return linkType;
    }

    @Override
    public boolean nanoPrecision() {
        // live frames come with libpcap's nanosecond timestamps
        return true;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void close() {
    }
}
