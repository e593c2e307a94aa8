package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.FindQuery;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Whatever the order of clicks, the frames listed are those {@code read -Y} lists for the filter the bar
 * shows (empty: every frame), and the status line says which filter and how many frames. A seeded random
 * sequence of filter applications (some while a filter or a file read still runs), clears, file opens
 * and finds over the samples, checked after every step against the core's pipeline run as the command
 * line runs it ({@link ReadFilterOracle}). {@code -Djumbocap.gui.seed=N} replays another sequence.
 */
@ExtendWith(ApplicationExtension.class)
class FilterSequenceGuiTest {
    private static final List<Path> FILES = List.of(
            Path.of("..", "samples", "ipv6-bigtcp-loss.pcap"),
            Path.of("..", "samples", "tcp-scenarios", "analysis-scenarios.pcap"),
            Path.of("..", "samples", "ipv6-bigtcp-vxlan.pcap"),
            Path.of("..", "samples", "ipv6-bigtcp-snaplen.pcap"));
    private static final List<String> FILTERS = List.of(
            "", "tcp", "udp", "udp.length > 100", "ipv6", "jumbo", "frame.len > 1000", "tcp.len > 1000",
            "tcp.stream == 1", "tcp.stream == 0", "tcp.analysis.retransmission", "tcp.analysis.flags",
            "expert.severity >= warn", "tcp.analysis.ack_rtt > 0.0001", "tcp.seq == 1", "!tcp.analysis.flags && tcp",
            "tcp.flags.syn == 1");
    private static final int STEPS = 60;

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;
    private final Map<String, List<Long>> expected = new HashMap<>();

    @Start
    void start(Stage stage) throws IOException {
        FILES.forEach(GuiTestSupport::assumeSample);
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
        onFx(() -> {
            view.finder().close();
            return null;
        });
    }

    private List<Long> readY(Path file, String filter) {
        return expected.computeIfAbsent(file.getFileName() + "\u0000" + filter.strip(),
                k -> ReadFilterOracle.frames(file, filter));
    }

    @Test
    void listedFramesAreAlwaysThoseTheBarsFilterSelects() {
        long seed = Long.getLong("jumbocap.gui.seed", 20261202L);
        Random random = new Random(seed);
        List<String> done = new ArrayList<>();
        Path file = FILES.get(0);
        open(file, null);
        done.add("open " + file.getFileName());
        check(file, seed, done);
        for (int step = 0; step < STEPS; step++) {
            String f = FILTERS.get(random.nextInt(FILTERS.size()));
            String g = FILTERS.get(random.nextInt(FILTERS.size()));
            switch (random.nextInt(8)) {
                case 0 -> {
                    file = FILES.get(random.nextInt(FILES.size()));
                    open(file, null);
                    done.add("open " + file.getFileName());
                }
                case 1 -> {
                    // a filter typed while the file is still being read
                    file = FILES.get(random.nextInt(FILES.size()));
                    open(file, f);
                    done.add("open " + file.getFileName() + ", apply '" + f + "' at once");
                }
                case 2 -> {
                    apply(f);
                    done.add("apply '" + f + "'");
                }
                case 3 -> {
                    // the second filter applied while the first still runs
                    onFx(() -> {
                        view.filterBar().apply(f);
                        view.filterBar().apply(g);
                        return null;
                    });
                    settle();
                    done.add("apply '" + f + "' then '" + g + "' while it runs");
                }
                case 4 -> {
                    onFx(() -> {
                        view.filterBar().clear();
                        return null;
                    });
                    settle();
                    done.add("clear");
                }
                case 5 -> {
                    // clear while a filter still runs
                    onFx(() -> {
                        view.filterBar().apply(f);
                        view.filterBar().clear();
                        return null;
                    });
                    settle();
                    done.add("apply '" + f + "' then clear while it runs");
                }
                case 6 -> {
                    // a filter cancelled while it runs: the list and the bar keep the one in force
                    onFx(() -> {
                        view.filterBar().apply(f);
                        model.cancel();
                        return null;
                    });
                    settle();
                    done.add("apply '" + f + "' and cancel it");
                }
                default -> {
                    String what = f.isEmpty() ? "tcp.analysis.flags" : f;
                    find(file, what, seed, done);
                    done.add("find '" + what + "'");
                }
            }
            check(file, seed, done);
        }
    }

    /**
     * During a live capture (a sample replayed as if captured), filters applied and cleared while frames
     * come: once the capture ends, the list is what read -Y lists for the bar's filter on the same frames.
     */
    @Test
    void filtersAppliedDuringALiveCaptureListWhatReadWould() throws IOException {
        Path loss = FILES.get(0);
        int total = readY(loss, "").size();
        FakeLiveProvider provider = new FakeLiveProvider(loss);
        apply("tcp");
        onFx(() -> {
            model.startLive(provider, FakeLiveProvider.VETH, "", 262144);
            return null;
        });
        // the last one selects frames to the end of the capture, so frames after it count
        String[] steps = {"tcp.stream == 1", "", "expert.severity >= warn", "tcp.analysis.flags || frame.len > 1000"};
        for (int i = 0; i < steps.length; i++) {
            int atLeast = (i + 1) * total / (steps.length + 2);
            waitUntil(atLeast + " frames captured", () -> model.frameCountProperty().get() >= atLeast);
            String f = steps[i];
            assertTrue(onFx(() -> view.filterBar().apply(f)), f);
        }
        waitUntil("every frame captured", () -> model.frameCountProperty().get() == total);
        onFx(() -> {
            model.stopLive();
            return null;
        });
        settle();
        String bar = onFx(() -> view.filterBar().getText().strip());
        List<Long> want = readY(loss, bar);
        assertTrue(want.get(want.size() - 1) > total * 5L / 6, "the filter selects frames captured after it: " + describe(want));
        List<Long> listed = listed();
        if (!want.equals(listed)) {
            throw new AssertionError("frames listed for '" + bar + "' after a live capture: " + describe(listed)
                    + ", read -Y lists " + describe(want));
        }
        assertTrue(onFx(() -> model.statusProperty().get()).endsWith("filter: " + bar), onFx(() -> model.statusProperty().get()));
    }

    private void open(Path file, String filterAtOnce) {
        onFx(() -> {
            view.open(file);
            if (filterAtOnce != null) {
                view.filterBar().apply(filterAtOnce);
            }
            return null;
        });
        waitUntil("the file is read", () -> !model.isBusy() && model.hasFrames());
        settle();
    }

    private void apply(String filter) {
        assertTrue(onFx(() -> view.filterBar().apply(filter)), filter);
        settle();
    }

    private void settle() {
        waitUntil("the viewer is idle", () -> !model.isBusy());
    }

    private List<Long> listed() {
        return onFx(() -> {
            List<Long> out = new ArrayList<>();
            for (PacketRow r : model.shownRows()) {
                out.add(r.number());
            }
            return out;
        });
    }

    /** The list equals read -Y of the bar's filter, and the status line says which filter and how many. */
    private void check(Path file, long seed, List<String> done) {
        String bar = onFx(() -> view.filterBar().getText() == null ? "" : view.filterBar().getText().strip());
        String context = "seed " + seed + ", after: " + String.join(" / ", done);
        List<Long> want = readY(file, bar);
        List<Long> listed = listed();
        if (!want.equals(listed)) {
            throw new AssertionError("frames listed for the bar's filter '" + bar + "' on " + file.getFileName() + ": "
                    + describe(listed) + ", read -Y lists " + describe(want) + "; " + context);
        }
        int total = readY(file, "").size();
        String status = onFx(() -> model.statusProperty().get());
        assertEquals(bar, onFx(() -> model.appliedFilterProperty().get()), "filter in force; " + context);
        if (bar.isEmpty()) {
            String every = String.format(Locale.ROOT, "%,d frame", total);
            assertTrue((status.startsWith(every) || status.startsWith("Filter cancelled \u2014 " + every))
                    && !status.contains("filter:"),
                    "status line '" + status + "' for every frame; " + context);
        } else {
            String shown = String.format(Locale.ROOT, "%,d of %,d frames shown", want.size(), total);
            assertTrue((status.startsWith(shown) || status.startsWith("Filter cancelled \u2014 " + shown))
                    && status.endsWith("filter: " + bar),
                    "status line '" + status + "', wanted '" + shown + " \u2014 filter: " + bar + "'; " + context);
        }
    }

    /** A list of frame numbers in a line: its size and its first few. */
    private static String describe(List<Long> numbers) {
        return numbers.size() + " frames " + numbers.subList(0, Math.min(8, numbers.size())) + (numbers.size() > 8 ? "\u2026" : "");
    }

    /** Find from no selection: the first listed frame that read -Y of the find's filter selects, or none. */
    private void find(Path file, String filter, long seed, List<String> done) {
        onFx(() -> {
            view.table().getSelectionModel().clearSelection();
            view.findBar().setQuery(new FindQuery(FindQuery.Kind.DISPLAY_FILTER, FindQuery.Scope.BYTES, filter, false));
            view.findBar().find(true);
            return null;
        });
        waitUntil("the search ended", () -> !view.finder().searchingProperty().get());
        List<Long> matching = readY(file, filter);
        long want = listed().stream().filter(matching::contains).findFirst().orElse(-1L);
        String message = onFx(() -> view.finder().messageProperty().get());
        String context = "seed " + seed + ", after: " + String.join(" / ", done);
        if (want < 0) {
            assertEquals("No frame matches " + filter, message, context);
        } else {
            assertEquals("Found frame " + want, message, "find '" + filter + "'; " + context);
            waitUntil("frame " + want + " is selected", () -> {
                PacketRow r = view.table().getSelectionModel().getSelectedItem();
                return r != null && r.number() == want;
            });
        }
    }
}
