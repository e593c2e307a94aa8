package org.jumbocap.gui.view;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jumbocap.gui.live.LiveCaptureProvider;
import org.jumbocap.gui.live.LiveInterface;
import org.jumbocap.gui.viewmodel.CaptureViewModel;

/**
 * Starts and stops a live capture: pick an interface (its BIG TCP settings are shown), type a capture
 * filter (the rewritten expression libpcap compiles is shown as you type), and watch the counters.
 */
public final class LiveCaptureDialog {
    /**
     * The AF_PACKET source's largest snapshot length, which keeps every super-packet whole; where libpcap
     * captures instead, it lowers this to its own largest, 262,144, and the viewer still shows a longer
     * frame's real length from its original length.
     */
    public static final int DEFAULT_SNAPLEN = 524288;

    private final CaptureViewModel model;
    private final LiveCaptureProvider provider;
    private final Stage stage = new Stage();
    private final Scene scene;
    private final ComboBox<LiveInterface> interfaces = new ComboBox<>();
    private final Label settings = new Label();
    private final TextField filter = new TextField();
    private final Label rewritten = new Label();
    private final Label message = new Label();
    private final Button start = new Button("Start");
    private final Button stop = new Button("Stop");
    /** Runs a start once an unsaved capture is saved or discarded (the main view asks); null: at once. */
    private java.util.function.Consumer<Runnable> beforeStart;

    public LiveCaptureDialog(CaptureViewModel model, LiveCaptureProvider provider, Window owner) {
        this.model = model;
        this.provider = provider;
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setTitle("jumbocap \u2014 Live Capture");
        interfaces.setId("live-interface");
        settings.setId("live-settings");
        settings.setWrapText(true);
        filter.setId("live-filter");
        filter.setPromptText("capture filter, e.g.  ip6 and tcp port 5201");
        rewritten.setId("live-rewritten");
        rewritten.setWrapText(true);
        message.setId("live-message");
        message.setWrapText(true);
        start.setId("live-start");
        stop.setId("live-stop");

        interfaces.valueProperty().addListener((obs, old, itf) -> {
            settings.setText(itf == null ? "" : itf.settingsText());
            showRewrite(filter.getText());
        });
        filter.textProperty().addListener((obs, old, text) -> showRewrite(text));
        start.setOnAction(e -> {
            if (beforeStart != null) {
                beforeStart.accept(this::start);
            } else {
                start();
            }
        });
        // the capture process's own line (no such interface, permission, filter syntax) when it failed
        model.liveFailureProperty().addListener((obs, old, failure) -> {
            if (failure != null) {
                message.setText(failure);
            }
        });
        stop.setOnAction(e -> model.requestStopLive());
        start.disableProperty().bind(model.liveRunningProperty().or(interfaces.valueProperty().isNull()));
        stop.disableProperty().bind(model.liveRunningProperty().not());
        interfaces.disableProperty().bind(model.liveRunningProperty());
        filter.disableProperty().bind(model.liveRunningProperty());

        Label counters = new Label();
        counters.setId("live-dialog-counters");
        counters.textProperty().bind(Bindings.createStringBinding(
                () -> String.format(java.util.Locale.ROOT, "Received: %,d    Dropped: %,d    Listed: %,d",
                        model.liveReceivedProperty().get(), model.liveDroppedProperty().get(), model.frameCountProperty().get()),
                model.liveReceivedProperty(), model.liveDroppedProperty(), model.frameCountProperty()));

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(12));
        grid.addRow(0, new Label("Interface:"), interfaces);
        grid.addRow(1, new Label("BIG TCP:"), settings);
        grid.addRow(2, new Label("Capture filter:"), filter);
        // the rewritten filter of a BIG TCP capture runs to many lines: scroll it rather than squeeze the labels
        ScrollPane rewrittenPane = new ScrollPane(rewritten);
        rewrittenPane.setFitToWidth(true);
        rewrittenPane.setPrefViewportHeight(96);
        rewrittenPane.getStyleClass().add("live-rewritten-pane");
        grid.addRow(3, new Label("Handed to libpcap:"), rewrittenPane);
        grid.add(new HBox(8, start, stop), 1, 4);
        grid.add(counters, 1, 5);
        grid.add(message, 1, 6);
        interfaces.setMaxWidth(Double.MAX_VALUE);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        values.setFillWidth(true);
        grid.getColumnConstraints().setAll(labels, values);
        grid.getStyleClass().add("live-dialog");
        scene = new Scene(grid, 720, 340);
        stage.setScene(scene);
        loadInterfaces();
        showRewrite("");
    }

    private void loadInterfaces() {
        if (provider == null) {
            message.setText("Live capture is not available: no capture provider is on the class path.");
            return;
        }
        Task<List<LiveInterface>> task = new Task<>() {
            @Override
            protected List<LiveInterface> call() throws Exception {
                return provider.interfaces();
            }
        };
        task.setOnSucceeded(e -> {
            interfaces.getItems().setAll(task.getValue());
            LiveInterface preferred = task.getValue().stream()
                    .filter(i -> i.bigTcpIpv6() || i.bigTcpIpv4()).findFirst()
                    .orElse(task.getValue().isEmpty() ? null : task.getValue().get(0));
            interfaces.setValue(preferred);
        });
        task.setOnFailed(e -> message.setText("Cannot list interfaces: " + task.getException().getMessage()));
        Thread t = new Thread(task, "jumbocap-interfaces");
        t.setDaemon(true);
        t.start();
    }

    private String showRewrite(String text) {
        LiveInterface itf = interfaces.getValue();
        if (provider == null || itf == null) {
            rewritten.setText("");
            return null;
        }
        try {
            String out = provider.rewriter(itf).rewrite(text == null ? "" : text.strip());
            rewritten.setText(out.isEmpty() ? "(no filter: every frame)" : out);
            rewritten.getStyleClass().remove("filter-error");
            return out;
        } catch (IllegalArgumentException e) {
            rewritten.setText(e.getMessage());
            if (!rewritten.getStyleClass().contains("filter-error")) {
                rewritten.getStyleClass().add("filter-error");
            }
            return null;
        }
    }

    private void start() {
        String expression = showRewrite(filter.getText());
        if (expression == null) {
            message.setText("Fix the capture filter first.");
            return;
        }
        try {
            model.startLive(provider, interfaces.getValue(), expression, DEFAULT_SNAPLEN);
            message.setText("");
        } catch (Exception e) {
            message.setText("Cannot start: " + e.getMessage());
        }
    }

    /** What runs before a start: the main view's question about an unsaved capture. */
    public void setBeforeStart(java.util.function.Consumer<Runnable> guard) {
        this.beforeStart = guard;
    }

    public void setTheme(Theme theme) {
        theme.applyTo(scene);
    }

    public void show() {
        stage.show();
        stage.toFront();
    }

    public Stage stage() {
        return stage;
    }
}
