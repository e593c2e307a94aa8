package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Each crafted file: committed bytes equal the generator's, and reading it (from the file and from a
 * stream) gives the good frames then exactly the expected fault, naming file, record or block, offset.
 */
class CraftedCaptureFilesTest {
    @TestFactory
    Stream<DynamicTest> committedFilesMatchTheGenerator() throws IOException {
        Path dir = CraftedCaptureFiles.directory();
        if (Boolean.getBoolean("jumbocap.regenerate")) {
            Files.createDirectories(dir);
            for (CraftedCaptureFiles.Case c : CraftedCaptureFiles.all()) {
                Files.write(dir.resolve(c.file()), c.bytes());
            }
        }
        return CraftedCaptureFiles.all().stream().map(c -> DynamicTest.dynamicTest(c.file(), () -> {
            Path file = dir.resolve(c.file());
            assertTrue(Files.exists(file), file + " missing: run with -Djumbocap.regenerate=true");
            assertArrayEquals(c.bytes(), Files.readAllBytes(file), file + " differs from its generator");
        }));
    }

    @TestFactory
    Stream<DynamicTest> fileGivesTheGoodFramesThenTheExactFault() {
        return CraftedCaptureFiles.all().stream().map(c -> DynamicTest.dynamicTest(c.file(), () -> {
            Path file = CraftedCaptureFiles.directory().resolve(c.file());
            Outcome fromFile = readAll(() -> CaptureFiles.open(file));
            check(c, file.toString(), fromFile);
            Outcome fromStream = readAll(() -> CaptureFiles.open(new ByteArrayInputStream(c.bytes()), c.file()));
            check(c, c.file(), fromStream);
        }));
    }

    private static void check(CraftedCaptureFiles.Case c, String name, Outcome o) {
        assertEquals(c.goodFrames(), o.frames, name + ": frames before the fault");
        if (c.messageTail() == null) {
            assertNull(o.failure, name + " should read cleanly");
            return;
        }
        assertNotNull(o.failure, name + " should fail");
        assertEquals(name + c.messageTail(), o.failure.getMessage());
        assertEquals(name, o.failure.file());
    }

    private record Outcome(int frames, CaptureFormatException failure) {
    }

    private interface Opener {
        CaptureReader open() throws IOException;
    }

    /** Reads to the end or the fault; a fault must repeat on the next call, never turn into frames. */
    private static Outcome readAll(Opener opener) throws IOException {
        int frames = 0;
        CaptureReader reader;
        try {
            reader = opener.open();
        } catch (CaptureFormatException e) {
            return new Outcome(0, e);
        }
        try (reader) {
            FrameRecord r = new FrameRecord();
            try {
                while (reader.next(r)) {
                    frames++;
                    assertEquals(frames, r.number());
                }
            } catch (CaptureFormatException e) {
                CaptureFormatException again = assertThrows(CaptureFormatException.class, () -> reader.next(r));
                assertEquals(e.getMessage(), again.getMessage());
                return new Outcome(frames, e);
            }
            return new Outcome(frames, null);
        }
    }
}
