package org.jumbocap.proto.dhcpv6;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.crafted.Dhcpv6CraftedCases;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** DHCPv6 against tshark 4.0.17 on samples/dhcpv6-veth.pcap (dhclient, a dnsmasq relay and a dnsmasq server). */
class Dhcpv6DissectorTest {
    private static final Pattern TIME_DIFFERENCE = Pattern.compile("frame \\d+ dhcpv6\\.duidllt\\.time: tshark (.*), jumbocap (.*)");
    /** Bytes fields: jumbocap's {@code -T fields} writes them with colons (as for every bytes field), tshark 4.0 without. */
    private static final Pattern BYTES_DIFFERENCE = Pattern.compile(
            "frame \\d+ dhcpv6\\.(?:duid\\.bytes|interface_id|duiden\\.identifier|duiduuid\\.bytes): tshark (.*), jumbocap (.*)");
    private static final DateTimeFormatter TSHARK_TIME = DateTimeFormatter.ofPattern("MMM ppd, yyyy HH:mm:ss.SSSSSSSSS 'UTC'", Locale.ROOT);

    /**
     * Every field, the Protocol and Info columns, frame by frame. Only how values are written differs:
     * jumbocap's {@code -T fields} writes absolute times in ISO 8601, tshark 4.0 as "Dec  2, 2026 06:17:16.000000000
     * UTC", and bytes with colons, tshark without; the instants and the bytes must be equal.
     */
    @Test
    void sampleMatchesTshark() throws Exception {
        List<String> unexplained = new ArrayList<>();
        int timesCompared = 0;
        for (String d : TsharkCrossCheck.differences("dhcpv6-veth.pcap", "dhcpv6-veth.pcap.dhcpv6.tsv")) {
            Matcher time = TIME_DIFFERENCE.matcher(d);
            if (time.matches() && sameInstants(time.group(1), time.group(2))) {
                timesCompared++;
                continue;
            }
            if (sameBytes(d)) {
                continue;
            }
            unexplained.add(d);
        }
        assertEquals(List.of(), unexplained);
        assertEquals(14, timesCompared, "every frame with a DUID-LLT: all but the Information-request and its Relay-forw (a DUID-LL client, no server)");
    }

    /** The crafted messages: DUID-EN and DUID-UUID, IA_PD, IA_TA, a status inside an IA, a relay in a relay. */
    @Test
    void craftedOptionsMatchTshark() throws Exception {
        List<String> unexplained = new ArrayList<>();
        for (String d : TsharkCrossCheck.differences("crafted/dhcpv6-options.pcap", "dhcpv6-options.pcap.dhcpv6.tsv")) {
            Matcher time = TIME_DIFFERENCE.matcher(d);
            if (!(time.matches() && sameInstants(time.group(1), time.group(2))) && !sameBytes(d)) {
                unexplained.add(d);
            }
        }
        assertEquals(List.of(), unexplained);
    }

    /**
     * The lying messages: each stops where its lengths stop being true, with its note, and the Info column keeps
     * what was decoded before (tshark's for frames 1 to 7 and 9, but for its "[Malformed Packet]" marks). Frame 8's
     * 40 nested Relay-forw are decoded to {@link Dhcpv6Dissector#MAX_DEPTH} levels, where tshark goes on to the
     * Solicit at the bottom: jumbocap bounds the recursion a hostile message can ask for.
     */
    @Test
    void lyingMessagesStopWithANote() throws Exception {
        List<FrameTree> trees = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(TsharkCrossCheck.sample("crafted/dhcpv6-lengths-lie.pcap"))) {
            FrameRecord record = new FrameRecord();
            while (reader.next(record)) {
                trees.add(new FrameDissector().dissect(record));
            }
        }
        assertEquals(9, trees.size());
        List<String> infos = trees.stream().map(SummaryText::info).toList();
        assertEquals("Solicit ", infos.get(0));
        assertEquals("Relay-forw ", infos.get(1));
        assertEquals("Solicit XID: 0x000003 ", infos.get(2));
        assertEquals("Solicit XID: 0x000004 CID: 000100012d4f1a20020000000001 ", infos.get(3));
        assertEquals("Solicit XID: 0x010203 ", infos.get(8), "a client identifier cut by the snaplen adds nothing");
        assertTrue(trees.get(0).hasExpert("dhcpv6.short"));
        assertTrue(trees.get(1).hasExpert("dhcpv6.short"));
        assertTrue(trees.get(2).hasExpert("dhcpv6.bogus_length"));
        assertTrue(trees.get(3).hasExpert("dhcpv6.bogus_length"));
        assertEquals(4, trees.get(4).experts().stream().filter(e -> e.id().equals("dhcpv6.malformed_option")).count(),
                "elapsed time, IA_NA, DNS servers, option request");
        assertTrue(trees.get(5).hasExpert("dhcpv6.expert.name_not_dns_encoded"));
        assertTrue(trees.get(6).hasExpert("dhcpv6.expert.name_not_dns_encoded"));
        assertEquals("", TsharkCrossCheck.value(trees.get(5), "dhcpv6.search_list_entry"));
        assertTrue(trees.get(7).hasExpert("dhcpv6.too_deep"));
        assertEquals(Dhcpv6Dissector.MAX_DEPTH, trees.get(7).findAll("dhcpv6.msgtype").size());
        assertEquals("", TsharkCrossCheck.value(trees.get(7), "dhcpv6.xid"));
        assertTrue(trees.get(8).hasExpert("frame.layer_truncated"));
        for (FrameTree tree : trees) {
            assertEquals("DHCPv6", SummaryText.protocol(tree));
            assertFalse(tree.hasExpert("frame.dissector_bug"));
        }
    }

    /** Random options after a message header, random cuts: never an exception, the summary agrees with the tree. */
    @Test
    void mutatedMessagesNeverBreakTheDissector() {
        Random random = new Random(547);
        FrameSummary summary = new FrameSummary();
        FrameDissector dissector = new FrameDissector();
        for (int round = 0; round < 3000; round++) {
            byte[] body = new byte[random.nextInt(120)];
            random.nextBytes(body);
            if (body.length > 4 && random.nextBoolean()) {
                // a plausible option header, so the loop gets past the first option more often
                body[0] = 0;
                body[1] = (byte) random.nextInt(30);
                body[2] = 0;
                body[3] = (byte) random.nextInt(body.length);
            }
            int type = random.nextInt(3) == 0 ? 12 + random.nextInt(2) : 1 + random.nextInt(11);
            String header = type >= 12 ? Dhcpv6CraftedCases.relay(type, 0, "00".repeat(16), "fe80" + "00".repeat(14))
                    : Dhcpv6CraftedCases.message(type, round);
            byte[] frame = Dhcpv6CraftedCases.udp6(546, 547, header + HexFormat.of().formatHex(body));
            int captured = 62 + random.nextInt(frame.length - 62 + 1);
            FrameRecord record = new FrameRecord(1, 0, LinkTypes.ETHERNET, Arrays.copyOf(frame, captured), frame.length);
            FrameTree tree = dissector.dissect(record);
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> "round: " + tree.experts());
            SummaryText.info(tree);
            summary.reset();
            dissector.summarize(record, summary);
            assertEquals(SummaryText.protocol(tree), SummaryText.protocol(summary));
        }
    }

    private static boolean sameBytes(String difference) {
        Matcher m = BYTES_DIFFERENCE.matcher(difference);
        return m.matches() && m.group(1).equals(m.group(2).replace(":", ""));
    }

    private static boolean sameInstants(String tshark, String ours) {
        String[] theirs = tshark.split(",(?=[A-Z])");
        String[] mine = ours.split(",");
        if (theirs.length != mine.length) {
            return false;
        }
        for (int i = 0; i < theirs.length; i++) {
            if (!LocalDateTime.parse(theirs[i], TSHARK_TIME).toInstant(ZoneOffset.UTC).toString().equals(mine[i])) {
                return false;
            }
        }
        return true;
    }
}
