package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The texts of rows are made a page at a time, asked for once per page, and only so many pages are kept. */
class RowTextsTest {
    @Test
    void pagesAreMadeOnceAndTheOldestAreDropped() {
        RowStore store = new RowStore();
        int frames = (RowTexts.MAX_PAGES + 50) * RowTexts.PAGE;
        for (int i = 0; i < frames; i++) {
            store.append(24L + 100L * i, 1_000L * i, 60, 60, 20, "TCP", null, false);
        }
        List<int[]> asked = new ArrayList<>();
        RowTexts texts = new RowTexts(store, (first, count, done) -> {
            asked.add(new int[] {first, count});
            RowText[] made = new RowText[count];
            for (int i = 0; i < count; i++) {
                made[i] = new RowText("src", "dst", "row " + (first + i), -1, -1);
            }
            done.accept(made);
        }, () -> { });

        assertNull(texts.get(5), "not made yet: asked for");
        assertEquals(1, asked.size());
        assertEquals(0, asked.get(0)[0]);
        assertEquals(RowTexts.PAGE, asked.get(0)[1]);
        assertEquals("row 5", texts.get(5).info());
        assertEquals("row 255", texts.get(255).info());
        assertEquals(1, asked.size(), "one request for a page");

        for (int page = 0; page < RowTexts.MAX_PAGES + 50; page++) {
            texts.get(page * RowTexts.PAGE);
        }
        assertTrue(texts.pagesHeld() <= RowTexts.MAX_PAGES, "pages held: " + texts.pagesHeld());
        assertNotNull(texts.get((RowTexts.MAX_PAGES + 49) * RowTexts.PAGE), "the newest page is kept");
        int before = asked.size();
        assertNull(texts.get(1), "the oldest page was dropped and is made again");
        assertEquals(before + 1, asked.size());
    }

    @Test
    void theLastPageOfAGrowingListIsMadeAgainWhenItFills() {
        RowStore store = new RowStore();
        for (int i = 0; i < 10; i++) {
            store.append(i, i, 60, 60, 20, "UDP", null, false);
        }
        int[] calls = {0};
        RowTexts texts = new RowTexts(store, (first, count, done) -> {
            calls[0]++;
            RowText[] made = new RowText[count];
            for (int i = 0; i < count; i++) {
                made[i] = new RowText("", "", Integer.toString(first + i), -1, -1);
            }
            done.accept(made);
        }, () -> { });
        texts.get(0);
        assertEquals("9", texts.get(9).info());
        store.append(10, 10, 60, 60, 20, "UDP", null, false);
        assertNull(texts.get(10));
        assertEquals("10", texts.get(10).info());
        assertEquals(2, calls[0]);
    }
}
