package org.jumbocap.pipeline;

import java.io.IOException;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.tcp.DnsResponses;
import org.jumbocap.pipeline.tcp.TcpConversations;

/**
 * The first of two passes over a capture (tshark's {@code -2}): what only a later frame can tell about an
 * earlier one. Each frame's summary and conversation, as the second pass will follow them, with no tree and
 * no filter; what it keeps is bounded ({@link DnsResponses#CAP}). The second pass hands the result to its
 * conversations ({@link TcpConversations#answersFrom}).
 */
public final class FirstPass {
    private FirstPass() {
    }

    /** The DNS responses of every query in the frames {@code reader} gives, which it reads to the end. */
    public static DnsResponses dnsResponses(CaptureReader reader) throws IOException {
        return dnsResponses(reader, new FrameDissector());
    }

    /** As above, decoding as {@code dissector} does (the second pass's, with its decode-as rules if any). */
    public static DnsResponses dnsResponses(CaptureReader reader, FrameDissector dissector) throws IOException {
        DnsResponses out = new DnsResponses();
        FramePipeline pipeline = new FramePipeline(dissector, null, false, new TcpConversations());
        pipeline.startCapture();
        FrameRecord record = new FrameRecord();
        while (reader.next(record)) {
            pipeline.accept(record, 0, 0);
            out.record(record.number(), pipeline.tcpAnalysis());
        }
        return out;
    }
}
