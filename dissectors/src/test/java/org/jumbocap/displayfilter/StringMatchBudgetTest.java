package org.jumbocap.displayfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * {@code matches} on a string field (an expert message, a jumbo kind) runs under the same budget of
 * character reads as on bytes: a pattern that backtracks without end gives up with no match.
 */
class StringMatchBudgetTest {
    private static final String EXPLOSIVE = "(.*){1,32000}[;]";

    private static FrameTree checksumBadFrame() throws Exception {
        Path file = SampleFrames.directory().resolve("crafted/transport-tcp-checksum-bad.pcap");
        List<FrameRecord> frames = SampleFrames.read(file);
        assertEquals(1, frames.size());
        return new FrameDissector().dissect(frames.get(0));
    }

    @Test
    void aBacktrackingPatternOnAnExpertMessageGivesUpWithNoMatch() throws Exception {
        FrameTree tree = checksumBadFrame();
        assertFalse(DisplayFilter.compile("expert.message matches \"" + EXPLOSIVE + "\"").matches(tree));
        // the same frame still matches ordinary patterns on the same field, and the explosive shape
        // matches where greedy matching finds the end at once
        assertTrue(DisplayFilter.compile("expert.message matches \"^bad checksum 0x[0-9a-f]{4}\"").matches(tree));
        assertTrue(DisplayFilter.compile("expert.message matches \"(.*){1,32000}[\\\\]]\"").matches(tree));
        assertTrue(DisplayFilter.compile("!(expert.message matches \"" + EXPLOSIVE + "\")").matches(tree));
    }

    @Test
    void itIsTheBudgetThatStopsTheSearchOnAString() {
        String message = "Bad checksum 0xb365 [should be 0xb265]";
        Pattern p = Pattern.compile(EXPLOSIVE, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        assertThrows(ValuePredicate.BoundedChars.OverBudget.class,
                () -> p.matcher(new ValuePredicate.BoundedChars(message, ValuePredicate.StringMatches.budget(message.length()))).find());
        assertFalse(new ValuePredicate.StringMatches(p).testString(message));
        assertFalse(new ValuePredicate.StringMatches(p).test(message));
        // subsequences read the same string and share the budget
        CharSequence chars = new ValuePredicate.BoundedChars(message, 1_000);
        assertEquals("checksum", chars.subSequence(4, 12).toString());
    }
}
