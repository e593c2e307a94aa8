package org.jumbocap.proto.quic;

import static org.jumbocap.crafted.UdpProtocolCraftedCases.CLIENT_CID;
import static org.jumbocap.crafted.UdpProtocolCraftedCases.SERVER_CID;
import static org.jumbocap.crafted.UdpProtocolCraftedCases.quicLong;
import static org.jumbocap.crafted.UdpProtocolCraftedCases.quicShort;
import static org.jumbocap.crafted.UdpProtocolCraftedCases.udpOverIpv4;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.proto.tcp.TransportFrames;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * QUIC against tshark 4.0.17: every field of samples/expected/tshark-fields/quic-packets.pcap.quic.tsv and
 * the Protocol and Info columns, frame by frame; the datagrams of a UDP GSO super-packet; lengths that lie.
 */
class QuicDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    private static final Pattern BYTES_DIFFERENCE =
            Pattern.compile("frame \\d+ quic\\.(?:dcid|scid|retry_token|retry_integrity_tag): tshark (.*), jumbocap (.*)");
    private static final Pattern INFO_DIFFERENCE = Pattern.compile("frame (\\d+) _ws\\.col\\.Info: tshark (.*), jumbocap (.*)");

    /**
     * Equal, but for how bytes are written (jumbocap's {@code -T fields} writes every bytes field with colons,
     * tshark 4.0 without) and two Info differences, each with its frame:
     * <ul>
     * <li>frames 1 and 9, Initial packets: tshark derives the Initial keys from the destination connection id
     * (RFC 9001 section 5.2), removes the header protection and appends the packet number ("PKN: 249");
     * jumbocap decodes no protected part, so its Info stops before it;</li>
     * <li>frame 2, an Initial and a Handshake coalesced: tshark's column keeps only the last packet's text,
     * where jumbocap names both, as a super-packet's many datagrams need.</li>
     * </ul>
     */
    @Test
    void quicMatchesTshark() throws Exception {
        List<String> differences = TsharkCrossCheck.differences("crafted/quic-packets.pcap", "quic-packets.pcap.quic.tsv");
        List<String> unexplained = new ArrayList<>();
        List<String> infos = new ArrayList<>();
        for (String d : differences) {
            Matcher bytes = BYTES_DIFFERENCE.matcher(d);
            Matcher info = INFO_DIFFERENCE.matcher(d);
            if (bytes.matches() && bytes.group(1).equals(bytes.group(2).replace(":", ""))) {
                continue;
            }
            if (info.matches()) {
                String frame = info.group(1);
                String tshark = info.group(2);
                String ours = info.group(3);
                if ((frame.equals("1") || frame.equals("9")) && tshark.replaceAll(", PKN: \\d+$", "").equals(ours)
                        || frame.equals("2") && ours.endsWith(", " + tshark) && ours.startsWith("Initial, DCID=")) {
                    infos.add(frame);
                    continue;
                }
            }
            unexplained.add(d);
        }
        assertEquals(List.of(), unexplained);
        assertEquals(List.of("1", "2", "9"), infos);
    }

    /**
     * A connection followed in frame order, as {@code read} and the viewer follow it: the short headers'
     * destination connection ids ({@code quic.dcid}, and "DCID=" in the Info) are the ids the other endpoint's
     * long headers gave, equal to tshark's on every frame: the client's short header before the server spoke
     * (frame 2) and one carrying no known id (frame 7) keep theirs in the payload; the migrated client's
     * (frame 6) is matched by its bytes. Besides how bytes are written, tshark differs only where it does for
     * quic-packets.pcap: frame 1's packet number, which it decrypts, and frame 3, an Initial and a Handshake
     * coalesced, whose Info it gives for the last packet only. Decoded alone, a frame knows no id.
     */
    @Test
    void shortHeadersCarryTheIdsTheConnectionGave() throws Exception {
        List<String> unexplained = new ArrayList<>();
        List<String> infos = new ArrayList<>();
        for (String d : TsharkCrossCheck.differencesInOrder("crafted/quic-connection.pcap", "quic-connection.pcap.quic.tsv", null)) {
            Matcher bytes = BYTES_DIFFERENCE.matcher(d);
            Matcher info = INFO_DIFFERENCE.matcher(d);
            if (bytes.matches() && bytes.group(1).equals(bytes.group(2).replace(":", ""))) {
                continue;
            }
            if (info.matches() && (info.group(1).equals("1") && info.group(2).replaceAll(", PKN: \\d+$", "").equals(info.group(3))
                    || info.group(1).equals("3") && info.group(3).endsWith(", " + info.group(2)) && info.group(3).startsWith("Initial, "))) {
                infos.add(info.group(1));
                continue;
            }
            unexplained.add(d);
        }
        assertEquals(List.of(), unexplained);
        assertEquals(List.of("1", "3"), infos);
        List<FrameRecord> frames = new ArrayList<>();
        try (org.jumbocap.io.CaptureReader reader = org.jumbocap.io.files.CaptureFiles.open(
                TsharkCrossCheck.sample("crafted/quic-connection.pcap"))) {
            FrameRecord record = new FrameRecord();
            while (reader.next(record)) {
                frames.add(record.copy());
            }
        }
        FrameTree alone = DISSECTOR.dissect(frames.get(3));
        assertEquals("", TsharkCrossCheck.value(alone, "quic.dcid"));
        assertTrue(alone.hasExpert("quic.short.dcid_unknown"));
        assertEquals("Protected Payload (KP0)", SummaryText.info(alone));
    }

    /**
     * A UDP GSO super-packet as an AF_PACKET socket records it (gso_type udp_l4, gso_size 1200): three
     * datagrams, a 1,200-byte Initial, a 1,200-byte short header packet and a 0-RTT packet, decoded at
     * each boundary exactly as each datagram alone.
     */
    @Test
    void gsoSuperPacketIsDecodedAtEachSegmentBoundary() {
        byte[][] datagrams = {
            quicLong(0xC3, 1, CLIENT_CID, SERVER_CID, "", 1174),
            quicShort(0x43, SERVER_CID, 1191),
            quicLong(0xD3, 1, CLIENT_CID, SERVER_CID, null, 50)};
        assertEquals(1200, datagrams[0].length);
        assertEquals(1200, datagrams[1].length);
        byte[] superPacket = udpOverIpv4(40000, 443, TransportFrames.concat(datagrams));
        FrameRecord record = new FrameRecord(1, 0, LinkTypes.ETHERNET, superPacket, superPacket.length)
                .withVnetHeader(VnetHeader.of(VnetHeader.F_NEEDS_CSUM, VnetHeader.GSO_UDP_L4, 42, 1200, 34, 6));
        FrameTree tree = DISSECTOR.dissect(record);
        List<FieldNode> layers = tree.layers().stream().filter(l -> l.name().equals("quic")).toList();
        assertEquals(3, layers.size());
        assertEquals("1,2,3", TsharkCrossCheck.value(tree, "quic.gso_datagram"));
        List<String> separately = new ArrayList<>();
        for (byte[] d : datagrams) {
            FrameTree alone = dissect(udpOverIpv4(40000, 443, d));
            assertEquals("", TsharkCrossCheck.value(alone, "quic.gso_datagram"));
            separately.add(SummaryText.info(alone));
            FieldNode expected = alone.layers().get(alone.layers().size() - 1);
            FieldNode actual = layers.get(separately.size() - 1);
            assertEquals(fields(expected), fields(actual).replaceFirst("quic.gso_datagram=\\d+;", ""));
        }
        assertEquals(String.join(", ", separately), SummaryText.info(tree));
        assertEquals("Initial, DCID=8394c8f03e515708, SCID=f067a5502a4262b5, Protected Payload (KP0), 0-RTT, "
                + "DCID=8394c8f03e515708, SCID=f067a5502a4262b5", SummaryText.info(tree));
        // the same frame without the kernel's facts is one datagram: an Initial whose Length ends it early,
        // then what follows read as a coalesced short header packet
        FrameTree plain = dissect(superPacket);
        assertEquals("", TsharkCrossCheck.value(plain, "quic.gso_datagram"));
        assertEquals(2, plain.layers().stream().filter(l -> l.name().equals("quic")).count());
    }

    /**
     * samples/quic-veth-udpseg.pcapng, captured by jumbocap's AF_PACKET source on the sending end of a veth pair:
     * two UDP GSO super-packets (sendmsg with UDP_SEGMENT 1200: 3 and 6 datagrams) and one plain datagram.
     * tshark does not cut a super-packet, so its fields are taken from the datagrams {@code jumbocap segment}
     * made of them (samples/expected/tshark-fields/quic-veth-udpseg.pcapng.datagrams.quic.tsv): every QUIC layer
     * of the capture, in order, must equal tshark's datagram of that rank, and its Info tshark's without the
     * Initial packet number it decrypts.
     */
    @Test
    void capturedGsoSuperPacketsMatchTsharkPerDatagram() throws Exception {
        List<String> lines = java.nio.file.Files.readAllLines(TsharkCrossCheck.sample("expected")
                .resolve("tshark-fields").resolve("quic-veth-udpseg.pcapng.datagrams.quic.tsv"));
        String[] header = lines.get(0).split("\t", -1);
        List<String> differences = new ArrayList<>();
        List<String> gso = new ArrayList<>();
        int row = 0;
        try (org.jumbocap.io.CaptureReader reader = org.jumbocap.io.files.CaptureFiles.open(
                TsharkCrossCheck.sample("quic-veth-udpseg.pcapng"))) {
            FrameRecord record = new FrameRecord();
            while (reader.next(record)) {
                FrameTree tree = DISSECTOR.dissect(record);
                gso.add(TsharkCrossCheck.value(tree, "frame.gso.size") + "/" + TsharkCrossCheck.value(tree, "quic.gso_datagram"));
                List<String> infos = new ArrayList<>();
                for (FieldNode layer : tree.layers()) {
                    if (!layer.name().equals("quic")) {
                        continue;
                    }
                    String[] cells = lines.get(++row).split("\t", -1);
                    infos.add(cells[2].replaceAll(", PKN: \\d+$", ""));
                    for (int i = 3; i < header.length; i++) {
                        FieldNode n = layer.find(header[i]);
                        String ours = n == null ? "" : FieldFormat.value(n).replace(":", "");
                        String theirs = i < cells.length ? cells[i] : "";
                        if (!ours.equals(theirs)) {
                            differences.add("datagram " + row + " " + header[i] + ": tshark " + theirs + ", jumbocap " + ours);
                        }
                    }
                }
                if (!String.join(", ", infos).equals(SummaryText.info(tree))) {
                    differences.add("frame " + record.number() + " Info: " + SummaryText.info(tree) + " vs " + infos);
                }
                assertEquals("QUIC", SummaryText.protocol(tree));
            }
        }
        assertEquals(List.of(), differences);
        assertEquals(lines.size() - 1, row, "one QUIC layer per datagram");
        assertEquals(List.of("1200/1,2,3", "1200/1,2,3,4,5,6", "0/"), gso);
    }

    /**
     * A UDP GSO super-packet of 50 short header datagrams (more than the summary has room for), after the
     * server's Initial, followed in order: every datagram is a QUIC layer with its datagram number and the
     * server's connection id, no note says any was cut, and the summary, which says it is incomplete, still
     * names QUIC; the same in the summary-only path a filter takes. 300 coalesced packets stop at 256, with
     * the note.
     */
    @Test
    void superPacketsOfManyDatagramsAreDecodedWhole() {
        String serverCid = "a1a2a3a4a5a6a7a8a9aa";
        byte[][] datagrams = new byte[50][];
        for (int i = 0; i < datagrams.length; i++) {
            datagrams[i] = quicShort(0x43, serverCid, 1200 - 11);
        }
        byte[] superPacket = udpOverIpv4(40000, 443, TransportFrames.concat(datagrams));
        byte[] initial = udpOverIpv4(443, 40000, quicLong(0xC1, 1, SERVER_CID, serverCid, "", 100));
        org.jumbocap.pipeline.FramePipeline pipeline = new org.jumbocap.pipeline.FramePipeline(DISSECTOR, null, false,
                new org.jumbocap.pipeline.tcp.TcpConversations());
        pipeline.startCapture();
        pipeline.accept(new FrameRecord(1, 0, LinkTypes.ETHERNET, initial, initial.length), 0, 0);
        FrameRecord record = new FrameRecord(2, 0, LinkTypes.ETHERNET, superPacket, superPacket.length)
                .withVnetHeader(VnetHeader.of(VnetHeader.F_NEEDS_CSUM, VnetHeader.GSO_UDP_L4, 42, 1200, 34, 6));
        pipeline.accept(record, 0, 0);
        FrameTree tree = pipeline.tree();
        assertEquals(50, tree.layers().stream().filter(l -> l.name().equals("quic")).count());
        assertEquals(50, tree.findAll("quic.dcid").size());
        assertEquals(serverCid, TsharkCrossCheck.value(tree, "quic.dcid").split(",")[49].replace(":", ""));
        assertEquals("50", TsharkCrossCheck.value(tree, "quic.gso_datagram").split(",")[49]);
        assertFalse(tree.hasExpert("quic.packets.too_many"));
        assertFalse(tree.hasExpert("quic.short.dcid_unknown"));
        assertTrue(pipeline.summary().incomplete);
        assertEquals("QUIC", SummaryText.protocol(pipeline.summary()));
        assertEquals("QUIC", SummaryText.protocol(tree));
        assertTrue(SummaryText.info(tree).startsWith("Protected Payload (KP0), DCID=" + serverCid + ", Protected"));

        byte[] coalesced = new byte[0];
        for (int i = 0; i < 300; i++) {
            coalesced = TransportFrames.concat(coalesced, quicLong(0xE1, 1, "", "", null, 0));
        }
        FrameTree cut = dissect(udpOverIpv4(40000, 443, coalesced));
        assertEquals(QuicDissector.MAX_PACKETS, cut.layers().stream().filter(l -> l.name().equals("quic")).count());
        assertTrue(cut.hasExpert("quic.packets.too_many"));
    }

    @Test
    void lengthsThatLieEndInNotes() {
        byte[] frame = udpOverIpv4(40000, 443, org.jumbocap.testing.Bytes.of()
                .bytes(quicLong(0xE1, 1, CLIENT_CID, SERVER_CID, null, 30)).set16(23, 0x4000 | 1000).toArray());
        FrameTree tree = dissect(frame);
        assertTrue(tree.hasExpert("quic.length.beyond_datagram"));
        assertEquals("1000", TsharkCrossCheck.value(tree, "quic.length"));
        assertEquals("55", TsharkCrossCheck.value(tree, "quic.packet_length"), "to the datagram's end, not past it");
    }

    /** Random bytes after a long header's first byte, random cuts, on port 443 and as a GSO super-packet. */
    @Test
    void mutatedPacketsNeverBreakTheDissector() {
        Random random = new Random(443);
        FrameSummary summary = new FrameSummary();
        for (int round = 0; round < 3000; round++) {
            byte[] payload = new byte[1 + random.nextInt(300)];
            random.nextBytes(payload);
            if (random.nextBoolean()) {
                payload[0] |= (byte) 0xC0;
                if (payload.length > 5) {
                    payload[1] = 0;
                    payload[2] = 0;
                    payload[3] = 0;
                    payload[4] = 1;
                }
            }
            byte[] frame = udpOverIpv4(40000, random.nextBoolean() ? 443 : 9999, payload);
            int captured = 42 + random.nextInt(payload.length + 1);
            FrameRecord record = new FrameRecord(1, 0, LinkTypes.ETHERNET, Arrays.copyOf(frame, captured), frame.length);
            if (random.nextInt(4) == 0) {
                record.withVnetHeader(VnetHeader.of(0, VnetHeader.GSO_UDP_L4, 42, 1 + random.nextInt(64), 0, 0));
            }
            FrameTree tree = DISSECTOR.dissect(record);
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> "round: " + tree.experts());
            SummaryText.info(tree);
            summary.reset();
            DISSECTOR.summarize(record, summary);
            assertEquals(SummaryText.protocol(tree), SummaryText.protocol(summary));
        }
    }

    private static String fields(FieldNode layer) {
        StringBuilder s = new StringBuilder();
        layer.walk(n -> s.append(n.name()).append('=').append(FieldFormat.value(n)).append(';'));
        return s.toString();
    }

    private static FrameTree dissect(byte[] frame) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }
}
