package org.jumbocap.gui.view;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jumbocap.gui.model.TrafficColumn;
import org.jumbocap.gui.model.TrafficTables;
import org.jumbocap.gui.service.TrafficScan;
import org.jumbocap.gui.viewmodel.TrafficTablesViewModel;
import org.jumbocap.stats.TrafficLayer;

/**
 * A Wireshark-style traffic table window: one tab per protocol layer ("IPv6 · 3"), sortable columns with
 * right-aligned numbers, "Limit to display filter", Copy as CSV of the tab on screen, and a row context
 * menu that applies, prepares (puts in the filter bar) or copies the row's display filter. The rows come from a shared
 * {@link TrafficTablesViewModel}; subclasses say which rows and columns.
 */
abstract class TrafficWindow<T> {
    private final TrafficTablesViewModel model;
    private final Consumer<String> applyFilter;
    private Consumer<String> prepareFilter = f -> { };
    private final Stage stage = new Stage();
    private final Scene scene;
    private final TabPane tabs = new TabPane();
    private final Map<TrafficLayer, TableView<T>> tables = new EnumMap<>(TrafficLayer.class);
    private final Map<TrafficLayer, Tab> tabOf = new EnumMap<>(TrafficLayer.class);
    private final CheckBox limit = new CheckBox("Limit to display filter");
    private final Button copyCsv = new Button("Copy as CSV");
    private final Label status = new Label();

    TrafficWindow(String title, String idPrefix, TrafficTablesViewModel model, Consumer<String> applyFilter, Window owner) {
        this.model = model;
        this.applyFilter = applyFilter;
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setTitle("jumbocap \u2014 " + title);
        for (TrafficLayer layer : TrafficLayer.values()) {
            TableView<T> table = new TableView<>();
            table.setId(idPrefix + "-" + layer.name().toLowerCase(Locale.ROOT));
            table.setPlaceholder(new Label("No " + layer.label() + " traffic in these frames"));
            table.setRowFactory(t -> row());
            tables.put(layer, table);
            Tab tab = new Tab(layer.label(), table);
            tab.setClosable(false);
            tabOf.put(layer, tab);
            tabs.getTabs().add(tab);
        }
        tabs.setId(idPrefix + "-tabs");
        limit.setId(idPrefix + "-limit");
        limit.selectedProperty().bindBidirectional(model.limitToDisplayFilterProperty());
        copyCsv.setId(idPrefix + "-copy-csv");
        copyCsv.setOnAction(e -> copyShownTab());
        status.setId(idPrefix + "-status");
        status.textProperty().bind(model.statusProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(12, limit, gap, status, copyCsv);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6));
        BorderPane root = new BorderPane(tabs);
        root.setBottom(bar);
        root.getStyleClass().add("statistics-view");
        scene = new Scene(root, 1390, 520);
        Windows.closeOnEscape(stage, scene);
        stage.setScene(scene);
        model.resultProperty().addListener((obs, old, now) -> show(now));
        stage.setOnShown(e -> model.setWatched(true));
        stage.setOnHidden(e -> model.setWatched(false));
        show(model.resultProperty().get());
    }

    /** Where "Prepare as Filter" puts a row's filter: the filter bar, not yet applied. */
    public void setOnPrepareFilter(Consumer<String> action) {
        prepareFilter = action;
    }

    /** The rows of one layer's tab. */
    abstract List<T> rows(TrafficScan.Result result, TrafficLayer layer);

    abstract List<TrafficColumn<T>> columns(TrafficScan.Result result, TrafficLayer layer);

    /** The display filter that lists a row's frames. */
    abstract String filter(T row);

    private TableRow<T> row() {
        TableRow<T> row = new TableRow<>();
        MenuItem apply = new MenuItem("Apply as Filter");
        apply.setOnAction(e -> applyFilter.accept(filter(row.getItem())));
        MenuItem prepare = new MenuItem("Prepare as Filter");
        prepare.setOnAction(e -> prepareFilter.accept(filter(row.getItem())));
        MenuItem copy = new MenuItem("Copy as Filter");
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(filter(row.getItem()));
            Clipboard.getSystemClipboard().setContent(c);
        });
        ContextMenu menu = new ContextMenu(apply, prepare, copy);
        row.contextMenuProperty().bind(javafx.beans.binding.Bindings.when(row.emptyProperty())
                .then((ContextMenu) null).otherwise(menu));
        row.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && !row.isEmpty()) {
                applyFilter.accept(filter(row.getItem()));
            }
        });
        return row;
    }

    private void show(TrafficScan.Result result) {
        for (TrafficLayer layer : TrafficLayer.values()) {
            TableView<T> table = tables.get(layer);
            List<T> rows = result == null ? List.of() : rows(result, layer);
            tabOf.get(layer).setText(layer.label() + " \u00b7 " + rows.size());
            if (result != null) {
                // Rel Start counts from the capture's first frame: columns are made for each result, keeping the sort
                List<TableColumn<T, ?>> sortedBy = List.copyOf(table.getSortOrder());
                List<String> sortTitles = sortedBy.stream().map(TableColumn::getId).toList();
                table.getColumns().setAll(toColumns(columns(result, layer), layer));
                for (String id : sortTitles) {
                    table.getColumns().stream().filter(c -> c.getId().equals(id)).findFirst()
                            .ifPresent(c -> table.getSortOrder().add(c));
                }
            }
            table.getItems().setAll(rows);
            table.sort();
        }
    }

    private List<TableColumn<T, Object>> toColumns(List<TrafficColumn<T>> columns, TrafficLayer layer) {
        // MAC and IPv4 addresses are short; IPv6 ones (also under TCP and UDP) long
        double address = layer == TrafficLayer.ETHERNET || layer == TrafficLayer.IPV4 ? 130 : 140;
        return columns.stream().map(c -> toColumn(c, address)).toList();
    }

    private static <T> TableColumn<T, Object> toColumn(TrafficColumn<T> spec, double addressWidth) {
        TableColumn<T, Object> c = new TableColumn<>();
        // narrow number columns keep every column of a tab in the window; long titles take two lines
        String title = spec.title().length() > 9 && spec.kind().numeric() ? spec.title().replaceFirst(" ", "\n") : spec.title();
        Label header = new Label(title);
        header.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        if (spec.meaning() != null) {
            header.setTooltip(new Tooltip(spec.meaning()));
        }
        c.setGraphic(header);
        c.setId("col-" + spec.title().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
        c.setPrefWidth(switch (spec.kind()) {
            case TEXT -> addressWidth;
            case PORT -> 56;
            case RATE -> 80;
            case SECONDS -> 70;
            default -> spec.title().contains("Bytes") ? 92 : 70;
        });
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(spec.value().apply(cell.getValue())));
        c.setCellFactory(column -> new TableCell<>() {
            {
                if (spec.kind().numeric()) {
                    setAlignment(Pos.CENTER_RIGHT);
                }
            }

            @Override
            protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : spec.kind().shown(item));
            }
        });
        return c;
    }

    /** The tab on screen as CSV, in its current sort order, onto the clipboard; also returned for tests. */
    public String copyShownTab() {
        TrafficScan.Result result = model.resultProperty().get();
        if (result == null) {
            return "";
        }
        TrafficLayer layer = shownLayer();
        String csv = TrafficTables.csv(columns(result, layer), List.copyOf(tables.get(layer).getItems()));
        ClipboardContent c = new ClipboardContent();
        c.putString(csv);
        Clipboard.getSystemClipboard().setContent(c);
        return csv;
    }

    /** The layer of the tab on screen. */
    public TrafficLayer shownLayer() {
        return TrafficLayer.values()[Math.max(0, tabs.getSelectionModel().getSelectedIndex())];
    }

    public void selectLayer(TrafficLayer layer) {
        tabs.getSelectionModel().select(tabOf.get(layer));
    }

    public TableView<T> table(TrafficLayer layer) {
        return tables.get(layer);
    }

    public CheckBox limitToDisplayFilter() {
        return limit;
    }

    public void setTheme(Theme theme) {
        theme.applyTo(scene);
    }

    /** Shows the window and counts over the frames chosen now. */
    public void showAndRefresh() {
        stage.show();
        stage.toFront();
        model.setWatched(true);
        model.refresh();
    }

    public Stage stage() {
        return stage;
    }
}
