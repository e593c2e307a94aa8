package org.jumbocap.gui.view;

import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import javafx.stage.Window;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.gui.viewmodel.CaptureWindowsViewModels;
import org.jumbocap.gui.viewmodel.FollowStreamViewModel;
import org.jumbocap.gui.viewmodel.IoGraphViewModel;
import org.jumbocap.gui.viewmodel.TrafficTablesViewModel;

/**
 * The main window's analysis windows (Follow TCP Stream, the statistics window, Conversations, Endpoints,
 * the I/O graph, Expert Information, Protocol Hierarchy, Capture File Properties, TCP Stream Graphs): each
 * made when first asked for, owned by the main window, in its theme, and sending filters and frame
 * choices back to it.
 */
final class AnalysisWindows {
    private final CaptureViewModel model;
    private final Consumer<String> applyFilter;
    private final Consumer<String> prepareFilter;
    private final LongConsumer goToFrame;
    private final BiPredicate<Long, Long> goToTime;
    private final Supplier<Theme> theme;
    private final Supplier<Window> owner;
    private final ErrorDialogs errors;
    private StatisticsView statisticsView;
    private FollowStreamView followView;
    private TrafficTablesViewModel trafficTables;
    private ConversationsView conversationsView;
    private EndpointsView endpointsView;
    private IoGraphView ioGraphView;
    private ExpertInformationView expertInformationView;
    private ProtocolHierarchyView protocolHierarchyView;
    private CapturePropertiesView capturePropertiesView;
    private TcpStreamGraphView tcpStreamGraphView;

    /**
     * @param applyFilter   applies a display filter as the filter bar does
     * @param prepareFilter puts a display filter in the bar without applying it
     * @param goToFrame     selects a frame in the packet list
     * @param goToTime      selects the first shown frame of an interval [start, end) in nanoseconds
     */
    AnalysisWindows(CaptureViewModel model, Consumer<String> applyFilter, Consumer<String> prepareFilter,
                    LongConsumer goToFrame, BiPredicate<Long, Long> goToTime, Supplier<Theme> theme,
                    Supplier<Window> owner, ErrorDialogs errors) {
        this.model = model;
        this.applyFilter = applyFilter;
        this.prepareFilter = prepareFilter;
        this.goToFrame = goToFrame;
        this.goToTime = goToTime;
        this.theme = theme;
        this.owner = owner;
        this.errors = errors;
    }

    /** The theme changed: the windows shown follow it (the others take it when shown). */
    void themeChanged(Theme next) {
        if (statisticsView != null) {
            statisticsView.setTheme(next);
        }
    }

    /** The statistics window once opened, or null. */
    StatisticsView statisticsView() {
        return statisticsView;
    }

    void showStatistics() {
        if (statisticsView == null) {
            statisticsView = new StatisticsView(model, applyFilter, owner.get());
        }
        statisticsView.setTheme(theme.get());
        statisticsView.showAndRefresh();
    }

    /** Opens Follow TCP Stream on a row's stream (nothing for a row without one). */
    void followStream(PacketRow row) {
        if (row == null || row.tcpStream() < 0) {
            return;
        }
        if (followView == null) {
            followView = new FollowStreamView(new FollowStreamViewModel(model), applyFilter, owner.get());
        }
        followView.setTheme(theme.get());
        followView.show(row.tcpStream());
    }

    /** The Follow TCP Stream window, or null before it was first opened. */
    FollowStreamView followView() {
        return followView;
    }

    void showConversations() {
        if (conversationsView == null) {
            conversationsView = new ConversationsView(trafficTables(), applyFilter, owner.get());
            conversationsView.setOnPrepareFilter(prepareFilter);
        }
        conversationsView.setTheme(theme.get());
        conversationsView.showAndRefresh();
    }

    void showEndpoints() {
        if (endpointsView == null) {
            endpointsView = new EndpointsView(trafficTables(), applyFilter, owner.get());
            endpointsView.setOnPrepareFilter(prepareFilter);
        }
        endpointsView.setTheme(theme.get());
        endpointsView.showAndRefresh();
    }

    /** The Conversations and Endpoints windows count together. */
    private TrafficTablesViewModel trafficTables() {
        if (trafficTables == null) {
            trafficTables = new TrafficTablesViewModel(model);
        }
        return trafficTables;
    }

    void showIoGraph() {
        if (ioGraphView == null) {
            ioGraphView = new IoGraphView(new IoGraphViewModel(model), owner.get());
            ioGraphView.setOnGoToTime(goToTime);
        }
        ioGraphView.setTheme(theme.get());
        ioGraphView.showAndRefresh();
    }

    void showExpertInformation() {
        if (expertInformationView == null) {
            expertInformationView = new ExpertInformationView(CaptureWindowsViewModels.experts(model), goToFrame, owner.get());
        }
        expertInformationView.setTheme(theme.get());
        expertInformationView.showAndRefresh();
    }

    void showProtocolHierarchy() {
        if (protocolHierarchyView == null) {
            protocolHierarchyView = new ProtocolHierarchyView(CaptureWindowsViewModels.hierarchy(model), owner.get());
        }
        protocolHierarchyView.setTheme(theme.get());
        protocolHierarchyView.showAndRefresh();
    }

    void showCaptureProperties() {
        if (capturePropertiesView == null) {
            capturePropertiesView = new CapturePropertiesView(CaptureWindowsViewModels.properties(model), owner.get());
        }
        capturePropertiesView.setTheme(theme.get());
        capturePropertiesView.showAndRefresh();
    }

    /** TCP Stream Graphs of the selected frame's stream (nothing for a frame without one). */
    void showTcpStreamGraph(boolean throughputTab) {
        PacketRow row = model.selectedRowProperty().get();
        if (row == null || row.tcpStream() < 0) {
            errors.show("TCP Stream Graphs", "Select a TCP frame first: the graphs draw its stream.");
            return;
        }
        if (tcpStreamGraphView == null) {
            tcpStreamGraphView = new TcpStreamGraphView(new CaptureWindowsViewModels.StreamGraph(model), owner.get());
        }
        tcpStreamGraphView.setTheme(theme.get());
        tcpStreamGraphView.show(row.tcpStream(), throughputTab);
    }

    TcpStreamGraphView tcpStreamGraphView() {
        return tcpStreamGraphView;
    }

    ExpertInformationView expertInformationView() {
        return expertInformationView;
    }

    ProtocolHierarchyView protocolHierarchyView() {
        return protocolHierarchyView;
    }

    CapturePropertiesView capturePropertiesView() {
        return capturePropertiesView;
    }

    ConversationsView conversationsView() {
        return conversationsView;
    }

    EndpointsView endpointsView() {
        return endpointsView;
    }

    IoGraphView ioGraphView() {
        return ioGraphView;
    }

}
