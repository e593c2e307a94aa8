package org.jumbocap.proto.ntp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

/**
 * NTP against tshark 4.0.17: every field of samples/expected/tshark-fields/ntp-modes.pcap.ntp.tsv and the
 * Protocol and Info columns, frame by frame; short and cut packets.
 */
class NtpDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    /** "frame 2 ntp.org: tshark Jan  8, 2026 12:01:48.500000000 UTC, jumbocap 2026-01-08T12:01:48.500Z". */
    private static final Pattern TIME_DIFFERENCE = Pattern.compile("frame \\d+ ntp\\.(?:reftime|org|rec|xmt): tshark (.*), jumbocap (.*)");
    private static final Pattern REFID_DIFFERENCE = Pattern.compile("frame \\d+ ntp\\.refid: tshark (.*), jumbocap (.*)");
    private static final DateTimeFormatter TSHARK_TIME = DateTimeFormatter.ofPattern("MMM ppd, yyyy HH:mm:ss.SSSSSSSSS 'UTC'", Locale.ROOT);

    /**
     * The values must be equal; only how they are written differs: jumbocap's {@code -T fields} writes
     * absolute times in ISO 8601 and bytes with colons (as for every field of those types), tshark 4.0
     * writes "Jan  8, 2026 12:01:48.500000000 UTC", "NULL" for an unset timestamp, and bytes without colons.
     */
    @Test
    void ntpMatchesTshark() throws Exception {
        List<String> differences = TsharkCrossCheck.differences("crafted/ntp-modes.pcap", "ntp-modes.pcap.ntp.tsv");
        List<String> unexplained = new ArrayList<>();
        int timesCompared = 0;
        for (String d : differences) {
            Matcher time = TIME_DIFFERENCE.matcher(d);
            Matcher refid = REFID_DIFFERENCE.matcher(d);
            if (time.matches()) {
                String ours = time.group(2);
                boolean same = time.group(1).equals("NULL") ? ours.isEmpty()
                        : LocalDateTime.parse(time.group(1), TSHARK_TIME).toInstant(ZoneOffset.UTC).toString().equals(ours);
                timesCompared++;
                if (same) {
                    continue;
                }
            } else if (refid.matches() && refid.group(1).equals(refid.group(2).replace(":", ""))) {
                continue;
            }
            unexplained.add(d);
        }
        assertEquals(List.of(), unexplained);
        assertEquals(20, timesCompared, "the four timestamps of five frames");
    }

    @Test
    void clientRequestInTheTree() {
        FrameTree tree = dissect(UdpProtocolCraftedCases.udpOverIpv4(40000, 123,
                UdpProtocolCraftedCases.ntp(0xE3, 0, 6, 0xEC, 0x8000, 0, "00000000", 0, 0, 0, 0xED0A1B2C_80000000L)));
        assertEquals("NTP", SummaryText.protocol(tree));
        assertEquals("NTP Version 4, client", SummaryText.info(tree));
        assertEquals("Root Delay: 0.500000 seconds", tree.find("ntp.rootdelay").text());
        assertEquals("Peer Clock Precision: 0.000001 seconds", tree.find("ntp.precision").text());
        assertEquals("Peer Polling Interval: 6 (64 seconds)", tree.find("ntp.ppoll").text());
        assertEquals("Origin Timestamp: NULL", tree.find("ntp.org").text());
        assertEquals("Transmit Timestamp: Jan  8, 2026 12:01:48.500000000 UTC", tree.find("ntp.xmt").text());
    }

    /** 20 bytes: the fields up to the reference id, a note, no timestamp; the summary agrees with the tree. */
    @Test
    void aShortPacketDecodesWhatItHolds() {
        byte[] whole = UdpProtocolCraftedCases.ntp(0x24, 2, 6, 0xE9, 1, 2, "c0000209", 1L << 40, 2, 3, 4);
        byte[] frame = UdpProtocolCraftedCases.udpOverIpv4(123, 40000, java.util.Arrays.copyOf(whole, 20));
        FrameTree tree = dissect(frame);
        assertTrue(tree.hasExpert("ntp.short"));
        assertEquals("c0:00:02:09", TsharkCrossCheck.value(tree, "ntp.refid"));
        assertEquals("", TsharkCrossCheck.value(tree, "ntp.reftime"));
        assertEquals(null, tree.find("ntp.reftime"));
        FrameSummary summary = new FrameSummary();
        DISSECTOR.summarize(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length), summary);
        assertEquals("NTP", SummaryText.protocol(summary));
    }

    /** Random cuts and bytes on port 123: never an exception out of the dissector. */
    @Test
    void mutatedPacketsNeverBreakTheDissector() {
        Random random = new Random(123);
        FrameSummary summary = new FrameSummary();
        for (int round = 0; round < 2000; round++) {
            byte[] payload = new byte[random.nextInt(80)];
            random.nextBytes(payload);
            byte[] frame = UdpProtocolCraftedCases.udpOverIpv4(123, 123, payload);
            int captured = 42 + random.nextInt(payload.length + 1);
            FrameRecord record = new FrameRecord(1, 0, LinkTypes.ETHERNET, java.util.Arrays.copyOf(frame, captured), frame.length);
            FrameTree tree = DISSECTOR.dissect(record);
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> "round: " + tree.experts());
            SummaryText.info(tree);
            summary.reset();
            DISSECTOR.summarize(record, summary);
        }
    }

    private static FrameTree dissect(byte[] frame) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }
}
