package org.jumbocap.gui.model;

import java.util.BitSet;
import java.util.Locale;

/**
 * Which frames Save As and Export Packet Dissections write, as Wireshark's Packet Range: all frames, the
 * selected one, the marked ones, those from the first marked to the last, or a range of frame numbers
 * ("1-10,15", "20-" to the end, "-5" from the start), each counted over every captured frame or only those
 * the display filter shows. Ignored frames are never written.
 */
public final class PacketRange {
    /** The choices of Wireshark's Packet Range box. */
    public enum Kind {
        ALL("All packets"),
        SELECTED("Selected packet only"),
        MARKED("Marked packets only"),
        FIRST_TO_LAST_MARKED("First to last marked"),
        RANGE("Range:");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** What the user chose: a kind, captured or displayed, and the range's text for {@link Kind#RANGE}. */
    public record Choice(Kind kind, boolean displayed, String range) {
        public Choice {
            range = range == null ? "" : range;
        }
    }

    private final int frameCount;
    private final BitSet displayed;
    private final BitSet marked;
    private final BitSet ignored;
    private final long selected;

    /**
     * @param frameCount frames listed (numbers 1 to {@code frameCount})
     * @param displayed  numbers of the frames the display filter shows
     * @param marked     numbers of the marked frames
     * @param ignored    numbers of the ignored frames
     * @param selected   number of the selected frame, or 0 when none is
     */
    public PacketRange(int frameCount, BitSet displayed, BitSet marked, BitSet ignored, long selected) {
        this.frameCount = frameCount;
        this.displayed = displayed;
        this.marked = marked;
        this.ignored = ignored;
        this.selected = selected;
    }

    /** Frames listed: numbers 1 to this. */
    public int frameCount() {
        return frameCount;
    }

    /** The frame numbers a choice writes, in frame order; throws {@link IllegalArgumentException} for a range that does not parse. */
    public BitSet numbers(Choice choice) {
        BitSet chosen = new BitSet(frameCount + 1);
        switch (choice.kind()) {
            case ALL -> chosen.set(1, frameCount + 1);
            case SELECTED -> {
                if (selected >= 1 && selected <= frameCount) {
                    chosen.set((int) selected);
                }
            }
            case MARKED -> chosen.or(marked);
            case FIRST_TO_LAST_MARKED -> {
                int first = marked.nextSetBit(1);
                if (first >= 0) {
                    chosen.set(first, marked.length());
                }
            }
            case RANGE -> chosen.or(parse(choice.range(), frameCount));
        }
        if (choice.displayed()) {
            chosen.and(displayed);
        }
        chosen.andNot(ignored);
        chosen.clear(frameCount + 1, Math.max(frameCount + 1, chosen.length()));
        return chosen;
    }

    /** How many frames a choice writes, or -1 for a range that does not parse (the dialog's count columns). */
    public int count(Choice choice) {
        try {
            return numbers(choice).cardinality();
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    /** True when the selected frame, marks, ... exist for this kind (the dialog disables the others). */
    public boolean offers(Kind kind) {
        return switch (kind) {
            case ALL, RANGE -> true;
            case SELECTED -> selected >= 1;
            case MARKED, FIRST_TO_LAST_MARKED -> !marked.isEmpty();
        };
    }

    /**
     * The frame numbers of a range text: comma-separated numbers and spans "a-b", "a-" (to the last frame) and
     * "-b" (from the first), as Wireshark's range box; numbers past the last frame select nothing.
     */
    public static BitSet parse(String text, int frameCount) {
        BitSet numbers = new BitSet();
        String stripped = text == null ? "" : text.strip();
        if (stripped.isEmpty()) {
            throw new IllegalArgumentException("the range is empty: frame numbers such as 1-10,15");
        }
        for (String part : stripped.split(",", -1)) {
            String p = part.strip();
            int dash = p.indexOf('-');
            long from;
            long to;
            if (dash < 0) {
                from = number(p, text);
                to = from;
            } else {
                String left = p.substring(0, dash).strip();
                String right = p.substring(dash + 1).strip();
                if (left.isEmpty() && right.isEmpty()) {
                    throw new IllegalArgumentException("'" + p + "' in the range is no span: write a-b, a- or -b");
                }
                from = left.isEmpty() ? 1 : number(left, text);
                to = right.isEmpty() ? frameCount : number(right, text);
            }
            if (from < 1 || to < from) {
                throw new IllegalArgumentException("'" + p + "' in the range is no span of frame numbers (from 1, low to high)");
            }
            // numbers past the last frame select nothing, and allocate nothing
            long last = Math.min(to, frameCount);
            if (from <= last) {
                numbers.set((int) from, (int) last + 1);
            }
        }
        return numbers;
    }

    private static long number(String s, String whole) {
        if (s.isEmpty() || s.length() > 12 || !s.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("'" + s + "' in the range '" + whole.strip() + "' is not a frame number");
        }
        return Long.parseLong(s);
    }

    /** "1,234". */
    public static String grouped(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
