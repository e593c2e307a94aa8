package org.jumbocap.io.pcapng;

import static org.jumbocap.io.CaptureBytes.frame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.CaptureBytes;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.junit.jupiter.api.Test;

/** The kernel's per-frame facts in Enhanced Packet Block options: written, read back, and read from broken bytes. */
class PcapngKernelFactsTest {
    private static final VnetHeader TSO6 = VnetHeader.of(VnetHeader.F_NEEDS_CSUM, VnetHeader.GSO_TCPV6, 86, 1428, 62, 16);
    private static final long OUT_TSO = PacketFlags.DIRECTION_OUTBOUND | PacketFlags.CHECKSUM_NOT_READY
            | PacketFlags.TCP_SEGMENTATION_OFFLOADED;

    private static List<FrameRecord> read(byte[] file) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        try (PcapngReader reader = new PcapngReader(new ByteArrayInputStream(file), "f")) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                out.add(r.copy());
            }
        }
        return out;
    }

    private static FrameRecord record(int seed, int length, long flags, VnetHeader vnet) {
        return new FrameRecord(seed, 1_000L * seed, 1, frame(seed, length), length).withPacketFlags(flags)
                .withVnetHeader(vnet);
    }

    private static byte[] write(FrameRecord... frames) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PcapngWriter w = new PcapngWriter(out, 1, 262144, true)) {
            for (FrameRecord f : frames) {
                w.write(f);
            }
        }
        return out.toByteArray();
    }

    @Test
    void factsRoundTripAndFramesWithoutThemKeepTheirLayout() throws IOException {
        byte[] file = write(record(1, 61, OUT_TSO, TSO6), record(2, 60, PacketFlags.DIRECTION_INBOUND, null),
                record(3, 62, PacketFlags.NONE, VnetHeader.NONE), record(4, 63, PacketFlags.NONE, null));
        List<FrameRecord> f = read(file);
        assertEquals(4, f.size());
        assertEquals(OUT_TSO, f.get(0).packetFlags());
        assertEquals(TSO6, f.get(0).vnetHeader());
        assertArrayEquals(frame(1, 61), f.get(0).bytes());
        assertEquals(PacketFlags.DIRECTION_INBOUND, f.get(1).packetFlags());
        assertNull(f.get(1).vnetHeader());
        assertEquals(PacketFlags.NONE, f.get(2).packetFlags());
        assertEquals(VnetHeader.NONE, f.get(2).vnetHeader());
        assertEquals(PacketFlags.NONE, f.get(3).packetFlags());
        assertNull(f.get(3).vnetHeader());

        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        try (PcapngWriter w = new PcapngWriter(plain, 1, 262144, true)) {
            w.write(record(4, 63, PacketFlags.NONE, null));
        }
        byte[] p = plain.toByteArray();
        byte[] lastBlock = Arrays.copyOfRange(file, file.length - (32 + 64), file.length);
        assertArrayEquals(Arrays.copyOfRange(p, p.length - (32 + 64), p.length), lastBlock,
                "a frame without facts is an EPB without options");
    }

    /** The bytes of docs/pcapng-kernel-facts.md, little-endian as jumbocap writes them. */
    @Test
    void optionBytesAreTheDocumentedOnes() throws IOException {
        byte[] file = write(record(1, 60, OUT_TSO, TSO6));
        int epb = file.length - (32 + 60 + 8 + 20 + 4);
        ByteBuffer b = ByteBuffer.wrap(file, epb, file.length - epb).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(PcapngReader.EPB, b.getInt(epb));
        assertEquals(32 + 60 + 32, b.getInt(epb + 4));
        int o = epb + 28 + 60;
        byte[] expected = {
            2, 0, 4, 0, 0x02, 0x0A, 0, 0, // epb_flags: outbound, checksum not ready, TSO
            (byte) 0xAC, 0x0B, 16, 0, (byte) 0xD9, 0x7E, 0, 0, // 2988, 16 bytes, PEN 32473
            1, 1, 4, 0, 86, 0, (byte) 0x94, 0x05, 62, 0, 16, 0, // v1, NEEDS_CSUM, TCPV6, hdr 86, gso 1428, csum 62/16
            0, 0, 0, 0, // opt_endofopt
            32 + 60 + 32, 0, 0, 0};
        assertArrayEquals(expected, Arrays.copyOfRange(file, o, file.length));
    }

    @Test
    void framingForALiveWriterEqualsTheWrittenBlock() throws IOException {
        FrameRecord r = record(1, 61, OUT_TSO, TSO6);
        byte[] whole = write(r);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer before = ByteBuffer.allocate(64);
        ByteBuffer after = ByteBuffer.allocate(64);
        try (PcapngWriter w = new PcapngWriter(out, 1, 262144, true)) {
            w.framing(r, before, after);
            w.flush();
            out.write(before.array(), 0, before.remaining());
            out.write(r.data(), 0, 61);
            out.write(after.array(), 0, after.remaining());
        }
        assertArrayEquals(whole, out.toByteArray());
    }

    @Test
    void segmentsKeepTheDirectionButNotTheSuperPacketsOffloadFacts() throws IOException {
        FrameRecord r = record(1, 100, OUT_TSO, TSO6);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PcapngWriter w = new PcapngWriter(out, 1, 262144, true)) {
            w.write(r, 5, frame(1, 20), 20, frame(2, 40), 0, 40, 60);
        }
        FrameRecord seg = read(out.toByteArray()).get(0);
        assertEquals(PacketFlags.DIRECTION_OUTBOUND, seg.packetFlags());
        assertNull(seg.vnetHeader());
        assertEquals(60, seg.capturedLength());
    }

    /** Another writer's flags (dumpcap writes the direction), big-endian, beside a comment and another PEN. */
    @Test
    void bigEndianFlagsAndCustomOptionsOfOtherEnterprisesAreReadOrSkipped() throws IOException {
        CaptureBytes be = CaptureBytes.bigEndian();
        byte[] options = CaptureBytes.bigEndian()
                .option(1, "a comment".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .option(2988, CaptureBytes.bigEndian().u32(32473 + 1).u8(1).u8(9).u8(9).u8(0).u64(-1).toArray())
                .option(2, CaptureBytes.bigEndian().u32(PacketFlags.DIRECTION_INBOUND | PacketFlags.CHECKSUM_VALID).toArray())
                .option(19372, CaptureBytes.bigEndian().u32(32473).u8(1).u8(2).u8(5).u8(0).u16(42).u16(1200).u16(0)
                        .u16(0).u32(0xDEAD).toArray())
                .u32(0).toArray();
        byte[] body = CaptureBytes.bigEndian().bytes(be.epbBody(0, 7, 61, 61, frame(1, 61))).bytes(options).toArray();
        byte[] file = be.shb(1, 0).idb(1, 0).block(PcapngReader.EPB, body).toArray();
        FrameRecord r = read(file).get(0);
        assertEquals(PacketFlags.DIRECTION_INBOUND | PacketFlags.CHECKSUM_VALID, r.packetFlags());
        assertEquals(VnetHeader.of(2, VnetHeader.GSO_UDP_L4, 42, 1200, 0, 0), r.vnetHeader(),
                "a longer value of the same version keeps its first 16 bytes");
        assertArrayEquals(frame(1, 61), r.bytes());
    }

    private static byte[] withOptions(byte[] options) {
        CaptureBytes le = CaptureBytes.littleEndian();
        byte[] body = CaptureBytes.littleEndian().bytes(le.epbBody(0, 7, 60, 60, frame(1, 60))).bytes(options).toArray();
        return le.shb(1, 0).idb(1, 0).block(PcapngReader.EPB, body).epb(0, 8, frame(2, 60)).toArray();
    }

    @Test
    void optionsThatDoNotFitTheirCodeAreIgnoredAndTheFrameIsRead() throws IOException {
        byte[][] broken = {
            CaptureBytes.littleEndian().option(2, new byte[] {1, 0, 0}).u32(0).toArray(), // flags of 3 bytes
            CaptureBytes.littleEndian().option(2988, new byte[] {(byte) 0xD9, 0x7E, 0, 0, 1, 0, 4}).u32(0).toArray(),
            CaptureBytes.littleEndian().option(2988, new byte[] {1}).u32(0).toArray(), // no room for a PEN
            CaptureBytes.littleEndian().option(2988, CaptureBytes.littleEndian().u32(32473).u8(2).u8(0).u8(4).u8(0)
                    .u64(0).toArray()).u32(0).toArray(), // unknown layout version
            CaptureBytes.littleEndian().u16(2).u16(400).u32(1).toArray(), // runs past the block
        };
        // SHB 28 bytes, IDB 20, the EPB's header 28 and its 60 bytes of data: the options start at 136
        String[] problems = {
            "block 3, option at byte offset 136: epb_flags of 3 bytes (a flags word is 4)",
            "block 3, option at byte offset 136: jumbocap's kernel-facts option of 7 bytes (needs 16)",
            "block 3, option at byte offset 136: custom option 2988 of 1 bytes, too short for a Private Enterprise Number (4)",
            "block 3, option at byte offset 136: jumbocap's kernel-facts option of layout version 2 (this reader knows 1)",
            "block 3, option at byte offset 136: option 2 of 400 bytes runs past the end of the block (4 bytes left)",
        };
        for (int i = 0; i < broken.length; i++) {
            List<FrameRecord> f = read(withOptions(broken[i]));
            assertEquals(2, f.size());
            assertEquals(PacketFlags.NONE, f.get(0).packetFlags());
            assertNull(f.get(0).vnetHeader());
            assertEquals(problems[i], f.get(0).optionProblem());
            assertArrayEquals(frame(1, 60), f.get(0).bytes());
            assertArrayEquals(frame(2, 60), f.get(1).bytes());
            assertNull(f.get(1).optionProblem(), "the next frame has none");
        }
    }

    /** Another enterprise's custom option is none of jumbocap's business: skipped without a word. */
    @Test
    void anotherEnterprisesShortCustomOptionIsNoProblem() throws IOException {
        byte[] options = CaptureBytes.littleEndian().option(2988, new byte[] {1, 2, 3, 4, 5}).u32(0).toArray();
        FrameRecord r = read(withOptions(options)).get(0);
        assertNull(r.optionProblem());
        assertNull(r.vnetHeader());
    }

    @Test
    void aFileEndingInsideTheOptionsIsOneLineNamingBlockAndOffset() throws IOException {
        byte[] whole = write(record(1, 60, OUT_TSO, TSO6));
        byte[] cut = Arrays.copyOf(whole, whole.length - 14);
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> read(cut));
        String m = e.getMessage();
        int epb = whole.length - (32 + 60 + 32);
        assertEquals("f: block 3 at byte offset " + epb + ": file ends inside block 3 at byte offset " + cut.length
                + " (needs 14 more bytes)", m);
        assertFalse(m.contains("\n"));
        assertTrue(read(whole).get(0).vnetHeader().isSuperPacket());
    }
}
