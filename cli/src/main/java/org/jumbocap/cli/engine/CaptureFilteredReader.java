package org.jumbocap.cli.engine;

import java.io.IOException;
import java.util.List;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.FileCaptureFilter;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;

/**
 * A file's frames that pass a capture filter, as {@code tcpdump -r FILE FILTER} reads them; the others
 * are skipped before anything decodes them. Frames keep their numbers in the file, so they are the
 * numbers the display filter's selection of the same frames shows.
 */
final class CaptureFilteredReader implements CaptureReader {
    private final CaptureReader reader;
    private final FileCaptureFilter filter;

    CaptureFilteredReader(CaptureReader reader, FileCaptureFilter filter) {
        this.reader = reader;
        this.filter = filter;
    }

    @Override
    public boolean next(FrameRecord into) throws IOException {
        while (reader.next(into)) {
            try {
                if (filter.matches(into)) {
                    return true;
                }
            } catch (CaptureException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return false;
    }

    @Override
    public String formatName() {
        return reader.formatName();
    }

    @Override
    public int linkType() {
        return reader.linkType();
    }

    @Override
    public String name() {
        return reader.name();
    }

    @Override
    public void seek(long fileOffset, long frameNumber) throws IOException {
        reader.seek(fileOffset, frameNumber);
    }

    @Override
    public boolean seekable() {
        return reader.seekable();
    }

    @Override
    public List<InterfaceInfo> interfaces() {
        return reader.interfaces();
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
