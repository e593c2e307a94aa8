package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.pcap.PcapReader;
import org.junit.jupiter.api.Test;

/**
 * A checksum over a frame's tail that is still in the file is summed where it lies (the mapping) and never
 * copied into the heap, to the same 16 bits as over the loaded bytes: every range of every super-packet of
 * the kernel's captures, read through mapped windows of odd sizes so ranges straddle their edges at odd and
 * even offsets.
 */
class InPlaceChecksumTest {
    @Test
    void sumsInPlaceAsOverTheLoadedBytes() throws IOException {
        Random random = new Random(26);
        int checked = 0;
        for (String name : new String[] {"ipv6-bigtcp-veth.pcap", "ipv4-bigtcp-veth.pcap", "ipv6-bigtcp-loss.pcap"}) {
            Path file = SampleFrames.directory().resolve(name);
            for (long window : new long[] {4099, 65536 + 7, CaptureInput.DEFAULT_WINDOW_SIZE}) {
                CaptureInput in = CaptureInput.open(file, window, CaptureInput.EAGER_PREFIX_LENGTH);
                long tailBytesBefore;
                try (CaptureReader reader = new PcapReader(in, file.toString())) {
                    FrameRecord rec = new FrameRecord();
                    while (reader.next(rec)) {
                        if (rec.isLoaded()) {
                            continue;
                        }
                        FrameBuffer view = rec.buffer();
                        int n = rec.capturedLength();
                        int[][] ranges = {{14, n - 14}, {54, n - 54}, {55, n - 55}, {0, n}, {513, n - 600},
                                {random.nextInt(n / 2), random.nextInt(n / 2)}};
                        long[] inPlace = new long[ranges.length];
                        tailBytesBefore = in.bytesDelivered();
                        for (int r = 0; r < ranges.length; r++) {
                            inPlace[r] = ChecksumVerdict.sum(view, ranges[r][0], ranges[r][1]);
                        }
                        assertEquals(tailBytesBefore, in.bytesDelivered(), "frame " + rec.number() + " was copied to be summed");
                        assertFalse(rec.isLoaded(), "frame " + rec.number());
                        byte[] whole = rec.data();
                        for (int r = 0; r < ranges.length; r++) {
                            long loaded = ChecksumVerdict.sum(whole, ranges[r][0], ranges[r][1]);
                            assertEquals(ChecksumVerdict.fold(loaded), ChecksumVerdict.fold(inPlace[r]),
                                    name + " frame " + rec.number() + " range " + ranges[r][0] + "+" + ranges[r][1]);
                            checked++;
                        }
                    }
                }
            }
        }
        assertTrue(checked > 500, "ranges checked: " + checked);
    }
}
