package org.jumbocap.expected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jumbocap.crafted.CraftedCase;
import org.jumbocap.crafted.CraftedSamples;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.field.FieldRegistry;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** The field names the checklist requires are declared, used by the dissectors, and filterable. */
class ChecklistFieldNamesTest {
    /** Wireshark's names, so a tshark filter or column works unchanged. */
    static final List<String> WIRESHARK_NAMES = List.of("frame.len", "frame.cap_len", "eth.type", "vlan.id", "ip.len",
            "ip.proto", "ipv6.plen", "ipv6.nxt", "ipv6.opt.jumbo", "tcp.srcport", "tcp.seq_raw", "tcp.len", "udp.length");
    static final List<String> JUMBO_NAMES = List.of("jumbo", "jumbo.kind", "jumbo.length");
    static final List<String> EXPERT_NAMES = List.of("expert.id", "expert.severity", "expert.message");

    @Test
    void dissectorRegistryDeclaresTheWiresharkAndJumboNames() {
        FieldRegistry fields = DissectorRegistry.standard().fields();
        List<String> missing = new ArrayList<>();
        for (String name : concat(WIRESHARK_NAMES, JUMBO_NAMES)) {
            if (!fields.contains(name)) {
                missing.add(name);
            }
        }
        assertEquals(List.of(), missing);
    }

    /** Declared is not enough: each name is filled in by some crafted sample's dissection. */
    @Test
    void everyNameIsProducedBySomeCraftedSample() {
        Set<String> seen = new HashSet<>();
        FrameDissector dissector = new FrameDissector();
        for (CraftedCase c : CraftedSamples.all()) {
            for (int i = 0; i < c.frames().size(); i++) {
                byte[] f = c.frames().get(i);
                long orig = c.originalLengths() == null ? f.length : c.originalLengths()[i];
                dissector.dissect(new FrameRecord(i + 1, 0, c.linkType(), f, orig)).walk(n -> seen.add(n.name()));
            }
        }
        List<String> never = concat(WIRESHARK_NAMES, JUMBO_NAMES).stream().filter(n -> !seen.contains(n)).toList();
        assertEquals(List.of(), never, "declared but never produced");
    }

    /**
     * The expert pseudo-fields are known to display filters (which add them to the registry's fields);
     * a filter on them selects by the frame's expert items.
     */
    @Test
    void expertNamesFilterOnExpertItems() {
        FieldRegistry filterFields = DisplayFilter.fields();
        for (String name : EXPERT_NAMES) {
            assertTrue(filterFields.contains(name), name + " unknown to display filters");
        }
        CompiledFilter bigTcp = DisplayFilter.compile("expert.id == \"ipv6.plen.zero_bigtcp\" && expert.severity == \"note\"");
        CompiledFilter message = DisplayFilter.compile("expert.message contains \"BIG TCP\"");
        FrameTree zeroLength = dissectCase("ipv6-bigtcp-zero-length");
        FrameTree hopByHop = dissectCase("ipv6-jumbo-hbh");
        assertTrue(bigTcp.matches(zeroLength));
        assertTrue(message.matches(zeroLength));
        assertFalse(bigTcp.matches(hopByHop));
    }

    private static FrameTree dissectCase(String name) {
        CraftedCase c = CraftedSamples.all().stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow();
        byte[] f = c.frames().get(0);
        return new FrameDissector().dissect(new FrameRecord(1, 0, c.linkType(), f, f.length));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
