package org.jumbocap.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The ceiling arithmetic against the kernel's: {@code tcp_tso_autosize} fills a super-packet with whole
 * segments up to {@code gso_max_size - (MAX_TCP_HEADER + 1)} bytes of payload (321 on x86-64).
 */
class SizeCeilingTest {
    /** The payload Linux puts in a full super-packet for a size setting and a segment size. */
    private static long kernelPayload(long setting, int segment) {
        return (setting - SizeCeiling.HEADER_ROOM) / segment * segment;
    }

    @Test
    void theSettingIsFoundAgainFromTheSizesItMakes() {
        for (long setting : new long[] {65_536, 185_000, 262_144, 524_280}) {
            for (int segment : new int[] {1_428, 1_448, 8_948, 1_378}) {
                long payload = kernelPayload(setting, segment);
                SizeCeiling c = SizeCeiling.of(payload + 40 + 32, payload, segment, 10, 20);
                assertEquals(setting, c.likelySetting(), setting + "/" + segment);
                assertEquals(setting == 65_536 ? SizeCeiling.Reason.LEGACY_64K : SizeCeiling.Reason.SIZE_SETTING, c.reason());
            }
        }
    }

    @Test
    void aCeilingThatIsNotWholeSegmentsIsTheWriteSize() {
        // iperf3's default 128 KiB writes over 1428-byte segments
        SizeCeiling c = SizeCeiling.of(131_072 + 80, 131_072, 1_428, 30, 30);
        assertEquals(SizeCeiling.Reason.WRITE_SIZE, c.reason());
        assertEquals(-1, c.likelySetting());
    }

    @Test
    void aLargestSizeSeenOnceIsNoCeiling() {
        long payload = kernelPayload(185_000, 1_428);
        SizeCeiling c = SizeCeiling.of(payload + 80, payload, 1_428, 1, 40);
        assertEquals(SizeCeiling.Reason.NO_CEILING, c.reason());
    }

    @Test
    void withoutTheHandshakeOnlyA64KCeilingIsNamed() {
        assertEquals(SizeCeiling.Reason.UNKNOWN_SEGMENT, SizeCeiling.of(64_354, 64_260, -1, 5, 5).reason());
        assertEquals(65_536, SizeCeiling.of(64_354, 64_260, -1, 5, 5).likelySetting());
        assertEquals(-1, SizeCeiling.of(184_292, 184_212, -1, 5, 5).likelySetting());
    }
}
