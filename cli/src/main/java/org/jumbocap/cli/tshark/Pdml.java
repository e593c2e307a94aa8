package org.jumbocap.cli.tshark;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.cli.render.FieldColumns;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.field.FieldType;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.jumbocap.tree.FieldFormat;

/**
 * {@code -T pdml}: tshark's packet details XML. The document's head, each packet's {@code geninfo} block and the
 * frame layer's heading are laid out as tshark writes them; below them every node of jumbocap's tree is a
 * {@code <proto>} (a protocol) or a {@code <field>} (name, showname, hide, size, pos, show, value, in tshark's
 * order), with tshark's {@code show} texts (those of {@code -T json --json-layout tshark}) and the bytes a field
 * covers as {@code value}. The shownames are jumbocap's tree texts, and the fields are jumbocap's.
 */
public final class Pdml {
    /** ctime(3)'s layout, which tshark's {@code time} attribute has: "Wed Dec  2 06:16:56 2026". */
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);

    private Pdml() {
    }

    /** What comes before the first packet; {@code file} is the capture file as named on the command line. */
    public static String head(String file, ZonedDateTime now) {
        StringBuilder s = new StringBuilder(512);
        s.append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
                .append("<?xml-stylesheet type=\"text/xsl\" href=\"pdml2html.xsl\"?>\n")
                .append("<!-- You can find pdml2html.xsl in /usr/share/wireshark or at "
                        + "https://gitlab.com/wireshark/wireshark/-/raw/master/pdml2html.xsl. -->\n")
                .append("<pdml version=\"0\" creator=\"jumbocap\" time=\"").append(CTIME.format(now)).append("\" capture_file=\"");
        escape(file, s);
        return s.append("\">\n").toString();
    }

    public static String tail() {
        return "</pdml>\n";
    }

    /** One {@code <packet>} element and the two empty lines tshark leaves after it. */
    public static void packet(FrameTree tree, StringBuilder s) {
        FrameRecord frame = tree.frame();
        int captured = frame.capturedLength();
        s.append("<packet>\n");
        s.append("  <proto name=\"geninfo\" pos=\"0\" showname=\"General information\" size=\"").append(captured).append("\">\n");
        general(s, "num", Long.toString(frame.number()), "Number", Long.toHexString(frame.number()), captured);
        general(s, "len", Long.toString(frame.originalLength()), "Frame Length", Long.toHexString(frame.originalLength()), captured);
        general(s, "caplen", Integer.toString(captured), "Captured Length", Integer.toHexString(captured), captured);
        general(s, "timestamp", FieldColumns.tsharkTime(frame.timestampNanos()), "Captured Time",
                FieldFormat.seconds(frame.timestampNanos()), captured);
        s.append("  </proto>\n");
        for (FieldNode layer : tree.layers()) {
            node(tree, layer, 1, s);
        }
        s.append("</packet>\n\n\n");
    }

    private static void general(StringBuilder s, String name, String show, String showname, String value, int size) {
        s.append("    <field name=\"").append(name).append("\" pos=\"0\" show=\"");
        escape(show, s);
        s.append("\" showname=\"").append(showname).append("\" value=\"").append(value).append("\" size=\"").append(size).append("\"/>\n");
    }

    private static void node(FrameTree tree, FieldNode n, int depth, StringBuilder s) {
        indent(s, depth);
        boolean proto = n.isProtocol();
        s.append(proto ? "<proto name=\"" : "<field name=\"").append(n.name()).append("\" showname=\"");
        escape(showname(tree, n), s);
        s.append('"');
        if (n.isHidden()) {
            s.append(" hide=\"yes\"");
        }
        FrameBuffer bytes = tree.frame().buffer();
        int size = Math.max(0, n.length());
        s.append(" size=\"").append(size).append("\" pos=\"").append(n.offset()).append('"');
        if (!proto) {
            s.append(" show=\"");
            escape(show(tree, n), s);
            s.append('"');
            // tshark gives the bytes a field covers, none for a field made of no bytes (a generated one), and an
            // empty value for a heading (a field with no value of its own), whatever it covers
            if (heading(n)) {
                s.append(" value=\"\"");
            } else if (size > 0) {
                s.append(" value=\"");
                int from = Math.min(Math.max(0, n.offset()), bytes.capturedLength());
                int length = Math.min(size, bytes.remaining(from));
                hex(bytes.array(), bytes.arrayOffset() + from, length, s);
                s.append('"');
            }
        }
        if (n.children().isEmpty() && n.experts().isEmpty()) {
            s.append(proto ? "></proto>\n" : "/>\n");
            return;
        }
        s.append(">\n");
        for (ExpertItem e : n.experts()) {
            expert(e, n, depth + 1, s);
        }
        for (FieldNode c : n.children()) {
            node(tree, c, depth + 1, s);
        }
        indent(s, depth).append(proto ? "</proto>\n" : "</field>\n");
    }

    /**
     * An expert item as tshark writes one below the field it concerns: a {@code _ws.expert} field at that field's
     * place, holding the item's own name, its message, and its severity and group as tshark's numbers (jumbocap's
     * jumbogram group counts as tshark's Protocol, its truncation group as Malformed).
     */
    private static void expert(ExpertItem e, FieldNode at, int depth, StringBuilder s) {
        String severity = e.severity() == Severity.WARN ? "Warning" : capital(e.severity().filterName());
        String group = capital(e.group().filterName());
        indent(s, depth).append("<field name=\"_ws.expert\" showname=\"");
        escape("Expert Info (" + severity + "/" + group + "): " + e.message(), s);
        s.append("\" size=\"0\" pos=\"").append(at.offset()).append("\">\n");
        indent(s, depth + 1).append("<field name=\"").append(e.id()).append("\" showname=\"");
        escape(e.message(), s);
        s.append("\" size=\"0\" pos=\"0\" show=\"\" value=\"\"/>\n");
        indent(s, depth + 1).append("<field name=\"_ws.expert.message\" showname=\"Message: ");
        escape(e.message(), s);
        s.append("\" hide=\"yes\" size=\"0\" pos=\"0\" show=\"");
        escape(e.message(), s);
        s.append("\"/>\n");
        indent(s, depth + 1).append("<field name=\"_ws.expert.severity\" showname=\"Severity level: ").append(severity)
                .append("\" size=\"0\" pos=\"0\" show=\"").append(severityNumber(e.severity())).append("\"/>\n");
        indent(s, depth + 1).append("<field name=\"_ws.expert.group\" showname=\"Group: ").append(group)
                .append("\" size=\"0\" pos=\"0\" show=\"").append(groupNumber(e.group())).append("\"/>\n");
        indent(s, depth).append("</field>\n");
    }

    /** tshark's PI_CHAT, PI_NOTE, PI_WARN, PI_ERROR. */
    private static long severityNumber(Severity severity) {
        return switch (severity) {
            case CHAT -> 0x00200000L;
            case NOTE -> 0x00400000L;
            case WARN -> 0x00600000L;
            case ERROR -> 0x00800000L;
        };
    }

    /** tshark's PI_CHECKSUM, PI_SEQUENCE, PI_MALFORMED, PI_PROTOCOL, PI_UNDECODED, PI_COMMENTS_GROUP. */
    private static long groupNumber(ExpertGroup group) {
        return switch (group) {
            case CHECKSUM -> 0x01000000L;
            case SEQUENCE -> 0x02000000L;
            case UNDECODED -> 0x05000000L;
            case MALFORMED, TRUNCATED -> 0x07000000L;
            case PROTOCOL, JUMBO -> 0x09000000L;
            case COMMENTS -> 0x0b000000L;
        };
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** tshark's heading of the frame layer, "Frame 1: 110 bytes on wire (880 bits), 110 bytes captured (880 bits)". */
    private static String showname(FrameTree tree, FieldNode n) {
        if (n.parent() == null && n.def() == FrameFields.FRAME) {
            FrameRecord f = tree.frame();
            return String.format(Locale.ROOT, "Frame %d: %d bytes on wire (%d bits), %d bytes captured (%d bits)",
                    f.number(), f.originalLength(), f.originalLength() * 8, f.capturedLength(), f.capturedLength() * 8L);
        }
        return n.text();
    }

    /** A field with no value of its own (a heading) shows nothing, as tshark's do. */
    private static String show(FrameTree tree, FieldNode n) {
        return heading(n) ? "" : TsharkJson.text(tree, n);
    }

    private static boolean heading(FieldNode n) {
        return n.def().type() == FieldType.NONE && !TsharkJson.bytesValued(n);
    }

    private static StringBuilder indent(StringBuilder s, int depth) {
        for (int i = 0; i < depth; i++) {
            s.append("  ");
        }
        return s;
    }

    private static void hex(byte[] a, int from, int length, StringBuilder s) {
        for (int i = 0; i < length; i++) {
            s.append(Character.forDigit((a[from + i] >> 4) & 0xF, 16)).append(Character.forDigit(a[from + i] & 0xF, 16));
        }
    }

    /**
     * XML's five entities, as tshark escapes its texts, and a control character as tshark writes one, {@code \x1b}:
     * text from a packet never reaches a terminal raw.
     */
    static void escape(String text, StringBuilder s) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&apos;");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                        s.append("\\x").append(Integer.toHexString(c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
    }
}
