package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Acceptance: every crafted malformed sample (samples/crafted/) reads to its end through the command line
 * with its expert items shown, in every output format. What each frame must show is taken from the
 * committed expected dissections (samples/expected/jumbocap/crafted/FILE.txt), where every expert item is
 * a line "! id  severity/group: message" under its frame.
 */
class MalformedSamplesAcceptanceTest {
    private static final Path CRAFTED = Cli.SAMPLES.resolve("crafted");
    private static final Path EXPECTED = Cli.SAMPLES.resolve("expected/jumbocap/crafted");
    private static final Pattern SUMMARY_MARK = Pattern.compile("\\[!(WARN|ERROR) ([^\\]\\s]+)]");
    private static final Pattern TREE_EXPERT = Pattern.compile("\\[Expert Info \\((\\w+)/\\w+\\): .*] \\[([^\\]\\s]+)]$");

    /** One expert item of a frame as the expected dissection lists it. */
    record Expert(String id, String severity) implements Comparable<Expert> {
        @Override
        public int compareTo(Expert o) {
            int c = id.compareTo(o.id);
            return c != 0 ? c : severity.compareTo(o.severity);
        }

        boolean shownOnSummaryLine() {
            return severity.equals("warn") || severity.equals("error");
        }
    }

    static Stream<String> craftedSamples() throws IOException {
        try (Stream<Path> s = Files.list(CRAFTED)) {
            List<String> names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".pcap")
                    || n.endsWith(".pcapng")).sorted().toList();
            assertTrue(names.size() >= 50, "crafted samples present: " + names.size());
            return names.stream();
        }
    }

    /** The expert items of each frame, frame 1 first, from the committed expected dissection. */
    static List<List<Expert>> expectedExperts(String sample) {
        Path txt = EXPECTED.resolve(sample + ".txt");
        List<String> lines;
        try {
            lines = Files.readAllLines(txt);
        } catch (IOException e) {
            throw new UncheckedIOException("no expected dissection for " + sample, e);
        }
        List<List<Expert>> frames = new ArrayList<>();
        Pattern expert = Pattern.compile("^\\s*! (\\S+)  (\\w+)/\\w+: .*$");
        for (String line : lines) {
            if (line.startsWith("frame ")) {
                assertEquals("frame " + (frames.size() + 1), line, txt + ": frames numbered in order");
                frames.add(new ArrayList<>());
                continue;
            }
            Matcher m = expert.matcher(line);
            if (m.matches()) {
                frames.get(frames.size() - 1).add(new Expert(m.group(1), m.group(2)));
            }
        }
        frames.forEach(f -> f.sort(null));
        return frames;
    }

    private static String path(String sample) {
        return CRAFTED.resolve(sample).toString();
    }

    private static void assertCleanRun(Cli.Result r, String what) {
        assertEquals(0, r.code(), what + " exit code; stderr: " + r.err());
        assertEquals("", r.err(), what + " stderr");
        assertNoStackTrace(r, what);
    }

    static void assertNoStackTrace(Cli.Result r, String what) {
        for (String text : List.of(r.out(), r.err())) {
            assertFalse(text.contains("Exception"), what + " prints an exception: " + excerpt(text, "Exception"));
            assertFalse(text.contains("\tat ") || text.contains("\n    at "), what + " prints a stack trace");
        }
    }

    static String excerpt(String text, String around) {
        int i = text.indexOf(around);
        return i < 0 ? "" : text.substring(Math.max(0, i - 200), Math.min(text.length(), i + 200));
    }

    private static List<Expert> onSummaryLine(List<Expert> experts) {
        return experts.stream().filter(Expert::shownOnSummaryLine).sorted().toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedSamples")
    void summaryLinesMarkEveryWarningAndError(String sample) {
        List<List<Expert>> expected = expectedExperts(sample);
        Cli.Result r = Cli.run("read", "--verify-checksums", path(sample));
        assertMarks(sample, expected, r);
    }

    /**
     * Without -V, JSON or a checksum field, read does not sum the bytes a transport checksum covers (as
     * Wireshark by default): the lines lack only the bad-checksum marks that summing finds. The IPv4 header
     * checksum and IPv6's forbidden UDP checksum 0 are judged without it and stay.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedSamples")
    void summaryLinesWithoutChecksumVerificationLackOnlyTheBadChecksumMarks(String sample) {
        List<List<Expert>> expected = new ArrayList<>();
        for (List<Expert> frame : expectedExperts(sample)) {
            expected.add(frame.stream().filter(e -> !(e.id().endsWith(".checksum.bad") && !e.id().equals("ip.checksum.bad")))
                    .toList());
        }
        assertMarks(sample, expected, Cli.run("read", path(sample)));
    }

    private void assertMarks(String sample, List<List<Expert>> expected, Cli.Result r) {
        assertCleanRun(r, "read " + sample);
        List<String> lines = r.outLines();
        assertEquals(expected.size(), lines.size(), "one line per frame:\n" + r.out());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            assertTrue(line.trim().startsWith((i + 1) + " "), "line " + (i + 1) + " starts with its number: " + line);
            List<Expert> marks = new ArrayList<>();
            Matcher m = SUMMARY_MARK.matcher(line);
            while (m.find()) {
                marks.add(new Expert(m.group(2), m.group(1).toLowerCase(java.util.Locale.ROOT)));
            }
            marks.sort(null);
            assertEquals(onSummaryLine(expected.get(i)), marks, sample + " frame " + (i + 1) + ": " + line);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedSamples")
    void verboseTreeShowsEveryExpertItemUnderItsFrame(String sample) {
        List<List<Expert>> expected = expectedExperts(sample);
        Cli.Result r = Cli.run("read", "-V", path(sample));
        assertCleanRun(r, "read -V " + sample);
        List<List<Expert>> shown = treeExperts(r.out(), expected.size(), sample);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), shown.get(i), sample + " frame " + (i + 1) + " with -V");
        }
    }

    /** Splits -V output into frames (a summary line, the tree, a blank line) and collects the expert lines. */
    private static List<List<Expert>> treeExperts(String out, int frames, String sample) {
        String[] blocks = out.split("\n\n", -1);
        assertEquals(frames + 1, blocks.length, sample + ": one block per frame, then nothing");
        assertEquals("", blocks[frames], sample + ": nothing after the last frame");
        List<List<Expert>> shown = new ArrayList<>();
        for (int i = 0; i < frames; i++) {
            String[] lines = blocks[i].split("\n");
            assertTrue(lines[0].trim().startsWith((i + 1) + " "), "block " + (i + 1) + " starts with its summary line");
            List<Expert> experts = new ArrayList<>();
            for (String line : Arrays.asList(lines).subList(1, lines.length)) {
                Matcher m = TREE_EXPERT.matcher(line);
                if (m.find()) {
                    experts.add(new Expert(m.group(2), m.group(1).toLowerCase(java.util.Locale.ROOT)));
                }
            }
            experts.sort(null);
            shown.add(experts);
        }
        return shown;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedSamples")
    void jsonAndNdjsonParseAndListTheSameExperts(String sample) {
        List<List<Expert>> expected = expectedExperts(sample);
        Cli.Result json = Cli.run("read", "-T", "json", path(sample));
        assertCleanRun(json, "read -T json " + sample);
        List<?> array = (List<?>) MiniJson.parse(json.out());
        assertEquals(expected.size(), array.size(), sample + ": JSON frames");
        Cli.Result ndjson = Cli.run("read", "-T", "ndjson", path(sample));
        assertCleanRun(ndjson, "read -T ndjson " + sample);
        List<String> lines = ndjson.outLines();
        assertEquals(expected.size(), lines.size(), sample + ": NDJSON lines");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), jsonExperts(array.get(i)), sample + " frame " + (i + 1) + " in JSON");
            Object line = MiniJson.parse(lines.get(i));
            assertEquals(expected.get(i), jsonExperts(line), sample + " frame " + (i + 1) + " in NDJSON");
            assertEquals(array.get(i), line, sample + " frame " + (i + 1) + ": NDJSON line equals the JSON element");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Expert> jsonExperts(Object frame) {
        List<Expert> out = new ArrayList<>();
        for (Object e : (List<Object>) ((Map<String, Object>) frame).get("experts")) {
            Map<String, Object> item = (Map<String, Object>) e;
            out.add(new Expert((String) item.get("id"), (String) item.get("severity")));
        }
        out.sort(null);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedSamples")
    void hexDumpFollowsEverySummaryLine(String sample) {
        Cli.Result plain = Cli.run("read", path(sample));
        Cli.Result hex = Cli.run("read", "-x", path(sample));
        assertCleanRun(hex, "read -x " + sample);
        List<String> summaries = plain.outLines();
        List<String> lines = hex.outLines();
        List<String> summariesInHex = lines.stream().filter(summaries::contains).toList();
        assertEquals(summaries, summariesInHex, sample + ": every summary line, in order, with -x");
        assertTrue(lines.size() > 2 * summaries.size(), sample + ": hex lines under each frame");
        Cli.Result both = Cli.run("read", "-V", "-x", path(sample));
        assertCleanRun(both, "read -V -x " + sample);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedSamples")
    void fieldsWithExpertIdGiveOneLinePerFrame(String sample) {
        List<List<Expert>> expected = expectedExperts(sample);
        List<String[]> rows = expertIdColumns(sample);
        assertEquals(expected.size(), rows.size(), sample + ": one line per frame");
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(String.valueOf(i + 1), rows.get(i)[0], sample + ": frame.number column");
        }
    }

    /** The expert.* fields are not tree nodes: their column lists the frame's expert items. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("craftedSamples")
    void fieldsColumnListsEveryExpertId(String sample) {
        List<List<Expert>> expected = expectedExperts(sample);
        List<String[]> rows = expertIdColumns(sample);
        assertEquals(expected.size(), rows.size(), sample + ": one line per frame");
        for (int i = 0; i < rows.size(); i++) {
            String cell = rows.get(i)[1];
            List<String> ids = cell.isEmpty() ? List.of() : Arrays.stream(cell.split(",")).sorted().toList();
            List<String> want = expected.get(i).stream().map(Expert::id).sorted().toList();
            assertEquals(want, ids, sample + " frame " + (i + 1) + ": expert.id column");
        }
    }

    /** {@code read -T fields -e frame.number -e expert.id}: the two cells of each line. */
    private static List<String[]> expertIdColumns(String sample) {
        Cli.Result r = Cli.run("read", "-T", "fields", "-e", "frame.number", "-e", "expert.id", path(sample));
        assertCleanRun(r, "read -T fields -e expert.id " + sample);
        List<String[]> rows = new ArrayList<>();
        for (String line : r.outLines()) {
            String[] cells = line.split("\t", -1);
            assertEquals(2, cells.length, "two columns: " + line);
            rows.add(cells);
        }
        return rows;
    }
}
