package org.jumbocap.proto.dhcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.crafted.UdpProtocolCraftedCases;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** DHCP against tshark 4.0.17 on samples/crafted/dhcp-exchange.pcap, and hostile lengths. */
class DhcpDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    private static final Pattern OPTION_TYPES = Pattern.compile("frame \\d+ dhcp\\.option\\.type: tshark (.*), jumbocap (.*)");

    /**
     * Equal but for one field: tshark 4.0.17 gives the End option's {@code dhcp.option.type} as 0, where the
     * byte on the wire is 255 (its tree says "Option: (255) End"); jumbocap gives 255. Each such cell must
     * differ in exactly that last value.
     */
    @Test
    void dhcpMatchesTshark() throws Exception {
        List<String> differences = TsharkCrossCheck.differences("crafted/dhcp-exchange.pcap", "dhcp-exchange.pcap.dhcp.tsv");
        List<String> unexplained = new ArrayList<>();
        int endOptions = 0;
        for (String d : differences) {
            Matcher m = OPTION_TYPES.matcher(d);
            if (m.matches() && m.group(1).endsWith(",0") && m.group(2).endsWith(",255")
                    && m.group(1).substring(0, m.group(1).length() - 2).equals(m.group(2).substring(0, m.group(2).length() - 4))) {
                endOptions++;
                continue;
            }
            unexplained.add(d);
        }
        assertEquals(List.of(), unexplained);
        assertEquals(5, endOptions, "the End option of each of the five messages");
    }

    /** Random bytes after a BOOTP header with the cookie, random cuts: never an exception out of the dissector. */
    @Test
    void mutatedMessagesNeverBreakTheDissector() {
        Random random = new Random(67);
        FrameSummary summary = new FrameSummary();
        for (int round = 0; round < 2000; round++) {
            byte[] options = new byte[random.nextInt(80)];
            random.nextBytes(options);
            byte[] payload = UdpProtocolCraftedCases.dhcp(1, round, "00000000", java.util.HexFormat.of().formatHex(options));
            byte[] frame = UdpProtocolCraftedCases.udpOverIpv4(68, 67, payload);
            int captured = 42 + random.nextInt(payload.length + 1);
            FrameRecord record = new FrameRecord(1, 0, LinkTypes.ETHERNET, Arrays.copyOf(frame, captured), frame.length);
            FrameTree tree = DISSECTOR.dissect(record);
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> "round: " + tree.experts());
            SummaryText.info(tree);
            summary.reset();
            DISSECTOR.summarize(record, summary);
            assertEquals(SummaryText.protocol(tree), SummaryText.protocol(summary));
        }
    }
}
