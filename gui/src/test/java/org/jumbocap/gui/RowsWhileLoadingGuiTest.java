package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The rows listed while a long file is still read show their Source, Destination and Info. */
@ExtendWith(ApplicationExtension.class)
class RowsWhileLoadingGuiTest {
    private static final Path DNS = Path.of("..", "samples", "dns-veth.pcap");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    /** The kernel-made DNS sample's frames again and again, a second apart each round: a long file to read. */
    static Path repeated(Path sample, int rounds) throws IOException {
        byte[] src = Files.readAllBytes(sample);
        ByteBuffer in = ByteBuffer.wrap(src).order(ByteOrder.LITTLE_ENDIAN);
        Path out = temp.resolve("repeated-" + rounds + ".pcap");
        try (OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(out), 1 << 20)) {
            o.write(src, 0, 24);
            for (int round = 0; round < rounds; round++) {
                int at = 24;
                while (at < src.length) {
                    int captured = in.getInt(at + 8);
                    ByteBuffer header = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
                    header.putInt(in.getInt(at) + round).putInt(in.getInt(at + 4)).putInt(captured).putInt(in.getInt(at + 12));
                    o.write(header.array());
                    o.write(src, at + 16, captured);
                    at += 16 + captured;
                }
            }
        }
        return out;
    }

    /** True when the visible cells of a column are drawn, every one with a text. */
    private boolean drawn(String column) {
        List<String> texts = view.table().lookupAll(".table-row-cell").stream()
                .map(n -> (javafx.scene.control.TableRow<?>) n).filter(r -> r.getItem() != null && r.isVisible())
                .flatMap(r -> r.lookupAll(".table-cell").stream())
                .map(c -> (javafx.scene.control.TableCell<?, ?>) c)
                .filter(c -> c.getTableColumn() != null && column.equals(c.getTableColumn().getId()))
                .map(c -> c.getText() == null ? "" : c.getText()).toList();
        return texts.size() > 10 && texts.stream().noneMatch(String::isEmpty);
    }

    @Test
    void sourceDestinationAndInfoAreShownWhileTheFileIsRead() throws IOException {
        // 1.2 million frames: read for seconds, long after the first rows are listed
        Path big = repeated(DNS, 40_000);
        onFx(() -> {
            view.open(big);
            return null;
        });
        waitUntil("rows listed while reading", () -> model.frameCountProperty().get() > 2 * org.jumbocap.gui.model.RowTexts.PAGE);
        // as drawn: the cells of the Source, Destination and Info columns on screen have their texts
        waitUntil("the rows on screen drawn with their texts while reading", () -> model.isBusy()
                && drawn("col-source") && drawn("col-destination") && drawn("col-info"));
        onFx(() -> {
            model.cancel();
            return null;
        });
    }
}
