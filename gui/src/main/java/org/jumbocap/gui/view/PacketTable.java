package org.jumbocap.gui.view;

import java.util.Comparator;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import org.jumbocap.expert.Severity;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.jumbocap.gui.model.MarkedFrames;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.TimeFormat;
import org.jumbocap.gui.model.RowOrder;
import org.jumbocap.pipeline.tcp.TcpAnalysisFlag;

/**
 * The packet list: a virtualised, sortable table over precomputed rows. Jumbograms and BIG TCP
 * super-packets get their own row colour and show kind and real length; rows with expert errors are red,
 * warnings yellow. Cells only read row fields.
 */
public final class PacketTable extends TableView<PacketRow> {
    private Consumer<String> onApplyFilter = f -> { };
    private Consumer<String> onPrepareFilter = f -> { };
    private Consumer<PacketRow> onFollowStream = r -> { };
    private final ObjectProperty<TimeFormat> timeFormat = new SimpleObjectProperty<>(TimeFormat.RELATIVE);
    private java.util.function.IntSupplier timeDecimals = () -> 6;
    private MarkedFrames marks = new MarkedFrames();
    private org.jumbocap.gui.model.TimeReferences timeReferences = new org.jumbocap.gui.model.TimeReferences();
    /** Ignores or brings back a row (Edit → Ignore Packet); null: the context menu has no such item. */
    private Consumer<PacketRow> onToggleIgnore;

    /**
     * @param rows   the rows to list; the view model replaces their content after a filter or a sort (not
     *               the list: a table given a new list forgets its sort order)
     * @param onSort asked to put the rows in a column's order (null: frame order); the table shows the new
     *               content when it comes
     */
    public PacketTable(ObservableList<PacketRow> rows, Consumer<RowOrder> onSort) {
        setId("packet-table");
        getStyleClass().add("packet-table");
        setItems(rows);
        // the rows are packed, not objects: the view model sorts them, off the UI thread
        setSortPolicy(table -> {
            onSort.accept(wantedOrder());
            return true;
        });
        // a click on a header sorts on its release whatever the button: a right click opens the column's
        // menu only, as in Wireshark
        addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> {
            if (e.getButton() != javafx.scene.input.MouseButton.PRIMARY && inColumnHeader(e.getPickResult().getIntersectedNode())) {
                e.consume();
            }
        });
        setFixedCellSize(ROW_HEIGHT);
        setTableMenuButtonVisible(true);
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        setPlaceholder(new javafx.scene.control.Label("Open a capture (Ctrl+O), drop a file here, or start a live capture"));

        getColumns().add(column("No.", "col-number", 70, PacketRow::number, Long::compare, Pos.CENTER_RIGHT, String::valueOf));
        TableColumn<PacketRow, PacketRow> time = new TableColumn<>("Time");
        time.setId("col-time");
        time.setPrefWidth(100);
        time.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        time.setComparator(Comparator.comparingLong(PacketRow::timestampNanos));
        time.setSortable(RowOrder.sortable("col-time"));
        time.setCellFactory(c -> new TimeCell());
        getColumns().add(time);
        colorize.addListener((obs, old, now) -> refresh());
        rowColours.addListener((obs, old, now) -> refresh());
        timeFormat.addListener((obs, old, now) -> {
            fitTimeColumn();
            refresh();
        });
        // the rows tell how wide their times are (a nanosecond capture's, an epoch's, a long capture's)
        rows.addListener((javafx.collections.ListChangeListener<PacketRow>) c -> fitTimeColumn());
        getColumns().add(column("Source", "col-source", 150, PacketRow::source, String::compareTo, Pos.CENTER_LEFT, s -> s));
        getColumns().add(column("Destination", "col-destination", 150, PacketRow::destination, String::compareTo,
                Pos.CENTER_LEFT, s -> s));
        getColumns().add(column("Protocol", "col-protocol", 72, PacketRow::protocol, String::compareTo, Pos.CENTER_LEFT, s -> s));
        getColumns().add(column("Length", "col-length", 64, PacketRow::length, Long::compare, Pos.CENTER_RIGHT, PacketTable::grouped));
        TableColumn<PacketRow, PacketRow> jumbo = new TableColumn<>("Jumbo");
        jumbo.setId("col-jumbo");
        jumbo.setPrefWidth(120);
        jumbo.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        jumbo.setComparator(Comparator.comparingLong(r -> r.isJumbo() ? r.realLength() : -1));
        jumbo.setSortable(RowOrder.sortable("col-jumbo"));
        jumbo.setCellFactory(c -> new JumboCell(this));
        getColumns().add(jumbo);
        getColumns().add(column("Stream", "col-tcp-stream", 60, PacketRow::tcpStream, Integer::compare, Pos.CENTER_RIGHT,
                n -> n < 0 ? "" : String.valueOf(n)));
        getColumns().add(column("TCP analysis", "col-tcp-analysis", 100, PacketRow::tcpAnalysisFlags, Integer::compare,
                Pos.CENTER_LEFT, PacketTable::analysisText));
        getColumns().add(column("Info", "col-info", INFO_MIN_WIDTH, PacketRow::info, String::compareTo, Pos.CENTER_LEFT, s -> s));

        // Info takes the width the other columns leave, as Wireshark's last column does
        widthProperty().addListener((obs, old, now) -> fillWithInfo());
        getColumns().addListener((javafx.collections.ListChangeListener<TableColumn<PacketRow, ?>>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(this::watchWidth);
            }
            fillWithInfo();
        });
        getColumns().forEach(this::watchWidth);

        setRowFactory(t -> {
            PacketTableRow row = new PacketTableRow();
            // A context menu is a popup window with a scene of its own, and the first layout makes every
            // visible row at once: built after that layout, the first rows are drawn without waiting for
            // the menus (about a tenth of the first rows' layout)
            javafx.application.Platform.runLater(() -> row.setContextMenu(rowMenu(row)));
            return row;
        });
        // The table's own Ctrl+Home / Ctrl+End move the focus only; a packet list selects, as the Go menu does.
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.isShortcutDown() && (e.getCode() == KeyCode.HOME || e.getCode() == KeyCode.END)) {
                e.consume();
                selectAndShow(e.getCode() == KeyCode.HOME ? 0 : getItems().size() - 1);
            }
        });
    }

    /** The narrowest the Info column gets when the other columns leave less; the list scrolls sideways then. */
    static final double INFO_MIN_WIDTH = 240;
    /** A row's height at the default text size. */
    private static final double ROW_HEIGHT = 22;
    /** The widest a column grows by itself to fit its texts (the user can widen it further). */
    private static final double FIT_MAX_WIDTH = 340;
    /** Room for the vertical scroll bar, so the Info column ends at the list's visible right edge. */
    private static final double SCROLL_BAR_ROOM = 18;

    private void watchWidth(TableColumn<PacketRow, ?> c) {
        if (!"col-info".equals(c.getId())) {
            c.widthProperty().addListener((obs, old, now) -> fillWithInfo());
        }
        c.visibleProperty().addListener((obs, old, now) -> fillWithInfo());
    }

    /** Gives the Info column the width the other visible columns leave (at least {@link #INFO_MIN_WIDTH}). */
    private void fillWithInfo() {
        TableColumn<PacketRow, ?> info = getColumns().stream().filter(c -> "col-info".equals(c.getId())).findFirst()
                .orElse(null);
        if (info == null || !info.isVisible() || getWidth() <= 0) {
            return;
        }
        double others = 0;
        for (TableColumn<PacketRow, ?> c : getVisibleLeafColumns()) {
            if (c != info) {
                others += c.getWidth();
            }
        }
        double room = Math.floor(getWidth() - snappedLeftInset() - snappedRightInset() - others - SCROLL_BAR_ROOM);
        info.setPrefWidth(Math.max(INFO_MIN_WIDTH, room));
    }

    /**
     * Widens a column whose cell text does not fit, up to {@link #FIT_MAX_WIDTH}, so addresses and the
     * Jumbo column's lengths are not cut; it never narrows a column. The Info column fills the rest instead.
     */
    void fitToText(TableCell<PacketRow, ?> cell, String text) {
        TableColumn<PacketRow, ?> column = cell.getTableColumn();
        if (text == null || column == null || "col-info".equals(column.getId()) || column.getWidth() >= FIT_MAX_WIDTH) {
            return;
        }
        double padding = cell.snappedLeftInset() + cell.snappedRightInset() + 4;
        if (text.length() * cell.getFont().getSize() * 0.7 + padding < column.getWidth()) {
            return; // fits whatever the glyphs: no need to measure
        }
        javafx.scene.text.Text measure = new javafx.scene.text.Text(text);
        measure.setFont(cell.getFont());
        double wanted = Math.ceil(measure.getLayoutBounds().getWidth() + padding);
        if (wanted > column.getWidth()) {
            widen(column, Math.min(FIT_MAX_WIDTH, wanted));
        }
    }

    private double fontSize = org.jumbocap.gui.settings.WindowSettings.DEFAULT_FONT_SIZE;
    private final javafx.beans.property.BooleanProperty colorize = new javafx.beans.property.SimpleBooleanProperty(true);

    private final javafx.beans.property.ObjectProperty<org.jumbocap.gui.model.RowColours> rowColours =
            new javafx.beans.property.SimpleObjectProperty<>();

    /**
     * The colouring rule of each frame; while null (a file still being read, a live capture) rows are
     * coloured by what they are: super-packet, expert error or warning.
     */
    public javafx.beans.property.ObjectProperty<org.jumbocap.gui.model.RowColours> rowColoursProperty() {
        return rowColours;
    }

    /** The rule colouring {@code row}, or null (colouring off, no rule, not yet decided). */
    public org.jumbocap.gui.model.ColouringRule ruleOf(PacketRow row) {
        org.jumbocap.gui.model.RowColours c = rowColours.get();
        return c == null || !colorize.get() || row == null ? null : c.ruleOf(row.index());
    }

    /** False draws every row plainly, as Wireshark's View → Colorize Packet List off (marks stay drawn). */
    public javafx.beans.property.BooleanProperty colorizeProperty() {
        return colorize;
    }

    /** The text size in points (View → Zoom). */
    public double fontSize() {
        return fontSize;
    }

    /** Sets the text size in points; rows keep their proportion to it and the Time column fits again (View → Zoom). */
    public void setFontSize(double points) {
        fontSize = points;
        Zoom.apply(this, points);
        setFixedCellSize(Math.ceil(ROW_HEIGHT * Zoom.scale(points)));
        fitTimeColumn();
        refresh();
    }

    /** Widths asked for by cells during this layout pass, set once it is over. */
    private final java.util.Map<TableColumn<PacketRow, ?>, Double> widthsWanted = new java.util.HashMap<>();

    /**
     * Widens a column after the layout pass that found it too narrow: a width changed while the rows are
     * laid out would move the cells of the rows laid out after it and not the header's.
     */
    private void widen(TableColumn<PacketRow, ?> column, double width) {
        boolean first = widthsWanted.isEmpty();
        widthsWanted.merge(column, width, Math::max);
        if (first) {
            javafx.application.Platform.runLater(() -> {
                widthsWanted.forEach((c, w) -> {
                    if (c.getWidth() < w) {
                        c.setPrefWidth(w);
                    }
                });
                widthsWanted.clear();
            });
        }
    }

    /** How the Time column shows times (View → Time Display Format). */
    public ObjectProperty<TimeFormat> timeFormatProperty() {
        return timeFormat;
    }

    /** The marks drawn on rows; redraws when they change. */
    public void setMarks(MarkedFrames marked) {
        marks = marked;
        marked.countProperty().addListener((obs, old, now) -> refresh());
    }

    /** The time references the Time column counts from; redraws when they change. */
    public void setTimeReferences(org.jumbocap.gui.model.TimeReferences references) {
        timeReferences = references;
        references.countProperty().addListener((obs, old, now) -> {
            fitTimeColumn();
            refresh();
        });
    }

    /** Called with the row the context menu's Ignore Packet ignores (or brings back). */
    public void setOnToggleIgnore(Consumer<PacketRow> action) {
        onToggleIgnore = action;
    }

    /** Where the Time column learns whether the open capture keeps nanoseconds (9 decimals) or not (6). */
    public void setTimeDecimals(java.util.function.IntSupplier decimals) {
        timeDecimals = decimals;
        fitTimeColumn();
        refresh();
    }

    /**
     * Widens the Time column to the widest time the format writes for the listed capture (its first and
     * last frames, at the capture's decimals), so absolute, epoch and nanosecond times are not cut; it
     * never narrows a column the user widened.
     */
    private void fitTimeColumn() {
        TableColumn<PacketRow, ?> time = column("col-time");
        if (time == null || getItems().isEmpty()) {
            return;
        }
        PacketRow first = getItems().get(0);
        PacketRow last = getItems().get(getItems().size() - 1);
        double widest = 0;
        for (PacketRow r : new PacketRow[] {first, last}) {
            String text = timeFormat.get().format(r.timestampNanos(), relativeFrom(r), r.timestampNanos(),
                    timeDecimals.getAsInt());
            javafx.scene.text.Text measure = new javafx.scene.text.Text(text.replaceAll("[0-9]", "8"));
            measure.setFont(Zoom.font(fontSize));
            widest = Math.max(widest, measure.getLayoutBounds().getWidth());
        }
        // the cell's padding on both sides, the sort arrow's room
        double wanted = Math.ceil(widest) + 28;
        if (time.getWidth() < wanted) {
            time.setPrefWidth(wanted);
        }
    }

    /** A row's time as the Time column shows it at a list position. */
    public String timeText(PacketRow row, int position) {
        if (timeReferences.isReference(row)) {
            return REFERENCE_TEXT;
        }
        PacketRow above = position > 0 && position <= getItems().size() ? getItems().get(position - 1) : row;
        return timeFormat.get().format(row.timestampNanos(), relativeFrom(row), above.timestampNanos(),
                timeDecimals.getAsInt());
    }

    /** What Wireshark's Time column shows on a time reference. */
    public static final String REFERENCE_TEXT = "*REF*";

    /** The time a relative time counts from: the last time reference at or before the row, else the first frame. */
    private long relativeFrom(PacketRow row) {
        int reference = timeReferences.referenceAtOrBefore(row.rowStore(), row.index());
        return reference >= 0 ? row.rowStore().timestampNanos(reference) : row.timestampNanos() - row.relativeNanos();
    }

    /** Called with a display filter the packet list's context menu applies. */
    public void setOnApplyFilter(Consumer<String> action) {
        onApplyFilter = action;
    }

    /** Called with the row whose TCP stream the context menu's Follow TCP Stream follows. */
    public void setOnFollowStream(Consumer<PacketRow> action) {
        onFollowStream = action;
    }

    /** Called with a display filter the packet list's context menu puts in the bar without applying it. */
    public void setOnPrepareFilter(Consumer<String> action) {
        onPrepareFilter = action;
    }

    private ContextMenu rowMenu(TableRow<PacketRow> row) {
        MenuItem copyLine = new MenuItem("Copy Summary Line");
        copyLine.setOnAction(e -> copy(summaryLine(row.getItem())));
        MenuItem copyFilter = new MenuItem("Copy as Filter");
        copyFilter.setOnAction(e -> copy(frameFilter(row.getItem())));
        MenuItem conversation = new MenuItem("Apply Conversation Filter");
        conversation.setOnAction(e -> onApplyFilter.accept(conversationFilter(row.getItem())));
        MenuItem prepare = new MenuItem("Prepare Conversation Filter");
        prepare.setOnAction(e -> onPrepareFilter.accept(conversationFilter(row.getItem())));
        MenuItem follow = new MenuItem("Follow TCP Stream");
        follow.setId("menu-follow-tcp");
        follow.setOnAction(e -> onFollowStream.accept(row.getItem()));
        MenuItem mark = new MenuItem("Mark Packet");
        mark.setId("menu-row-mark");
        mark.setOnAction(e -> {
            if (row.getItem() != null) {
                marks.toggle(row.getItem());
            }
        });
        MenuItem ignore = new MenuItem("Ignore Packet");
        ignore.setId("menu-row-ignore");
        ignore.setOnAction(e -> {
            if (row.getItem() != null && onToggleIgnore != null) {
                onToggleIgnore.accept(row.getItem());
            }
        });
        MenuItem reference = new MenuItem("Set Time Reference");
        reference.setId("menu-row-time-reference");
        reference.setOnAction(e -> {
            if (row.getItem() != null) {
                timeReferences.toggle(row.getItem());
            }
        });
        ContextMenu menu = new ContextMenu(mark, ignore, reference, new SeparatorMenuItem(), copyLine, copyFilter,
                new SeparatorMenuItem(), conversation, prepare, new SeparatorMenuItem(), follow);
        menu.setOnShowing(e -> {
            // Wireshark's wording: the item says what it will do to this row
            mark.setText(row.getItem() != null && marks.isMarked(row.getItem()) ? "Unmark Packet" : "Mark Packet");
            mark.setDisable(row.getItem() == null);
            // an ignored row is not listed, so the row's item always asks to ignore
            ignore.setDisable(row.getItem() == null || onToggleIgnore == null);
            reference.setText(row.getItem() != null && timeReferences.isReference(row.getItem())
                    ? "Unset Time Reference" : "Set Time Reference");
            reference.setDisable(row.getItem() == null);
            follow.setDisable(row.getItem() == null || row.getItem().tcpStream() < 0);
            boolean ip = row.getItem() != null && !row.getItem().source().isEmpty();
            conversation.setDisable(!ip);
            prepare.setDisable(!ip);
        });
        return menu;
    }

    /** The row's columns, tab-separated, in the order shown. */
    public String summaryLine(PacketRow r) {
        StringBuilder s = new StringBuilder();
        for (TableColumn<PacketRow, ?> c : getVisibleLeafColumns()) {
            Object value = c.getCellObservableValue(r) == null ? null : c.getCellObservableValue(r).getValue();
            String text = c.getId().equals("col-time") ? timeText(r, getItems().indexOf(r))
                    : value instanceof PacketRow p ? jumboText(p)
                    : c.getId().equals("col-length") ? grouped(r.length())
                    : String.valueOf(value);
            s.append(s.length() == 0 ? "" : "\t").append(text);
        }
        return s.toString();
    }

    static String frameFilter(PacketRow r) {
        return "frame.number == " + r.number();
    }

    /** Both directions between the row's two endpoints, ports included for TCP and UDP. */
    static String conversationFilter(PacketRow r) {
        String family = r.source().contains(":") ? "ipv6" : "ip";
        StringBuilder f = new StringBuilder().append(family).append(".addr == ").append(r.source()).append(" && ")
                .append(family).append(".addr == ").append(r.destination());
        String transport = r.protocol().equals("TCP") ? "tcp" : r.protocol().equals("UDP") ? "udp" : null;
        if (transport != null && r.sourcePort() >= 0 && r.destinationPort() >= 0) {
            f.append(" && ").append(transport).append(".port == ").append(r.sourcePort()).append(" && ")
                    .append(transport).append(".port == ").append(r.destinationPort());
        }
        return f.toString();
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    /** Selects the row at a list position and scrolls it into view; nothing when out of range. */
    public void selectAndShow(int index) {
        if (index >= 0 && index < getItems().size()) {
            getSelectionModel().clearAndSelect(index);
            getFocusModel().focus(index);
            scrollTo(index);
        }
    }

    /** True for a node of a column's header (its label, its arrow, the header itself). */
    private boolean inColumnHeader(javafx.scene.Node node) {
        for (javafx.scene.Node n = node; n != null && n != this; n = n.getParent()) {
            if (n instanceof javafx.scene.control.skin.TableColumnHeader) {
                return true;
            }
        }
        return false;
    }

        /** The order the sort arrows ask for, or null for frame order. */
    public RowOrder wantedOrder() {
        if (getSortOrder().isEmpty()) {
            return null;
        }
        TableColumn<PacketRow, ?> c = getSortOrder().get(0);
        return new RowOrder(c.getId(), c.getSortType() == TableColumn.SortType.DESCENDING);
    }

    /** The column with an id, for tests and the sort shortcuts. */
    public TableColumn<PacketRow, ?> column(String id) {
        for (TableColumn<PacketRow, ?> c : getColumns()) {
            if (id.equals(c.getId())) {
                return c;
            }
        }
        throw new IllegalArgumentException(id);
    }

    /** Selects and shows a row if it is listed; false otherwise. */
    public boolean reveal(PacketRow row) {
        int index = getItems().indexOf(row);
        if (index < 0) {
            return false;
        }
        getSelectionModel().clearAndSelect(index);
        scrollTo(Math.max(0, index - 3));
        return true;
    }

    private <T> TableColumn<PacketRow, T> column(String title, String id, double width, Function<PacketRow, T> value,
                                                        Comparator<T> order, Pos alignment, Function<T, String> text) {
        TableColumn<PacketRow, T> c = new TableColumn<>(title);
        c.setId(id);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setComparator(order);
        c.setSortable(RowOrder.sortable(id));
        c.setCellFactory(col -> new TableCell<>() {
            {
                setAlignment(alignment);
            }

            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : text.apply(item));
            }

            @Override
            protected void layoutChildren() {
                super.layoutChildren();
                // here the cell's font and padding are the stylesheet's
                fitToText(this, getText());
            }
        });
        return c;
    }

    /** The findings' names as the Info column's marks say them: "Retransmission, Dup ACK". */
    static String analysisText(int flags) {
        StringBuilder s = new StringBuilder();
        for (TcpAnalysisFlag f : TcpAnalysisFlag.values()) {
            if (f.in(flags)) {
                String name = f.mark().replace("[TCP ", "").replace("]", "").strip();
                s.append(s.length() == 0 ? "" : ", ").append(name);
            }
        }
        return s.toString();
    }

    /** A count with a comma every three digits, as the Jumbo column and the statistics write them. */
    static String grouped(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    static String jumboText(PacketRow row) {
        return row.isJumbo() ? row.jumboKind().label() + " \u00b7 " + grouped(row.realLength()) + " B" : "";
    }

    /** The time of a row in the chosen display format; delta times need the row above. */
    private final class TimeCell extends TableCell<PacketRow, PacketRow> {
        TimeCell() {
            setAlignment(Pos.CENTER_RIGHT);
        }

        @Override
        protected void updateItem(PacketRow row, boolean empty) {
            super.updateItem(row, empty);
            setText(empty || row == null ? null : timeText(row, getIndex()));
        }
    }

    /** "ipv6-hbh · 185 034 B" for super-packets, empty for ordinary rows. */
    private static final class JumboCell extends TableCell<PacketRow, PacketRow> {
        /** Made for the first super-packet the cell shows: a tooltip is a popup window, and most rows are not one. */
        private Tooltip tooltip;
        private final PacketTable table;

        JumboCell(PacketTable table) {
            this.table = table;
        }

        @Override
        protected void updateItem(PacketRow row, boolean empty) {
            super.updateItem(row, empty);
            if (empty || row == null || !row.isJumbo()) {
                setText(null);
                setTooltip(null);
                return;
            }
            setText(jumboText(row));
            if (tooltip == null) {
                tooltip = new Tooltip();
            }
            tooltip.setText("Real layer-3 payload length " + row.realLength() + " bytes (" + row.jumboKind().label()
                    + "); the IP header's own length field says 0");
            setTooltip(tooltip);
        }

        @Override
        protected void layoutChildren() {
            super.layoutChildren();
            table.fitToText(this, getText());
        }
    }

    /**
     * Colours a row by the first colouring rule that selects its frame; until the rules are decided, by
     * what it is: super-packet, expert error, expert warning.
     */
    private static final class PacketTableRow extends TableRow<PacketRow> {
        private static final String[] CLASSES = {"row-jumbo", "row-expert-error", "row-expert-warn", "row-cut",
            "row-marked", "row-rule"};

        @Override
        protected void updateItem(PacketRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().removeAll(CLASSES);
            setStyle(null);
            if (empty || row == null) {
                return;
            }
            boolean colours = !(getTableView() instanceof PacketTable table) || table.colorize.get();
            if (getTableView() instanceof PacketTable table && table.marks.isMarked(row)) {
                getStyleClass().add("row-marked");
            }
            if (!colours) {
                return;
            }
            if (getTableView() instanceof PacketTable table && table.rowColours.get() != null) {
                org.jumbocap.gui.model.ColouringRule rule = table.ruleOf(row);
                // a super-packet keeps its left bar under whichever rule colours it
                if (row.isJumbo()) {
                    getStyleClass().add("row-jumbo");
                }
                if (rule != null) {
                    // only looked-up colours inline: the stylesheet's selected and marked rules still win
                    setStyle("-jc-rule-fg: " + rule.foreground() + "; -jc-rule-bg: " + rule.background() + ";");
                    getStyleClass().add("row-rule");
                }
                return;
            }
            // The jumbo mark stays under an expert colour: the stylesheet draws it as a left bar too.
            if (row.isJumbo()) {
                getStyleClass().add("row-jumbo");
            } else if (row.capturedLength() < row.length()) {
                getStyleClass().add("row-cut");
            }
            Severity worst = row.worstExpert();
            if (worst == Severity.ERROR) {
                getStyleClass().add("row-expert-error");
            } else if (worst == Severity.WARN) {
                getStyleClass().add("row-expert-warn");
            }
        }
    }
}
