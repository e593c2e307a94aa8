package org.jumbocap.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.Test;

/**
 * Display texts and expert messages are made when first asked for, and fields can be looked up by their
 * declaration: both must give what the eager texts and the name lookups gave.
 */
class LazyTextAndLookupTest {
    private static final String[] CAPTURES = {
        "../samples/ipv6-bigtcp-veth.pcap", "../samples/ipv4-bigtcp-veth.pcap",
        "../samples/crafted/ipv4-bad-checksum.pcap", "../samples/crafted/ipv6-jumbo-hbh.pcap",
        "../samples/crafted/ipv4-fragments.pcap", "../samples/ipv6-bigtcp-vxlan.pcap",
    };

    private static List<FrameTree> trees(String file) throws IOException {
        FrameDissector dissector = new FrameDissector();
        List<FrameTree> trees = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec) && trees.size() < 50) {
                trees.add(dissector.dissect(rec));
            }
        }
        return trees;
    }

    private static FieldNode first(String file, String field) throws IOException {
        return trees(file).stream().map(t -> t.find(field)).filter(n -> n != null).findFirst().orElseThrow();
    }

    @Test
    void lookupByDeclarationFindsWhatLookupByNameFinds() throws IOException {
        int checked = 0;
        for (String file : CAPTURES) {
            for (FrameTree tree : trees(file)) {
                List<FieldNode> all = new ArrayList<>();
                tree.walk(all::add);
                for (FieldNode node : all) {
                    assertSame(tree.find(node.name()), tree.find(node.def()), file + " " + node);
                    for (FieldNode layer : tree.layers()) {
                        assertSame(layer.find(node.name()), layer.find(node.def()), file + " " + node);
                    }
                    FieldNode parent = node.parent();
                    if (parent != null) {
                        FieldNode firstByName = parent.children().stream()
                                .filter(c -> c.name().equals(node.name())).findFirst().orElseThrow();
                        assertSame(firstByName, parent.child(node.def()), file + " " + node);
                    }
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "fields checked: " + checked);
    }

    @Test
    void textSupplierRunsOnceAndOnlyWhenTheTextIsRead() throws IOException {
        FieldNode node = first(CAPTURES[0], "tcp.checksum");
        String eager = node.text();
        AtomicInteger calls = new AtomicInteger();
        node.setText(() -> {
            calls.incrementAndGet();
            return "made on demand";
        });
        assertEquals(0, calls.get());
        assertEquals("made on demand", node.text());
        assertEquals("made on demand", node.text());
        assertEquals(1, calls.get());
        node.setText(eager);
        assertEquals(eager, node.text());
    }

    @Test
    void valueTextSupplierRunsOnlyWhenTheValueTextIsRead() throws IOException {
        FieldNode node = first(CAPTURES[0], "frame.time_epoch");
        String eager = node.valueText();
        AtomicInteger calls = new AtomicInteger();
        node.setValueText(() -> {
            calls.incrementAndGet();
            return eager;
        });
        assertEquals(0, calls.get());
        assertEquals(eager, node.valueText());
        assertTrue(node.text().contains(eager), node.text());
        assertEquals(1, calls.get());
    }

    @Test
    void expertMessageIsFormattedOnFirstReadExactlyAsTheDeclarationFormatsIt() throws IOException {
        FrameTree tree = trees(CAPTURES[2]).stream().filter(t -> !t.experts().isEmpty()).findFirst().orElseThrow();
        FieldNode node = tree.layers().get(0);
        ExpertDef def = new ExpertDef("test.lazy", ExpertGroup.PROTOCOL, Severity.NOTE, "value %s of %,d bytes (0x%04x)");
        AtomicInteger formatted = new AtomicInteger();
        Object counting = new Object() {
            @Override
            public String toString() {
                formatted.incrementAndGet();
                return "counted";
            }
        };
        ExpertItem item = ExpertItem.of(def, node, counting, 184306L, 0xbeef);
        assertEquals(0, formatted.get());
        String expected = String.format(Locale.ROOT, "value %s of %,d bytes (0x%04x)", "counted", 184306L, 0xbeef);
        assertEquals(expected, item.message());
        assertEquals(expected, item.message());
        assertEquals(1, formatted.get());
        assertEquals(new ExpertItem(def, expected, node), item);
        for (ExpertItem e : tree.experts()) {
            assertFalse(e.message().contains("%"), e.message());
        }
    }
}
