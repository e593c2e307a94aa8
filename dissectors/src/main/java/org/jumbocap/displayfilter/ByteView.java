package org.jumbocap.displayfilter;

import java.util.List;

/**
 * Bytes a test reads in place: a field's value, or a layer's or payload's bytes inside the frame's
 * array. Slicing makes another view; nothing is copied except when a slice joins several ranges.
 */
final class ByteView {
    static final ByteView EMPTY = new ByteView(new byte[0], 0, 0);

    final byte[] array;
    final int from;
    final int length;

    ByteView(byte[] array, int from, int length) {
        this.array = array;
        this.from = from;
        this.length = length;
    }

    static ByteView of(byte[] b) {
        return new ByteView(b, 0, b.length);
    }

    /** The bytes a predicate was handed, or null when the value is not bytes. */
    static ByteView of(Object value) {
        if (value instanceof ByteView v) {
            return v;
        }
        if (value instanceof byte[] b) {
            return of(b);
        }
        return null;
    }

    int byteAt(int i) {
        return array[from + i] & 0xFF;
    }

    /**
     * The slice as Wireshark takes it, or null when a range falls outside these bytes (the slice then
     * has no value, so no comparison with it holds).
     */
    ByteView slice(List<Ast.SliceRange> ranges) {
        if (ranges.size() == 1) {
            return range(ranges.get(0));
        }
        ByteView[] parts = new ByteView[ranges.size()];
        int total = 0;
        for (int i = 0; i < parts.length; i++) {
            parts[i] = range(ranges.get(i));
            if (parts[i] == null) {
                return null;
            }
            total += parts[i].length;
        }
        byte[] joined = new byte[total];
        int at = 0;
        for (ByteView p : parts) {
            System.arraycopy(p.array, p.from, joined, at, p.length);
            at += p.length;
        }
        return of(joined);
    }

    private ByteView range(Ast.SliceRange r) {
        long start = r.start() < 0 ? (long) length + r.start() : r.start();
        if (start < 0 || start > length) {
            return null;
        }
        long count = switch (r.end()) {
            case LENGTH -> r.value();
            case TO_END -> length - start;
            case OFFSET -> (r.value() < 0 ? (long) length + r.value() : r.value()) - start + 1;
        };
        if (count <= 0 || start + count > length) {
            return null;
        }
        return new ByteView(array, from + (int) start, (int) count);
    }

    /** Bytewise and with a mask, as long as the shorter of the two. */
    ByteView and(byte[] mask) {
        byte[] out = new byte[Math.min(length, mask.length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (array[from + i] & mask[i]);
        }
        return of(out);
    }
}
