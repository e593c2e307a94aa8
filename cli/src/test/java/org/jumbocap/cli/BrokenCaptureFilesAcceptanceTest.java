package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance: a broken capture file (samples/crafted-files/) gives every good frame, then one line naming
 * the file, the record or block and its byte offset, and exit code 1; the valid files there exit 0. The
 * good frames and the line are what the capture reader itself gives for the file, read the same way (path
 * or stream). Checked for {@code read} from a path and from standard input, {@code read -T json|ndjson}
 * and {@code stats}.
 */
class BrokenCaptureFilesAcceptanceTest {
    private static final Path FILES = Cli.SAMPLES.resolve("crafted-files");
    /** The name the command line gives standard input in its messages. */
    private static final String STDIN_NAME = "(standard input)";

    private InputStream savedIn;

    @BeforeEach
    void saveStdin() {
        savedIn = System.in;
    }

    @AfterEach
    void restoreStdin() {
        System.setIn(savedIn);
    }

    /** What the reader gives for a file: the frames before the fault and the fault, or null when there is none. */
    record ReaderOutcome(int goodFrames, CaptureFormatException fault) {
        String errorLine() {
            return "jumbocap: " + fault.getMessage();
        }
    }

    static Stream<String> craftedFiles() throws IOException {
        try (Stream<Path> s = Files.list(FILES)) {
            List<String> names = s.map(p -> p.getFileName().toString()).sorted().toList();
            assertTrue(names.size() >= 15, "crafted capture files present: " + names);
            return names.stream();
        }
    }

    private static String path(String file) {
        return FILES.resolve(file).toString();
    }

    private static ReaderOutcome readerOutcome(Opener opener) {
        int frames = 0;
        try (CaptureReader r = opener.open()) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                frames++;
            }
            return new ReaderOutcome(frames, null);
        } catch (CaptureFormatException e) {
            return new ReaderOutcome(frames, e);
        } catch (IOException e) {
            throw new AssertionError("reader fails with something other than a format error", e);
        }
    }

    interface Opener {
        CaptureReader open() throws IOException;
    }

    private static ReaderOutcome fromPath(String file) {
        return readerOutcome(() -> CaptureFiles.open(Path.of(path(file))));
    }

    private static ReaderOutcome fromStream(String file) {
        byte[] bytes = bytes(file);
        return readerOutcome(() -> CaptureFiles.open(new ByteArrayInputStream(bytes), STDIN_NAME));
    }

    private static byte[] bytes(String file) {
        try {
            return Files.readAllBytes(FILES.resolve(file));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The one line of a fault: the file, then "record N" or "block N" (unless the file header is at fault), the offset. */
    private static void assertErrorLineShape(String line, String name, ReaderOutcome expected) {
        Pattern shape = Pattern.compile("jumbocap: " + Pattern.quote(name)
                + ": ((record|block) [1-9]\\d* )?at byte offset \\d+: \\S.*");
        assertTrue(shape.matcher(line).matches(), "error line shape: " + line);
        if (expected.fault().recordNumber() > 0) {
            assertTrue(line.contains(": record " + expected.fault().recordNumber() + " at byte offset "
                    + expected.fault().byteOffset() + ": ") || line.contains(": block " + expected.fault().recordNumber()
                    + " at byte offset " + expected.fault().byteOffset() + ": "), line);
        }
    }

    private static void assertOutcome(Cli.Result r, ReaderOutcome expected, String name, String what) {
        MalformedSamplesAcceptanceTest.assertNoStackTrace(r, what);
        if (expected.fault() == null) {
            assertEquals(0, r.code(), what + ": a valid file exits 0; stderr: " + r.err());
            assertEquals("", r.err(), what);
        } else {
            assertEquals(1, r.code(), what + ": a broken file exits 1");
            assertEquals(List.of(expected.errorLine()), r.errLines(), what + ": exactly one error line");
            assertTrue(r.err().endsWith("\n") && r.err().indexOf('\n') == r.err().length() - 1, what);
            assertErrorLineShape(r.errLines().get(0), name, expected);
        }
    }

    private Cli.Result runOnStdin(String file, String... args) {
        System.setIn(new ByteArrayInputStream(bytes(file)));
        try {
            return Cli.run(args);
        } finally {
            System.setIn(savedIn);
        }
    }

    private static void assertSummaryLines(Cli.Result r, int frames, String what) {
        List<String> lines = r.outLines();
        assertEquals(frames, lines.size(), what + ": exactly the good frames:\n" + r.out());
        for (int i = 0; i < lines.size(); i++) {
            assertTrue(lines.get(i).trim().startsWith((i + 1) + " "), what + " line " + (i + 1) + ": " + lines.get(i));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedFiles")
    void readPrintsTheGoodFramesThenOneLine(String file) {
        ReaderOutcome expected = fromPath(file);
        Cli.Result r = Cli.run("read", path(file));
        assertOutcome(r, expected, path(file), "read " + file);
        assertSummaryLines(r, expected.goodFrames(), "read " + file);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedFiles")
    void standardInputGivesTheSameFramesAndNamesItself(String file) {
        ReaderOutcome expected = fromStream(file);
        ReaderOutcome fromFile = fromPath(file);
        assertEquals(fromFile.goodFrames(), expected.goodFrames(), file + ": stream and file readers agree");
        Cli.Result r = runOnStdin(file, "read", "-");
        assertOutcome(r, expected, STDIN_NAME, "read - < " + file);
        assertEquals(Cli.run("read", path(file)).out(), r.out(), file + ": same frames from standard input");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedFiles")
    void statsCountsTheGoodFramesThenOneLine(String file) {
        ReaderOutcome expected = fromPath(file);
        Cli.Result r = Cli.run("stats", path(file));
        assertOutcome(r, expected, path(file), "stats " + file);
        Cli.Result json = Cli.run("stats", "-T", "json", path(file));
        assertOutcome(json, expected, path(file), "stats -T json " + file);
        assertTrue(MiniJson.parse(json.out()) instanceof java.util.Map, "stats JSON is one object: " + json.out());
        Cli.Result stdin = runOnStdin(file, "stats", "-");
        assertOutcome(stdin, fromStream(file), STDIN_NAME, "stats - < " + file);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedFiles")
    void jsonBeforeTheErrorIsStillOneCompleteArray(String file) {
        ReaderOutcome expected = fromPath(file);
        Cli.Result r = Cli.run("read", "-T", "json", path(file));
        assertOutcome(r, expected, path(file), "read -T json " + file);
        Object parsed = MiniJson.parse(r.out());
        assertTrue(parsed instanceof List<?>, "a JSON array: " + r.out());
        assertEquals(expected.goodFrames(), ((List<?>) parsed).size(), file + ": the good frames in JSON");

        Cli.Result stdin = runOnStdin(file, "read", "-T", "json", "-");
        assertOutcome(stdin, fromStream(file), STDIN_NAME, "read -T json - < " + file);
        assertEquals(expected.goodFrames(), ((List<?>) MiniJson.parse(stdin.out())).size(), file + " from stdin");

        Cli.Result ndjson = Cli.run("read", "-T", "ndjson", path(file));
        assertOutcome(ndjson, expected, path(file), "read -T ndjson " + file);
        assertEquals(expected.goodFrames(), ndjson.outLines().size(), file + ": one NDJSON line per good frame");
        ndjson.outLines().forEach(line -> assertTrue(MiniJson.parse(line) instanceof java.util.Map, line));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedFiles")
    void verboseAndHexStillEndWithOneLine(String file) {
        ReaderOutcome expected = fromPath(file);
        Cli.Result r = Cli.run("read", "-V", "-x", path(file));
        assertOutcome(r, expected, path(file), "read -V -x " + file);
        String out = r.out();
        assertEquals(expected.goodFrames(), out.isEmpty() ? 0 : out.split("\n\n", -1).length - 1,
                file + ": one block per good frame with -V -x");
    }

    /** With both streams on one terminal (stdout buffered as Main buffers it), the error line comes after the frames. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedFiles")
    void errorLineFollowsTheGoodFramesOnOneTerminal(String file) {
        ReaderOutcome expected = fromPath(file);
        StringWriter terminal = new StringWriter();
        PrintWriter out = new PrintWriter(new BufferedWriter(terminal, 1 << 16));
        PrintWriter err = new PrintWriter(terminal, true);
        int code = JumbocapCommand.execute(new String[] {"read", path(file)}, out, err, false);
        out.flush();
        List<String> lines = List.of(terminal.toString().split("\n"));
        Cli.Result alone = Cli.run("read", path(file));
        List<String> want = new ArrayList<>(alone.outLines());
        if (expected.fault() != null) {
            want.add(expected.errorLine());
        }
        assertEquals(alone.code(), code);
        assertEquals(want, lines.size() == 1 && lines.get(0).isEmpty() ? List.of() : lines,
                file + ": the good frames, then the error line");
    }

    /*
     * A cut .pcap.gz ends inside the deflate stream: GZIPInputStream throws a plain EOFException, which
     * FrameLoop/ErrorText print as "FILE: Unexpected end of ZLIB input stream", without the record and
     * byte offset every other cut file gets.
     */
    @Test
    void compressedCaptureCutShortNamesTheRecordAndOffset(@TempDir Path dir) throws IOException {
        Path sample = Cli.kernelSamples().get(0);
        byte[] bytes = Files.readAllBytes(sample);
        ByteArrayOutputStream gzip = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gzip)) {
            z.write(bytes, 0, Math.min(bytes.length, 400_000));
        }
        byte[] compressed = gzip.toByteArray();
        Path cut = dir.resolve("cut.pcap.gz");
        Files.write(cut, Arrays.copyOf(compressed, compressed.length / 2));

        Cli.Result r = Cli.run("read", cut.toString());
        MalformedSamplesAcceptanceTest.assertNoStackTrace(r, "read " + cut);
        assertEquals(1, r.code(), r.err());
        assertTrue(r.outLines().size() > 0, "the frames before the cut");
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(Pattern.compile("jumbocap: " + Pattern.quote(cut.toString())
                + ": record " + (r.outLines().size() + 1) + " at byte offset \\d+: .+").matcher(r.errLines().get(0)).matches(),
                "names the record after the last good frame and its offset: " + r.err());
    }

    /** A .pcap.gz cut inside its 10-byte gzip header or its 8-byte CRC/size trailer. */
    @ParameterizedTest(name = "cut {0} bytes from the end")
    @ValueSource(ints = {4, 1000})
    void compressedCaptureCutInGzipHeaderOrTrailerGivesNoExceptionName(int fromEnd, @TempDir Path dir)
            throws IOException {
        byte[] bytes = Files.readAllBytes(FILES.resolve("pcap-big-endian-nsec.pcap"));
        ByteArrayOutputStream gzip = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gzip)) {
            z.write(bytes);
        }
        byte[] compressed = gzip.toByteArray();
        // 4 from the end: inside the trailer, after every frame; 1000 from the end of a ~200-byte file: 5 bytes kept
        int keep = fromEnd < compressed.length ? compressed.length - fromEnd : 5;
        Path cut = dir.resolve("cut.pcap.gz");
        Files.write(cut, Arrays.copyOf(compressed, keep));

        Cli.Result r = Cli.run("read", cut.toString());
        assertEquals(1, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith("jumbocap: " + cut + ": "), r.err());
        MalformedSamplesAcceptanceTest.assertNoStackTrace(r, "read " + cut);
    }
}
