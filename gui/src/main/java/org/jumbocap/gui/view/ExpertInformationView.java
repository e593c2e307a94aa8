package org.jumbocap.gui.view;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongConsumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.jumbocap.expert.Severity;
import org.jumbocap.gui.model.ExpertInformation;
import org.jumbocap.gui.viewmodel.CaptureScanViewModel;
import org.jumbocap.render.SafeText;

/**
 * Analyze → Expert Information: the findings by severity (Error, Warning, Note, Chat), each severity
 * expanding to its findings (summary, group, protocol, count) and each finding to its frames. A double
 * click or Enter on a frame (or on a finding: its first frame) selects it in the packet list.
 */
public final class ExpertInformationView extends CaptureScanWindow<ExpertInformation> {
    /** One line of the tree: a severity, a finding, or one frame's item. */
    public record Line(String text, String group, String protocol, long count, long frame) {
    }

    /** Frames listed under one finding at most. */
    static final int FRAMES_SHOWN = 10_000;

    private final LongConsumer goToFrame;
    private TreeTableView<Line> tree;

    public ExpertInformationView(CaptureScanViewModel<ExpertInformation> model, LongConsumer goToFrame, Window owner) {
        super("Expert Information", "expert-information", model, owner, 1180, 600);
        this.goToFrame = goToFrame;
    }

    @Override
    Node content() {
        tree = new TreeTableView<>(new TreeItem<>());
        tree.setId("expert-information-tree");
        tree.setShowRoot(false);
        tree.setPlaceholder(new Label("No expert findings in these frames"));
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY);
        TreeTableColumn<Line, String> text = new TreeTableColumn<>("Severity / Summary / Frame");
        text.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().text()));
        text.setPrefWidth(640);
        // long messages (checksum offload) are cut at the column's edge: the tooltip has them whole
        text.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null || item.isEmpty() ? null : new javafx.scene.control.Tooltip(item));
            }
        });
        TreeTableColumn<Line, String> group = new TreeTableColumn<>("Group");
        group.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().group()));
        group.setPrefWidth(110);
        TreeTableColumn<Line, String> protocol = new TreeTableColumn<>("Protocol");
        protocol.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().protocol()));
        protocol.setPrefWidth(90);
        TreeTableColumn<Line, Long> count = new TreeTableColumn<>("Count");
        count.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().count()));
        count.setPrefWidth(90);
        count.setCellFactory(c -> new TreeTableCell<>() {
            {
                setAlignment(Pos.CENTER_RIGHT);
            }

            @Override
            protected void updateItem(Long item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null || item < 0 ? null : String.format(Locale.ROOT, "%,d", item));
            }
        });
        text.setId("col-summary");
        count.setId("col-count");
        tree.getColumns().setAll(List.of(text, group, protocol, count));
        tree.setRowFactory(t -> {
            javafx.scene.control.TreeTableRow<Line> row = new javafx.scene.control.TreeTableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && row.getItem() != null) {
                    goTo(row.getItem());
                }
            });
            return row;
        });
        tree.setOnKeyPressed(e -> {
            TreeItem<Line> selected = tree.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && selected != null) {
                goTo(selected.getValue());
                e.consume();
            }
        });
        return tree;
    }

    private void goTo(Line line) {
        if (line.frame() > 0) {
            goToFrame.accept(line.frame());
        }
    }

    @Override
    void show(ExpertInformation result) {
        TreeItem<Line> root = new TreeItem<>();
        if (result != null) {
            Map<Severity, List<ExpertInformation.Finding>> bySeverity = result.bySeverity();
            for (Severity severity : List.of(Severity.ERROR, Severity.WARN, Severity.NOTE, Severity.CHAT)) {
                List<ExpertInformation.Finding> findings = bySeverity.get(severity);
                if (findings == null) {
                    continue;
                }
                TreeItem<Line> heading = new TreeItem<>(new Line(ExpertInformation.label(severity), "", "",
                        result.count(severity), -1));
                heading.setExpanded(true);
                for (ExpertInformation.Finding f : findings) {
                    heading.getChildren().add(findingItem(f));
                }
                root.getChildren().add(heading);
            }
        }
        tree.setRoot(root);
    }

    /**
     * A finding's line; its frames' lines are made when it is first expanded, at most {@link #FRAMES_SHOWN}
     * of them (a finding on every frame of a large capture would otherwise make millions).
     */
    private static TreeItem<Line> findingItem(ExpertInformation.Finding f) {
        TreeItem<Line> finding = new TreeItem<>(new Line(SafeText.of(f.summary()), f.group(), f.protocol(), f.count(),
                f.frame(0)));
        finding.getChildren().add(new TreeItem<>(new Line("", "", "", -1, -1)));
        boolean[] filled = {false};
        finding.expandedProperty().addListener((obs, was, expanded) -> {
            if (expanded && !filled[0]) {
                filled[0] = true;
                finding.getChildren().setAll(frameItems(f));
            }
        });
        return finding;
    }

    private static List<TreeItem<Line>> frameItems(ExpertInformation.Finding f) {
        int shown = (int) Math.min(FRAMES_SHOWN, f.count());
        List<TreeItem<Line>> items = new java.util.ArrayList<>(shown + 1);
        for (int i = 0; i < shown; i++) {
            items.add(new TreeItem<>(new Line(String.format(Locale.ROOT, "Frame %,d: %s", f.frame(i),
                    SafeText.of(f.message(i))), "", "", -1, f.frame(i))));
        }
        if (f.count() > shown) {
            items.add(new TreeItem<>(new Line(String.format(Locale.ROOT, "\u2026 %,d more: the filter %s lists them all",
                    f.count() - shown, f.filter()), "", "", -1, -1)));
        }
        return items;
    }

    /** The tree, for tests. */
    public TreeTableView<Line> tree() {
        return tree;
    }
}
