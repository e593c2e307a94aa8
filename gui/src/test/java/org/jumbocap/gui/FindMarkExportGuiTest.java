package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.FindQuery;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.service.ExportDissectionsTask;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.hex.HexCopy;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.SummaryText;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Find Packet (display filter, hex, string in the bytes or the Info column; next, previous, wrap),
 * marking frames and saving the marked ones, and the copies and exports that must read as the command
 * line's output: the hex pane's dump as {@code read -x}, Export Packet Dissections as {@code read},
 * {@code read -V} and {@code read -T json}. The answers come from tshark's field dump of the sample, a
 * plain scan of the file's bytes, and the command line run on the same file.
 */
@ExtendWith(ApplicationExtension.class)
class FindMarkExportGuiTest {
    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(SAMPLE);
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @org.junit.jupiter.api.BeforeEach
    void openSample() {
        onFx(() -> {
            view.open(SAMPLE);
            return null;
        });
        waitUntil("the file is read", () -> !model.isBusy() && model.hasFrames());
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeOtherWindows(view.getScene().getWindow());
        onFx(() -> {
            model.close();
            view.finder().close();
            return null;
        });
    }

    private void applyAndWait(String filter) {
        assertTrue(onFx(() -> view.filterBar().apply(filter)), filter);
        waitUntil("the filter ran", () -> !model.isBusy());
    }

    private long selectedNumber() {
        return onFx(() -> {
            PacketRow r = view.table().getSelectionModel().getSelectedItem();
            return r == null ? -1L : r.number();
        });
    }

    private void findAndWait(FindQuery query, boolean forward) {
        onFx(() -> {
            view.findBar().setQuery(query);
            view.findBar().find(forward);
            return null;
        });
        waitUntil("the search ended", () -> !view.finder().searchingProperty().get());
    }

    private static List<FrameRecord> frames(Path file) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                out.add(rec.copy());
            }
        }
        return out;
    }

    /** Frame numbers (1-based) whose bytes hold {@code pattern}, by a plain scan of the file. */
    private static List<Long> framesHolding(byte[] pattern, boolean ignoreCase) throws IOException {
        List<Long> out = new ArrayList<>();
        for (FrameRecord f : frames(SAMPLE)) {
            String hay = new String(f.bytes(), StandardCharsets.ISO_8859_1);
            String needle = new String(pattern, StandardCharsets.ISO_8859_1);
            if (ignoreCase ? hay.toLowerCase(Locale.ROOT).contains(needle.toLowerCase(Locale.ROOT)) : hay.contains(needle)) {
                out.add(f.number());
            }
        }
        return out;
    }

    /**
     * What {@code jumbocap read} prints, as committed under samples/expected/read/ (the command line's
     * CommittedReadOutputTest keeps those files true).
     */
    static String committedRead(String name) throws IOException {
        return Files.readString(Path.of("..", "samples", "expected", "read", name), StandardCharsets.UTF_8);
    }

    @Test
    void ctrlFOpensTheFindBarAndADisplayFilterFindsNextPreviousAndWraps(FxRobot robot) throws IOException {
        TsharkOracle tshark = TsharkOracle.forSample(SAMPLE);
        List<Long> jumbo = tshark.numbers("ipv6.opt.jumbo");
        assertTrue(jumbo.size() >= 3, "tshark sees jumbograms in the sample: " + jumbo);
        assertFalse(onFx(() -> view.findBar().isVisible()));
        robot.clickOn(onFx(() -> (Node) view.table()));
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        waitUntil("the find bar is open with the cursor in it", () -> view.findBar().isVisible()
                && view.getScene().getFocusOwner() == robot.lookup("#find-text").query());
        robot.write("ipv6.opt.jumbo").type(KeyCode.ENTER);
        waitUntil("the first jumbogram is selected", () -> selectedNumber() == jumbo.get(0));
        assertEquals("Found frame " + jumbo.get(0), onFx(() -> view.finder().messageProperty().get()));
        waitUntil("its tree is shown", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().number() == jumbo.get(0));
        robot.type(KeyCode.ENTER);
        waitUntil("the second jumbogram is selected", () -> selectedNumber() == jumbo.get(1));

        // previous from the first wraps to the last
        onFx(() -> {
            view.goToFrame(jumbo.get(0));
            return null;
        });
        findAndWait(new FindQuery(FindQuery.Kind.DISPLAY_FILTER, FindQuery.Scope.BYTES, "ipv6.opt.jumbo", false), false);
        assertEquals(jumbo.get(jumbo.size() - 1), selectedNumber());
        assertTrue(onFx(() -> view.finder().messageProperty().get()).contains("past the first frame"),
                onFx(() -> view.finder().messageProperty().get()));
        // next from the last wraps to the first
        findAndWait(new FindQuery(FindQuery.Kind.DISPLAY_FILTER, FindQuery.Scope.BYTES, "ipv6.opt.jumbo", false), true);
        assertEquals(jumbo.get(0), selectedNumber());
        assertTrue(onFx(() -> view.finder().messageProperty().get()).contains("past the last frame"));

        findAndWait(new FindQuery(FindQuery.Kind.DISPLAY_FILTER, FindQuery.Scope.BYTES, "tcp.port ==", false), true);
        assertTrue(onFx(() -> view.finder().messageProperty().get()).startsWith("Invalid display filter"));
        assertEquals(jumbo.get(0), selectedNumber(), "a bad query leaves the selection alone");
        findAndWait(new FindQuery(FindQuery.Kind.DISPLAY_FILTER, FindQuery.Scope.BYTES, "tcp.port == 1", false), true);
        assertEquals("No frame matches tcp.port == 1", onFx(() -> view.finder().messageProperty().get()));

        robot.clickOn("#find-text").type(KeyCode.ESCAPE);
        waitUntil("Escape closes the bar", () -> !view.findBar().isVisible());
    }

    @Test
    void hexBytesAndStringsAreFoundInTheBytesAndInTheInfoColumnOverTheShownRowsOnly() throws IOException {
        List<FrameRecord> all = frames(SAMPLE);
        FrameRecord jumbogram = all.stream().filter(f -> f.originalLength() > 65535).findFirst().orElseThrow();
        // the Jumbo Payload option with its length: type 0xc2, length 4, the 32-bit payload length
        byte[] option = java.util.Arrays.copyOfRange(jumbogram.bytes(), 56, 62);
        assertEquals((byte) 0xc2, option[0], "the sample's first jumbogram carries the option at offset 56");
        List<Long> holding = framesHolding(option, false);
        StringBuilder hex = new StringBuilder();
        for (byte b : option) {
            hex.append(String.format("%02X:", b));
        }
        findAndWait(new FindQuery(FindQuery.Kind.HEX, FindQuery.Scope.BYTES, hex.substring(0, hex.length() - 1), false), true);
        assertEquals(holding.get(0), selectedNumber());

        findAndWait(new FindQuery(FindQuery.Kind.HEX, FindQuery.Scope.BYTES, "c2 0", false), true);
        assertTrue(onFx(() -> view.finder().messageProperty().get()).startsWith("Invalid hex value"));

        // a string in the bytes, found whatever its case unless asked to match it: iperf3's cookie, the
        // 37 printable bytes of frame 12, written in capitals
        FrameRecord cookieFrame = all.get(11);
        byte[] frameBytes = cookieFrame.bytes();
        String cookie = new String(frameBytes, frameBytes.length - 37, 12, StandardCharsets.US_ASCII);
        assertTrue(cookie.chars().allMatch(c -> c >= 0x21 && c < 0x7f) && !cookie.equals(cookie.toUpperCase(Locale.ROOT)),
                "frame 12 carries iperf3's cookie: " + cookie);
        String shouted = cookie.toUpperCase(Locale.ROOT);
        List<Long> anyCase = framesHolding(shouted.getBytes(StandardCharsets.US_ASCII), true);
        assertEquals(12L, anyCase.get(0));
        onFx(() -> view.goToFrame(1));
        findAndWait(new FindQuery(FindQuery.Kind.STRING, FindQuery.Scope.BYTES, shouted, false), true);
        assertEquals(12L, selectedNumber());
        assertEquals(framesHolding(shouted.getBytes(StandardCharsets.US_ASCII), false), List.of(),
                "nothing in the sample holds the cookie in capitals");
        findAndWait(new FindQuery(FindQuery.Kind.STRING, FindQuery.Scope.BYTES, shouted, true), true);
        assertEquals("No frame matches \"" + shouted + "\" in the packet bytes",
                onFx(() -> view.finder().messageProperty().get()));
        findAndWait(new FindQuery(FindQuery.Kind.STRING, FindQuery.Scope.BYTES, cookie, true), true);
        assertEquals("Found frame 12 (search went past the last frame and started again at the first)",
                onFx(() -> view.finder().messageProperty().get()), "the one match is the selected row itself, found by wrapping");

        // the Info column: the core's summary text of each frame
        FrameDissector dissector = new FrameDissector();
        long first = all.get(0).timestampNanos();
        List<Long> solicitations = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            long previous = i == 0 ? first : all.get(i - 1).timestampNanos();
            if (SummaryText.info(dissector.dissect(all.get(i), first, previous)).contains("Neighbor Solicitation")) {
                solicitations.add(all.get(i).number());
            }
        }
        assertFalse(solicitations.isEmpty(), "the sample has a Neighbor Solicitation");
        onFx(() -> view.goToFrame(1));
        findAndWait(new FindQuery(FindQuery.Kind.STRING, FindQuery.Scope.INFO, "neighbor solicitation", false), true);
        assertEquals(solicitations.get(0), selectedNumber());

        // only the shown rows are searched
        applyAndWait("tcp");
        findAndWait(new FindQuery(FindQuery.Kind.STRING, FindQuery.Scope.INFO, "Neighbor Solicitation", false), true);
        assertEquals("No frame matches \"Neighbor Solicitation\" in the Info column",
                onFx(() -> view.finder().messageProperty().get()));
    }

    @Test
    void ctrlMMarksRowsGoToMarkWrapsAndTheMarkedFramesAreSaved(FxRobot robot) throws IOException {
        List<FrameRecord> all = frames(SAMPLE);
        onFx(() -> view.goToFrame(3));
        robot.clickOn(onFx(() -> (Node) view.table()));
        onFx(() -> view.goToFrame(3));
        robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
        waitUntil("frame 3 is marked", () -> view.marks().countProperty().get() == 1);
        onFx(() -> view.goToFrame(10));
        robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
        waitUntil("frame 10 is marked", () -> view.marks().countProperty().get() == 2);
        onFx(() -> {
            view.table().scrollTo(0);
            return null;
        });
        waitUntil("the marked rows are drawn marked", () -> robot.lookup(".table-row-cell").queryAll().stream()
                .filter(n -> n.getStyleClass().contains("row-marked"))
                .map(n -> ((TableRow<?>) n).getItem()).filter(PacketRow.class::isInstance)
                .map(r -> ((PacketRow) r).number()).sorted().toList().equals(List.of(3L, 10L)));

        onFx(() -> view.goToFrame(1));
        assertTrue(onFx(() -> view.goToMark(true)));
        assertEquals(3, selectedNumber());
        assertTrue(onFx(() -> view.goToMark(true)));
        assertEquals(10, selectedNumber());
        assertTrue(onFx(() -> view.goToMark(true)), "the next mark wraps round");
        assertEquals(3, selectedNumber());
        assertTrue(onFx(() -> view.goToMark(false)));
        assertEquals(10, selectedNumber());

        Path saved = temp.resolve("marked.pcapng");
        onFx(() -> {
            view.saveMarked(saved, SaveFormat.PCAPNG);
            return null;
        });
        waitUntil("the marked frames are saved", () -> !model.isBusy() && Files.isRegularFile(saved));
        List<FrameRecord> back = frames(saved);
        assertEquals(2, back.size());
        assertArrayEquals(all.get(2).bytes(), back.get(0).bytes());
        assertArrayEquals(all.get(9).bytes(), back.get(1).bytes());
        assertEquals(all.get(9).timestampNanos(), back.get(1).timestampNanos());

        // Ctrl+M again unmarks
        robot.clickOn(onFx(() -> (Node) view.table()));
        onFx(() -> view.goToFrame(10));
        robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
        waitUntil("frame 10 is unmarked", () -> view.marks().countProperty().get() == 1);
    }

    @Test
    void theHexPaneCopiesAFrameAsReadXPrintsItAndSavesItsRawBytes() throws IOException {
        long number = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).findFirst().orElseThrow().number());
        onFx(() -> view.goToFrame(number));
        waitUntil("the frame's bytes are in the hex pane", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().number() == number);
        onFx(() -> {
            view.hex().clearHighlight();
            return null;
        });
        String dump = onFx(() -> view.hex().copyText(HexCopy.HEX_DUMP));
        // read -x -c 1 -Y jumbo: the first jumbogram's summary line, the dump, a blank line
        String read = committedRead("hex-first-jumbogram.txt");
        assertTrue(read.startsWith(String.format("%5d ", number)), "the committed dump is of frame " + number);
        String block = read.substring(read.indexOf('\n') + 1).stripTrailing() + "\n";
        assertEquals(block, dump);

        ContextMenu hexMenu = onFx(() -> ((javafx.scene.control.Control) view.hex().lookup(".hex-lines")).getContextMenu());
        assertNotNull(onFx(() -> item(hexMenu, "Save Raw Bytes\u2026")));
        Path raw = temp.resolve("frame.bin");
        byte[] bytes = onFx(() -> model.detailProperty().get().frame().bytes());
        onFx(() -> {
            view.saveBytes(view.hex().selectedBytes(), raw);
            return null;
        });
        waitUntil("the bytes are written", () -> Files.isRegularFile(raw) && raw.toFile().length() == bytes.length);
        assertArrayEquals(bytes, Files.readAllBytes(raw));
    }

    @Test
    void exportPacketDissectionsWritesWhatReadPrintsForTheShownFrames() throws IOException {
        // the files of samples/expected/read/ that read, read -V and read -T json print (-Y 'jumbo || icmpv6': -filtered)
        Map<ExportDissectionsTask.Format, String> committed = Map.of(
                ExportDissectionsTask.Format.SUMMARY, "summary",
                ExportDissectionsTask.Format.DETAILS, "details",
                ExportDissectionsTask.Format.JSON, "frames");
        for (String filter : new String[] {"", "jumbo || icmpv6"}) {
            if (!filter.isEmpty()) {
                applyAndWait(filter);
            }
            for (ExportDissectionsTask.Format format : ExportDissectionsTask.Format.values()) {
                Path out = temp.resolve("export-" + format + filter.length() + ".txt");
                onFx(() -> {
                    view.exportDissections(out, format);
                    return null;
                });
                waitUntil("the export ended", () -> !model.isBusy() && Files.isRegularFile(out));
                String name = committed.get(format) + (filter.isEmpty() ? "" : "-filtered")
                        + (format == ExportDissectionsTask.Format.JSON ? ".json" : ".txt");
                String expected = committedRead(name);
                String actual = Files.readString(out);
                assertTrue(expected.lines().count() > 10, expected);
                assertEquals(expected, actual, format + " with filter '" + filter + "'");
            }
        }
    }

    private static MenuItem item(ContextMenu menu, String label) {
        return menu.getItems().stream().filter(i -> label.equals(i.getText())).findFirst().orElse(null);
    }
}
