package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A record longer than the snaplen its file declares (pcap file header, pcapng interface) is read whole,
 * as tshark reads it (2000 and 60 bytes captured for these two files, no error), and its frame carries a
 * warning naming the snaplen, with and without a tree.
 */
class SnaplenClaimTest {
    @ParameterizedTest
    @ValueSource(strings = {"pcap-caplen-over-snaplen.pcap", "pcapng-epb-over-snaplen.pcapng"})
    void aRecordOverTheSnaplenIsReadWholeAndMarked(String name) throws Exception {
        Path file = CraftedCaptureFiles.directory().resolve(name);
        List<FrameRecord> frames = new ArrayList<>();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                frames.add(rec.copy());
            }
        }
        assertEquals(2, frames.size());
        assertEquals(2000, frames.get(0).capturedLength());
        assertEquals(2000, frames.get(0).originalLength());
        assertEquals(1500, frames.get(0).exceededSnaplen());
        assertEquals(0, frames.get(1).exceededSnaplen());

        FrameDissector dissector = new FrameDissector();
        FrameTree tree = dissector.dissect(frames.get(0));
        List<ExpertItem> over = tree.experts().stream().filter(e -> e.def() == FrameFields.OVER_SNAPLEN).toList();
        assertEquals(1, over.size(), tree.experts().toString());
        assertEquals("Record holds 2000 bytes, more than the snaplen of 1500 bytes the file declares: read whole",
                over.get(0).message());
        assertEquals(1500L, tree.find("frame.snaplen_exceeded").longValue());
        FrameSummary s = new FrameSummary();
        dissector.summarize(frames.get(0), s);
        assertTrue(Arrays.asList(s.experts).subList(0, s.expertCount).contains(FrameFields.OVER_SNAPLEN));
        dissector.summarize(frames.get(1), s);
        assertTrue(!Arrays.asList(s.experts).subList(0, s.expertCount).contains(FrameFields.OVER_SNAPLEN));
        assertTrue(dissector.dissect(frames.get(1)).experts().stream().noneMatch(e -> e.def() == FrameFields.OVER_SNAPLEN));
    }
}
