package org.jumbocap.gui.view;

import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Window;
import org.jumbocap.gui.model.MarkedFrames;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowList;
import org.jumbocap.gui.model.TimeReferences;
import org.jumbocap.gui.viewmodel.CaptureViewModel;

/**
 * The packet list's selection and what acts on the selected row: the selected frame kept selected when
 * the list is filtered or sorted again (re-mapped to its new position, or cleared when the new list lacks
 * it), Go to Frame and the I/O graph's clicks, marks, ignored frames and time references.
 */
final class PacketListSelection {
    private final CaptureViewModel model;
    private final PacketTable table;
    private final MarkedFrames marks;
    private final TimeReferences timeReferences = new TimeReferences();
    private final ErrorDialogs errors;
    private final Supplier<Window> owner;
    /** The shown list the table's selection refers to. */
    private Object listShown;

    PacketListSelection(CaptureViewModel model, PacketTable table, MarkedFrames marks, ErrorDialogs errors,
                        Supplier<Window> owner) {
        this.model = model;
        this.table = table;
        this.marks = marks;
        this.errors = errors;
        this.owner = owner;
        table.setMarks(marks);
        table.setTimeReferences(timeReferences);
        table.setOnToggleIgnore(this::toggleIgnore);
        listShown = model.shownRowsProperty().get();
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> {
            // a new list (filtered, sorted) clears the table's selection before the listener below runs:
            // the selected frame stays selected if the new list shows it
            if (row == null && model.shownRowsProperty().get() != listShown) {
                return;
            }
            if (row == null || !row.equals(model.selectedRowProperty().get())) {
                model.select(row);
            }
        });
        // a new list (filtered) comes in frame order: put it in the order the sort arrows show
        model.shownRowsProperty().addListener((obs, old, rows) -> {
            listShown = rows;
            keepSelection(rows);
            if (!java.util.Objects.equals(model.order(), table.wantedOrder())) {
                Platform.runLater(table::sort);
            }
        });
    }

    /** Selects the first shown frame of {@code [startNanos, endNanos)}, as a click on the I/O graph asks; false when none. */
    boolean goToFirstFrameBetween(long startNanos, long endNanos) {
        // the list may be sorted by another column: the first in frame order
        PacketRow first = null;
        for (PacketRow row : model.shownRows()) {
            long t = row.timestampNanos();
            if (t >= startNanos && t < endNanos && (first == null || row.number() < first.number())) {
                first = row;
            }
        }
        return first != null && goToFrame(first.number());
    }

    /** Selects frame {@code number} if the filter shows it; false otherwise. */
    boolean goToFrame(long number) {
        PacketRow row = model.row(number);
        if (row == null || !table.reveal(row)) {
            model.select(null);
            return false;
        }
        table.requestFocus();
        return true;
    }

    /** Selects the frame selected before in a new shown list, or clears the selection when it is not in it. */
    private void keepSelection(RowList rows) {
        PacketRow selected = model.selectedRowProperty().get();
        if (selected == null) {
            return;
        }
        int frameIndex = selected.index();
        int n = rows.size();
        for (int i = 0; i < n; i++) {
            if (rows.frameIndex(i) == frameIndex) {
                table.getSelectionModel().clearAndSelect(i);
                table.scrollTo(Math.max(0, i - 3));
                return;
            }
        }
        model.select(null);
    }

    /** Marks or unmarks the selected row (Ctrl+M). */
    void toggleMark() {
        PacketRow row = table.getSelectionModel().getSelectedItem();
        if (row != null) {
            marks.toggle(row);
        }
    }

    /**
     * Ignores the row (or brings it back): it leaves the list, and the selection moves to the row that
     * takes its place, as in Wireshark.
     */
    void toggleIgnore(PacketRow row) {
        if (row != null && !model.toggleIgnore(row)) {
            model.work().status("Frames cannot be ignored while a live capture runs");
        }
    }

    /** Sets the selected row as a time reference, or unsets it (Ctrl+T). */
    void toggleTimeReference() {
        PacketRow row = table.getSelectionModel().getSelectedItem();
        if (row != null) {
            timeReferences.toggle(row);
        }
    }

    TimeReferences timeReferences() {
        return timeReferences;
    }

    /** Selects the next or previous marked row of the list, wrapping round; false when none is marked. */
    boolean goToMark(boolean forward) {
        int at = marks.next(model.shownRowsProperty().get(), table.getSelectionModel().getSelectedIndex(), forward);
        if (at >= 0) {
            table.selectAndShow(at);
        }
        return at >= 0;
    }

    void askGoToFrame() {
        TextInputDialog dialog = new TextInputDialog();
        dialog.initOwner(owner.get());
        dialog.setTitle("Go to Frame");
        dialog.setHeaderText(null);
        dialog.setContentText("Frame number:");
        dialog.showAndWait().ifPresent(text -> {
            try {
                if (!goToFrame(Long.parseLong(text.strip()))) {
                    errors.show("Go to Frame", "Frame " + text.strip() + " is not in the list (filtered out or past the end)");
                }
            } catch (NumberFormatException e) {
                errors.show("Go to Frame", "Not a frame number: " + text);
            }
        });
    }

    void selectIndex(int index) {
        table.selectAndShow(index);
    }

}
