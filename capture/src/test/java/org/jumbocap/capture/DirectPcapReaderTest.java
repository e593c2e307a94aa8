package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
            // a saved file answers 0 at its end
            while (reader.dispatch(header, number, 1, (frame, bytes) -> {
                assertThrows(IllegalStateException.class, frame::data);
                byte[] copy = new byte[bytes.remaining()];
                assertEquals(true, bytes.isDirect(), "a view of libpcap's memory");
                bytes.get(copy);
                got.add(new FrameRecord(frame.number(), frame.timestampNanos(), frame.linkType(), copy,
                        frame.originalLength()));
            }) == DirectPcapReader.FRAME) {
                number++;
            }
        }
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
