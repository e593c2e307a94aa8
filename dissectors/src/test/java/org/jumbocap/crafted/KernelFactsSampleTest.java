package org.jumbocap.crafted;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** samples/crafted/kernel-facts.pcapng: its bytes, its frame fields, and what tshark reads of it. */
class KernelFactsSampleTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    @Test
    void committedFileIsWhatTheGeneratorWrites() throws IOException {
        Path file = KernelFactsSample.file();
        if (Boolean.getBoolean("jumbocap.regenerate")) {
            Files.write(file, KernelFactsSample.bytes());
        }
        assertArrayEquals(KernelFactsSample.bytes(), Files.readAllBytes(file), file + " differs from its generator");
    }

    private static List<FrameTree> trees() throws IOException {
        List<FrameTree> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(KernelFactsSample.file())) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                out.add(DISSECTOR.dissect(r.copy()));
            }
        }
        return out;
    }

    private static String value(FrameTree tree, String field) {
        FieldNode n = tree.find(field);
        return n == null ? null : n.valueText();
    }

    @Test
    void eachFrameShowsItsFacts() throws IOException {
        List<FrameTree> t = trees();
        assertEquals(5, t.size());
        String[] direction = {"0x00000002", "0x00000002", "0x00000002", "0x00000001", "0x00000001"};
        String[] size = {"1428", "1448", "1200", "0", "1428"};
        // 70,000 / 1428 and / 1448, 14,000 / 1200, rounded up; none for a frame that is not a super-packet
        String[] segments = {"50", "49", "12", null, "50"};
        String[] tso = {"1", "1", "0", "0", "0"};
        String[] type = {"0x04", "0x01", "0x05", "0x00", "0x04"};
        for (int i = 0; i < 5; i++) {
            String what = "frame " + (i + 1);
            assertEquals(direction[i], value(t.get(i), "frame.packet_flags_direction"), what);
            assertEquals(size[i], value(t.get(i), "frame.gso.size"), what);
            assertEquals(segments[i], value(t.get(i), "frame.gso.segments"), what);
            assertEquals(tso[i], value(t.get(i), "frame.offload.tso"), what);
            assertEquals(type[i], value(t.get(i), "frame.gso.type"), what);
        }
        assertEquals("GSO type: udp_l4 (0x05)", t.get(2).find("frame.gso.type").text());
        assertEquals("Direction: Outbound (0x00000002)", t.get(0).find("frame.packet_flags_direction").text());
        assertEquals("Reception type: Unicast (1)", t.get(3).find("frame.packet_flags_reception_type").text());
    }

    /** Frames without the facts show none of their fields. */
    @Test
    void aFrameWithoutFactsHasNoneOfTheirFields() {
        FrameRecord plain = new FrameRecord(1, 0, 1, KernelFactsSample.frames().get(0).bytes(), 70_108);
        FrameTree tree = DISSECTOR.dissect(plain);
        for (String f : new String[] {"frame.packet_flags", "frame.packet_flags_direction", "frame.offload.tso",
            "frame.gso", "frame.gso.size", "frame.gso.segments"}) {
            assertNull(tree.find(f), f);
        }
    }

    /**
     * tshark 4.0 reads the direction back, as jumbocap prints it ({@code -T fields}: the masked value in
     * hex), and skips jumbocap's custom option.
     */
    @Test
    void tsharkReadsTheDirectionBack() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tshark")), "tshark installed");
        Process p = new ProcessBuilder("tshark", "-n", "-r", KernelFactsSample.file().toString(), "-T", "fields",
                "-e", "frame.packet_flags_direction", "-e", "frame.len")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        List<String> lines = out.lines().toList();
        List<String> expected = new ArrayList<>();
        List<FrameRecord> frames = KernelFactsSample.frames();
        String[] direction = {"0x00000002", "0x00000002", "0x00000002", "0x00000001", "0x00000001"};
        for (int i = 0; i < frames.size(); i++) {
            expected.add(direction[i] + "\t" + frames.get(i).capturedLength());
        }
        assertEquals(expected, lines);
    }

    private static List<Long> matching(String filter) throws IOException {
        FramePipeline pipeline = new FramePipeline(DISSECTOR, DisplayFilter.compile(filter), false);
        List<Long> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(KernelFactsSample.file())) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                if (pipeline.accept(r, 0, 0)) {
                    out.add(r.number());
                }
            }
        }
        return out;
    }

    @Test
    void displayFiltersSelectByTheFacts() throws IOException {
        assertEquals(List.of(1L, 2L, 3L), matching("frame.packet_flags_direction == 2"));
        assertEquals(List.of(4L, 5L), matching("frame.offload.checksum_valid == 1"));
        assertEquals(List.of(1L, 2L), matching("frame.offload.tso == 1"));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), matching("frame.offload.tso"), "present, as Wireshark's booleans");
        assertEquals(List.of(3L), matching("frame.gso.type == 5"));
        assertEquals(List.of(1L, 2L, 5L), matching("frame.gso.segments > 40"));
        assertEquals(List.of(1L, 5L), matching("frame.gso.size == 1428"));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), matching("frame.gso"));
        assertEquals(List.of(), matching("!frame.packet_flags"));
    }

    /** A malformed flags option: the frame is dissected, with one warning saying which option was ignored and why. */
    @Test
    void anIgnoredOptionIsOneWarningOnItsFrame() {
        FrameRecord r = KernelFactsSample.frames().get(3).copy().withPacketFlags(PacketFlags.NONE).withVnetHeader(null)
                .withOptionProblem("block 3, option at byte offset 136: epb_flags of 3 bytes (a flags word is 4)");
        FrameTree tree = DISSECTOR.dissect(r);
        List<String> messages = tree.experts().stream().filter(e -> e.id().equals("frame.option_ignored"))
                .map(ExpertItem::message).toList();
        assertEquals(List.of("Packet option ignored: block 3, option at byte offset 136: epb_flags of 3 bytes (a flags"
                + " word is 4)"), messages);
        assertNull(tree.find("frame.packet_flags"));
        assertEquals("tcp", tree.layers().get(tree.layers().size() - 1).name());
    }
}
