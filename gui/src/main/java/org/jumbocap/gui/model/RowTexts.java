package org.jumbocap.gui.model;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The texts of the rows on screen, made in pages off the UI thread and kept for the most recently used
 * pages only, so memory stays bounded however long the capture. Used on the UI thread.
 */
public final class RowTexts {
    /** Rows per page: the frames of a page are read in one go. */
    public static final int PAGE = 256;
    /** Pages kept: far more than a screen shows, a few megabytes. */
    static final int MAX_PAGES = 192;

    /** Makes the texts of {@code count} rows from {@code first}; calls {@code done} on the UI thread. */
    public interface Loader {
        void load(int first, int count, Consumer<RowText[]> done);
    }

    private final Map<Integer, RowText[]> pages = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, RowText[]> eldest) {
            return size() > MAX_PAGES;
        }
    };
    private final Set<Integer> pending = new HashSet<>();
    private final RowStore store;
    private final Loader loader;
    private final Runnable onLoaded;

    /** @param onLoaded told on the UI thread when a page of texts has arrived, to redraw */
    public RowTexts(RowStore store, Loader loader, Runnable onLoaded) {
        this.store = store;
        this.loader = loader;
        this.onLoaded = onLoaded;
    }

    /** The texts of a row, or null while they are being made (they are asked for). */
    public RowText get(int index) {
        int page = index / PAGE;
        RowText[] texts = pages.get(page);
        if (texts != null && index - page * PAGE < texts.length) {
            return texts[index - page * PAGE];
        }
        if (pending.add(page)) {
            int first = page * PAGE;
            int count = Math.min(PAGE, store.size() - first);
            if (count <= 0) {
                pending.remove(page);
                return null;
            }
            loader.load(first, count, made -> {
                pending.remove(page);
                if (made != null) {
                    pages.put(page, made);
                    onLoaded.run();
                }
            });
        }
        return null;
    }

    /** Pages held now (for tests of the bound). */
    public int pagesHeld() {
        return pages.size();
    }
}
