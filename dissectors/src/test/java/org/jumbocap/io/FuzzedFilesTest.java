package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Valid files with random bytes changed or cut off: reading ends cleanly or with a
 * CaptureFormatException, never another exception, a hang or a large allocation; the file-backed and
 * stream-backed readers agree frame for frame and on the message.
 */
class FuzzedFilesTest {
    private static final List<byte[]> SEEDS = List.of(CraftedCaptureFiles.twoSections(),
            CraftedCaptureFiles.unknownBlocks(), CraftedCaptureFiles.bigEndianNanos(),
            CraftedCaptureFiles.pcapWithFrames(262144, 5).toArray());

    @Test
    void mutatedFilesFailOnlyWithFormatErrors(@TempDir Path dir) throws IOException {
        Random random = new Random(20261130);
        Path file = dir.resolve("fuzz");
        for (int round = 0; round < 2000; round++) {
            byte[] seed = SEEDS.get(round % SEEDS.size());
            byte[] bytes = Arrays.copyOf(seed, seed.length);
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits; e++) {
                bytes[4 + random.nextInt(bytes.length - 4)] = (byte) (random.nextInt(3) == 0 ? 0xFF : random.nextInt(256));
            }
            if (random.nextBoolean()) {
                bytes = Arrays.copyOf(bytes, 1 + random.nextInt(bytes.length));
            }
            byte[] mutated = bytes;
            String fromStream = outcome(() -> CaptureFiles.open(new ByteArrayInputStream(mutated), file.toString()), round);
            if (round % 4 == 0) {
                // file-backed readers take other paths (known size, seekable input): same result expected
                Files.write(file, bytes);
                String fromFile = outcome(() -> CaptureFiles.open(file), round);
                assertEquals(fromFile, fromStream, "round " + round + ": file and stream disagree");
            }
        }
    }

    private interface Opener {
        CaptureReader open() throws IOException;
    }

    /** Frames read and the fault, as text. */
    private static String outcome(Opener opener, int round) {
        StringBuilder out = new StringBuilder();
        try (CaptureReader reader = opener.open()) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                out.append(r.capturedLength()).append('/').append(r.originalLength()).append('@')
                        .append(r.timestampNanos()).append(' ');
                if (r.data().length > 1 << 20) {
                    fail("round " + round + ": record array grew to " + r.data().length);
                }
            }
            return out.append("end").toString();
        } catch (CaptureFormatException e) {
            return out.append(e.getMessage()).toString();
        } catch (Exception e) {
            throw new AssertionError("round " + round + ": " + e, e);
        }
    }
}
