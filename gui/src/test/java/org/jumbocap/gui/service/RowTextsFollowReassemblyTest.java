package org.jumbocap.gui.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.gui.backend.CaptureBackend.FrameStep;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.RowText;
import org.jumbocap.gui.model.RowTexts;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.gui.store.SegmentPlans;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.junit.jupiter.api.Test;

/**
 * The rows' Info texts are decoded with TCP reassembly's plans whether the listing pass kept them or not:
 * kept, from the store's {@link SegmentPlans}; not kept (a store listed by another loop, or the plans'
 * budget spent), found again by following the frame's stream. Either way every frame of the kernel-made TLS,
 * HTTP and HTTP/2 captures has the Info text of {@code read}'s in-order pipeline.
 */
class RowTextsFollowReassemblyTest {
    static final Path TLS = Path.of("..", "samples", "tls-veth.pcap");
    static final Path HTTP = Path.of("..", "samples", "http-veth.pcap");
    /** HTTP/2, whose plans carry each direction's HPACK state. */
    static final Path HTTP2 = Path.of("..", "samples", "http2-veth.pcap");

    private final CoreBackend backend = new CoreBackend();

    @Test
    void keptPlansGiveReadsInfo() throws IOException {
        for (Path file : List.of(TLS, HTTP, HTTP2)) {
            assertInfoIsReads(file, true);
        }
    }

    @Test
    void plansFoundByFollowingTheStreamGiveReadsInfo() throws IOException {
        for (Path file : List.of(TLS, HTTP, HTTP2)) {
            assertInfoIsReads(file, false);
        }
    }

    @Test
    void plansStopBeingKeptWhenTheBudgetIsSpent() throws IOException {
        List<SegmentPlan> plans = new ArrayList<>();
        FramePipeline p = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        try (CaptureReader reader = CaptureFiles.open(TLS)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                p.accept(rec, 0, 0);
                plans.add(p.tcpAnalysis() == null ? null : p.tcpAnalysis().segmentPlan);
            }
        }
        int firstGathered = -1;
        for (int i = 0; i < plans.size() && firstGathered < 0; i++) {
            if (plans.get(i) != null && plans.get(i).reassembled != null) {
                firstGathered = i;
            }
        }
        assertTrue(firstGathered > 0, "a frame completes a record gathered from segments");
        // room for the small plans before it, not for its gathered record
        SegmentPlans kept = new SegmentPlans(plans.get(firstGathered).reassembled.length / 2);
        for (int i = 0; i < plans.size(); i++) {
            kept.record(i, plans.get(i));
        }
        for (int i = 0; i < firstGathered; i++) {
            assertTrue(kept.knows(i), "frame " + (i + 1) + " is before the budget ran out");
            assertEquals(plans.get(i), kept.get(i));
        }
        assertFalse(kept.knows(firstGathered));
        assertFalse(kept.knows(plans.size() - 1));
        assertNull(kept.get(firstGathered));
        // out of order is refused, not guessed
        SegmentPlans fresh = new SegmentPlans(1 << 20);
        fresh.record(5, plans.get(firstGathered));
        assertFalse(fresh.knows(5));
        assertFalse(fresh.knows(0));
    }

    private void assertInfoIsReads(Path file, boolean keepPlans) throws IOException {
        List<String> expected = readInfo(file);
        try (FileFrameStore frames = new FileFrameStore(backend, file)) {
            RowStore rows = listed(file, keepPlans ? frames.segmentPlans() : null);
            assertEquals(expected.size(), rows.size());
            assertEquals(keepPlans, frames.segmentPlans().knows(rows.size() - 1));
            RowTextLoader loader = new RowTextLoader(backend, frames, rows);
            try {
                int protocolChanged = 0;
                for (int first = 0; first < rows.size(); first += RowTexts.PAGE) {
                    int count = Math.min(RowTexts.PAGE, rows.size() - first);
                    RowText[] texts = loader.make(first, count);
                    for (int i = 0; i < count; i++) {
                        int index = first + i;
                        assertNotNull(texts[i]);
                        assertEquals(expected.get(index), texts[i].info(), file.getFileName() + " frame " + (index + 1));
                        protocolChanged += unplannedProtocol(frames, rows, index).equals(rows.protocol(index)) ? 0 : 1;
                    }
                }
                // a segment carrying the start of a record completed later is TCP, not the record's protocol
                assertTrue(protocolChanged > 0, "frames whose protocol the plans change: " + protocolChanged);
            } finally {
                loader.close();
            }
        }
    }

    /** The rows as the listing pass makes them; the plans recorded into {@code plans} unless null. */
    private RowStore listed(Path file, SegmentPlans plans) throws IOException {
        RowStore rows = new RowStore();
        FrameStep step = backend.newFrameStep(true);
        try (CaptureReader reader = backend.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (reader.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                step.next(rec, first, previous);
                if (plans != null) {
                    plans.record(rows.size(), step.analysis() == null ? null : step.analysis().segmentPlan);
                }
                RowFactory.append(rows, rec, step.summary(), step.analysis(), step::tree);
                previous = rec.timestampNanos();
            }
        }
        return rows;
    }

    /** The Protocol column of the frame decoded alone, as the rows were before they had the plans. */
    private String unplannedProtocol(FileFrameStore frames, RowStore rows, int index) throws IOException {
        FrameRecord rec = frames.read(index + 1L, rows.fileOffset(index));
        return SummaryText.protocol(backend.dissect(rec, rec.timestampNanos(), rec.timestampNanos()));
    }

    /** Info of every frame as `read` prints it: the tree of the pipeline following the conversations. */
    private static List<String> readInfo(Path file) throws IOException {
        FramePipeline p = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        List<String> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                p.accept(rec, rec.timestampNanos(), rec.timestampNanos());
                out.add(SummaryText.info(p.tree()));
            }
        }
        return out;
    }
}
