package org.jumbocap.gui.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;

/** Frames of a capture file, read again on demand through the record offsets the open pass noted. */
public final class FileFrameStore implements FrameStore {
    private final CaptureBackend backend;
    private final Path file;
    private final FrameRecord scratch = new FrameRecord();
    private volatile int linkType = -1;
    private CaptureReader randomAccess;

    public FileFrameStore(CaptureBackend backend, Path file) {
        this.backend = backend;
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public void noteLinkType(int linkType) {
        if (this.linkType < 0) {
            this.linkType = linkType;
        }
    }

    @Override
    public synchronized FrameRecord read(PacketRow row) throws IOException {
        if (row.fileOffset() < 0) {
            return readFromStart(row.number());
        }
        if (randomAccess == null) {
            randomAccess = backend.open(file);
        }
        try {
            randomAccess.seek(row.fileOffset(), row.number());
        } catch (UnsupportedOperationException streamOnly) {
            return readFromStart(row.number());
        }
        if (!randomAccess.next(scratch)) {
            throw new IOException(file + ": frame " + row.number() + " is gone (file changed?)");
        }
        return scratch.copy();
    }

    /** For inputs that cannot seek (gzip-compressed captures): read forward from the first frame. */
    private FrameRecord readFromStart(long number) throws IOException {
        try (CaptureReader reader = backend.open(file)) {
            while (reader.next(scratch)) {
                if (scratch.number() == number) {
                    return scratch.copy();
                }
            }
        }
        throw new IOException(file + ": frame " + number + " is gone (file changed?)");
    }

    @Override
    public void scan(FrameVisitor visitor, BooleanSupplier cancelled) throws IOException {
        FrameRecord rec = new FrameRecord();
        try (CaptureReader reader = backend.open(file)) {
            while (!cancelled.getAsBoolean() && reader.next(rec)) {
                visitor.visit(rec);
            }
        } catch (CaptureFormatException stopAtFault) {
            // The open pass already reported the fault; the frames before it were visited.
        }
    }

    @Override
    public int linkType() {
        return linkType;
    }

    @Override
    public String name() {
        return file.getFileName().toString();
    }

    @Override
    public synchronized void close() throws IOException {
        if (randomAccess != null) {
            randomAccess.close();
            randomAccess = null;
        }
    }
}
