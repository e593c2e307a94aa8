package org.jumbocap.gui.view.hex;

import java.util.AbstractList;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SkinBase;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextBoundsType;

/**
 * Draws a {@link HexView} as a virtualised list of 16-byte lines. Each visible cell formats its line when
 * it is shown; the highlight is drawn as rectangles behind the hex and ASCII columns.
 */
public class HexViewSkin extends SkinBase<HexView> {
    private static final double PADDING = 4;

    private final Font font;
    private final ListView<Integer> lines = new ListView<>();
    private final double charWidth;
    private final double lineHeight;
    private final HexViewBehavior behavior;

    public HexViewSkin(HexView control) {
        super(control);
        font = Font.font("Monospaced", control.fontSizeProperty().get());
        Text probe = new Text("0123456789abcdef");
        probe.setFont(font);
        probe.setBoundsType(TextBoundsType.LOGICAL);
        charWidth = probe.getLayoutBounds().getWidth() / 16;
        lineHeight = Math.ceil(probe.getLayoutBounds().getHeight()) + 2;
        behavior = new HexViewBehavior(control, charWidth);

        lines.getStyleClass().add("hex-lines");
        lines.setFixedCellSize(lineHeight);
        lines.setCellFactory(list -> new LineCell());
        lines.setContextMenu(copyMenu(control));
        getChildren().add(lines);

        control.dataProperty().addListener((obs, old, data) -> showData(data));
        control.highlightStartProperty().addListener((obs, old, start) -> {
            lines.refresh();
            scrollToHighlight();
        });
        showData(control.getData());
    }

    private static ContextMenu copyMenu(HexView control) {
        ContextMenu menu = new ContextMenu();
        menu.setId("hex-menu");
        for (HexCopy form : HexCopy.values()) {
            MenuItem item = new MenuItem(form.label());
            item.setOnAction(e -> {
                ClipboardContent content = new ClipboardContent();
                content.putString(control.copyText(form));
                Clipboard.getSystemClipboard().setContent(content);
            });
            menu.getItems().add(item);
        }
        MenuItem save = new MenuItem("Save Raw Bytes\u2026");
        save.setOnAction(e -> control.fireSaveBytes());
        menu.getItems().addAll(new javafx.scene.control.SeparatorMenuItem(), save);
        return menu;
    }

    /** Width the hex text needs, so the pane can be sized to show whole lines. */
    public double lineWidth() {
        return HexLayout.LINE_COLUMNS * charWidth + 2 * PADDING;
    }

    private void showData(HexView.HexData data) {
        int count = data.lines();
        // The line indices are computed, not stored: a list of 30 000 boxed numbers is not needed.
        ObservableList<Integer> indices = FXCollections.observableList(new AbstractList<>() {
            @Override
            public Integer get(int index) {
                return index;
            }

            @Override
            public int size() {
                return count;
            }
        });
        lines.setItems(indices);
        lines.scrollTo(0);
    }

    /**
     * Scrolls only when no line of the highlight is in view: a click on a byte (which highlights the field
     * around it, maybe starting far above) leaves the pane where it is.
     */
    private void scrollToHighlight() {
        HexView view = getSkinnable();
        int start = view.getHighlightStart();
        if (start < 0) {
            return;
        }
        int firstLine = start / HexView.BYTES_PER_LINE;
        int lastLine = (start + Math.max(1, view.getHighlightLength()) - 1) / HexView.BYTES_PER_LINE;
        if (!(lines.lookup(".virtual-flow") instanceof VirtualFlow<?> flow)
                || flow.getFirstVisibleCell() == null || flow.getLastVisibleCell() == null
                || lastLine < flow.getFirstVisibleCell().getIndex() || firstLine > flow.getLastVisibleCell().getIndex()) {
            lines.scrollTo(Math.max(0, firstLine - 2));
        }
    }

    /** Index of the top line in view, or -1 when none is drawn. */
    int firstVisibleLine() {
        if (lines.lookup(".virtual-flow") instanceof VirtualFlow<?> flow && flow.getFirstVisibleCell() != null) {
            return flow.getFirstVisibleCell().getIndex();
        }
        return -1;
    }

    @Override
    public void dispose() {
        behavior.dispose();
        super.dispose();
    }

    /** One hex line: its text over two highlight rectangles. */
    final class LineCell extends ListCell<Integer> {
        private final Text text = new Text();
        private final Rectangle hexMark = new Rectangle();
        private final Rectangle asciiMark = new Rectangle();
        private final Pane pane = new Pane(hexMark, asciiMark, text);

        LineCell() {
            getStyleClass().add("hex-line-cell");
            text.setFont(font);
            text.getStyleClass().add("hex-text");
            text.setTextOrigin(javafx.geometry.VPos.TOP);
            text.setLayoutX(PADDING);
            text.setLayoutY(1);
            hexMark.getStyleClass().add("hex-highlight");
            asciiMark.getStyleClass().add("hex-highlight");
            hexMark.setManaged(false);
            asciiMark.setManaged(false);
            pane.setPadding(Insets.EMPTY);
            pane.setMinHeight(lineHeight);
            pane.setPrefHeight(lineHeight);
            setPadding(Insets.EMPTY);
            setGraphic(pane);
            behavior.install(this, text, () -> isEmpty() ? -1 : getIndex());
        }

        @Override
        protected void updateItem(Integer item, boolean empty) {
            super.updateItem(item, empty);
            setText(null);
            if (empty || item == null) {
                text.setText("");
                hexMark.setVisible(false);
                asciiMark.setVisible(false);
                return;
            }
            HexView.HexData data = getSkinnable().getData();
            text.setText(HexLayout.line(data.bytes(), data.length(), item));
            mark(item);
        }

        private void mark(int line) {
            HexView view = getSkinnable();
            int start = view.getHighlightStart();
            int end = start + view.getHighlightLength();
            int lineStart = line * HexView.BYTES_PER_LINE;
            int from = Math.max(start, lineStart);
            int to = Math.min(end, lineStart + HexView.BYTES_PER_LINE);
            if (start < 0 || from >= to) {
                hexMark.setVisible(false);
                asciiMark.setVisible(false);
                return;
            }
            int a = from - lineStart;
            int b = to - 1 - lineStart;
            place(hexMark, HexLayout.hexColumn(a), HexLayout.hexColumn(b) + 2);
            place(asciiMark, HexLayout.asciiColumn(a), HexLayout.asciiColumn(b) + 1);
        }

        private void place(Rectangle r, int fromColumn, int toColumn) {
            r.setX(PADDING + fromColumn * charWidth);
            r.setY(0);
            r.setWidth((toColumn - fromColumn) * charWidth);
            r.setHeight(lineHeight);
            r.setVisible(true);
        }
    }
}
