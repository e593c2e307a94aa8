package org.jumbocap.spark;

import java.util.Map;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Or;

/**
 * Spark filters as jumbocap display filters, where one selects at least every frame whose row passes: the
 * reader then skips the other frames before making rows, and Spark still applies its own filter to the
 * rows (the translation may let through more, never fewer). Filters on other columns are not translated.
 */
final class FilterTranslation {
    /** Columns whose value is a display-filter field exactly. */
    private static final Map<String, String> EXACT = Map.of(
            "frame_number", "frame.number",
            "frame_length", "frame.len",
            "captured_length", "frame.cap_len");

    private FilterTranslation() {
    }

    /** The display filter, or null when this filter cannot be translated safely. */
    static String of(Filter f) {
        if (f instanceof And a) {
            String l = of(a.left());
            String r = of(a.right());
            // dropping one side of an AND lets more rows through: still safe
            return l == null ? r : r == null ? l : "(" + l + ") && (" + r + ")";
        }
        if (f instanceof Or o) {
            String l = of(o.left());
            String r = of(o.right());
            return l == null || r == null ? null : "(" + l + ") || (" + r + ")";
        }
        if (f instanceof IsNotNull n && n.attribute().equals("jumbo_kind")) {
            // the innermost packet is a jumbogram: then some IP layer of the frame is
            return "jumbo";
        }
        if (f instanceof EqualTo e) {
            return equalTo(e.attribute(), e.value());
        }
        if (f instanceof GreaterThan g) {
            return compare(g.attribute(), ">", g.value());
        }
        if (f instanceof GreaterThanOrEqual g) {
            return compare(g.attribute(), ">=", g.value());
        }
        if (f instanceof LessThan l) {
            return compare(l.attribute(), "<", l.value());
        }
        if (f instanceof LessThanOrEqual l) {
            return compare(l.attribute(), "<=", l.value());
        }
        return null;
    }

    private static String equalTo(String column, Object value) {
        if (column.equals("jumbo_kind") && value instanceof String s && s.matches("[a-z0-9-]+")) {
            return "jumbo.kind == \"" + s + "\"";
        }
        if ((column.equals("src_port") || column.equals("dst_port")) && value instanceof Integer port) {
            // the innermost TCP or UDP header's port: some TCP or UDP header of the frame has it
            String side = column.equals("src_port") ? "srcport" : "dstport";
            return "tcp." + side + " == " + port + " || udp." + side + " == " + port;
        }
        return compare(column, "==", value);
    }

    private static String compare(String column, String op, Object value) {
        String field = EXACT.get(column);
        if (field == null || !(value instanceof Integer || value instanceof Long) || ((Number) value).longValue() < 0) {
            return null;
        }
        return field + " " + op + " " + value;
    }
}
