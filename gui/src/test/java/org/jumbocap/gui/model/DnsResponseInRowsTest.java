package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.gui.backend.CaptureBackend.FrameStep;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The viewer's listing is a first pass over the capture: the rows keep the DNS pairings it made, and a
 * query's details, decoded again later as the details pane decodes them, get the frame of its response
 * ({@code dns.response_in}) as tshark's two passes give it, frame by frame on samples/dns-veth.pcap.
 */
class DnsResponseInRowsTest {
    @Test
    void detailsOfAQueryNameItsResponseAsTsharkTwoPass() throws IOException {
        Path samples = Path.of("..", "samples");
        Path file = samples.resolve("dns-veth.pcap");
        List<String> table = Files.readAllLines(samples.resolve("expected/tshark-fields/dns-veth.pcap.dns-two-pass.tsv"));
        CoreBackend backend = new CoreBackend();
        RowStore rows = new RowStore();
        List<FrameRecord> frames = new ArrayList<>();
        FrameStep step = backend.newFrameStep(true);
        try (CaptureReader reader = backend.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                step.next(rec, 0, 0);
                RowFactory.append(rows, rec, step.summary(), step.analysis(), () -> backend.dissect(rec, 0, 0));
                frames.add(rec.copy());
            }
        }
        assertEquals(table.size() - 1, rows.size());
        for (int i = 0; i < rows.size(); i++) {
            FrameTree tree = backend.dissect(frames.get(i), 0, 0);
            rows.dnsResponses().addTo(tree, i + 1L);
            List<String> values = new ArrayList<>();
            for (FieldNode n : tree.findAll("dns.response_in")) {
                values.add(FieldFormat.value(n));
            }
            assertEquals(table.get(i + 1).split("\t", -1)[3], String.join(",", values), "frame " + (i + 1));
        }
    }
}
