package org.jumbocap.gui.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;

/** Frames of a capture file, read again on demand through the record offsets the open pass noted. */
public final class FileFrameStore implements FrameStore {
    private volatile boolean nanoPrecision;
    private final CaptureBackend backend;
    private final Path file;
    private final FrameRecord scratch = new FrameRecord();
    private volatile int linkType = -1;
    private CaptureReader randomAccess;
    /** True while a capture process still writes the file: a reader opened earlier sees only the length it had then. */
    private volatile boolean growing;
    /** The listing pass's reassembly plans; their reassembled messages are held up to this many bytes. */
    private final SegmentPlans segmentPlans = new SegmentPlans(256L << 20);

    public FileFrameStore(CaptureBackend backend, Path file) {
        this.backend = backend;
        this.file = file;
    }

    /** Set by the task that lists the file, from its reader, before the first row is listed. */
    public void noteNanoPrecision(boolean nanos) {
        nanoPrecision = nanos;
    }

    @Override
    public boolean nanoPrecision() {
        return nanoPrecision;
    }

    /**
     * Marks the file as still written by a capture process (frames listed from it lie beyond what an earlier
     * reader saw), or, with false, as complete.
     */
    public void growing(boolean stillWritten) {
        growing = stillWritten;
    }

    @Override
    public SegmentPlans segmentPlans() {
        return segmentPlans;
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
    public synchronized FrameRecord read(long number, long fileOffset) throws IOException {
        if (fileOffset < 0) {
            return readFromStart(number);
        }
        if (randomAccess != null && growing) {
            // a reader sees the file as long as it was when opened: open one that sees this frame
            randomAccess.close();
            randomAccess = null;
        }
        if (randomAccess == null) {
            randomAccess = backend.open(file);
        }
        if (!randomAccess.seekable()) {
            return readFromStart(number);
        }
        randomAccess.seek(fileOffset, number);
        if (!randomAccess.next(scratch)) {
            throw new IOException(file + ": frame " + number + " is gone (file changed?)");
        }
        return scratch.copy();
    }

    @Override
    public void visitRange(long firstNumber, long firstOffset, int count, FrameVisitor visitor) throws IOException {
        FrameRecord rec = new FrameRecord();
        try (CaptureReader reader = backend.open(file)) {
            if (reader.seekable() && firstOffset >= 0) {
                reader.seek(firstOffset, firstNumber);
            } else {
                // gzip-compressed: read forward to the first frame wanted
                for (long n = 1; n < firstNumber && reader.next(rec); n++) {
                    // skipping
                }
            }
            for (int i = 0; i < count && reader.next(rec); i++) {
                visitor.visit(rec);
            }
        } catch (CaptureFormatException stopAtFault) {
            // the open pass reported the fault; the frames before it were visited
        }
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

    /**
     * Reads the file as a stream, not mapped: a pass over every frame (expert colours, statistics, saving)
     * would otherwise leave the whole capture mapped into the viewer, 5 GB of resident pages for a 5 GB file.
     */
    @Override
    public void scan(FrameVisitor visitor, BooleanSupplier cancelled) throws IOException {
        FrameRecord rec = new FrameRecord();
        try (CaptureReader reader = CaptureFiles.open(Files.newInputStream(file), file.toString())) {
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
