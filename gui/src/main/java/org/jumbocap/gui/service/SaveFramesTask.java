package org.jumbocap.gui.service;

import java.nio.file.Path;
import java.util.BitSet;
import javafx.concurrent.Task;
import org.jumbocap.gui.backend.CaptureBackend.FrameSink;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.store.FrameStore;

/** Writes the frames whose numbers are set (the shown ones) to a new capture file. Result: frames written. */
public final class SaveFramesTask extends Task<Long> {
    private final CaptureBackend backend;
    private final FrameStore store;
    private final BitSet numbers;
    private final Path target;
    private final SaveFormat format;

    public SaveFramesTask(CaptureBackend backend, FrameStore store, BitSet numbers, Path target, SaveFormat format) {
        this.backend = backend;
        this.store = store;
        this.numbers = numbers;
        this.target = target;
        this.format = format;
    }

    @Override
    protected Long call() throws Exception {
        long total = Math.max(1, numbers.cardinality());
        long[] written = {0};
        updateMessage("Saving " + target.getFileName());
        try (FrameSink sink = backend.create(target, format, Math.max(0, store.linkType()))) {
            store.scan(frame -> {
                if (frame.number() <= Integer.MAX_VALUE && numbers.get((int) frame.number())) {
                    sink.write(frame);
                    written[0]++;
                    updateProgress(written[0], total);
                }
            }, this::isCancelled);
        }
        return written[0];
    }
}
