package org.jumbocap.proto.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The transport layers of the kernel-made captures in samples/ against tshark's fields in
 * samples/expected/tshark-fields, and the checksum verdicts on them.
 */
class TransportSamplesTest {
    private static final Path SAMPLES = Path.of("..", "samples");
    private static final Path EXPECTED = SAMPLES.resolve("expected").resolve("tshark-fields");
    private static final FrameDissector DISSECTOR = new FrameDissector();

    /** One row of a tshark-fields file: column name to value ("" when absent, comma-joined when repeated). */
    private record Row(Map<String, String> values) {
        String get(String column) {
            return values.getOrDefault(column, "");
        }
    }

    private static Map<Long, Row> readExpected(Path tsv) throws IOException {
        List<String> lines = Files.readAllLines(tsv);
        String[] header = lines.get(0).split("\t", -1);
        Map<Long, Row> rows = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t", -1);
            Map<String, String> values = new HashMap<>();
            for (int i = 0; i < header.length && i < cells.length; i++) {
                values.put(header[i], cells[i]);
            }
            rows.put(Long.parseLong(values.get("frame.number")), new Row(values));
        }
        return rows;
    }

    private static String joined(FrameTree tree, String field) {
        return tree.findAll(field).stream().map(FieldNode::valueText).collect(Collectors.joining(","));
    }

    @TestFactory
    Stream<DynamicTest> transportFieldsAgreeWithTshark() throws IOException {
        assumeTrue(Files.isDirectory(EXPECTED), "no kernel samples in " + SAMPLES);
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(EXPECTED)) {
            for (Path tsv : files.sorted().toList()) {
                String name = tsv.getFileName().toString().replaceFirst("\\.tsv$", "");
                Path capture = SAMPLES.resolve(name);
                if (Files.exists(capture)) {
                    tests.add(DynamicTest.dynamicTest(name, () -> checkFile(capture, readExpected(tsv))));
                }
            }
        }
        assertTrue(tests.size() > 0, "tshark-fields files without their captures");
        return tests.stream();
    }

    private static void checkFile(Path capture, Map<Long, Row> expected) throws IOException {
        int tcpFrames = 0;
        int zeroLengthSuperPackets = 0;
        int superPackets = 0;
        int offloadedSuperPackets = 0;
        try (CaptureReader reader = CaptureFiles.open(capture)) {
            FrameRecord frame = new FrameRecord();
            while (reader.next(frame)) {
                FrameTree tree = DISSECTOR.dissect(frame);
                Row row = expected.get(frame.number());
                assertNotNull(row, "frame " + frame.number() + " missing from the tshark fields");
                String where = capture.getFileName() + " frame " + frame.number();
                if (isIpFragment(tree)) {
                    // tshark reassembles IP fragments and shows the transport on the last one; jumbocap
                    // shows each fragment as it is, so their transport fields differ by design.
                    continue;
                }
                assertEquals(row.get("tcp.srcport"), joined(tree, "tcp.srcport"), where);
                assertEquals(row.get("tcp.dstport"), joined(tree, "tcp.dstport"), where);
                assertEquals(row.get("tcp.seq_raw"), joined(tree, "tcp.seq_raw"), where);
                assertEquals(row.get("udp.length"), joined(tree, "udp.length"), where);
                checkSegmentLength(tree, frame, row, where);
                for (String status : List.of("tcp.checksum.status", "udp.checksum.status")) {
                    for (FieldNode n : tree.findAll(status)) {
                        // tshark with checksum validation on ("-o tcp.check_checksum:TRUE") reports "Bad
                        // checksum" on every frame sent with checksum offload, super-packets included: the
                        // field holds only the pseudo-header sum. jumbocap must never call them bad.
                        assertNotEquals(ChecksumVerdict.BAD.code(), n.longValue(), where + " " + status);
                    }
                }
                FieldNode tcp = lastLayer(tree, "tcp");
                if (tcp == null) {
                    continue;
                }
                tcpFrames++;
                if (isZeroLengthSuperPacket(tree, tcp)) {
                    zeroLengthSuperPackets++;
                }
                if (frame.originalLength() > 0xFFFF && !frame.isCut()) {
                    superPackets++;
                    if (checkOffloadedByReference(tree, tcp, frame, where)) {
                        offloadedSuperPackets++;
                    }
                }
            }
        }
        assertTrue(tcpFrames > 0, capture + " has no TCP");
        if (capture.getFileName().toString().startsWith("ipv4-bigtcp")) {
            assertTrue(zeroLengthSuperPackets > 0, capture + ": no IPv4 super-packet with total length 0 was checked");
        }
        if (superPackets > 0) {
            assertEquals(superPackets, offloadedSuperPackets, capture + ": super-packets whose checksum is the offloaded pseudo-header sum");
        }
    }

    /**
     * tcp.len against tshark. tshark derives it from the IP length field; for a super-packet whose IP
     * header holds 0 and nothing else (IPv6 BIG TCP without Hop-by-Hop, IPv4 total length 0) a tshark that
     * does not know BIG TCP reports a wrong length (4.0 handles IPv4 total length 0 but not every release
     * does), so there jumbocap's own value must be the frame's length less the headers in front of the
     * segment data, whatever tshark says.
     */
    private static void checkSegmentLength(FrameTree tree, FrameRecord frame, Row row, String where) {
        String ours = joined(tree, "tcp.len");
        FieldNode tcp = lastLayer(tree, "tcp");
        if (tcp != null && isZeroLengthSuperPacket(tree, tcp)) {
            long headers = tcp.offset() + tcp.find("tcp.hdr_len").longValue();
            assertEquals(frame.originalLength() - headers, tcp.find("tcp.len").longValue(), where);
            return;
        }
        assertEquals(row.get("tcp.len"), ours, where);
    }

    /** The IP layer in front of the segment says length 0 and has no Jumbo Payload option. */
    private static boolean isZeroLengthSuperPacket(FrameTree tree, FieldNode tcp) {
        FieldNode ip = null;
        for (FieldNode layer : tree.layers()) {
            if ((layer.name().equals("ip") || layer.name().equals("ipv6")) && layer.offset() < tcp.offset()) {
                ip = layer;
            }
        }
        if (ip == null) {
            return false;
        }
        if (ip.name().equals("ip")) {
            return ip.find("ip.len").longValue() == 0;
        }
        return ip.find("ipv6.plen").longValue() == 0 && ip.find("ipv6.opt.jumbo") == null;
    }

    private static boolean isIpFragment(FrameTree tree) {
        return tree.experts().stream().anyMatch(e -> e.id().startsWith("ip.fragment") || e.id().startsWith("ipv6.fragment"));
    }

    private static FieldNode lastLayer(FrameTree tree, String name) {
        FieldNode found = null;
        for (FieldNode layer : tree.layers()) {
            if (layer.name().equals(name)) {
                found = layer;
            }
        }
        return found;
    }

    /**
     * Checks with a pseudo-header written out byte by byte (32-bit length) that the checksum field holds the
     * folded pseudo-header sum, and that jumbocap calls it offloaded; returns whether it does.
     */
    private static boolean checkOffloadedByReference(FrameTree tree, FieldNode tcp, FrameRecord frame, String where) {
        byte[] src = null;
        byte[] dst = null;
        for (FieldNode layer : tree.layers()) {
            String prefix = layer.name().equals("ipv6") ? "ipv6" : layer.name().equals("ip") ? "ip" : null;
            if (prefix != null && layer.offset() < tcp.offset()) {
                src = (byte[]) layer.find(prefix + ".src").value();
                dst = (byte[]) layer.find(prefix + ".dst").value();
            }
        }
        assertNotNull(src, where + ": no IP layer");
        long segmentLength = tcp.find("tcp.hdr_len").longValue() + tcp.find("tcp.len").longValue();
        assertEquals(frame.originalLength(), tcp.offset() + segmentLength, where + ": segment ends at the frame's end");
        int pseudoSum = TransportFrames.fold(TransportFrames.referenceSum(TransportFrames.pseudoHeader(6, src, dst, segmentLength)));
        long field = tcp.find("tcp.checksum").longValue();
        long status = tcp.find("tcp.checksum.status").longValue();
        if (field == pseudoSum) {
            assertEquals(ChecksumVerdict.OFFLOADED.code(), status, where);
            return true;
        }
        return false;
    }
}
