package org.jumbocap.gui.view;

import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.jumbocap.gui.model.TimeFormat;
import org.jumbocap.gui.service.ExportDissectionsTask;
import org.jumbocap.gui.settings.WindowSettings;
import org.jumbocap.gui.viewmodel.CaptureViewModel;

/**
 * The main window's menus (File, Edit, View, Go, Capture, Analyze, Statistics) with Wireshark's names and
 * keys; each item calls the main window, which hands the action to the part that does it.
 */
final class MainMenus {
    private final MainView view;
    private final CaptureViewModel model;
    private final PacketTable table;
    private final FileActions files;
    private final PacketListSelection selection;

    MainMenus(MainView view, CaptureViewModel model, PacketTable table, FileActions files, PacketListSelection selection) {
        this.view = view;
        this.model = model;
        this.table = table;
        this.files = files;
        this.selection = selection;
    }

    /** The menu bar. */
    MenuBar menuBar() {
        MenuItem open = item("_Open\u2026", "Shortcut+O", e -> files.chooseAndOpen());
        MenuItem save = item("_Save As\u2026", "Shortcut+S", e -> view.saveAs());
        save.setId("menu-save-as");
        MenuItem quit = item("_Quit", "Shortcut+Q", e -> view.requestQuit());
        MenuItem saveCapture = item("Save _Capture As\u2026", "Shortcut+Alt+S", e -> files.saveLiveCapture(null));
        saveCapture.setId("menu-save-capture");
        saveCapture.disableProperty().bind(model.liveFileProperty().isNull());
        Menu export = new Menu("_Export Packet Dissections");
        for (ExportDissectionsTask.Format format : ExportDissectionsTask.Format.values()) {
            MenuItem m = item(format.label() + "\u2026", null, e -> view.exportAs(format));
            m.setId("menu-export-" + format.name().toLowerCase(java.util.Locale.ROOT));
            m.setMnemonicParsing(false);
            export.getItems().add(m);
        }
        Menu file = new Menu("_File", null, open, files.recentMenu(), saveCapture, save, export, new SeparatorMenuItem(), quit);

        MenuItem findPacket = item("_Find Packet\u2026", "Shortcut+F", e -> view.findBar().open());
        findPacket.setId("menu-find");
        MenuItem findNext = item("Find Ne_xt", "Shortcut+N", e -> view.findAgain(true));
        MenuItem findPrevious = item("Find Pre_vious", "Shortcut+B", e -> view.findAgain(false));
        MenuItem mark = item("_Mark/Unmark Frame", "Shortcut+M", e -> view.toggleMark());
        mark.setId("menu-mark");
        MenuItem unmarkAll = item("Unmark All Frames", "Shortcut+Alt+M", e -> view.marks().clear());
        MenuItem ignore = item("_Ignore/Unignore Frame", "Shortcut+D", e -> view.toggleIgnore(table.getSelectionModel().getSelectedItem()));
        ignore.setId("menu-ignore");
        ignore.disableProperty().bind(model.liveRunningProperty());
        MenuItem unignoreAll = item("Unignore All Frames", "Shortcut+Alt+D", e -> model.unignoreAll());
        unignoreAll.setId("menu-unignore-all");
        MenuItem timeReference = item("Set/Unset Time _Reference", "Shortcut+T", e -> view.toggleTimeReference());
        timeReference.setId("menu-time-reference");
        MenuItem unsetReferences = item("Unset All Time References", "Shortcut+Alt+T", e -> view.timeReferences().clear());
        MenuItem preferences = item("_Preferences\u2026", "Shortcut+Shift+P", e -> view.showPreferences());
        preferences.setId("menu-preferences");
        Menu edit = new Menu("_Edit", null, findPacket, findNext, findPrevious, new SeparatorMenuItem(), mark, unmarkAll,
                new SeparatorMenuItem(), ignore, unignoreAll, new SeparatorMenuItem(), timeReference, unsetReferences,
                new SeparatorMenuItem(), preferences);

        MenuItem goTo = item("_Go to Frame\u2026", "Shortcut+G", e -> selection.askGoToFrame());
        MenuItem find = item("_Filter\u2026", "Shortcut+Slash", e -> view.filterBar().focusEditor());
        MenuItem first = item("First Frame", "Shortcut+Home", e -> selection.selectIndex(0));
        MenuItem last = item("Last Frame", "Shortcut+End", e -> selection.selectIndex(table.getItems().size() - 1));
        MenuItem nextMark = item("Next Mark", "Shortcut+Shift+N", e -> view.goToMark(true));
        MenuItem previousMark = item("Previous Mark", "Shortcut+Shift+B", e -> view.goToMark(false));
        Menu go = new Menu("_Go", null, goTo, find, first, last, new SeparatorMenuItem(), nextMark, previousMark);

        ToggleGroup themes = new ToggleGroup();
        RadioMenuItem light = new RadioMenuItem("_Light Theme");
        RadioMenuItem dark = new RadioMenuItem("_Dark Theme");
        light.setToggleGroup(themes);
        dark.setToggleGroup(themes);
        light.setSelected(true);
        light.setOnAction(e -> view.chooseTheme(Theme.LIGHT));
        dark.setOnAction(e -> view.chooseTheme(Theme.DARK));
        view.themeItemsAre(Map.of(Theme.LIGHT, light, Theme.DARK, dark));
        light.setId("menu-theme-light");
        dark.setId("menu-theme-dark");
        Menu viewMenu = new Menu("_View", null, light, dark, new SeparatorMenuItem(), timeFormatMenu());
        javafx.scene.control.CheckMenuItem colorize = new javafx.scene.control.CheckMenuItem("Colori_ze Packet List");
        colorize.setId("menu-colorize");
        colorize.selectedProperty().bindBidirectional(table.colorizeProperty());
        MenuItem colouringRules = new MenuItem("Coloring _Rules\u2026");
        colouringRules.setId("menu-colouring-rules");
        colouringRules.setOnAction(e -> view.editColouringRules());
        viewMenu.getItems().addAll(new SeparatorMenuItem(), colorize, colouringRules);
        viewMenu.getItems().add(new SeparatorMenuItem());
        viewMenu.getItems().addAll(zoomItems());
        viewMenu.getItems().add(new SeparatorMenuItem());
        viewMenu.getItems().addAll(treeItems());

        MenuItem follow = item("Follow _TCP Stream", "Shortcut+Alt+Shift+T",
                e -> view.followStream(model.selectedRowProperty().get()));
        follow.setId("menu-analyze-follow-tcp");
        follow.disableProperty().bind(Bindings.createBooleanBinding(() -> model.selectedRowProperty().get() == null
                || model.selectedRowProperty().get().tcpStream() < 0, model.selectedRowProperty()));
        MenuItem expertInformation = item("E_xpert Information", null, e -> view.showExpertInformation());
        Menu analyze = new Menu("_Analyze", null, follow, expertInformation);

        MenuItem stats = item("Capture _Statistics\u2026", "Shortcut+Shift+S", e -> view.showStatistics());
        MenuItem conversations = item("_Conversations\u2026", null, e -> view.showConversations());
        MenuItem endpoints = item("_Endpoints\u2026", null, e -> view.showEndpoints());
        MenuItem ioGraph = item("_I/O Graph\u2026", null, e -> view.showIoGraph());
        MenuItem captureProperties = item("Capture _File Properties", "Shortcut+Alt+Shift+C", e -> view.showCaptureProperties());
        MenuItem protocolHierarchy = item("_Protocol Hierarchy", null, e -> view.showProtocolHierarchy());
        Menu tcpGraphs = new Menu("TCP Stream _Graphs", null,
                item("_Stevens (Sequence Numbers)", null, e -> view.showTcpStreamGraph(false)),
                item("_Throughput", null, e -> view.showTcpStreamGraph(true)));
        Menu statistics = new Menu("_Statistics", null, captureProperties, protocolHierarchy, stats, conversations, endpoints,
                ioGraph, tcpGraphs);

        MenuItem live = item("_Live Capture\u2026", "Shortcut+K", e -> view.showLiveCapture());
        MenuItem stopLive = item("S_top", "Shortcut+E", e -> model.requestStopLive());
        stopLive.setId("menu-capture-stop");
        stopLive.disableProperty().bind(model.liveRunningProperty().not());
        MenuItem restart = item("_Restart", "Shortcut+R", e -> view.restartLive());
        restart.setId("menu-capture-restart");
        restart.disableProperty().bind(model.lastLiveProperty().isNull());
        Menu capture = new Menu("_Capture", null, live, stopLive, restart);

        MenuBar bar = new MenuBar(file, edit, viewMenu, go, capture, analyze, statistics);
        bar.setId("menu-bar");
        return bar;
    }

    /** View → Zoom In, Zoom Out, Normal Size: the packet list, details and bytes, with Wireshark's keys. */
    private List<MenuItem> zoomItems() {
        MenuItem in = new MenuItem("Zoom _In");
        in.setId("menu-zoom-in");
        in.setAccelerator(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN));
        in.setOnAction(e -> view.setFontSize(view.fontSize() + Zoom.STEP));
        MenuItem out = new MenuItem("Zoom _Out");
        out.setId("menu-zoom-out");
        out.setAccelerator(new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN));
        out.setOnAction(e -> view.setFontSize(view.fontSize() - Zoom.STEP));
        MenuItem normal = new MenuItem("_Normal Size");
        normal.setId("menu-zoom-normal");
        normal.setAccelerator(new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN));
        normal.setOnAction(e -> view.setFontSize(WindowSettings.DEFAULT_FONT_SIZE));
        return List.of(in, out, normal);
    }

    /** View → Expand Subtrees, Collapse Subtrees, Expand All, Collapse All of the details, with Wireshark's keys. */
    private List<MenuItem> treeItems() {
        MenuItem expandSubtrees = item("Expand Subtrees", "Shift+Right", e -> view.tree().expandSubtrees());
        expandSubtrees.setId("menu-expand-subtrees");
        MenuItem collapseSubtrees = item("Collapse Subtrees", "Shift+Left", e -> view.tree().collapseSubtrees());
        collapseSubtrees.setId("menu-collapse-subtrees");
        MenuItem expandAll = item("Expand All", "Shortcut+Right", e -> view.tree().expandAll());
        expandAll.setId("menu-expand-all");
        MenuItem collapseAll = item("Collapse All", "Shortcut+Left", e -> view.tree().collapseAll());
        collapseAll.setId("menu-collapse-all");
        return List.of(expandSubtrees, collapseSubtrees, expandAll, collapseAll);
    }

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

}
