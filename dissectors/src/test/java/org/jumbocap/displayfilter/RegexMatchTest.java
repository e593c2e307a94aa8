package org.jumbocap.displayfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code matches} decides every value: a linear-time engine (RE2/J) gives the right answer where a
 * backtracking one ran out of stack or time, and a pattern it cannot run that way is a filter error
 * when the filter is compiled, never a silent no-match per frame.
 */
class RegexMatchTest {
    private static FrameTree crafted(String name) throws Exception {
        List<FrameRecord> frames = SampleFrames.read(SampleFrames.directory().resolve("crafted/" + name + ".pcap"));
        assertEquals(1, frames.size());
        return new FrameDissector().dissect(frames.get(0));
    }

    /** tshark 4.0: {@code tshark -r transport-udp-payload-ab-run.pcap -Y 'frame matches "(a|b)*!"'} shows the frame. */
    @Test
    void aLongAlternationRunBeforeItsEndMatchesAsInTshark() throws Exception {
        FrameTree t = crafted("transport-udp-payload-ab-run");
        assertEquals(1500, t.frame().capturedLength());
        assertTrue(DisplayFilter.compile("frame matches \"(a|b)*!\"").matches(t));
        assertTrue(DisplayFilter.compile("udp.payload matches \"^(a|b)*!$\"").matches(t));
        assertTrue(DisplayFilter.compile("frame matches \"(?-i)(A|B)*!\"").matches(t)); // "!" alone is found
        assertFalse(DisplayFilter.compile("frame matches \"(?-i)^(A|B)+!\"").matches(t));
        assertFalse(DisplayFilter.compile("udp.payload matches \"^(a|b)*\\\\?$\"").matches(t));
    }

    @Test
    void aPatternThatBacktrackedWithoutEndAnswersAtOnce() {
        byte[] as = "a".repeat(20_000).getBytes(StandardCharsets.US_ASCII);
        ValuePredicate.StringMatches p = new ValuePredicate.StringMatches(compile("(.*a){12}b"));
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertFalse(p.test(as)));
        assertTrue(new ValuePredicate.StringMatches(compile("(.*a){12}$")).test(as));
    }

    @Test
    void stringFieldsAreMatchedToo() throws Exception {
        FrameTree tree = crafted("transport-tcp-checksum-bad");
        assertTrue(DisplayFilter.compile("expert.message matches \"^bad checksum 0x[0-9a-f]{4}\"").matches(tree));
        assertFalse(DisplayFilter.compile("expert.message matches \"(?-i)^bad checksum\"").matches(tree));
    }

    @ParameterizedTest
    @ValueSource(strings = {"(a)\\\\1", "(?=a)b", "(?!a)b", "(?<=a)b", "(?<!a)b", "(?>a)", "a++", "(.*){1,32000}[;]",
        "a{5000}", "(a{1000}){1000}", "((a{10}){10}){11}"})
    void whatRe2CannotRunIsAFilterErrorWithItsColumn(String pattern) {
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class,
                () -> DisplayFilter.compile("frame matches \"" + pattern + "\""));
        assertTrue(e.getMessage().contains("bad regular expression"), e.getMessage());
        assertTrue(e.getMessage().contains("column 15"), e.getMessage());
    }

    @Test
    void backtrackingSyntaxIsNamedInTheError() {
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class,
                () -> DisplayFilter.compile("frame matches \"(a)\\\\1\""));
        assertTrue(e.getMessage().contains("backreferences"), e.getMessage());
    }

    @Test
    void groupsNestedTooDeepAreAFilterErrorNotAStackOverflow() {
        String deep = "(".repeat(100_000) + "a" + ")".repeat(100_000);
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class,
                () -> DisplayFilter.compile("frame matches \"" + deep + "\""));
        assertTrue(e.getMessage().contains("nest"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a{1000}", "(a{10}){100}", "x{2,}", "[{]{3}", "\\\\{5000}", "\\\\Q{5000}\\\\E", "a{,5000}"})
    void repeatsWithinRe2sBoundCompile(String pattern) {
        DisplayFilter.compile("frame matches \"" + pattern + "\"");
    }

    private static com.google.re2j.Pattern compile(String p) {
        try {
            return RegexText.compile(p);
        } catch (RegexText.Refused e) {
            throw new AssertionError(e.getMessage());
        }
    }
}
