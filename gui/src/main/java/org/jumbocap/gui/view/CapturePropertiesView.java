package org.jumbocap.gui.view;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.jumbocap.gui.model.CaptureProperties;
import org.jumbocap.gui.viewmodel.CaptureScanViewModel;

/**
 * Statistics → Capture File Properties: the file, its time span, its interfaces, the frames' totals and
 * rates and the super-packet share, as headings over label/value rows. The values can be selected and
 * copied.
 */
public final class CapturePropertiesView extends CaptureScanWindow<CaptureProperties> {
    private GridPane grid;
    private CaptureProperties shown;

    public CapturePropertiesView(CaptureScanViewModel<CaptureProperties> model, Window owner) {
        super("Capture File Properties", "capture-properties", model, owner, 760, 640);
    }

    @Override
    Node content() {
        grid = new GridPane();
        grid.setId("capture-properties-grid");
        grid.setHgap(18);
        grid.setVgap(3);
        grid.setPadding(new Insets(10, 14, 10, 14));
        ScrollPane scroll = new ScrollPane(grid);
        scroll.setFitToWidth(true);
        return scroll;
    }

    @Override
    void show(CaptureProperties result) {
        shown = result;
        grid.getChildren().clear();
        if (result == null) {
            return;
        }
        int row = 0;
        String section = null;
        for (CaptureProperties.Row r : result.rows()) {
            if (!r.section().equals(section)) {
                section = r.section();
                Label heading = new Label(section);
                heading.setStyle("-fx-font-weight: bold; -fx-font-size: 1.1em;");
                heading.setPadding(new Insets(row == 0 ? 0 : 10, 0, 2, 0));
                grid.add(heading, 0, row++, 2, 1);
            }
            Label label = new Label(r.label());
            label.setPadding(new Insets(0, 0, 0, 12));
            label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            javafx.scene.control.TextField value = new javafx.scene.control.TextField(r.value());
            value.setEditable(false);
            value.setId("property-" + r.section().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                    + "-" + r.label().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
            value.setStyle("-fx-background-color: transparent; -fx-padding: 0;");
            value.setPrefColumnCount(42);
            grid.add(label, 0, row);
            grid.add(value, 1, row++);
        }
    }

    /** The properties shown, for tests. */
    public CaptureProperties properties() {
        return shown;
    }
}
