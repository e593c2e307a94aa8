package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.Pcaps;
import org.pcap4j.packet.namednumber.DataLinkType;

/**
 * The direct reader reaches pcap4j's private {@code PcapHandle.handle} (pcap4j has no public accessor for
 * the pcap_t). When a pcap4j upgrade renames or removes that field, live capture silently falls back to
 * pcap4j's slower copying reader; this test makes that loud instead. A dead handle needs no privileges.
 */
class DirectPcapReaderTest {
    @Test
    void reachesTheHandleOfThisPcap4j() throws Exception {
        try (PcapHandle dead = Pcaps.openDead(DataLinkType.EN10MB, 65535)) {
            assertNotNull(DirectPcapReader.of(dead),
                    "pcap4j's PcapHandle no longer has a private Pointer field 'handle': DirectPcapReader must "
                            + "follow the new pcap4j, or live capture copies every frame twice");
        }
    }

    /**
     * {@code pcap_dispatch} hands each frame's bytes inside libpcap's buffer; a saved file through libpcap
     * (no privileges needed) must give exactly the frames jumbocap's own reader gives, super-packets
     * included, and the record must hold lengths but no bytes.
     */
    @Test
    void dispatchGivesEveryFrameInLibpcapsBuffer() throws Exception {
        Path sample = Path.of("../samples/ipv6-bigtcp-veth-nsec.pcap");
        List<FrameRecord> want = LiveFileWriterTest.readAll(sample);
        List<FrameRecord> got = new ArrayList<>();
        try (PcapHandle file = Pcaps.openOffline(sample.toString(), PcapHandle.TimestampPrecision.NANO)) {
            DirectPcapReader reader = DirectPcapReader.of(file);
            assertNotNull(reader);
            FrameRecord header = new FrameRecord();
            long number = 1;
            // one frame a call, as the first frames of a capture may come; a saved file answers 0 at its end
            while (reader.dispatch(header, number, 1, 1, (frame, bytes) -> got.add(copyOf(frame, bytes)))
                    == DirectPcapReader.FRAME) {
                assertEquals(1, reader.delivered());
                number++;
            }
        }
        assertSameFrames(want, got);
    }

    /**
     * One call hands over many frames, all in order and numbered on, byte for byte those of the file; a
     * call asked for at most N frames hands over exactly N while more are there (a capture's -c stops at
     * its count inside a batch).
     */
    @Test
    void oneDispatchHandsOverManyFramesInOrderAndNoMoreThanAsked() throws Exception {
        Path sample = Path.of("../samples/ipv6-bigtcp-veth-nsec.pcap");
        List<FrameRecord> want = LiveFileWriterTest.readAll(sample);
        assertTrue(want.size() > 20, "sample has " + want.size() + " frames");
        try (PcapHandle file = Pcaps.openOffline(sample.toString(), PcapHandle.TimestampPrecision.NANO)) {
            DirectPcapReader reader = DirectPcapReader.of(file);
            List<FrameRecord> got = new ArrayList<>();
            FrameRecord header = new FrameRecord();
            assertEquals(DirectPcapReader.FRAME, reader.dispatch(header, 1, 1, 7, (f, b) -> got.add(copyOf(f, b))));
            assertEquals(7, reader.delivered());
            assertEquals(7, got.size());
            assertEquals(DirectPcapReader.FRAME, reader.dispatch(header, 8, 1, 100_000, (f, b) -> got.add(copyOf(f, b))));
            assertEquals(want.size() - 7, reader.delivered(), "the rest of the file in one call");
            assertEquals(DirectPcapReader.TIMEOUT, reader.dispatch(header, want.size() + 1, 1, 100, (f, b) -> got.add(copyOf(f, b))));
            assertEquals(0, reader.delivered());
            assertSameFrames(want, got);
        }
    }

    /** A sink that fails ends its call at that frame: the frames after it stay for the next call. */
    @Test
    void aFailingSinkIsTheLastFrameOfItsCall() throws Exception {
        Path sample = Path.of("../samples/ipv6-bigtcp-veth-nsec.pcap");
        List<FrameRecord> want = LiveFileWriterTest.readAll(sample);
        try (PcapHandle file = Pcaps.openOffline(sample.toString(), PcapHandle.TimestampPrecision.NANO)) {
            DirectPcapReader reader = DirectPcapReader.of(file);
            List<FrameRecord> got = new ArrayList<>();
            FrameRecord header = new FrameRecord();
            IOException e = assertThrows(IOException.class, () -> reader.dispatch(header, 1, 1, 100, (f, b) -> {
                got.add(copyOf(f, b));
                if (f.number() == 5) {
                    throw new IOException("disk full at frame 5");
                }
            }));
            assertEquals("disk full at frame 5", e.getMessage());
            assertEquals(5, reader.delivered());
            assertEquals(5, got.size());
            // libpcap's reader of saved files keeps the stop it was asked for until its next call (the live
            // reader clears it as it stops)
            int rc = reader.dispatch(header, 6, 1, 100_000, (f, b) -> got.add(copyOf(f, b)));
            if (rc == DirectPcapReader.BREAK) {
                assertEquals(0, reader.delivered());
                rc = reader.dispatch(header, 6, 1, 100_000, (f, b) -> got.add(copyOf(f, b)));
            }
            assertEquals(DirectPcapReader.FRAME, rc);
            assertSameFrames(want, got);
        }
    }

    private static FrameRecord copyOf(FrameRecord frame, ByteBuffer bytes) {
        assertThrows(IllegalStateException.class, frame::data);
        assertTrue(bytes.isDirect(), "a view of libpcap's memory");
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        return new FrameRecord(frame.number(), frame.timestampNanos(), frame.linkType(), copy, frame.originalLength());
    }

    private static void assertSameFrames(List<FrameRecord> want, List<FrameRecord> got) {
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
            String f = "frame " + (i + 1);
            assertEquals(i + 1, got.get(i).number(), f);
            assertEquals(want.get(i).timestampNanos(), got.get(i).timestampNanos(), f);
            assertEquals(want.get(i).originalLength(), got.get(i).originalLength(), f);
            assertArrayEquals(want.get(i).bytes(), got.get(i).bytes(), f);
        }
    }
}
