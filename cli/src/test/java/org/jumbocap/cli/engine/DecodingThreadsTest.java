package org.jumbocap.cli.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How many decoding threads the loop takes by itself: one per core for files of super-packets (their checksum sums
 * are the work), one beside the loop's own for other large files, none for small files or without checksum sums.
 * The inputs are the samples' records repeated past the size from which threads pay.
 */
class DecodingThreadsTest {
    private static final Path SAMPLES = Path.of(System.getProperty("user.dir")).getParent().resolve("samples");
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @TempDir
    Path dir;

    /** A pcap file of the sample's records, repeated until it holds at least {@code bytes}. */
    private Path repeated(String sample, long bytes) throws IOException {
        byte[] file = Files.readAllBytes(SAMPLES.resolve(sample));
        byte[] records = Arrays.copyOfRange(file, 24, file.length);
        Path out = dir.resolve("repeated-" + sample);
        try (var os = Files.newOutputStream(out)) {
            os.write(file, 0, 24);
            for (long written = 24; written < bytes; written += records.length) {
                os.write(records);
            }
        }
        return out;
    }

    private static FrameLoop loop(boolean verifyChecksums) {
        return new FrameLoop(null, 0, verifyChecksums, false, -1);
    }

    @Test
    void superPacketsTakeOneThreadPerCore() throws IOException {
        assumeTrue(CORES >= 2, "one core: no decoding thread at all");
        Path big = repeated("ipv6-bigtcp-veth.pcap", 9L << 20);
        assertTrue(FrameLoop.superPackets(big.toString()));
        assertEquals(CORES, loop(true).threadsFor(List.of(big.toString())));
    }

    @Test
    void smallFramesTakeOneThreadBesideTheLoop() throws IOException {
        assumeTrue(CORES >= 2, "one core: no decoding thread at all");
        Path small = repeated("dns-veth.pcap", 9L << 20);
        assertFalse(FrameLoop.superPackets(small.toString()));
        assertEquals(CORES - 1, loop(true).threadsFor(List.of(small.toString())));
    }

    @Test
    void noThreadForASmallFileOrWithoutChecksums() throws IOException {
        Path big = repeated("ipv6-bigtcp-veth.pcap", 9L << 20);
        assertEquals(0, loop(false).threadsFor(List.of(big.toString())));
        assertEquals(0, loop(true).threadsFor(List.of(SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString())));
    }

    @Test
    void anUnreadableOrNonRegularFileIsNotTakenForSuperPackets() throws IOException {
        Path junk = dir.resolve("junk.pcap");
        Files.write(junk, new byte[] {1, 2, 3});
        assertFalse(FrameLoop.superPackets(junk.toString()));
        assertFalse(FrameLoop.superPackets(dir.toString()));
        assertFalse(FrameLoop.superPackets(dir.resolve("missing.pcap").toString()));
    }
}
