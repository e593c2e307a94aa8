package org.jumbocap.io.pcapng;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import org.jumbocap.io.CaptureBytes;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;

/** An if_tsoffset whose timestamps cannot be held in nanoseconds since 1970 is said, not wrapped to 1969. */
class TimestampOffsetRangeTest {
    @Test
    void anOffsetOutOfRangeIsAFormatErrorAfterTheGoodFrames() throws Exception {
        byte[] file = CaptureBytes.littleEndian().shb(1, 0)
                .idb(1, 262144, "eth0", null, 6, 100L)
                .epb(0, 1_700_000_000_000_000L, CaptureBytes.frame(1, 60))
                .idb(1, 262144, "eth1", null, 6, Long.MAX_VALUE)
                .epb(1, 1_700_000_000_000_000L, CaptureBytes.frame(2, 60))
                .toArray();
        try (PcapngReader reader = new PcapngReader(new ByteArrayInputStream(file), "offset.pcapng")) {
            FrameRecord rec = new FrameRecord();
            assertTrue(reader.next(rec));
            assertEquals(1_700_000_100_000_000_000L, rec.timestampNanos());
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> reader.next(rec));
            assertTrue(e.getMessage().startsWith("offset.pcapng: block 4 at byte offset "), e.getMessage());
            assertTrue(e.getMessage().contains("if_tsoffset 9223372036854775807 s is out of range"), e.getMessage());
        }
    }
}
