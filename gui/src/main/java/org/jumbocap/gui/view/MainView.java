package org.jumbocap.gui.view;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.live.LiveCaptureProvider;
import org.jumbocap.gui.model.FrameDetail;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.MarkedFrames;
import org.jumbocap.gui.model.PacketRange;
import org.jumbocap.gui.model.TimeReferences;
import org.jumbocap.gui.model.TimeFormat;
import org.jumbocap.gui.service.ExportDissectionsTask;
import org.jumbocap.gui.settings.ColouringSettings;
import org.jumbocap.gui.settings.ColumnSettings;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.settings.WindowSettings;
import org.jumbocap.gui.view.find.FindBar;
import org.jumbocap.gui.viewmodel.FindViewModel;
import org.jumbocap.gui.view.filter.FilterBar;
import org.jumbocap.gui.view.hex.HexView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.gui.viewmodel.CaptureWindowsViewModels;
import org.jumbocap.gui.viewmodel.FollowStreamViewModel;
import org.jumbocap.gui.viewmodel.IoGraphViewModel;
import org.jumbocap.gui.viewmodel.TrafficTablesViewModel;
import org.jumbocap.tree.FieldNode;

/**
 * The main window's content: menus, the display-filter bar, the packet list over the detail tree and the
 * hex pane, and a status line with progress. It renders the view model and forwards user actions to it.
 */
public final class MainView extends BorderPane {
    /** Fields selected when a super-packet is shown, first found wins. */
    private static final List<String> JUMBO_EVIDENCE = List.of("ipv6.opt.jumbo", "ipv6.plen", "ip.len", "jumbo");

    private final CaptureViewModel model;
    private final RecentFiles recentFiles;
    private final PacketTable table;
    private final DetailTree tree = new DetailTree();
    private final HexView hex = new HexView();
    private final FilterBar filterBar = new FilterBar();
    private final MarkedFrames marks = new MarkedFrames();
    private final TimeReferences timeReferences = new TimeReferences();
    private final FindViewModel finder;
    private final FindBar findBar;
    private final PacketColumns columns;
    private final Menu recentMenu = new Menu("Open _Recent");
    private final Label status = new Label();
    private final Label counts = new Label();
    private Theme theme = Theme.LIGHT;
    private Map<Theme, RadioMenuItem> themeItems;
    private WindowSettings windowSettings;
    private ColouringSettings colouringSettings;
    private double fontSize;
    private LiveCaptureProvider liveProvider;
    private StatisticsView statisticsView;
    private FollowStreamView followView;
    /** The shown list the table's selection refers to. */
    private Object listShown;
    private TrafficTablesViewModel trafficTables;
    private ConversationsView conversationsView;
    private EndpointsView endpointsView;
    private IoGraphView ioGraphView;
    private ExpertInformationView expertInformationView;
    private ProtocolHierarchyView protocolHierarchyView;
    private CapturePropertiesView capturePropertiesView;
    private TcpStreamGraphView tcpStreamGraphView;
    private LiveCaptureDialog liveDialog;
    private Alert lastError;
    /** Chooses where Save Capture writes (tests set it; null: a file chooser). */
    private java.util.function.Supplier<Path> captureSaveTarget;
    private Runnable quitAction = Platform::exit;
    /** Chooses where Save As and Export write (tests set it; null: a file chooser). */
    private java.util.function.Function<String, Path> fileTarget;

    public MainView(CaptureViewModel model, RecentFiles recentFiles, LiveCaptureProvider liveProvider) {
        this(model, recentFiles, ColumnSettings.besides(recentFiles), liveProvider);
    }

    public MainView(CaptureViewModel model, RecentFiles recentFiles, ColumnSettings columnSettings,
                    LiveCaptureProvider liveProvider) {
        this.model = model;
        this.recentFiles = recentFiles;
        this.liveProvider = liveProvider;
        setId("main-view");
        getStyleClass().add("main-view");
        table = new PacketTable(model.shownRows(), model::sortShown);
        table.setTimeDecimals(() -> model.frameStore() != null && model.frameStore().nanoPrecision() ? 9 : 6);
        table.setMarks(marks);
        table.setTimeReferences(timeReferences);
        table.setOnToggleIgnore(this::toggleIgnore);
        columns = new PacketColumns(table, model, columnSettings);
        finder = new FindViewModel(model);
        findBar = new FindBar(finder, () -> table.getSelectionModel().getSelectedIndex(), table::selectAndShow);
        findBar.setOnClose(table::requestFocus);
        tree.setOnApplyAsColumn(columns::applyAsColumn);
        hex.setOnSaveBytes(this::chooseAndSaveBytes);

        filterBar.setValidator(model::validateFilter);
        filterBar.completionsProperty().set(new org.jumbocap.gui.model.FilterCompletions(model.backend().filterFields()));
        filterBar.setOnApply(this::applyFilter);
        // a filter cancelled leaves the one in force: the bar shows that one again
        model.wantedFilterProperty().addListener((obs, old, now) -> {
            if (!now.equals(filterBar.getText() == null ? "" : filterBar.getText().strip())) {
                filterBar.setText(now);
            }
        });

        tree.setOnApplyFilter(filterBar::apply);
        table.setOnApplyFilter(filterBar::apply);
        table.setOnFollowStream(this::followStream);
        table.setOnPrepareFilter(this::prepareFilter);
        tree.setOnPrepareFilter(this::prepareFilter);

        SplitPane lower = new SplitPane(tree, hex);
        lower.setDividerPositions(0.45);
        SplitPane main = new SplitPane(table, lower);
        main.setOrientation(Orientation.VERTICAL);
        main.setDividerPositions(0.5);

        windowSettings = WindowSettings.besides(recentFiles);
        colouringSettings = ColouringSettings.besides(recentFiles);
        loadColouring();
        fontSize = windowSettings.load().fontSize();
        if (fontSize != WindowSettings.DEFAULT_FONT_SIZE) {
            table.setFontSize(fontSize);
            tree.setFontSize(fontSize);
            hex.fontSizeProperty().set(fontSize);
        }
        setTop(new VBox(menuBar(), filterBar, findBar));
        setCenter(main);
        setBottom(statusBar());
        wire();
        installDragAndDrop();
    }

    /** The stored colouring rules and View → Colorize Packet List, each change saved again. */
    private void loadColouring() {
        var colouring = model.colouring();
        ColouringSettings.Stored stored = colouringSettings.load();
        colouring.rulesProperty().set(stored.rules());
        colouring.colorizeProperty().set(stored.colorize());
        table.colorizeProperty().bindBidirectional(colouring.colorizeProperty());
        table.rowColoursProperty().bind(colouring.coloursProperty());
        colouring.colorizeProperty().addListener((obs, old, now) -> saveColouring());
    }

    private void saveColouring() {
        var colouring = model.colouring();
        if (!colouringSettings.save(colouring.rulesProperty().get(), colouring.colorizeProperty().get())) {
            model.work().status("Cannot save the colouring rules to " + colouringSettings.file());
        }
    }

    private void editColouringRules() {
        new ColouringRulesDialog(getScene() == null ? null : getScene().getWindow(),
                model.colouring().rulesProperty().get(), model::validateFilter).ask().ifPresent(edited -> {
                    model.colouring().rulesProperty().set(edited);
                    saveColouring();
                });
    }

    private void wire() {
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
        model.detailProperty().addListener((obs, old, detail) -> showDetail(detail));
        tree.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            FieldNode field = tree.selectedField();
            if (field == null || field.length() <= 0) {
                hex.clearHighlight();
            } else {
                hex.highlight(field.offset(), field.length());
            }
        });
        hex.setOnByteClicked(offset -> {
            FrameDetail detail = model.detailProperty().get();
            if (detail != null) {
                FieldNode field = detail.tree().fieldAt(offset);
                if (field != null) {
                    tree.reveal(field);
                }
            }
        });
        model.expertSummaryProperty().addListener((obs, old, summary) -> table.refresh());
        model.textsVersionProperty().addListener((obs, old, version) -> table.refresh());
        // a new list (filtered) comes in frame order: put it in the order the sort arrows show
        model.shownRowsProperty().addListener((obs, old, rows) -> {
            listShown = rows;
            keepSelection(rows);
            if (!java.util.Objects.equals(model.order(), table.wantedOrder())) {
                Platform.runLater(table::sort);
            }
        });
        model.loadErrorProperty().addListener((obs, old, error) -> {
            if (error != null) {
                showError("Capture file problem", error
                        + "\n\nEvery frame before the fault is listed.");
                model.acknowledgeLoadError();
            }
        });
        status.textProperty().bind(model.statusProperty());
        javafx.scene.control.Label placeholder = new javafx.scene.control.Label();
        placeholder.textProperty().bind(Bindings.createStringBinding(() -> model.frameCountProperty().get() == 0
                        ? "Open a capture (Ctrl+O), drop a file here, or start a live capture"
                        : "No frame passes the display filter " + model.appliedFilterProperty().get(),
                model.frameCountProperty(), model.appliedFilterProperty()));
        table.setPlaceholder(placeholder);
        counts.textProperty().bind(Bindings.createStringBinding(
                () -> String.format(java.util.Locale.ROOT, "Frames: %,d   Shown: %,d", model.frameCountProperty().get(),
                        model.shownCountProperty().get())
                        + (model.ignored().countProperty().get() == 0 ? "" : String.format(java.util.Locale.ROOT,
                                "   Ignored: %,d", model.ignored().countProperty().get())),
                model.frameCountProperty(), model.shownCountProperty(), model.ignored().countProperty()));
    }

    private void showDetail(FrameDetail detail) {
        if (detail == null) {
            tree.show(null);
            hex.setData(null, 0);
            return;
        }
        tree.show(detail.tree());
        hex.setData(detail.frame().data(), detail.frame().capturedLength());
        if (detail.tree().find("jumbo") != null) {
            // Show the bytes that make it a jumbogram: the RFC 2675 option, else the zeroed length field.
            for (String evidence : JUMBO_EVIDENCE) {
                FieldNode field = detail.tree().find(evidence);
                if (field != null) {
                    tree.reveal(field);
                    break;
                }
            }
        }
    }

    private MenuBar menuBar() {
        MenuItem open = item("_Open\u2026", "Shortcut+O", e -> chooseAndOpen());
        MenuItem save = item("_Save As\u2026", "Shortcut+S", e -> saveAs());
        save.setId("menu-save-as");
        MenuItem quit = item("_Quit", "Shortcut+Q", e -> requestQuit());
        MenuItem saveCapture = item("Save _Capture As\u2026", "Shortcut+Alt+S", e -> saveLiveCapture(null));
        saveCapture.setId("menu-save-capture");
        saveCapture.disableProperty().bind(model.liveFileProperty().isNull());
        refreshRecentMenu(recentFiles.list());
        Menu export = new Menu("_Export Packet Dissections");
        for (ExportDissectionsTask.Format format : ExportDissectionsTask.Format.values()) {
            MenuItem m = item(format.label() + "\u2026", null, e -> exportAs(format));
            m.setId("menu-export-" + format.name().toLowerCase(java.util.Locale.ROOT));
            m.setMnemonicParsing(false);
            export.getItems().add(m);
        }
        Menu file = new Menu("_File", null, open, recentMenu, saveCapture, save, export, new SeparatorMenuItem(), quit);

        MenuItem findPacket = item("_Find Packet\u2026", "Shortcut+F", e -> findBar.open());
        findPacket.setId("menu-find");
        MenuItem findNext = item("Find Ne_xt", "Shortcut+N", e -> findAgain(true));
        MenuItem findPrevious = item("Find Pre_vious", "Shortcut+B", e -> findAgain(false));
        MenuItem mark = item("_Mark/Unmark Frame", "Shortcut+M", e -> toggleMark());
        mark.setId("menu-mark");
        MenuItem unmarkAll = item("Unmark All Frames", "Shortcut+Alt+M", e -> marks.clear());
        MenuItem ignore = item("_Ignore/Unignore Frame", "Shortcut+D", e -> toggleIgnore(table.getSelectionModel().getSelectedItem()));
        ignore.setId("menu-ignore");
        ignore.disableProperty().bind(model.liveRunningProperty());
        MenuItem unignoreAll = item("Unignore All Frames", "Shortcut+Alt+D", e -> model.unignoreAll());
        unignoreAll.setId("menu-unignore-all");
        MenuItem timeReference = item("Set/Unset Time _Reference", "Shortcut+T", e -> toggleTimeReference());
        timeReference.setId("menu-time-reference");
        MenuItem unsetReferences = item("Unset All Time References", "Shortcut+Alt+T", e -> timeReferences.clear());
        MenuItem preferences = item("_Preferences\u2026", "Shortcut+Shift+P", e -> showPreferences());
        preferences.setId("menu-preferences");
        Menu edit = new Menu("_Edit", null, findPacket, findNext, findPrevious, new SeparatorMenuItem(), mark, unmarkAll,
                new SeparatorMenuItem(), ignore, unignoreAll, new SeparatorMenuItem(), timeReference, unsetReferences,
                new SeparatorMenuItem(), preferences);

        MenuItem goTo = item("_Go to Frame\u2026", "Shortcut+G", e -> askGoToFrame());
        MenuItem find = item("_Filter\u2026", "Shortcut+Slash", e -> filterBar.focusEditor());
        MenuItem first = item("First Frame", "Shortcut+Home", e -> selectIndex(0));
        MenuItem last = item("Last Frame", "Shortcut+End", e -> selectIndex(table.getItems().size() - 1));
        MenuItem nextMark = item("Next Mark", "Shortcut+Shift+N", e -> goToMark(true));
        MenuItem previousMark = item("Previous Mark", "Shortcut+Shift+B", e -> goToMark(false));
        Menu go = new Menu("_Go", null, goTo, find, first, last, new SeparatorMenuItem(), nextMark, previousMark);

        ToggleGroup themes = new ToggleGroup();
        RadioMenuItem light = new RadioMenuItem("_Light Theme");
        RadioMenuItem dark = new RadioMenuItem("_Dark Theme");
        light.setToggleGroup(themes);
        dark.setToggleGroup(themes);
        light.setSelected(true);
        light.setOnAction(e -> chooseTheme(Theme.LIGHT));
        dark.setOnAction(e -> chooseTheme(Theme.DARK));
        themeItems = Map.of(Theme.LIGHT, light, Theme.DARK, dark);
        light.setId("menu-theme-light");
        dark.setId("menu-theme-dark");
        Menu view = new Menu("_View", null, light, dark, new SeparatorMenuItem(), timeFormatMenu());
        javafx.scene.control.CheckMenuItem colorize = new javafx.scene.control.CheckMenuItem("Colori_ze Packet List");
        colorize.setId("menu-colorize");
        colorize.selectedProperty().bindBidirectional(table.colorizeProperty());
        MenuItem colouringRules = new MenuItem("Coloring _Rules\u2026");
        colouringRules.setId("menu-colouring-rules");
        colouringRules.setOnAction(e -> editColouringRules());
        view.getItems().addAll(new SeparatorMenuItem(), colorize, colouringRules);
        view.getItems().add(new SeparatorMenuItem());
        view.getItems().addAll(zoomItems());
        view.getItems().add(new SeparatorMenuItem());
        view.getItems().addAll(treeItems());

        MenuItem follow = item("Follow _TCP Stream", "Shortcut+Alt+Shift+T",
                e -> followStream(model.selectedRowProperty().get()));
        follow.setId("menu-analyze-follow-tcp");
        follow.disableProperty().bind(Bindings.createBooleanBinding(() -> model.selectedRowProperty().get() == null
                || model.selectedRowProperty().get().tcpStream() < 0, model.selectedRowProperty()));
        MenuItem expertInformation = item("E_xpert Information", null, e -> showExpertInformation());
        Menu analyze = new Menu("_Analyze", null, follow, expertInformation);

        MenuItem stats = item("Capture _Statistics\u2026", "Shortcut+Shift+S", e -> showStatistics());
        MenuItem conversations = item("_Conversations\u2026", null, e -> showConversations());
        MenuItem endpoints = item("_Endpoints\u2026", null, e -> showEndpoints());
        MenuItem ioGraph = item("_I/O Graph\u2026", null, e -> showIoGraph());
        MenuItem captureProperties = item("Capture _File Properties", "Shortcut+Alt+Shift+C", e -> showCaptureProperties());
        MenuItem protocolHierarchy = item("_Protocol Hierarchy", null, e -> showProtocolHierarchy());
        Menu tcpGraphs = new Menu("TCP Stream _Graphs", null,
                item("_Stevens (Sequence Numbers)", null, e -> showTcpStreamGraph(false)),
                item("_Throughput", null, e -> showTcpStreamGraph(true)));
        Menu statistics = new Menu("_Statistics", null, captureProperties, protocolHierarchy, stats, conversations, endpoints,
                ioGraph, tcpGraphs);

        MenuItem live = item("_Live Capture\u2026", "Shortcut+K", e -> showLiveCapture());
        MenuItem stopLive = item("S_top", "Shortcut+E", e -> model.requestStopLive());
        stopLive.setId("menu-capture-stop");
        stopLive.disableProperty().bind(model.liveRunningProperty().not());
        MenuItem restart = item("_Restart", "Shortcut+R", e -> restartLive());
        restart.setId("menu-capture-restart");
        restart.disableProperty().bind(model.lastLiveProperty().isNull());
        Menu capture = new Menu("_Capture", null, live, stopLive, restart);

        MenuBar bar = new MenuBar(file, edit, view, go, capture, analyze, statistics);
        bar.setId("menu-bar");
        return bar;
    }

    /** View → Zoom In, Zoom Out, Normal Size: the packet list, details and bytes, with Wireshark's keys. */
    private List<MenuItem> zoomItems() {
        MenuItem in = new MenuItem("Zoom _In");
        in.setId("menu-zoom-in");
        in.setAccelerator(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN));
        in.setOnAction(e -> setFontSize(fontSize + Zoom.STEP));
        MenuItem out = new MenuItem("Zoom _Out");
        out.setId("menu-zoom-out");
        out.setAccelerator(new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN));
        out.setOnAction(e -> setFontSize(fontSize - Zoom.STEP));
        MenuItem normal = new MenuItem("_Normal Size");
        normal.setId("menu-zoom-normal");
        normal.setAccelerator(new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN));
        normal.setOnAction(e -> setFontSize(WindowSettings.DEFAULT_FONT_SIZE));
        return List.of(in, out, normal);
    }

    /** View → Expand Subtrees, Collapse Subtrees, Expand All, Collapse All of the details, with Wireshark's keys. */
    private List<MenuItem> treeItems() {
        MenuItem expandSubtrees = item("Expand Subtrees", "Shift+Right", e -> tree.expandSubtrees());
        expandSubtrees.setId("menu-expand-subtrees");
        MenuItem collapseSubtrees = item("Collapse Subtrees", "Shift+Left", e -> tree.collapseSubtrees());
        collapseSubtrees.setId("menu-collapse-subtrees");
        MenuItem expandAll = item("Expand All", "Shortcut+Right", e -> tree.expandAll());
        expandAll.setId("menu-expand-all");
        MenuItem collapseAll = item("Collapse All", "Shortcut+Left", e -> tree.collapseAll());
        collapseAll.setId("menu-collapse-all");
        return List.of(expandSubtrees, collapseSubtrees, expandAll, collapseAll);
    }

    /** The text size of the packet list, details and bytes in points, kept for the next start. */
    public void setFontSize(double points) {
        fontSize = Zoom.clamp(points);
        table.setFontSize(fontSize);
        tree.setFontSize(fontSize);
        hex.fontSizeProperty().set(fontSize);
        WindowSettings.Placement saved = windowSettings.load();
        windowSettings.save(new WindowSettings.Placement(saved.x(), saved.y(), saved.width(), saved.height(),
                saved.maximized(), fontSize));
    }

    public double fontSize() {
        return fontSize;
    }

    /** View → Time Display Format, with Wireshark's Ctrl+Alt+1..5 in its order. */
    private Menu timeFormatMenu() {
        Menu menu = new Menu("_Time Display Format");
        ToggleGroup formats = new ToggleGroup();
        int key = 1;
        for (TimeFormat format : TimeFormat.values()) {
            RadioMenuItem m = new RadioMenuItem(format.label());
            m.setId("menu-time-" + format.name().toLowerCase(java.util.Locale.ROOT));
            m.setToggleGroup(formats);
            m.setAccelerator(KeyCombination.keyCombination("Shortcut+Alt+" + key++));
            m.setSelected(table.timeFormatProperty().get() == format);
            m.setOnAction(e -> table.timeFormatProperty().set(format));
            table.timeFormatProperty().addListener((obs, old, now) -> m.setSelected(now == format));
            menu.getItems().add(m);
        }
        return menu;
    }

    private MenuItem item(String text, String accelerator, javafx.event.EventHandler<javafx.event.ActionEvent> action) {
        MenuItem m = new MenuItem(text);
        if (accelerator != null) {
            m.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        m.setOnAction(action);
        return m;
    }

    private HBox statusBar() {
        ProgressBar progress = new ProgressBar();
        progress.setId("progress");
        progress.setPrefWidth(160);
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.busyProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("cancel-task");
        cancel.visibleProperty().bind(model.busyProperty());
        cancel.setOnAction(e -> model.cancel());
        Label live = new Label();
        live.setId("live-counters");
        live.textProperty().bind(Bindings.createStringBinding(
                () -> model.liveRunningProperty().get() || model.liveReceivedProperty().get() > 0
                        ? String.format(java.util.Locale.ROOT, "Received: %,d  Dropped: %,d", model.liveReceivedProperty().get(),
                                model.liveDroppedProperty().get())
                        : "",
                model.liveRunningProperty(), model.liveReceivedProperty(), model.liveDroppedProperty()));
        status.setId("status");
        status.setMinWidth(0);
        counts.setId("frame-counts");
        counts.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox.setHgrow(status, Priority.SOMETIMES);
        HBox bar = new HBox(8, status, spacer, live, progress, cancel, counts);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    private void installDragAndDrop() {
        setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            boolean ok = files != null && !files.isEmpty();
            if (ok) {
                open(files.get(0).toPath());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    // ---- actions ---------------------------------------------------------------------------------

    /** Opens a capture file and notes it in the recent list (asking first about an unsaved live capture). */
    public void open(Path file) {
        whenCaptureReleased(() -> {
            model.open(file);
            refreshRecentMenu(recentFiles.add(file));
        });
    }

    /** Quits, asking first about an unsaved live capture, whose temporary file goes unless saved. */
    public void requestQuit() {
        whenCaptureReleased(quitAction);
    }

    /** What Quit does once the capture is released: {@link Platform#exit} (tests count it instead). */
    public void setQuitAction(Runnable action) {
        this.quitAction = action;
    }

    /** Starts the last live capture again, with the same interface and filter (asking about the unsaved one). */
    public void restartLive() {
        whenCaptureReleased(() -> {
            try {
                model.restartLive();
            } catch (java.io.IOException | RuntimeException e) {
                showError("Restart", e.getMessage());
            }
        });
    }

    /**
     * Runs {@code then} once an unsaved live capture is saved or discarded, as Wireshark asks on Close and
     * Quit: Save (to a file chosen, then {@code then}), Discard (its temporary file is removed), Cancel
     * (nothing). Runs it at once when no capture is unsaved.
     */
    public void whenCaptureReleased(Runnable then) {
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
        if (window() != null) {
            ask.initOwner(window());
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
    public void setCaptureSaveTarget(java.util.function.Supplier<Path> chooser) {
        this.captureSaveTarget = chooser;
    }

    /** Copies the live capture's file to a file chosen; then runs {@code then} (may be null) when saved. */
    private void saveLiveCapture(Runnable then) {
        Path target;
        if (captureSaveTarget != null) {
            target = captureSaveTarget.get();
        } else {
            FileChooser chooser = captureChooser("Save Capture");
            chooser.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("pcapng", SaveFormat.PCAPNG.glob()));
            chooser.setInitialFileName(model.liveFileProperty().get() == null ? "capture.pcapng"
                    : model.liveFileProperty().get().getFileName().toString());
            File f = chooser.showSaveDialog(window());
            target = f == null ? null : f.toPath();
        }
        if (target == null) {
            return;
        }
        model.saveLiveCapture(target, error -> {
            if (error != null) {
                showError("Save failed", error);
            } else if (then != null) {
                then.run();
            }
        });
    }

    private void applyFilter(String text) {
        try {
            model.applyFilter(text);
        } catch (FilterSyntaxException e) {
            showError("Display filter", e.detail());
        }
    }

    /** Selects the first shown frame of {@code [startNanos, endNanos)}, as a click on the I/O graph asks; false when none. */
    private boolean goToFirstFrameBetween(long startNanos, long endNanos) {
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
    public boolean goToFrame(long number) {
        PacketRow row = model.row(number);
        if (row == null || !table.reveal(row)) {
            model.select(null);
            return false;
        }
        table.requestFocus();
        return true;
    }

    /** A theme the user chose (View menu, Preferences): shown, and kept for the next start. */
    public void chooseTheme(Theme next) {
        setTheme(next);
        if (!windowSettings.saveTheme(next.name().toLowerCase(java.util.Locale.ROOT))) {
            model.work().status("Cannot save the theme to " + windowSettings.file());
        }
    }

    /** The theme chosen in Preferences or the View menu before, or null when none was. */
    public Theme storedTheme() {
        String stored = windowSettings.theme();
        return stored == null ? null : Theme.parse(stored);
    }

    /**
     * Edit → Preferences: font size, theme, the packet list's time format and columns, colouring on or off;
     * shown without waiting, applied on OK, each kept where the menus keep it.
     */
    public PreferencesDialog showPreferences() {
        Map<String, Boolean> shown = new java.util.LinkedHashMap<>();
        for (javafx.scene.control.TableColumn<PacketRow, ?> c : table.getColumns()) {
            shown.put(PacketColumns.title(c), c.isVisible());
        }
        PreferencesDialog dialog = new PreferencesDialog(window(), new PreferencesDialog.Preferences(fontSize, theme,
                table.timeFormatProperty().get(), table.colorizeProperty().get(), shown), this::editColouringRules);
        dialog.setOnHidden(e -> {
            PreferencesDialog.Preferences chosen = dialog.getResult();
            if (chosen != null) {
                applyPreferences(chosen);
            }
        });
        dialog.show();
        return dialog;
    }

    private void applyPreferences(PreferencesDialog.Preferences chosen) {
        if (chosen.fontSize() != fontSize) {
            setFontSize(chosen.fontSize());
        }
        if (chosen.theme() != theme) {
            chooseTheme(chosen.theme());
        }
        table.timeFormatProperty().set(chosen.timeFormat());
        table.colorizeProperty().set(chosen.colorize());
        for (javafx.scene.control.TableColumn<PacketRow, ?> c : table.getColumns()) {
            Boolean visible = chosen.columns().get(PacketColumns.title(c));
            if (visible != null) {
                c.setVisible(visible);
            }
        }
    }

    public void setTheme(Theme next) {
        theme = next;
        if (themeItems != null && themeItems.get(next) != null) {
            themeItems.get(next).setSelected(true);
        }
        if (getScene() != null) {
            theme.applyTo(getScene());
        }
        if (statisticsView != null) {
            statisticsView.setTheme(next);
        }
    }

    public Theme theme() {
        return theme;
    }

    public void setLiveProvider(LiveCaptureProvider provider) {
        this.liveProvider = provider;
    }

    public void showStatistics() {
        if (statisticsView == null) {
            statisticsView = new StatisticsView(model, filterBar::apply, window());
        }
        statisticsView.setTheme(theme);
        statisticsView.showAndRefresh();
    }

    /** Selects the frame selected before in a new shown list, or clears the selection when it is not in it. */
    private void keepSelection(org.jumbocap.gui.model.RowList rows) {
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

    /** Opens Follow TCP Stream on a row's stream (nothing for a row without one). */
    public void followStream(PacketRow row) {
        if (row == null || row.tcpStream() < 0) {
            return;
        }
        if (followView == null) {
            followView = new FollowStreamView(new FollowStreamViewModel(model), filterBar::apply, window());
        }
        followView.setTheme(theme);
        followView.show(row.tcpStream());
    }

    /** The Follow TCP Stream window, or null before it was first opened. */
    public FollowStreamView followView() {
        return followView;
    }

    /** Puts a display filter in the bar without applying it, as Wireshark's Prepare as Filter. */
    private void prepareFilter(String text) {
        filterBar.setText(text);
        filterBar.focusEditor();
    }

    public void showConversations() {
        if (conversationsView == null) {
            conversationsView = new ConversationsView(trafficTables(), filterBar::apply, window());
            conversationsView.setOnPrepareFilter(this::prepareFilter);
        }
        conversationsView.setTheme(theme);
        conversationsView.showAndRefresh();
    }

    public void showEndpoints() {
        if (endpointsView == null) {
            endpointsView = new EndpointsView(trafficTables(), filterBar::apply, window());
            endpointsView.setOnPrepareFilter(this::prepareFilter);
        }
        endpointsView.setTheme(theme);
        endpointsView.showAndRefresh();
    }

    /** The Conversations and Endpoints windows count together. */
    private TrafficTablesViewModel trafficTables() {
        if (trafficTables == null) {
            trafficTables = new TrafficTablesViewModel(model);
        }
        return trafficTables;
    }

    public void showIoGraph() {
        if (ioGraphView == null) {
            ioGraphView = new IoGraphView(new IoGraphViewModel(model), window());
            ioGraphView.setOnGoToTime(this::goToFirstFrameBetween);
        }
        ioGraphView.setTheme(theme);
        ioGraphView.showAndRefresh();
    }

    public void showExpertInformation() {
        if (expertInformationView == null) {
            expertInformationView = new ExpertInformationView(new CaptureWindowsViewModels.Experts(model), this::goToFrame, window());
        }
        expertInformationView.setTheme(theme);
        expertInformationView.showAndRefresh();
    }

    public void showProtocolHierarchy() {
        if (protocolHierarchyView == null) {
            protocolHierarchyView = new ProtocolHierarchyView(new CaptureWindowsViewModels.Hierarchy(model), window());
        }
        protocolHierarchyView.setTheme(theme);
        protocolHierarchyView.showAndRefresh();
    }

    public void showCaptureProperties() {
        if (capturePropertiesView == null) {
            capturePropertiesView = new CapturePropertiesView(new CaptureWindowsViewModels.Properties(model), window());
        }
        capturePropertiesView.setTheme(theme);
        capturePropertiesView.showAndRefresh();
    }

    /** TCP Stream Graphs of the selected frame's stream (nothing for a frame without one). */
    public void showTcpStreamGraph(boolean throughputTab) {
        PacketRow row = model.selectedRowProperty().get();
        if (row == null || row.tcpStream() < 0) {
            showError("TCP Stream Graphs", "Select a TCP frame first: the graphs draw its stream.");
            return;
        }
        if (tcpStreamGraphView == null) {
            tcpStreamGraphView = new TcpStreamGraphView(new CaptureWindowsViewModels.StreamGraph(model), window());
        }
        tcpStreamGraphView.setTheme(theme);
        tcpStreamGraphView.show(row.tcpStream(), throughputTab);
    }

    public TcpStreamGraphView tcpStreamGraphView() {
        return tcpStreamGraphView;
    }

    public ExpertInformationView expertInformationView() {
        return expertInformationView;
    }

    public ProtocolHierarchyView protocolHierarchyView() {
        return protocolHierarchyView;
    }

    public CapturePropertiesView capturePropertiesView() {
        return capturePropertiesView;
    }

    public ConversationsView conversationsView() {
        return conversationsView;
    }

    public EndpointsView endpointsView() {
        return endpointsView;
    }

    public IoGraphView ioGraphView() {
        return ioGraphView;
    }

    public void showLiveCapture() {
        if (liveDialog == null) {
            liveDialog = new LiveCaptureDialog(model, liveProvider, window());
            liveDialog.setBeforeStart(this::whenCaptureReleased);
        }
        liveDialog.setTheme(theme);
        liveDialog.show();
    }

    private void chooseAndOpen() {
        FileChooser chooser = captureChooser("Open Capture");
        File f = chooser.showOpenDialog(window());
        if (f != null) {
            open(f.toPath());
        }
    }

    /**
     * File → Save As: the Packet Range box (all, selected, marked, first to last marked, a range; captured
     * or displayed), then where, then the chosen frames are written in the background.
     */
    public PacketRangeDialog saveAs() {
        return askRange("Save As", numbers -> {
            Path target = chooseTarget("Save As", List.of(
                    new FileChooser.ExtensionFilter("pcap", SaveFormat.PCAP.glob()),
                    new FileChooser.ExtensionFilter("pcapng", SaveFormat.PCAPNG.glob())));
            if (target != null) {
                model.saveFrames(numbers, target, SaveFormat.forFile(target), error -> {
                    if (error != null) {
                        showError("Save failed", error);
                    }
                });
            }
        });
    }

    /** File → Export Packet Dissections: the Packet Range box, then where, then the chosen frames' dissections. */
    public PacketRangeDialog exportAs(ExportDissectionsTask.Format format) {
        return askRange("Export Packet Dissections", numbers -> {
            Path target = chooseTarget("Export Packet Dissections",
                    List.of(new FileChooser.ExtensionFilter(format.label(), format.glob())));
            if (target != null) {
                model.exportFrames(numbers, target, format, error -> {
                    if (error != null) {
                        showError("Export failed", error);
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
        PacketRangeDialog dialog = new PacketRangeDialog(window(), title, range, !model.appliedFilterProperty().get().isEmpty());
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
        File f = chooser.showSaveDialog(window());
        return f == null ? null : f.toPath();
    }

    /** Chooses where Save As and Export write, by the dialog's title, in place of the file chooser (tests). */
    public void setFileTarget(java.util.function.Function<String, Path> chooser) {
        this.fileTarget = chooser;
    }

    private void findAgain(boolean forward) {
        if (findBar.query().text().isEmpty()) {
            findBar.open();
        } else {
            findBar.find(forward);
        }
    }

    /** Marks or unmarks the selected row (Ctrl+M). */
    public void toggleMark() {
        PacketRow row = table.getSelectionModel().getSelectedItem();
        if (row != null) {
            marks.toggle(row);
        }
    }

    /**
     * Ignores the row (or brings it back): it leaves the list, and the selection moves to the row that
     * takes its place, as in Wireshark.
     */
    public void toggleIgnore(PacketRow row) {
        if (row != null && !model.toggleIgnore(row)) {
            model.work().status("Frames cannot be ignored while a live capture runs");
        }
    }

    /** Sets the selected row as a time reference, or unsets it (Ctrl+T). */
    public void toggleTimeReference() {
        PacketRow row = table.getSelectionModel().getSelectedItem();
        if (row != null) {
            timeReferences.toggle(row);
        }
    }

    public TimeReferences timeReferences() {
        return timeReferences;
    }

    /** Selects the next or previous marked row of the list, wrapping round; false when none is marked. */
    public boolean goToMark(boolean forward) {
        int at = marks.next(model.shownRowsProperty().get(), table.getSelectionModel().getSelectedIndex(), forward);
        if (at >= 0) {
            table.selectAndShow(at);
        }
        return at >= 0;
    }

    /** Writes the marked frames to a capture file, as Save does the shown ones. */
    public void saveMarked(Path target, SaveFormat format) {
        // the marked frames as the Packet Range's "Marked packets only" chooses them: ignored ones left out
        java.util.BitSet numbers = model.packetRange(marks.numbers(model.shownRowsProperty().get().store()), 0)
                .numbers(new PacketRange.Choice(PacketRange.Kind.MARKED, false, ""));
        model.saveFrames(numbers, target, format, error -> {
            if (error != null) {
                showError("Save failed", error);
            }
        });
    }

    /** Writes the shown frames' dissections to a file in the background. */
    public void exportDissections(Path target, ExportDissectionsTask.Format format) {
        model.exportShown(target, format, error -> {
            if (error != null) {
                showError("Export failed", error);
            }
        });
    }

    private void chooseAndSaveBytes(byte[] bytes) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save Raw Bytes");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Raw bytes", "*.bin", "*"));
        File f = chooser.showSaveDialog(window());
        if (f != null) {
            saveBytes(bytes, f.toPath());
        }
    }

    /** Writes bytes to a file off the UI thread; a failure shows an error. */
    public void saveBytes(byte[] bytes, Path target) {
        javafx.concurrent.Task<Void> write = new javafx.concurrent.Task<>() {
            @Override
            protected Void call() throws java.io.IOException {
                java.nio.file.Files.write(target, bytes);
                return null;
            }
        };
        write.setOnFailed(e -> showError("Save failed", target + ": " + write.getException().getMessage()));
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

    private void askGoToFrame() {
        TextInputDialog dialog = new TextInputDialog();
        dialog.initOwner(window());
        dialog.setTitle("Go to Frame");
        dialog.setHeaderText(null);
        dialog.setContentText("Frame number:");
        dialog.showAndWait().ifPresent(text -> {
            try {
                if (!goToFrame(Long.parseLong(text.strip()))) {
                    showError("Go to Frame", "Frame " + text.strip() + " is not in the list (filtered out or past the end)");
                }
            } catch (NumberFormatException e) {
                showError("Go to Frame", "Not a frame number: " + text);
            }
        });
    }

    private void selectIndex(int index) {
        table.selectAndShow(index);
    }

    private void refreshRecentMenu(List<Path> recent) {
        recentMenu.getItems().clear();
        for (Path p : recent) {
            MenuItem m = new MenuItem(p.toString());
            m.setMnemonicParsing(false);
            m.setOnAction(e -> open(p));
            recentMenu.getItems().add(m);
        }
        recentMenu.setDisable(recent.isEmpty());
    }

    private void showError(String title, String message) {
        Alert alert = new Alert(Alert.AlertType.ERROR, message);
        alert.setTitle(title);
        alert.setHeaderText(title);
        if (window() != null) {
            alert.initOwner(window());
        }
        alert.getDialogPane().setId("error-dialog");
        alert.getDialogPane().setMinHeight(Region.USE_PREF_SIZE);
        lastError = alert;
        alert.show();
    }

    private Window window() {
        Scene scene = getScene();
        return scene == null ? null : scene.getWindow();
    }

    // ---- for the application and tests ----------------------------------------------------------

    public PacketTable table() {
        return table;
    }

    public DetailTree tree() {
        return tree;
    }

    public HexView hex() {
        return hex;
    }

    public FilterBar filterBar() {
        return filterBar;
    }

    public FindBar findBar() {
        return findBar;
    }

    public FindViewModel finder() {
        return finder;
    }

    public MarkedFrames marks() {
        return marks;
    }

    public PacketColumns columns() {
        return columns;
    }

    /** The statistics window once opened, or null. */
    public StatisticsView statisticsView() {
        return statisticsView;
    }

    /** The last error dialog shown, or null. */
    public Alert lastError() {
        return lastError;
    }

    public CaptureViewModel model() {
        return model;
    }

    /** Runs an action once the current task (reading a file) has ended. */
    public void whenIdle(Consumer<CaptureViewModel> action) {
        if (!model.isBusy()) {
            action.accept(model);
            return;
        }
        model.busyProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> busy, Boolean was, Boolean now) {
                if (!now) {
                    busy.removeListener(this);
                    action.accept(model);
                }
            }
        });
    }
}
