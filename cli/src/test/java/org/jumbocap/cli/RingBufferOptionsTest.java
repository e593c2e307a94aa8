package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jumbocap.capture.RingFileWriter;
import org.junit.jupiter.api.Test;

/** tcpdump's -C/-W/-G and dumpcap's -b say the same limits, in their units: millions of bytes, kB of 1000 bytes. */
class RingBufferOptionsTest {
    private static RingBufferOptions options(Double megabytes, Integer files, Long seconds, String... dumpcap) {
        RingBufferOptions o = new RingBufferOptions();
        o.fileMegabytes = megabytes;
        o.files = files;
        o.fileSeconds = seconds;
        o.dumpcapKeys = dumpcap.length == 0 ? null : List.of(dumpcap);
        return o;
    }

    @Test
    void tcpdumpsAndDumpcapsFormsGiveTheSameLimits() {
        assertNull(options(null, null, null).limits(), "no ring: one file");
        RingFileWriter.Limits tcpdump = options(100.0, 10, 60L).limits();
        assertEquals(new RingFileWriter.Limits(100_000_000, 60, 10), tcpdump);
        assertEquals(tcpdump, options(null, null, null, "filesize:100000", "files:10", "duration:60").limits());
        assertEquals(new RingFileWriter.Limits(250_000, 0, 0), options(0.25, null, null).limits());
        assertEquals(new RingFileWriter.Limits(0, 5, 3), options(null, 3, null, "duration:5").limits());
    }

    @Test
    void aCountAloneATwiceGivenLimitAndUnknownKeysAreRefused() {
        for (RingBufferOptions bad : List.of(options(null, 3, null), options(null, null, null, "files:3"),
                options(1.0, null, null, "filesize:10"), options(null, null, null, "packets:10"),
                options(null, null, null, "filesize"), options(null, null, null, "filesize:x"), options(0.0, null, null),
                options(null, null, 0L), options(1.0, 0, null))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::limits);
            assertTrue(e.getMessage().length() > 10, e.getMessage());
        }
    }
}
