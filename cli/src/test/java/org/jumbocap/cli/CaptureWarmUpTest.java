package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The warm-up before a quiet capture to a file: its scratch frames go through libpcap's dispatch and the
 * file writer exactly as a live capture's do (every one written, the count stopping it where libpcap's end
 * of file looks like a pause), at any snaplen, and nothing is left in the temp directory.
 */
class CaptureWarmUpTest {
    @Test
    void theScratchFramesGoThroughAndLeaveNothingBehind() throws IOException {
        List<Path> before = scratchFiles();
        assertTrue(LiveCapture.warmUp(262_144), "every scratch frame written at libpcap's largest snaplen");
        assertTrue(LiveCapture.warmUp(96), "and with a snaplen that cuts every frame");
        assertTrue(LiveCapture.warmUp(1_000_000), "a snaplen over libpcap's is taken down to it");
        assertEquals(before, scratchFiles(), "scratch files left in " + System.getProperty("java.io.tmpdir"));
    }

    private static List<Path> scratchFiles() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("jumbocap-warm-up")).sorted().toList();
        }
    }
}
