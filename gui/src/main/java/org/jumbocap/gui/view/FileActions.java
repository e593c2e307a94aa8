package org.jumbocap.gui.view;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.model.MarkedFrames;
import org.jumbocap.gui.model.PacketRange;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.service.ExportDissectionsTask;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.viewmodel.CaptureViewModel;

/**
 * What the main window does with files: open (menu, recent list, drag and drop), Save As and Export Packet
 * Dissections through the Packet Range box, the hex pane's raw bytes, and a live capture's temporary file
 * (saved or discarded before it is replaced or the viewer quits). Choosers and dialogs are owned by the
 * main window; the writing itself is the view model's, in the background.
 */
final class FileActions {
    private final CaptureViewModel model;
    private final RecentFiles recentFiles;
    private final PacketTable table;
    private final MarkedFrames marks;
    private final ErrorDialogs errors;
    private final Supplier<Window> owner;
    private final Menu recentMenu = new Menu("Open _Recent");
    /** Chooses where Save Capture writes (tests set it; null: a file chooser). */
    private Supplier<Path> captureSaveTarget;
    /** Chooses where Save As and Export write (tests set it; null: a file chooser). */
    private java.util.function.Function<String, Path> fileTarget;
    private Runnable quitAction = Platform::exit;

    FileActions(CaptureViewModel model, RecentFiles recentFiles, PacketTable table, MarkedFrames marks, ErrorDialogs errors,
                Supplier<Window> owner) {
        this.model = model;
        this.recentFiles = recentFiles;
        this.table = table;
        this.marks = marks;
        this.errors = errors;
        this.owner = owner;
        refreshRecentMenu(recentFiles.list());
    }

    /** File → Open Recent. */
    Menu recentMenu() {
        return recentMenu;
    }

    /** Opens the first file dropped on {@code target}. */
    void installDragAndDrop(javafx.scene.Node target) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        target.setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            boolean ok = files != null && !files.isEmpty();
            if (ok) {
                open(files.get(0).toPath());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    /** Opens a capture file and notes it in the recent list (asking first about an unsaved live capture). */
    void open(Path file) {
        whenCaptureReleased(() -> {
            model.open(file);
            refreshRecentMenu(recentFiles.add(file));
        });
    }

    /** Quits, asking first about an unsaved live capture, whose temporary file goes unless saved. */
    void requestQuit() {
        whenCaptureReleased(quitAction);
    }

    /** What Quit does once the capture is released: {@link Platform#exit} (tests count it instead). */
    void setQuitAction(Runnable action) {
        this.quitAction = action;
    }

    /** Starts the last live capture again, with the same interface and filter (asking about the unsaved one). */
    void restartLive() {
        whenCaptureReleased(() -> {
            try {
                model.restartLive();
            } catch (java.io.IOException | RuntimeException e) {
                errors.show("Restart", e.getMessage());
            }
        });
    }

    /**
     * Runs {@code then} once an unsaved live capture is saved or discarded, as Wireshark asks on Close and
     * Quit: Save (to a file chosen, then {@code then}), Discard (its temporary file is removed), Cancel
     * (nothing). Runs it at once when no capture is unsaved.
     */
    void whenCaptureReleased(Runnable then) {
        if (!model.hasUnsavedCapture()) {
            then.run();
            return;
        }
        ButtonType saveButton = new ButtonType("Save\u2026", ButtonBar.ButtonData.YES);
        ButtonType discardButton = new ButtonType("Discard", ButtonBar.ButtonData.NO);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION,
                "The frames of this live capture are only in a temporary file, removed unless saved.",
                saveButton, discardButton, ButtonType.CANCEL);
        ask.setTitle("Unsaved capture");
        ask.setHeaderText("Save the captured frames before they are discarded?");
        if (owner.get() != null) {
            ask.initOwner(owner.get());
        }
        ask.getDialogPane().setId("unsaved-capture-dialog");
        ask.getDialogPane().setMinHeight(Region.USE_PREF_SIZE);
        ask.setOnHidden(e -> {
            ButtonType answer = ask.getResult();
            if (answer == discardButton) {
                model.discardLiveCapture();
                then.run();
            } else if (answer == saveButton) {
                saveLiveCapture(then);
            }
        });
        ask.show();
    }

    /** Where Save Capture writes: a file chooser unless a test has set another chooser. */
    void setCaptureSaveTarget(java.util.function.Supplier<Path> chooser) {
        this.captureSaveTarget = chooser;
    }

    /** Copies the live capture's file to a file chosen; then runs {@code then} (may be null) when saved. */
    void saveLiveCapture(Runnable then) {
        Path target;
        if (captureSaveTarget != null) {
            target = captureSaveTarget.get();
        } else {
            FileChooser chooser = captureChooser("Save Capture");
            chooser.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("pcapng", SaveFormat.PCAPNG.glob()));
            chooser.setInitialFileName(model.liveFileProperty().get() == null ? "capture.pcapng"
                    : model.liveFileProperty().get().getFileName().toString());
            File f = chooser.showSaveDialog(owner.get());
            target = f == null ? null : f.toPath();
        }
        if (target == null) {
            return;
        }
        model.saveLiveCapture(target, error -> {
            if (error != null) {
                errors.show("Save failed", error);
            } else if (then != null) {
                then.run();
            }
        });
    }

    void chooseAndOpen() {
        FileChooser chooser = captureChooser("Open Capture");
        File f = chooser.showOpenDialog(owner.get());
        if (f != null) {
            open(f.toPath());
        }
    }

    /**
     * File → Save As: the Packet Range box (all, selected, marked, first to last marked, a range; captured
     * or displayed), then where, then the chosen frames are written in the background.
     */
    PacketRangeDialog saveAs() {
        return askRange("Save As", numbers -> {
            Path target = chooseTarget("Save As", List.of(
                    new FileChooser.ExtensionFilter("pcap", SaveFormat.PCAP.glob()),
                    new FileChooser.ExtensionFilter("pcapng", SaveFormat.PCAPNG.glob())));
            if (target != null) {
                model.saveFrames(numbers, target, SaveFormat.forFile(target), error -> {
                    if (error != null) {
                        errors.show("Save failed", error);
                    }
                });
            }
        });
    }

    /** File → Export Packet Dissections: the Packet Range box, then where, then the chosen frames' dissections. */
    PacketRangeDialog exportAs(ExportDissectionsTask.Format format) {
        return askRange("Export Packet Dissections", numbers -> {
            Path target = chooseTarget("Export Packet Dissections",
                    List.of(new FileChooser.ExtensionFilter(format.label(), format.glob())));
            if (target != null) {
                model.exportFrames(numbers, target, format, error -> {
                    if (error != null) {
                        errors.show("Export failed", error);
                    }
                });
            }
        });
    }

    /**
     * Shows the Packet Range box (without waiting for it, so the window stays live) and hands the chosen
     * frames' numbers on once OK is pressed; null when nothing is listed.
     */
    private PacketRangeDialog askRange(String title, Consumer<java.util.BitSet> then) {
        if (!model.hasFrames() || model.frameStore() == null) {
            return null;
        }
        PacketRow selected = table.getSelectionModel().getSelectedItem();
        org.jumbocap.gui.model.PacketRange range = model.packetRange(marks.numbers(model.shownRowsProperty().get().store()),
                selected == null ? 0 : selected.number());
        PacketRangeDialog dialog = new PacketRangeDialog(owner.get(), title, range, !model.appliedFilterProperty().get().isEmpty());
        dialog.setOnHidden(e -> {
            PacketRange.Choice choice = dialog.getResult();
            if (choice != null) {
                then.accept(range.numbers(choice));
            }
        });
        dialog.show();
        return dialog;
    }

    /** Where to write: the file chooser, or what a test set with {@link #setFileTarget}. */
    private Path chooseTarget(String title, List<FileChooser.ExtensionFilter> filters) {
        if (fileTarget != null) {
            return fileTarget.apply(title);
        }
        FileChooser chooser = captureChooser(title);
        chooser.getExtensionFilters().setAll(filters);
        File f = chooser.showSaveDialog(owner.get());
        return f == null ? null : f.toPath();
    }

    /** Chooses where Save As and Export write, by the dialog's title, in place of the file chooser (tests). */
    void setFileTarget(java.util.function.Function<String, Path> chooser) {
        this.fileTarget = chooser;
    }

    /** Writes the marked frames to a capture file, as Save does the shown ones. */
    void saveMarked(Path target, SaveFormat format) {
        // the marked frames as the Packet Range's "Marked packets only" chooses them: ignored ones left out
        java.util.BitSet numbers = model.packetRange(marks.numbers(model.shownRowsProperty().get().store()), 0)
                .numbers(new PacketRange.Choice(PacketRange.Kind.MARKED, false, ""));
        model.saveFrames(numbers, target, format, error -> {
            if (error != null) {
                errors.show("Save failed", error);
            }
        });
    }

    /** Writes the shown frames' dissections to a file in the background. */
    void exportDissections(Path target, ExportDissectionsTask.Format format) {
        model.exportShown(target, format, error -> {
            if (error != null) {
                errors.show("Export failed", error);
            }
        });
    }

    void chooseAndSaveBytes(byte[] bytes) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save Raw Bytes");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Raw bytes", "*.bin", "*"));
        File f = chooser.showSaveDialog(owner.get());
        if (f != null) {
            saveBytes(bytes, f.toPath());
        }
    }

    /** Writes bytes to a file off the UI thread; a failure shows an error. */
    void saveBytes(byte[] bytes, Path target) {
        javafx.concurrent.Task<Void> write = new javafx.concurrent.Task<>() {
            @Override
            protected Void call() throws java.io.IOException {
                java.nio.file.Files.write(target, bytes);
                return null;
            }
        };
        write.setOnFailed(e -> errors.show("Save failed", target + ": " + write.getException().getMessage()));
        Thread t = new Thread(write, "jumbocap-save-bytes");
        t.setDaemon(true);
        t.start();
    }

    private FileChooser captureChooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Captures", "*.pcap", "*.pcapng", "*.cap", "*.pcap.gz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        List<Path> recent = recentFiles.list();
        if (!recent.isEmpty() && recent.get(0).getParent() != null && recent.get(0).getParent().toFile().isDirectory()) {
            chooser.setInitialDirectory(recent.get(0).getParent().toFile());
        }
        return chooser;
    }

    void refreshRecentMenu(List<Path> recent) {
        recentMenu.getItems().clear();
        for (Path p : recent) {
            MenuItem m = new MenuItem(p.toString());
            m.setMnemonicParsing(false);
            m.setOnAction(e -> open(p));
            recentMenu.getItems().add(m);
        }
        recentMenu.setDisable(recent.isEmpty());
    }

}
