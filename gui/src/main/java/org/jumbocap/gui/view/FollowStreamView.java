package org.jumbocap.gui.view;

import java.io.File;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jumbocap.gui.model.FollowLines;
import org.jumbocap.gui.model.FollowLines.Format;
import org.jumbocap.gui.viewmodel.FollowStreamViewModel;

/**
 * The Follow TCP Stream window: the stream's data in order, the client's lines in one colour and the
 * server's in another, shown as ASCII, a hex dump or raw hex; Save as, and a button that filters the
 * packet list to the stream. The lines are a virtualised list, so a long stream scrolls smoothly.
 */
public final class FollowStreamView {
    private final Stage stage = new Stage();
    private final Scene scene;
    private final FollowStreamViewModel model;
    private final ListView<FollowLines.Line> lines = new ListView<>();

    /** @param onFilter applies a display filter in the main window's filter bar */
    public FollowStreamView(FollowStreamViewModel model, Consumer<String> onFilter, Window owner) {
        this.model = model;
        stage.initOwner(owner);
        stage.setTitle("Follow TCP Stream");

        lines.setId("follow-lines");
        lines.getStyleClass().add("follow-lines");
        lines.setItems(model.lines());
        lines.setFixedCellSize(18);
        lines.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(FollowLines.Line line, boolean empty) {
                super.updateItem(line, empty);
                getStyleClass().removeAll("follow-client", "follow-server");
                if (empty || line == null) {
                    setText(null);
                    return;
                }
                setText(line.text());
                getStyleClass().add(line.fromServer() ? "follow-server" : "follow-client");
            }
        });

        Label summary = new Label();
        summary.setId("follow-summary");
        summary.textProperty().bind(model.summaryProperty());
        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(16, 16);
        progress.visibleProperty().bind(model.busyProperty());

        ComboBox<Format> format = new ComboBox<>();
        format.setId("follow-format");
        format.getItems().setAll(Format.values());
        format.setValue(model.formatProperty().get());
        format.valueProperty().addListener((obs, old, f) -> {
            if (f != null) {
                model.show(f);
            }
        });
        Button filter = new Button("Filter to This Stream");
        filter.setId("follow-filter");
        filter.setOnAction(e -> onFilter.accept(model.streamFilter()));
        Button save = new Button("Save as\u2026");
        save.setId("follow-save");
        save.disableProperty().bind(model.followedProperty().isNull());
        save.setOnAction(e -> chooseAndSave());
        Button close = new Button("Close");
        close.setOnAction(e -> stage.hide());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bottom = new HBox(8, new Label("Show data as"), format, grow, filter, save, close);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(6));
        HBox top = new HBox(8, progress, summary);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));

        BorderPane root = new BorderPane(lines, top, null, bottom, null);
        root.setId("follow-view");
        scene = new Scene(root, 900, 600);
        Windows.closeOnEscape(stage, scene);
        model.streamProperty().addListener((obs, old, s) -> stage.setTitle("Follow TCP Stream (tcp.stream eq " + s + ")"));
    }

    public void setTheme(Theme theme) {
        theme.applyTo(scene);
    }

    /** Follows stream {@code s} and shows the window. */
    public void show(int s) {
        stage.setScene(scene);
        model.follow(s);
        stage.show();
        stage.toFront();
    }

    public Stage stage() {
        return stage;
    }

    public FollowStreamViewModel model() {
        return model;
    }

    private void chooseAndSave() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save TCP Stream As");
        chooser.setInitialFileName("tcp-stream-" + model.streamProperty().get()
                + (model.formatProperty().get() == Format.RAW ? ".bin" : ".txt"));
        File f = chooser.showSaveDialog(stage);
        if (f == null) {
            return;
        }
        model.save(f.toPath(), error -> {
            if (error != null) {
                Alert a = new Alert(Alert.AlertType.ERROR, error);
                a.initOwner(stage);
                a.setHeaderText("Cannot save the stream");
                a.show();
            }
        });
    }
}
