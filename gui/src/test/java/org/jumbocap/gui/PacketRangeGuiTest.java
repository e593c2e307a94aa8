package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRange;
import org.jumbocap.gui.model.PacketRange.Kind;
import org.jumbocap.gui.service.ExportDissectionsTask;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.PacketRangeDialog;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Packet Range box of File → Save As and Export Packet Dissections on the kernel-made veth sample:
 * its counts, and the frames written checked against {@code read -Y} of the same choice as a display
 * filter, and against {@code read}'s own lines (samples/expected/read/summary.txt).
 */
@ExtendWith(ApplicationExtension.class)
class PacketRangeGuiTest {
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

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private void markFrames(long... numbers) {
        onFx(() -> {
            for (long n : numbers) {
                view.marks().toggle(model.row(n));
            }
            return null;
        });
    }

    private static void ok(PacketRangeDialog dialog) {
        onFx(() -> {
            ((Button) dialog.getDialogPane().lookupButton(ButtonType.OK)).fire();
            return null;
        });
    }

    @Test
    void rangeOfDisplayedFramesIsSavedAsReadYSelectsIt() throws IOException {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        onFx(() -> view.filterBar().apply("tcp"));
        waitUntil("filtered", () -> !model.isBusy() && model.appliedFilterProperty().get().equals("tcp"));
        markFrames(5, 9, 30);
        // ignore frame 7: no choice writes it
        onFx(() -> model.toggleIgnore(model.row(7)));
        waitUntil("frame 7 ignored", () -> !model.isBusy() && model.ignored().countProperty().get() == 1);
        onFx(() -> view.goToFrame(12));

        PacketRangeDialog dialog = onFx(view::saveAs);
        assertTrue(onFx(() -> dialog.displayedButton().isSelected()), "a filter is in force: Displayed first");
        List<Long> tcp = ReadFilterOracle.frames(SAMPLE, "tcp && frame.number != 7");
        assertEquals(PacketRange.grouped(43), onFx(() -> dialog.countText(Kind.ALL, false)), "44 frames less the ignored one");
        assertEquals(PacketRange.grouped(tcp.size()), onFx(() -> dialog.countText(Kind.ALL, true)));
        assertEquals("1", onFx(() -> dialog.countText(Kind.SELECTED, false)));
        assertEquals("3", onFx(() -> dialog.countText(Kind.MARKED, false)));
        assertEquals("25", onFx(() -> dialog.countText(Kind.FIRST_TO_LAST_MARKED, false)), "5 to 30, less 7");
        onFx(() -> {
            dialog.rangeText().setText("1-10,15");
            return null;
        });
        assertTrue(onFx(() -> dialog.button(Kind.RANGE).isSelected()), "typing a range chooses it");
        List<Long> want = ReadFilterOracle.frames(SAMPLE, "tcp && (frame.number <= 10 || frame.number == 15) && frame.number != 7");
        assertEquals(String.valueOf(want.size()), onFx(() -> dialog.countText(Kind.RANGE, true)));
        assertEquals("10", onFx(() -> dialog.countText(Kind.RANGE, false)), "1-10 and 15, less 7");

        Path saved = temp.resolve("range.pcap");
        view.setFileTarget(title -> saved);
        ok(dialog);
        waitUntil("saved", () -> !model.isBusy() && Files.isRegularFile(saved));
        List<FrameRecord> all = frames(SAMPLE);
        List<FrameRecord> back = frames(saved);
        assertEquals(want.size(), back.size());
        for (int i = 0; i < want.size(); i++) {
            FrameRecord original = all.get((int) (want.get(i) - 1));
            assertArrayEquals(original.bytes(), back.get(i).bytes(), "frame " + want.get(i));
            assertEquals(original.timestampNanos(), back.get(i).timestampNanos());
        }
    }

    @Test
    void firstToLastMarkedIsExportedAsReadPrintsThoseFrames() throws IOException {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        markFrames(20, 4);
        PacketRangeDialog dialog = onFx(() -> view.exportAs(ExportDissectionsTask.Format.SUMMARY));
        assertTrue(onFx(() -> dialog.capturedButton().isSelected()), "no filter: Captured");
        onFx(() -> {
            dialog.button(Kind.FIRST_TO_LAST_MARKED).setSelected(true);
            return null;
        });
        Path out = temp.resolve("marked.txt");
        view.setFileTarget(title -> out);
        ok(dialog);
        waitUntil("exported", () -> !model.isBusy() && Files.isRegularFile(out));
        List<String> expected = new ArrayList<>();
        for (String line : FindMarkExportGuiTest.committedRead("summary.txt").split("\n")) {
            long number = Long.parseLong(line.strip().split("\\s+")[0]);
            if (number >= 4 && number <= 20) {
                expected.add(line);
            }
        }
        assertEquals(17, expected.size());
        assertEquals(String.join("\n", expected) + "\n", Files.readString(out, StandardCharsets.UTF_8));
    }

    @Test
    void aRangeThatDoesNotParseSaysWhyAndDisablesOk() {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        PacketRangeDialog dialog = onFx(view::saveAs);
        onFx(() -> {
            dialog.rangeText().setText("3-x\u001b");
            return null;
        });
        assertTrue(onFx(() -> dialog.getDialogPane().lookupButton(ButtonType.OK).isDisabled()));
        String why = onFx(() -> ((javafx.scene.control.Label) dialog.getDialogPane().lookup("#range-problem")).getText());
        assertTrue(why.contains("not a frame number") && !why.contains("\u001b"), why);
        onFx(() -> {
            dialog.rangeText().setText("40-");
            return null;
        });
        assertFalse(onFx(() -> dialog.getDialogPane().lookupButton(ButtonType.OK).isDisabled()));
        assertEquals("5", onFx(() -> dialog.countText(Kind.RANGE, false)), "40 to the last of 44");
        onFx(() -> {
            dialog.close();
            return null;
        });
    }

    @Test
    void rangeTextParsesAsWiresharksRangeBox() {
        BitSet n = PacketRange.parse(" 1-3, 7 ,-2, 9-", 10);
        assertEquals("{1, 2, 3, 7, 9, 10}", n.toString());
        assertEquals("{}", PacketRange.parse("4000000000", 10).toString(), "past the end selects nothing, allocates nothing");
        assertThrows(IllegalArgumentException.class, () -> PacketRange.parse("5-2", 10));
        assertThrows(IllegalArgumentException.class, () -> PacketRange.parse("0", 10));
        assertThrows(IllegalArgumentException.class, () -> PacketRange.parse("1,,2", 10));
        assertThrows(IllegalArgumentException.class, () -> PacketRange.parse("-", 10));
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
}
