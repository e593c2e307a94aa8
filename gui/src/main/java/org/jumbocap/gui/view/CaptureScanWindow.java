package org.jumbocap.gui.view;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jumbocap.gui.viewmodel.CaptureScanViewModel;

/**
 * A window that shows one background count over the open capture (Expert Information, Protocol
 * Hierarchy, Capture File Properties): its content above a bar with "Limit to display filter" and the
 * status; Escape closes it; redrawn each time the count ends.
 *
 * @param <R> what the count gives
 */
abstract class CaptureScanWindow<R> {
    private final CaptureScanViewModel<R> model;
    private final Stage stage = new Stage();
    private final Scene scene;
    private final CheckBox limit = new CheckBox("Limit to display filter");
    private final Label status = new Label();

    CaptureScanWindow(String title, String idPrefix, CaptureScanViewModel<R> model, Window owner, double width, double height) {
        this.model = model;
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setTitle("jumbocap \u2014 " + title);
        limit.setId(idPrefix + "-limit");
        limit.selectedProperty().bindBidirectional(model.limitToDisplayFilterProperty());
        status.setId(idPrefix + "-status");
        status.textProperty().bind(model.statusProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(12, limit, gap, status);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6));
        BorderPane root = new BorderPane(content());
        root.setBottom(bar);
        root.getStyleClass().add("statistics-view");
        scene = new Scene(root, width, height);
        Windows.closeOnEscape(stage, scene);
        stage.setScene(scene);
        model.resultProperty().addListener((obs, old, now) -> show(now));
        stage.setOnShown(e -> model.setWatched(true));
        stage.setOnHidden(e -> model.setWatched(false));
    }

    /** The window's content; called once, from the constructor. */
    abstract Node content();

    /** Shows a count's result (null: nothing open). */
    abstract void show(R result);

    public CheckBox limitToDisplayFilter() {
        return limit;
    }

    public Label status() {
        return status;
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
