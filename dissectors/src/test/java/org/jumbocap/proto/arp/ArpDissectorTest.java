package org.jumbocap.proto.arp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jumbocap.crafted.ProtocolCraftedCases;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * ARP against tshark 4.0.17: every field, the Protocol and the Info column of every frame of the captured
 * samples/arp-veth.pcap (request, reply, probe, announcement, gratuitous request and reply) and of the
 * crafted samples/crafted/arp-opcodes.pcap (RARP, DRARP, Inverse ARP, odd address shapes).
 */
class ArpDissectorTest {
    /**
     * Where jumbocap prints what tshark does not, and why. tshark prints FT_BYTES addresses (hardware or
     * protocol addresses that are not MAC or IPv4) as plain hex; jumbocap prints every bytes field as
     * colon-separated hex.
     */
    private static final Map<String, String> KNOWN = Map.of(
            "frame 7 arp.src.proto: tshark 0a000001, jumbocap 0a:00:00:01", "bytes fields print with colons",
            "frame 7 arp.dst.proto: tshark 0a000002, jumbocap 0a:00:00:02", "bytes fields print with colons",
            "frame 9 arp.src.hw: tshark 020000000001, jumbocap 02:00:00:00:00:01", "bytes fields print with colons",
            "frame 9 arp.dst.hw: tshark 000000000000, jumbocap 00:00:00:00:00:00", "bytes fields print with colons");

    @Test
    void capturedArpMatchesTshark() throws Exception {
        TsharkCrossCheck.assertOnlyKnown(TsharkCrossCheck.differences("arp-veth.pcap", "arp-veth.pcap.arp.tsv"), Map.of());
    }

    @Test
    void arpRelativesAndOddAddressesMatchTshark() throws Exception {
        TsharkCrossCheck.assertOnlyKnown(TsharkCrossCheck.differences("crafted/arp-opcodes.pcap", "arp-opcodes.pcap.arp.tsv"), KNOWN);
    }

    private static FrameTree dissect(byte[] frame) {
        return new FrameDissector().dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }

    @Test
    void summaryAloneNamesTheRelative() {
        byte[] rarp = ProtocolCraftedCases.arp(1, 0x0800, 6, 4, 3, "020000000001" + "0a000001" + "020000000001" + "00000000");
        FrameSummary summary = new FrameSummary();
        new FrameDissector().summarize(new FrameRecord(1, 0, LinkTypes.ETHERNET, rarp, rarp.length), summary);
        assertEquals("RARP", SummaryText.protocol(summary));
        assertEquals("RARP", SummaryText.protocol(dissect(rarp)));
    }

    @Test
    void shortOrLyingPacketsAreMalformedNotThrown() {
        byte[] request = ProtocolCraftedCases.arp(1, 0x0800, 6, 4, 1, "020000000001" + "0a000001" + "000000000000" + "0a000002");
        for (int cut = 14; cut < request.length; cut++) {
            FrameTree tree = dissect(Arrays.copyOf(request, cut));
            List<String> ids = tree.experts().stream().map(ExpertItem::id).toList();
            assertEquals(List.of("frame.malformed"), ids, "cut at " + cut);
            assertNull(tree.find("arp.src.hw_mac"), "no address shown from a short packet, cut at " + cut);
        }
        FrameTree huge = dissect(ProtocolCraftedCases.arp(1, 0x0800, 255, 255, 1, "0102"));
        assertTrue(huge.hasExpert("frame.malformed"));
        assertEquals("255", TsharkCrossCheck.value(huge, "arp.hw.size"));
    }
}
