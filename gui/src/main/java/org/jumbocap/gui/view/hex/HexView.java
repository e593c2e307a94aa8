package org.jumbocap.gui.view.hex;

import java.util.function.IntConsumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;

/**
 * Hex and ASCII view of one frame's bytes, 16 to a line. Only the visible lines exist as nodes (the skin
 * uses a virtualised list), so a 512 KiB super-packet scrolls as smoothly as a 60-byte ACK. A byte range
 * can be highlighted; clicking a byte reports its offset.
 */
public class HexView extends Control {
    public static final int BYTES_PER_LINE = 16;

    private final ReadOnlyObjectWrapper<HexData> data = new ReadOnlyObjectWrapper<>(this, "data", HexData.EMPTY);
    private final ReadOnlyIntegerWrapper highlightStart = new ReadOnlyIntegerWrapper(this, "highlightStart", -1);
    private final ReadOnlyIntegerWrapper highlightLength = new ReadOnlyIntegerWrapper(this, "highlightLength", 0);
    private final ObjectProperty<IntConsumer> onByteClicked = new SimpleObjectProperty<>(this, "onByteClicked");

    /** The bytes shown: an array and how many of its bytes are valid. */
    public record HexData(byte[] bytes, int length) {
        public static final HexData EMPTY = new HexData(new byte[0], 0);

        public int lines() {
            return (length + BYTES_PER_LINE - 1) / BYTES_PER_LINE;
        }
    }

    private final javafx.beans.property.DoubleProperty fontSize = new javafx.beans.property.SimpleDoubleProperty(12);

    public HexView() {
        getStyleClass().add("hex-view");
        // the skin measures its characters once: a new size makes a new skin
        fontSize.addListener((obs, old, now) -> {
            if (getSkin() instanceof HexViewSkin) {
                setSkin(new HexViewSkin(this));
            }
        });
    }

    /** The size of the hex and ASCII text in points (View → Zoom). */
    public javafx.beans.property.DoubleProperty fontSizeProperty() {
        return fontSize;
    }

    /** Shows {@code length} bytes of {@code bytes} (the array is kept, not copied) and clears the highlight. */
    public void setData(byte[] bytes, int length) {
        clearHighlight();
        data.set(bytes == null ? HexData.EMPTY : new HexData(bytes, Math.min(length, bytes.length)));
    }

    public ReadOnlyObjectProperty<HexData> dataProperty() {
        return data.getReadOnlyProperty();
    }

    public HexData getData() {
        return data.get();
    }

    /** Highlights {@code length} bytes from {@code start}, clipped to the data, and scrolls to them. */
    public void highlight(int start, int length) {
        int total = data.get().length();
        if (start < 0 || length <= 0 || start >= total) {
            clearHighlight();
            return;
        }
        // the start changes last, so a listener of the start sees the new range whole
        highlightStart.set(-1);
        highlightLength.set((int) Math.min(length, (long) total - start));
        highlightStart.set(start);
    }

    public void clearHighlight() {
        highlightStart.set(-1);
        highlightLength.set(0);
    }

    /** First highlighted byte, or -1. */
    public ReadOnlyIntegerProperty highlightStartProperty() {
        return highlightStart.getReadOnlyProperty();
    }

    public int getHighlightStart() {
        return highlightStart.get();
    }

    public ReadOnlyIntegerProperty highlightLengthProperty() {
        return highlightLength.getReadOnlyProperty();
    }

    public int getHighlightLength() {
        return highlightLength.get();
    }

    /** Called with a byte's frame offset when the user clicks it. */
    public ObjectProperty<IntConsumer> onByteClickedProperty() {
        return onByteClicked;
    }

    public void setOnByteClicked(IntConsumer handler) {
        onByteClicked.set(handler);
    }

    /** Reports a click on a byte to the handler; the behavior calls this. */
    void fireByteClicked(int offset) {
        IntConsumer handler = onByteClicked.get();
        if (handler != null && offset >= 0 && offset < data.get().length()) {
            handler.accept(offset);
        }
    }

    /** The highlighted bytes, or every byte when nothing is highlighted, in a copy form. */
    public String copyText(HexCopy form) {
        HexData d = data.get();
        int start = getHighlightStart() >= 0 ? getHighlightStart() : 0;
        int length = getHighlightStart() >= 0 ? getHighlightLength() : d.length();
        return length <= 0 ? "" : form.format(d.bytes(), d.length(), start, length);
    }

    /** The highlighted bytes, or every byte when nothing is highlighted, as a new array. */
    public byte[] selectedBytes() {
        HexData d = data.get();
        int start = getHighlightStart() >= 0 ? getHighlightStart() : 0;
        int length = getHighlightStart() >= 0 ? getHighlightLength() : d.length();
        return java.util.Arrays.copyOfRange(d.bytes(), start, start + Math.max(0, length));
    }

    private final ObjectProperty<java.util.function.Consumer<byte[]>> onSaveBytes = new javafx.beans.property.SimpleObjectProperty<>();

    /** Called with {@link #selectedBytes} when the user asks to save them to a file (the context menu). */
    public void setOnSaveBytes(java.util.function.Consumer<byte[]> handler) {
        onSaveBytes.set(handler);
    }

    /** Hands the selected bytes to the save handler; the skin's menu calls this. */
    void fireSaveBytes() {
        java.util.function.Consumer<byte[]> handler = onSaveBytes.get();
        if (handler != null && data.get().length() > 0) {
            handler.accept(selectedBytes());
        }
    }

    /** Index of the top line in view, or -1 when none is drawn (for tests and keyboard paging). */
    public int firstVisibleLine() {
        return getSkin() instanceof HexViewSkin skin ? skin.firstVisibleLine() : -1;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new HexViewSkin(this);
    }
}
