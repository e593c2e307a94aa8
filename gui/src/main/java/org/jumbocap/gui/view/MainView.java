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
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.live.LiveCaptureProvider;
import org.jumbocap.gui.model.FrameDetail;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.MarkedFrames;
import org.jumbocap.gui.model.TimeReferences;
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
    private final FindViewModel finder;
    private final FindBar findBar;
    private final PacketColumns columns;
    private final Label status = new Label();
    private final Label counts = new Label();
    private Theme theme = Theme.LIGHT;
    /** The View menu's theme items, kept in step with the theme. */
    private Map<Theme, RadioMenuItem> themeItems;
    private WindowSettings windowSettings;
    private ColouringSettings colouringSettings;
    private double fontSize;
    private LiveCaptureProvider liveProvider;
    private LiveCaptureDialog liveDialog;
    private final ErrorDialogs errors = new ErrorDialogs(this::window);
    private final AnalysisWindows windows;
    private final FileActions files;
    private final PacketListSelection selection;

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
        columns = new PacketColumns(table, model, columnSettings);
        files = new FileActions(model, recentFiles, table, marks, errors, this::window);
        windows = new AnalysisWindows(model, filterBar::apply, this::prepareFilter, n -> goToFrame(n),
                this::goToFirstFrameBetween, () -> theme, this::window, errors);
        finder = new FindViewModel(model);
        findBar = new FindBar(finder, () -> table.getSelectionModel().getSelectedIndex(), table::selectAndShow);
        findBar.setOnClose(table::requestFocus);
        tree.setOnApplyAsColumn(columns::applyAsColumn);
        hex.setOnSaveBytes(bytes -> files.chooseAndSaveBytes(bytes));

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
        selection = new PacketListSelection(model, table, marks, errors, this::window);
        setTop(new VBox(new MainMenus(this, model, table, files, selection).menuBar(), filterBar, findBar));
        setCenter(main);
        setBottom(statusBar());
        wire();
        files.installDragAndDrop(this);
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

    void editColouringRules() {
        new ColouringRulesDialog(getScene() == null ? null : getScene().getWindow(),
                model.colouring().rulesProperty().get(), model::validateFilter).ask().ifPresent(edited -> {
                    model.colouring().rulesProperty().set(edited);
                    saveColouring();
                });
    }

    private void wire() {
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

    // ---- actions ---------------------------------------------------------------------------------

    private void applyFilter(String text) {
        try {
            model.applyFilter(text);
        } catch (FilterSyntaxException e) {
            showError("Display filter", e.detail());
        }
    }

    void themeItemsAre(Map<Theme, RadioMenuItem> items) {
        themeItems = items;
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
        windows.themeChanged(next);
    }

    public Theme theme() {
        return theme;
    }

    public void setLiveProvider(LiveCaptureProvider provider) {
        this.liveProvider = provider;
    }

    /** Puts a display filter in the bar without applying it, as Wireshark's Prepare as Filter. */
    private void prepareFilter(String text) {
        filterBar.setText(text);
        filterBar.focusEditor();
    }

    // ---- the analysis windows ---------------------------------------------------------------------

    public void showStatistics() {
        windows.showStatistics();
    }

    /** Opens Follow TCP Stream on a row's stream (nothing for a row without one). */
    public void followStream(PacketRow row) {
        windows.followStream(row);
    }

    /** The Follow TCP Stream window, or null before it was first opened. */
    public FollowStreamView followView() {
        return windows.followView();
    }

    public void showConversations() {
        windows.showConversations();
    }

    public void showEndpoints() {
        windows.showEndpoints();
    }

    public void showIoGraph() {
        windows.showIoGraph();
    }

    public void showExpertInformation() {
        windows.showExpertInformation();
    }

    public void showProtocolHierarchy() {
        windows.showProtocolHierarchy();
    }

    public void showCaptureProperties() {
        windows.showCaptureProperties();
    }

    /** TCP Stream Graphs of the selected frame's stream (nothing for a frame without one). */
    public void showTcpStreamGraph(boolean throughputTab) {
        windows.showTcpStreamGraph(throughputTab);
    }

    /** The statistics window once opened, or null. */
    public StatisticsView statisticsView() {
        return windows.statisticsView();
    }

    public TcpStreamGraphView tcpStreamGraphView() {
        return windows.tcpStreamGraphView();
    }

    public ExpertInformationView expertInformationView() {
        return windows.expertInformationView();
    }

    public ProtocolHierarchyView protocolHierarchyView() {
        return windows.protocolHierarchyView();
    }

    public CapturePropertiesView capturePropertiesView() {
        return windows.capturePropertiesView();
    }

    public ConversationsView conversationsView() {
        return windows.conversationsView();
    }

    public EndpointsView endpointsView() {
        return windows.endpointsView();
    }

    public IoGraphView ioGraphView() {
        return windows.ioGraphView();
    }

    public void showLiveCapture() {
        if (liveDialog == null) {
            liveDialog = new LiveCaptureDialog(model, liveProvider, window());
            liveDialog.setBeforeStart(this::whenCaptureReleased);
        }
        liveDialog.setTheme(theme);
        liveDialog.show();
    }

    void findAgain(boolean forward) {
        if (findBar.query().text().isEmpty()) {
            findBar.open();
        } else {
            findBar.find(forward);
        }
    }

    // ---- the packet list ---------------------------------------------------------------------------

    /** Selects frame {@code number} if the filter shows it; false otherwise. */
    public boolean goToFrame(long number) {
        return selection.goToFrame(number);
    }

    /** Selects the first shown frame of {@code [startNanos, endNanos)}, as a click on the I/O graph asks; false when none. */
    private boolean goToFirstFrameBetween(long startNanos, long endNanos) {
        return selection.goToFirstFrameBetween(startNanos, endNanos);
    }

    /** Marks or unmarks the selected row (Ctrl+M). */
    public void toggleMark() {
        selection.toggleMark();
    }

    /** Ignores the row or brings it back (Ctrl+D). */
    public void toggleIgnore(PacketRow row) {
        selection.toggleIgnore(row);
    }

    /** Sets the selected row as a time reference, or unsets it (Ctrl+T). */
    public void toggleTimeReference() {
        selection.toggleTimeReference();
    }

    public TimeReferences timeReferences() {
        return selection.timeReferences();
    }

    /** Selects the next or previous marked row of the list, wrapping round; false when none is marked. */
    public boolean goToMark(boolean forward) {
        return selection.goToMark(forward);
    }

    // ---- files -------------------------------------------------------------------------------------

    /** Opens a capture file and notes it in the recent list (asking first about an unsaved live capture). */
    public void open(Path file) {
        files.open(file);
    }

    /** Quits, asking first about an unsaved live capture, whose temporary file goes unless saved. */
    /**
     * The view is done (quit, or a test's end): writes the columns' layout a change left waiting, saves no later
     * change, and stops the field columns' loaders.
     */
    public void flushSettings() {
        columns.close();
    }

    public void requestQuit() {
        files.requestQuit();
    }

    /** What Quit does once the capture is released: {@link Platform#exit} (tests count it instead). */
    public void setQuitAction(Runnable action) {
        files.setQuitAction(action);
    }

    /** Starts the last live capture again, with the same interface and filter (asking about the unsaved one). */
    public void restartLive() {
        files.restartLive();
    }

    /** Runs {@code then} once an unsaved live capture is saved or discarded (at once when none is unsaved). */
    public void whenCaptureReleased(Runnable then) {
        files.whenCaptureReleased(then);
    }

    /** Where Save Capture writes: a file chooser unless a test has set another chooser. */
    public void setCaptureSaveTarget(java.util.function.Supplier<Path> chooser) {
        files.setCaptureSaveTarget(chooser);
    }

    /** File → Save As through the Packet Range box. */
    public PacketRangeDialog saveAs() {
        return files.saveAs();
    }

    /** File → Export Packet Dissections through the Packet Range box. */
    public PacketRangeDialog exportAs(ExportDissectionsTask.Format format) {
        return files.exportAs(format);
    }

    /** Chooses where Save As and Export write, by the dialog's title, in place of the file chooser (tests). */
    public void setFileTarget(java.util.function.Function<String, Path> chooser) {
        files.setFileTarget(chooser);
    }

    /** Writes the marked frames to a capture file, as Save does the shown ones. */
    public void saveMarked(Path target, SaveFormat format) {
        files.saveMarked(target, format);
    }

    /** Writes the shown frames' dissections to a file in the background. */
    public void exportDissections(Path target, ExportDissectionsTask.Format format) {
        files.exportDissections(target, format);
    }

    /** Writes bytes to a file off the UI thread; a failure shows an error. */
    public void saveBytes(byte[] bytes, Path target) {
        files.saveBytes(bytes, target);
    }

    private void showError(String title, String message) {
        errors.show(title, message);
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

    /** The last error dialog shown, or null. */
    public Alert lastError() {
        return errors.last();
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
