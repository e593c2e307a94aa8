package org.jumbocap.cli.tshark;

import java.util.List;
import org.jumbocap.cli.render.FieldColumns;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.TimeFormat;
import org.jumbocap.tree.FrameTree;

/**
 * {@code -T psml}: tshark's packet summary XML, a {@code <packet>} of its seven default columns per frame, the
 * same texts as {@code -e _ws.col.*} (jumbocap's Info).
 */
public final class Psml {
    private static final List<String> COLUMNS = List.of("_ws.col.No.", "_ws.col.Time", "_ws.col.Source",
            "_ws.col.Destination", "_ws.col.Protocol", "_ws.col.Length", "_ws.col.Info");
    private static final List<String> TITLES = List.of("No.", "Time", "Source", "Destination", "Protocol", "Length", "Info");

    private final FieldColumns columns = new FieldColumns(COLUMNS);

    public Psml(TimeFormat time) {
        columns.timeFormat(time);
    }

    /** What comes before the first packet: the XML declaration and the columns' titles. */
    public static String head() {
        StringBuilder s = new StringBuilder(256);
        s.append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<psml version=\"0\" creator=\"jumbocap\">\n<structure>\n");
        for (String t : TITLES) {
            s.append("<section>").append(t).append("</section>\n");
        }
        return s.append("</structure>\n").toString();
    }

    public static String tail() {
        return "\n</psml>\n";
    }

    public void packet(FrameTree tree, FrameContext context, StringBuilder s) {
        s.append("\n<packet>\n");
        for (String c : COLUMNS) {
            s.append("<section>");
            Pdml.escape(columns.column(c, tree, context), s); // tshark's escaping, control characters too
            s.append("</section>\n");
        }
        s.append("</packet>\n");
    }
}
