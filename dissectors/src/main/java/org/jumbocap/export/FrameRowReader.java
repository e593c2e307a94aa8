package org.jumbocap.export;

import java.io.Closeable;
import java.io.IOException;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;

/**
 * The export rows of one capture file, streamed in constant memory: each {@link #next} reads frames until
 * one passes the display filter and fills the caller's row with it. A malformed or cut file throws the
 * reader's {@link org.jumbocap.io.CaptureFormatException} after every good row before it.
 */
public final class FrameRowReader implements Closeable {
    private final CaptureReader reader;
    private final FramePipeline pipeline;
    private final RowExtractor extractor = new RowExtractor();
    private final FrameRecord record = new FrameRecord();
    private long first;
    private long previous;
    private boolean any;
    private long framesRead;

    /**
     * @param fileName        what the {@code file} column says
     * @param filter          a compiled {@code -Y} display filter, or null for every frame
     * @param verifyChecksums sum the bytes the TCP checksum covers (else only the offload judgement)
     */
    public FrameRowReader(CaptureReader reader, String fileName, CompiledFilter filter, boolean verifyChecksums) {
        this.reader = reader;
        // TCP conversations are followed, as read does: tcp_stream, tcp_analysis and the analysis's expert ids
        this.pipeline = new FramePipeline(new FrameDissector(), filter, verifyChecksums,
                new TcpConversations(true, TcpConversations.DEFAULT_MAX_OPEN));
        extractor.startFile(fileName);
    }

    /** Fills {@code row} with the next frame that passes the filter; false at the end of the file. */
    public boolean next(FrameRow row) throws IOException {
        while (reader.next(record)) {
            framesRead++;
            long ts = record.timestampNanos();
            if (!any) {
                first = previous = ts;
                any = true;
            }
            boolean pass = pipeline.accept(record, first, previous);
            previous = ts;
            if (pass) {
                extractor.fill(pipeline, row);
                return true;
            }
        }
        return false;
    }

    /** Frames read so far, passed or not. */
    public long framesRead() {
        return framesRead;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
