package org.jumbocap.gui.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.TimeFormat;
import org.jumbocap.gui.service.FieldColumnLoader;
import org.jumbocap.gui.settings.ColumnSettings;
import org.jumbocap.gui.viewmodel.CaptureViewModel;

/**
 * The packet list's columns as the user arranges them: fields applied as columns, the header's context
 * menu (show or hide any column, remove a field column), and the layout (order, widths, hidden columns,
 * field columns, time format) saved in {@link ColumnSettings} and restored at the next start.
 */
public final class PacketColumns implements AutoCloseable {
    /** Id prefix of a field applied as a column: {@code field:ip.ttl}. */
    public static final String FIELD_PREFIX = "field:";

    private final PacketTable table;
    private final CaptureViewModel model;
    private final ColumnSettings settings;
    private final Map<String, FieldColumnLoader> loaders = new HashMap<>();
    private final PauseTransition saveSoon = new PauseTransition(Duration.millis(300));
    /** Set by {@link #close}: changes are no longer saved. */
    private boolean closed;
    private boolean restoring;

    public PacketColumns(PacketTable table, CaptureViewModel model, ColumnSettings settings) {
        this.table = table;
        this.model = model;
        this.settings = settings;
        saveSoon.setOnFinished(e -> save());
        restore();
        for (TableColumn<PacketRow, ?> c : table.getColumns()) {
            watch(c);
        }
        table.getColumns().addListener((ListChangeListener<TableColumn<PacketRow, ?>>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(this::watch);
            }
            changed();
        });
        table.timeFormatProperty().addListener((obs, old, now) -> changed());
    }

    /** Adds a column showing a field's value per row, or shows it again if it is there; returns it. */
    public TableColumn<PacketRow, ?> applyAsColumn(String field) {
        String id = FIELD_PREFIX + field;
        for (TableColumn<PacketRow, ?> c : table.getColumns()) {
            if (id.equals(c.getId())) {
                c.setVisible(true);
                return c;
            }
        }
        TableColumn<PacketRow, PacketRow> column = fieldColumn(field, 120);
        // before Info, which fills the rest of the width, so the new column is on screen
        int info = table.getColumns().indexOf(table.column("col-info"));
        table.getColumns().add(info < 0 ? table.getColumns().size() : info, column);
        table.scrollToColumn(column);
        return column;
    }

    private TableColumn<PacketRow, PacketRow> fieldColumn(String field, double width) {
        FieldColumnLoader loader = new FieldColumnLoader(model.backend(), field, table::refresh);
        loaders.put(field, loader);
        // titled as Wireshark titles an applied column: by the field's description, its name in the tooltip
        TableColumn<PacketRow, PacketRow> column = new TableColumn<>();
        Label title = new Label(model.backend().fieldLabel(field));
        title.setTooltip(new Tooltip(field));
        column.setGraphic(title);
        column.setId(FIELD_PREFIX + field);
        column.setPrefWidth(width);
        // the rows are sorted by the view model, which knows the packed columns only
        column.setSortable(false);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        column.setCellFactory(c -> new TableCell<>() {
            {
                setAlignment(Pos.CENTER_LEFT);
            }

            @Override
            protected void updateItem(PacketRow row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : valueOf(loader, row));
            }
        });
        return column;
    }

    /** The field value of a row as its column shows it (empty until made); for the cells and the tests. */
    public String valueOf(String field, PacketRow row) {
        FieldColumnLoader loader = loaders.get(field);
        return loader == null ? null : valueOf(loader, row);
    }

    private String valueOf(FieldColumnLoader loader, PacketRow row) {
        PacketRow previous = model.row(row.number() - 1);
        String v = loader.value(model.frameStore(), row, previous == null ? row.timestampNanos() : previous.timestampNanos());
        return v == null ? "" : v;
    }

    private void watch(TableColumn<PacketRow, ?> c) {
        c.widthProperty().addListener((obs, old, now) -> changed());
        c.visibleProperty().addListener((obs, old, now) -> changed());
        c.setContextMenu(headerMenu(c));
    }

    /** Show or hide each column; remove a field column. */
    private ContextMenu headerMenu(TableColumn<PacketRow, ?> column) {
        ContextMenu menu = new ContextMenu();
        menu.setOnShowing(e -> {
            menu.getItems().clear();
            for (TableColumn<PacketRow, ?> c : table.getColumns()) {
                CheckMenuItem shown = new CheckMenuItem(title(c));
                shown.setId("show-" + c.getId());
                shown.setMnemonicParsing(false);
                shown.setSelected(c.isVisible());
                // the last visible column stays: a table without columns has no header to bring them back
                shown.setDisable(c.isVisible() && table.getVisibleLeafColumns().size() == 1);
                shown.selectedProperty().addListener((obs, was, now) -> c.setVisible(now));
                menu.getItems().add(shown);
            }
            if (column.getId().startsWith(FIELD_PREFIX)) {
                MenuItem remove = new MenuItem("Remove This Column");
                remove.setId("remove-column");
                remove.setOnAction(a -> removeColumn(column));
                menu.getItems().addAll(new SeparatorMenuItem(), remove);
            }
        });
        menu.getItems().add(new MenuItem(title(column)));
        return menu;
    }

    /** A column's title as its header shows it (a field column's is a label with the field's name as tooltip). */
    public static String title(TableColumn<PacketRow, ?> column) {
        return column.getGraphic() instanceof Label label ? label.getText() : column.getText();
    }

    /** Takes a field column off the list. */
    public void removeColumn(TableColumn<PacketRow, ?> column) {
        table.getColumns().remove(column);
        FieldColumnLoader loader = loaders.remove(column.getId().substring(FIELD_PREFIX.length()));
        if (loader != null) {
            loader.close();
        }
    }

    private void changed() {
        if (!restoring && !closed) {
            saveSoon.playFromStart();
        }
    }

    /** Writes the layout now (also done 300 ms after each change). */
    public void save() {
        saveSoon.stop();
        List<ColumnSettings.Column> columns = new ArrayList<>();
        for (TableColumn<PacketRow, ?> c : table.getColumns()) {
            columns.add(new ColumnSettings.Column(c.getId(), c.getWidth() > 0 ? c.getWidth() : c.getPrefWidth(), c.isVisible()));
        }
        settings.save(new ColumnSettings.Layout(columns, table.timeFormatProperty().get().name()));
    }

    private void restore() {
        ColumnSettings.Layout layout = settings.load();
        restoring = true;
        try {
            if (layout.timeFormat() != null) {
                table.timeFormatProperty().set(TimeFormat.parse(layout.timeFormat()));
            }
            if (layout.columns().isEmpty()) {
                return;
            }
            Map<String, TableColumn<PacketRow, ?>> byId = new HashMap<>();
            for (TableColumn<PacketRow, ?> c : table.getColumns()) {
                byId.put(c.getId(), c);
            }
            List<TableColumn<PacketRow, ?>> ordered = new ArrayList<>();
            for (ColumnSettings.Column saved : layout.columns()) {
                TableColumn<PacketRow, ?> c = byId.remove(saved.id());
                if (c == null && saved.id().startsWith(FIELD_PREFIX) && saved.id().length() > FIELD_PREFIX.length()) {
                    c = fieldColumn(saved.id().substring(FIELD_PREFIX.length()), saved.width());
                }
                if (c == null) {
                    continue;
                }
                c.setPrefWidth(saved.width());
                c.setVisible(saved.visible());
                ordered.add(c);
            }
            // columns a newer viewer added, which the saved layout does not know, go at the end
            ordered.addAll(byId.values().stream().sorted((a, b) -> Integer.compare(table.getColumns().indexOf(a),
                    table.getColumns().indexOf(b))).toList());
            if (ordered.stream().noneMatch(TableColumn::isVisible)) {
                ordered.get(0).setVisible(true);
            }
            table.getColumns().setAll(ordered);
        } finally {
            restoring = false;
        }
    }

    /**
     * Closes the field columns' loaders, writes a layout change still waiting for its 300 ms, and saves no later
     * change: the view is done (the viewer quits, a test ends). Otherwise the timer could write the layout after a
     * test's settings folder was removed, making it again.
     */
    @Override
    public void close() {
        loaders.values().forEach(FieldColumnLoader::close);
        if (saveSoon.getStatus() == javafx.animation.Animation.Status.RUNNING) {
            save();
        }
        closed = true;
    }
}
