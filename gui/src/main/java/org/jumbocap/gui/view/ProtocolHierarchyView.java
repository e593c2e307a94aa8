package org.jumbocap.gui.view;

import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.stage.Window;
import org.jumbocap.gui.viewmodel.CaptureScanViewModel;
import org.jumbocap.stats.ProtocolHierarchy;

/**
 * Statistics → Protocol Hierarchy: the core's {@link ProtocolHierarchy} (tshark's {@code -z io,phs}) as
 * a tree, every level expanded, with each protocol's share of the frames and bytes counted.
 */
public final class ProtocolHierarchyView extends CaptureScanWindow<ProtocolHierarchy> {
    /** One protocol at its place, with the totals its percentages are of. */
    public record Line(String protocol, long frames, long bytes, long allFrames, long allBytes) {
        public double framePercent() {
            return allFrames == 0 ? 0 : 100.0 * frames / allFrames;
        }

        public double bytePercent() {
            return allBytes == 0 ? 0 : 100.0 * bytes / allBytes;
        }
    }

    private TreeTableView<Line> tree;

    public ProtocolHierarchyView(CaptureScanViewModel<ProtocolHierarchy> model, Window owner) {
        super("Protocol Hierarchy", "protocol-hierarchy", model, owner, 900, 480);
    }

    @Override
    Node content() {
        tree = new TreeTableView<>(new TreeItem<>());
        tree.setId("protocol-hierarchy-tree");
        tree.setShowRoot(false);
        tree.setPlaceholder(new Label("No frames"));
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY);
        TreeTableColumn<Line, String> protocol = new TreeTableColumn<>("Protocol");
        protocol.setId("col-protocol");
        protocol.setPrefWidth(320);
        protocol.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().protocol()));
        tree.getColumns().setAll(List.of(protocol,
                number("% Frames", "col-frame-percent", l -> String.format(Locale.ROOT, "%.1f", l.framePercent())),
                number("Frames", "col-frames", l -> String.format(Locale.ROOT, "%,d", l.frames())),
                number("% Bytes", "col-byte-percent", l -> String.format(Locale.ROOT, "%.1f", l.bytePercent())),
                number("Bytes", "col-bytes", l -> String.format(Locale.ROOT, "%,d", l.bytes()))));
        return tree;
    }

    private static TreeTableColumn<Line, Line> number(String title, String id, java.util.function.Function<Line, String> text) {
        TreeTableColumn<Line, Line> c = new TreeTableColumn<>(title);
        c.setId(id);
        c.setPrefWidth(title.startsWith("%") ? 90 : 130);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue().getValue()));
        c.setCellFactory(col -> new TreeTableCell<>() {
            {
                setAlignment(Pos.CENTER_RIGHT);
            }

            @Override
            protected void updateItem(Line item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : text.apply(item));
            }
        });
        return c;
    }

    @Override
    void show(ProtocolHierarchy result) {
        TreeItem<Line> root = new TreeItem<>();
        if (result != null) {
            ProtocolHierarchy.Node all = result.root();
            for (ProtocolHierarchy.Node child : all.children()) {
                root.getChildren().add(item(child, all));
            }
        }
        tree.setRoot(root);
    }

    private static TreeItem<Line> item(ProtocolHierarchy.Node node, ProtocolHierarchy.Node all) {
        TreeItem<Line> item = new TreeItem<>(new Line(node.name(), node.frames(), node.bytes(), all.frames(), all.bytes()));
        item.setExpanded(true);
        for (ProtocolHierarchy.Node child : node.children()) {
            item.getChildren().add(item(child, all));
        }
        return item;
    }

    /** The tree, for tests. */
    public TreeTableView<Line> tree() {
        return tree;
    }
}
