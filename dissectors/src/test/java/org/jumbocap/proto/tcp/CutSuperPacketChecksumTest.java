package org.jumbocap.proto.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * A CHECKSUM_PARTIAL super-packet cut by the snaplen: its checksum field is judged from the addresses and
 * the real length alone, so it is offloaded even though its payload was not captured; any other value on
 * a cut frame stays unverified, as does the pseudo-header sum on an ordinary (non-super) cut frame.
 */
class CutSuperPacketChecksumTest {
    private static final Path SNAPLEN_SAMPLE = Path.of("..", "samples", "ipv6-bigtcp-snaplen.pcap");
    private static final FrameDissector DISSECTOR = new FrameDissector();

    /** The cut frames of the kernel's snaplen capture, each with its tree. */
    private static List<FrameTree> cutFramesOfTheSnaplenSample() throws IOException {
        List<FrameTree> cut = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(SNAPLEN_SAMPLE)) {
            FrameRecord frame = new FrameRecord();
            while (reader.next(frame)) {
                if (frame.isCut()) {
                    cut.add(DISSECTOR.dissect(frame.copy()));
                }
            }
        }
        return cut;
    }

    /** The folded pseudo-header sum computed by the plain reference loop, from the tree's IPv6 fields. */
    private static int referencePseudoHeaderSum(FrameTree tree, FieldNode tcp) {
        FieldNode ipv6 = tree.find("ipv6");
        byte[] src = (byte[]) ipv6.find("ipv6.src").value();
        byte[] dst = (byte[]) ipv6.find("ipv6.dst").value();
        long segmentLength = tree.frame().originalLength() - tcp.offset();
        return TransportFrames.fold(TransportFrames.referenceSum(TransportFrames.pseudoHeader(6, src, dst, segmentLength)));
    }

    private static List<String> expertIds(FrameTree tree) {
        return tree.experts().stream().map(ExpertItem::id).toList();
    }

    /**
     * Which frames of the window are cut changes with every regeneration of the sample, so each cut frame
     * is judged by what it holds: a super-packet carrying the pseudo-header sum is offloaded, anything else
     * cut stays unverified, and the sample must hold at least one of the former.
     */
    @Test
    void everyCutSuperPacketOfTheKernelSnaplenCaptureHoldingThePseudoHeaderSumIsOffloaded() throws IOException {
        List<FrameTree> cut = cutFramesOfTheSnaplenSample();
        int offloaded = 0;
        for (FrameTree tree : cut) {
            String where = "frame " + tree.frame().number();
            FieldNode tcp = tree.find("tcp");
            if (tcp == null) {
                continue;
            }
            FieldNode checksum = tcp.find("tcp.checksum");
            FieldNode status = tcp.find("tcp.checksum.status");
            boolean superPacket = tree.find("jumbo.kind") != null && tree.frame().originalLength() > 65535;
            if (superPacket && checksum.longValue() == referencePseudoHeaderSum(tree, tcp)) {
                offloaded++;
                assertEquals(ChecksumVerdict.OFFLOADED.code(), status.longValue(), where);
                assertNull(tcp.find("tcp.checksum_calculated"), where + ": the full checksum cannot be computed");
                assertTrue(expertIds(tree).contains("tcp.checksum.offloaded_uncaptured"), where + " " + expertIds(tree));
            } else {
                assertEquals(ChecksumVerdict.NOT_CHECKED.code(), status.longValue(), where + " is cut and proves nothing");
                assertFalse(expertIds(tree).contains("tcp.checksum.offloaded_uncaptured"), where + " " + expertIds(tree));
            }
            assertFalse(expertIds(tree).contains("tcp.checksum.bad"), where);
        }
        // a super-packet sent with CHECKSUM_PARTIAL always carries the pseudo-header sum (32-bit length)
        assertTrue(offloaded > 0, "the snaplen sample has a cut super-packet with the pseudo-header sum");
    }

    @Test
    void aCutSuperPacketWhoseFieldIsNotThePseudoHeaderSumStaysUnverified() throws IOException {
        FrameTree original = cutFramesOfTheSnaplenSample().stream()
                .filter(t -> t.find("jumbo.kind") != null && t.find("tcp.checksum.status").longValue() == ChecksumVerdict.OFFLOADED.code())
                .findFirst().orElseThrow();
        int fieldAt = original.find("tcp.checksum").offset();
        FrameRecord frame = original.frame();
        byte[] bytes = Arrays.copyOf(frame.data(), frame.capturedLength());
        bytes[fieldAt + 1] ^= 0x01;
        FrameTree tree = DISSECTOR.dissect(new FrameRecord(1, 0, frame.linkType(), bytes, frame.originalLength()));
        assertEquals(ChecksumVerdict.NOT_CHECKED.code(), tree.find("tcp.checksum.status").longValue());
        assertTrue(tree.find("tcp.checksum").text().contains("unverified"), tree.find("tcp.checksum").text());
        assertFalse(expertIds(tree).stream().anyMatch(id -> id.startsWith("tcp.checksum.")), expertIds(tree).toString());
    }

    @Test
    void aCutOrdinaryFrameHoldingThePseudoHeaderSumStaysUnverified() {
        // A complete checksum equals the pseudo-header sum once in 65535 segments: without the payload, or
        // a length only a super-packet can have, the value proves nothing.
        byte[] frame = TransportFrames.ipv6Tcp(TransportFrames.ackSegment(TransportFrames.data(1400)), false,
                TransportFrames.Checksum.OFFLOADED);
        FrameTree whole = DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
        assertEquals(ChecksumVerdict.OFFLOADED.code(), whole.find("tcp.checksum.status").longValue(), "captured whole");
        byte[] kept = Arrays.copyOf(frame, 200);
        FrameTree cut = DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, kept, frame.length));
        assertEquals(ChecksumVerdict.NOT_CHECKED.code(), cut.find("tcp.checksum.status").longValue());
    }

    @Test
    void aCutIpv4BigTcpSuperPacketWithThePseudoHeaderSumIsOffloaded() {
        byte[] segment = TransportFrames.ackSegment(TransportFrames.data(TransportFrames.SUPER_DATA));
        byte[] frame = TransportFrames.ipv4Tcp(segment, true, TransportFrames.Checksum.OFFLOADED);
        FrameTree tree = DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, Arrays.copyOf(frame, 1500), frame.length));
        assertEquals(ChecksumVerdict.OFFLOADED.code(), tree.find("tcp.checksum.status").longValue());
        assertTrue(tree.find("tcp.checksum").experts().get(0).message().contains("not all captured"),
                tree.find("tcp.checksum").experts().toString());

        byte[] bad = TransportFrames.ipv4Tcp(segment, true, TransportFrames.Checksum.BAD);
        FrameTree badTree = DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, Arrays.copyOf(bad, 1500), bad.length));
        assertEquals(ChecksumVerdict.NOT_CHECKED.code(), badTree.find("tcp.checksum.status").longValue());
    }

    @Test
    void aCutJumboUdpDatagramWithThePseudoHeaderSumIsOffloaded() {
        byte[] payload = TransportFrames.data(TransportFrames.SUPER_DATA);
        byte[] datagram = TransportFrames.withChecksum(TransportFrames.udp(40000, 9, 0, payload), 6, TransportFrames.UDP,
                TransportFrames.V6_SRC, TransportFrames.V6_DST, TransportFrames.Checksum.OFFLOADED);
        byte[] frame = TransportFrames.ethernet(TransportFrames.ETHERTYPE_IPV6,
                TransportFrames.ipv6(TransportFrames.UDP, TransportFrames.V6_SRC, TransportFrames.V6_DST, datagram, true));
        FrameTree tree = DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, Arrays.copyOf(frame, 1500), frame.length));
        assertEquals(ChecksumVerdict.OFFLOADED.code(), tree.find("udp.checksum.status").longValue());
        assertTrue(expertIds(tree).contains("udp.checksum.offloaded_uncaptured"), expertIds(tree).toString());
        assertNull(tree.find("udp.checksum_calculated"));
    }
}
