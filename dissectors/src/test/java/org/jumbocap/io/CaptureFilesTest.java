package org.jumbocap.io;

import static org.jumbocap.io.CaptureBytes.frame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureFilesTest {
    private static final byte[] PCAP_BE_NSEC = CraftedCaptureFiles.bigEndianNanos();
    private static final byte[] PCAPNG = CraftedCaptureFiles.twoSections();

    @Test
    void theMagicPicksTheReaderWhateverTheName(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("looks-like.pcapng");
        Files.write(a, PCAP_BE_NSEC);
        try (CaptureReader r = CaptureFiles.open(a)) {
            assertEquals("pcap-nsec", r.formatName());
            assertTrue(r.seekable());
            assertEquals(a.toString(), r.name());
        }
        Path b = dir.resolve("looks-like.pcap");
        Files.write(b, PCAPNG);
        try (CaptureReader r = CaptureFiles.open(b.toString())) {
            assertEquals("pcapng", r.formatName());
        }
        Path le = dir.resolve("le.pcap");
        Files.write(le, CraftedCaptureFiles.pcapWithFrames(65535, 2).toArray());
        try (CaptureReader r = CaptureFiles.open(le)) {
            assertEquals("pcap", r.formatName());
            assertEquals(1, r.interfaces().size());
            assertEquals(65535, r.interfaces().get(0).snaplen());
        }
    }

    @Test
    void streamsAreReadButNotSeekable() throws IOException {
        try (CaptureReader r = CaptureFiles.open(new ByteArrayInputStream(PCAPNG), "pipe")) {
            assertFalse(r.seekable());
            FrameRecord f = new FrameRecord();
            int n = 0;
            while (r.next(f)) {
                n++;
            }
            assertEquals(6, n);
            assertThrows(UnsupportedOperationException.class, () -> r.seek(0, 1));
        }
    }

    @Test
    void gzipCompressedCapturesAreReadAsStreams(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(PCAP_BE_NSEC);
        }
        Path file = dir.resolve("x.pcap.gz");
        Files.write(file, gz.toByteArray());
        try (CaptureReader r = CaptureFiles.open(file)) {
            assertEquals("pcap-nsec", r.formatName());
            assertFalse(r.seekable());
            FrameRecord f = new FrameRecord();
            assertTrue(r.next(f));
            assertArrayEquals(frame(1, 64), f.bytes());
            assertTrue(r.next(f));
            assertTrue(r.next(f));
            assertFalse(r.next(f));
        }
    }

    @Test
    void unknownMagicAndShortFilesAreNamed() {
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> CaptureFiles.open(new ByteArrayInputStream(new byte[] {'P', 'K', 3, 4, 0, 0}), "z.zip"));
        assertEquals("z.zip: at byte offset 0: not a pcap or pcapng file (magic 0x504b0304)", e.getMessage());
        e = assertThrows(CaptureFormatException.class,
                () -> CaptureFiles.open(new ByteArrayInputStream(new byte[] {(byte) 0xd4, (byte) 0xc3}), "two"));
        assertEquals("two: at byte offset 0: file of 2 bytes is too short for a magic number", e.getMessage());
        e = assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(new ByteArrayInputStream(new byte[0]), "none"));
        assertEquals("none: at byte offset 0: empty file: not a pcap or pcapng file", e.getMessage());
    }
}
