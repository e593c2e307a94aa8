package org.jumbocap.gui.view;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The selected frame's layers, fields and expert items. Generated fields are shown in brackets; expert
 * items hang under the field they concern, coloured by severity. A field's context menu turns it into a
 * display filter.
 */
public final class DetailTree extends TreeView<Object> {
    private final Map<FieldNode, TreeItem<Object>> itemsByNode = new IdentityHashMap<>();
    private Consumer<String> onApplyFilter = s -> { };
    private Consumer<String> onPrepareFilter = s -> { };
    private Consumer<String> onApplyAsColumn = s -> { };

    public DetailTree() {
        setId("detail-tree");
        getStyleClass().add("detail-tree");
        setShowRoot(false);
        setRoot(new TreeItem<>());
        setCellFactory(t -> new DetailCell());
        setFixedCellSize(ROW_HEIGHT);
    }

    private static final double ROW_HEIGHT = 22;

    /** Expands every item (View → Expand All, Ctrl+Right). */
    public void expandAll() {
        setExpandedBelow(getRoot(), true);
    }

    /** Collapses every item (View → Collapse All, Ctrl+Left). */
    public void collapseAll() {
        setExpandedBelow(getRoot(), false);
        getRoot().setExpanded(true);
    }

    /** Expands the selected item and everything under it (View → Expand Subtrees, Shift+Right). */
    public void expandSubtrees() {
        TreeItem<Object> selected = getSelectionModel().getSelectedItem();
        if (selected != null) {
            setExpandedBelow(selected, true);
        }
    }

    /** Collapses the selected item and everything under it (View → Collapse Subtrees, Shift+Left). */
    public void collapseSubtrees() {
        TreeItem<Object> selected = getSelectionModel().getSelectedItem();
        if (selected != null) {
            setExpandedBelow(selected, false);
        }
    }

    private static void setExpandedBelow(TreeItem<Object> item, boolean expanded) {
        // depth first without recursion: a tree of a super-packet's options can be deep
        java.util.ArrayDeque<TreeItem<Object>> todo = new java.util.ArrayDeque<>();
        todo.push(item);
        while (!todo.isEmpty()) {
            TreeItem<Object> next = todo.pop();
            if (!next.isLeaf()) {
                next.setExpanded(expanded);
                next.getChildren().forEach(todo::push);
            }
        }
    }

    /** Sets the text size in points; rows keep their proportion to it (View → Zoom). */
    public void setFontSize(double points) {
        Zoom.apply(this, points);
        setFixedCellSize(Math.ceil(ROW_HEIGHT * Zoom.scale(points)));
    }

    public void setOnApplyFilter(Consumer<String> action) {
        onApplyFilter = action;
    }

    public void setOnPrepareFilter(Consumer<String> action) {
        onPrepareFilter = action;
    }

    /** Called with a field's filter name when the user applies it as a packet-list column. */
    public void setOnApplyAsColumn(Consumer<String> action) {
        onApplyAsColumn = action;
    }

    /** Shows a frame's tree (null clears): protocol layers expanded except the frame summary. */
    public void show(FrameTree tree) {
        itemsByNode.clear();
        TreeItem<Object> root = new TreeItem<>();
        if (tree != null) {
            for (FieldNode layer : tree.layers()) {
                TreeItem<Object> item = build(layer);
                item.setExpanded(!layer.name().equals("frame"));
                root.getChildren().add(item);
            }
        }
        setRoot(root);
    }

    private TreeItem<Object> build(FieldNode node) {
        TreeItem<Object> item = new TreeItem<>(node);
        itemsByNode.put(node, item);
        for (ExpertItem expert : node.experts()) {
            item.getChildren().add(new TreeItem<>(expert));
        }
        for (FieldNode child : node.children()) {
            if (!child.isHidden()) {
                item.getChildren().add(build(child));
            }
        }
        // Jumbo findings are what the viewer is for: keep them open.
        if (node.name().startsWith("jumbo") || !node.experts().isEmpty()) {
            item.setExpanded(true);
        }
        return item;
    }

    /** The tree item of a field, or null when it is not shown. */
    public TreeItem<Object> itemOf(FieldNode node) {
        return itemsByNode.get(node);
    }

    /** Selects a field's item, opening its parents, and scrolls to it. */
    public void reveal(FieldNode node) {
        TreeItem<Object> item = itemsByNode.get(node);
        if (item == null) {
            return;
        }
        for (TreeItem<Object> p = item.getParent(); p != null; p = p.getParent()) {
            p.setExpanded(true);
        }
        getSelectionModel().select(item);
        int row = getRow(item);
        if (row >= 0) {
            // Centre it, so the layer header above the field stays in sight.
            int visible = (int) Math.max(1, getHeight() / ROW_HEIGHT);
            scrollTo(Math.max(0, row - visible / 2));
        }
    }

    /** The field of the selected item (an expert item's field when an expert item is selected), or null. */
    public FieldNode selectedField() {
        TreeItem<Object> item = getSelectionModel().getSelectedItem();
        if (item == null) {
            return null;
        }
        if (item.getValue() instanceof FieldNode node) {
            return node;
        }
        if (item.getValue() instanceof ExpertItem expert) {
            return expert.node();
        }
        return null;
    }

    private final class DetailCell extends TreeCell<Object> {
        private static final String[] CLASSES = {"expert-error", "expert-warn", "expert-note", "expert-chat",
                "field-generated", "field-protocol", "field-jumbo"};

        @Override
        protected void updateItem(Object value, boolean empty) {
            super.updateItem(value, empty);
            getStyleClass().removeAll(CLASSES);
            setContextMenu(null);
            if (empty || value == null) {
                setText(null);
                return;
            }
            if (value instanceof ExpertItem expert) {
                setText("Expert (" + expert.severity().filterName() + "/" + expert.group().filterName() + "): "
                        + expert.message() + "  [" + expert.id() + "]");
                getStyleClass().add("expert-" + expert.severity().filterName());
                setContextMenu(menu(FilterExpressions.of(expert), expert.message()));
                return;
            }
            FieldNode node = (FieldNode) value;
            String text = node.text();
            setText(node.isGenerated() ? "[" + text + "]" : text);
            if (node.isGenerated()) {
                getStyleClass().add("field-generated");
            }
            if (node.isProtocol()) {
                getStyleClass().add("field-protocol");
            }
            if (node.name().equals("jumbo") || node.name().startsWith("jumbo.")) {
                getStyleClass().add("field-jumbo");
            }
            ContextMenu menu = menu(FilterExpressions.of(node), node.valueText());
            if (!node.isProtocol()) {
                MenuItem column = new MenuItem("Apply as Column");
                column.setId("apply-as-column");
                column.setOnAction(e -> onApplyAsColumn.accept(node.name()));
                menu.getItems().addAll(new SeparatorMenuItem(), column);
            }
            setContextMenu(menu);
        }

        private ContextMenu menu(String filter, String value) {
            MenuItem apply = new MenuItem("Apply as Filter: " + filter);
            apply.setOnAction(e -> onApplyFilter.accept(filter));
            MenuItem prepare = new MenuItem("Prepare as Filter");
            prepare.setOnAction(e -> onPrepareFilter.accept(filter));
            MenuItem copyFilter = new MenuItem("Copy as Filter");
            copyFilter.setOnAction(e -> copy(filter));
            MenuItem copyValue = new MenuItem("Copy Value");
            copyValue.setOnAction(e -> copy(value));
            return new ContextMenu(apply, prepare, new SeparatorMenuItem(), copyFilter, copyValue);
        }

        private void copy(String s) {
            ClipboardContent content = new ClipboardContent();
            content.putString(s);
            Clipboard.getSystemClipboard().setContent(content);
        }
    }
}
