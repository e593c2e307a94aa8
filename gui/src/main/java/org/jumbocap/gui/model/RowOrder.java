package org.jumbocap.gui.model;

import java.util.Arrays;

/**
 * An order of the packet list: a column and a direction. Rows are sorted as frame indices on the packed
 * columns, stably (equal rows keep frame order), without an object per row. The JDK sorts no int array
 * with a comparator, so the merge sort is written here.
 *
 * <p>The text columns (Source, Destination, Info) are not packed: their texts are made for the sort,
 * once per frame, and compared as shown.
 *
 * @param column the column's id ({@code col-number}, {@code col-time}, {@code col-length},
 *               {@code col-protocol}, {@code col-jumbo}, {@code col-tcp-stream}, {@code col-tcp-analysis},
 *               {@code col-source}, {@code col-destination}, {@code col-info})
 */
public record RowOrder(String column, boolean descending) {
    /** Columns the list can be sorted by. */
    public static boolean sortable(String column) {
        return switch (column) {
            case "col-number", "col-time", "col-length", "col-protocol", "col-jumbo", "col-tcp-stream", "col-tcp-analysis" -> true;
            default -> needsTexts(column);
        };
    }

    /** True for a column whose texts are made for the sort: the packed rows do not hold them. */
    public static boolean needsTexts(String column) {
        return switch (column) {
            case "col-source", "col-destination", "col-info" -> true;
            default -> false;
        };
    }

    /** The text a text column shows for a row. */
    public static String textOf(String column, RowText text) {
        return switch (column) {
            case "col-source" -> text.source();
            case "col-destination" -> text.destination();
            case "col-info" -> text.info();
            default -> throw new IllegalArgumentException(column);
        };
    }

    /** Compares two frame indices. */
    interface IndexComparator {
        int compare(int a, int b);
    }

    /** The frame indices in this order (null order: frame order); sorts {@code indices} in place. */
    public static int[] sort(int[] indices, RowStore rows, RowOrder order) {
        return sort(indices, rows, order, null);
    }

    /**
     * As {@link #sort(int[], RowStore, RowOrder)}; for a text column {@code texts} holds each row's text
     * by frame index.
     */
    public static int[] sort(int[] indices, RowStore rows, RowOrder order, String[] texts) {
        if (order == null || order.column().equals("col-number")) {
            Arrays.sort(indices);
        } else {
            IndexComparator by = switch (order.column()) {
                case "col-time" -> (a, b) -> Long.compare(rows.timestampNanos(a), rows.timestampNanos(b));
                case "col-length" -> (a, b) -> Long.compare(rows.originalLength(a), rows.originalLength(b));
                case "col-protocol" -> (a, b) -> rows.protocol(a).compareTo(rows.protocol(b));
                case "col-jumbo" -> (a, b) -> Long.compare(jumboKey(rows, a), jumboKey(rows, b));
                case "col-tcp-stream" -> (a, b) -> Integer.compare(rows.tcpStream(a), rows.tcpStream(b));
                case "col-tcp-analysis" -> (a, b) -> Integer.compare(rows.tcpAnalysisFlags(a), rows.tcpAnalysisFlags(b));
                default -> {
                    if (!needsTexts(order.column()) || texts == null) {
                        throw new IllegalArgumentException("cannot sort by " + order.column());
                    }
                    yield (a, b) -> texts[a].compareTo(texts[b]);
                }
            };
            Arrays.sort(indices);
            mergeSort(indices, new int[indices.length], 0, indices.length, by);
        }
        if (order != null && order.descending()) {
            reverse(indices);
        }
        return indices;
    }

    private static long jumboKey(RowStore rows, int i) {
        return rows.jumboKind(i) != null ? rows.realLength(i) : -1;
    }

    /** Descending is the ascending order read backwards. */
    private static void reverse(int[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private static void mergeSort(int[] a, int[] tmp, int from, int to, IndexComparator by) {
        if (to - from < 24) {
            for (int i = from + 1; i < to; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= from && by.compare(a[j], v) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, by);
        mergeSort(a, tmp, mid, to, by);
        if (by.compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && by.compare(tmp[i], tmp[j]) <= 0)) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
