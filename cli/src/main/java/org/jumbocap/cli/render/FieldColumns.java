package org.jumbocap.cli.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Function;
import org.jumbocap.expert.ExpertFields;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.pipeline.tcp.TcpAnalysisFlag;
import org.jumbocap.proto.tcp.TcpAnalysisFields;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.field.FieldType;
import org.jumbocap.render.SafeText;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.TimeFormat;
import org.jumbocap.render.Utf8Text;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.link.LinkFields;

/**
 * {@code -T fields}: one line per frame with the values of the {@code -e} fields, shaped by the
 * {@code -E} options as tshark has them (header, separator, quote, occurrence, aggregator).
 */
public final class FieldColumns {
    private static final HexFormat HEX = HexFormat.of();
    private final List<String> fields;
    private boolean header;
    private String separator = "\t";
    private char quote;
    private char occurrence = 'a';
    private String aggregator = ",";
    /** The record's getter of each column, once {@link #appendLine} needed them. */
    private volatile List<java.util.function.ToLongFunction<FrameRecord>> recordValues;
    private TimeFormat timeFormat = TimeFormat.RELATIVE;

    public FieldColumns(List<String> fields) {
        this.fields = List.copyOf(fields);
    }

    /**
     * Applies one {@code -E key=value} option.
     *
     * @throws IllegalArgumentException naming the option and the values it takes
     */
    public void option(String option) {
        int eq = option.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException("-E " + option + ": expected key=value");
        }
        String key = option.substring(0, eq).toLowerCase(Locale.ROOT);
        String value = option.substring(eq + 1);
        switch (key) {
            case "header" -> header = yesNo(key, value);
            case "separator" -> separator = character(key, value);
            case "aggregator" -> aggregator = character(key, value);
            case "quote" -> {
                switch (value) {
                    case "d" -> quote = '"';
                    case "s" -> quote = '\'';
                    case "n" -> quote = 0;
                    default -> throw new IllegalArgumentException("-E quote=" + value + ": expected d, s or n");
                }
            }
            case "occurrence" -> {
                if (!value.equals("f") && !value.equals("l") && !value.equals("a")) {
                    throw new IllegalArgumentException("-E occurrence=" + value + ": expected f, l or a");
                }
                occurrence = value.charAt(0);
            }
            default -> throw new IllegalArgumentException("-E " + key
                    + ": unknown option (header, separator, quote, occurrence, aggregator)");
        }
    }

    private static boolean yesNo(String key, String value) {
        return switch (value) {
            case "y" -> true;
            case "n" -> false;
            default -> throw new IllegalArgumentException("-E " + key + "=" + value + ": expected y or n");
        };
    }

    /** A separator: one character, or {@code /t} for tab and {@code /s} for space as tshark spells them. */
    private static String character(String key, String value) {
        return switch (value) {
            case "/t" -> "\t";
            case "/s" -> " ";
            default -> {
                if (value.length() != 1) {
                    throw new IllegalArgumentException("-E " + key + "=" + value
                            + ": expected one character, /t (tab) or /s (space)");
                }
                yield value;
            }
        };
    }

    /** The header line, or null when {@code header=n}: the names unquoted, as tshark writes them whatever {@code quote}. */
    public String header() {
        if (!header) {
            return null;
        }
        return String.join(separator, fields);
    }

    /** The format of {@code _ws.col.Time} (read's {@code -t}; relative by default, as tshark's). */
    public void timeFormat(TimeFormat format) {
        this.timeFormat = format;
    }

    /**
     * tshark's packet-list columns as fields, by the names tshark 4.0 takes (the column titles) and those of
     * 4.2 and later: each is the text of jumbocap's summary line, addresses without ports as tshark's.
     */
    private static final Map<String, String> COLUMNS = Map.ofEntries(
            Map.entry("_ws.col.No.", "number"), Map.entry("_ws.col.number", "number"),
            Map.entry("_ws.col.Time", "time"), Map.entry("_ws.col.cls_time", "time"),
            Map.entry("_ws.col.Source", "source"), Map.entry("_ws.col.def_src", "source"),
            Map.entry("_ws.col.Destination", "destination"), Map.entry("_ws.col.def_dst", "destination"),
            Map.entry("_ws.col.Protocol", "protocol"), Map.entry("_ws.col.protocol", "protocol"),
            Map.entry("_ws.col.Length", "length"), Map.entry("_ws.col.packet_length", "length"),
            Map.entry("_ws.col.Info", "info"), Map.entry("_ws.col.info", "info"));

    /** The packet-list column names {@code -e} takes beside the fields. */
    public static java.util.Set<String> columnNames() {
        return COLUMNS.keySet();
    }

    /** True for a packet-list column name ({@code _ws.col.Info}) that {@code -e} takes beside the fields. */
    public static boolean isColumn(String name) {
        return COLUMNS.containsKey(name);
    }

    private static final java.time.format.DateTimeFormatter TSHARK_TIME = java.time.format.DateTimeFormatter
            .ofPattern("MMM ppd, yyyy HH:mm:ss.", Locale.ROOT).withZone(java.time.ZoneOffset.UTC);

    /** {@code frame.time} as tshark prints it in -T fields, "Nov  2, 2026 08:19:07.007843000 UTC" (jumbocap's times are UTC). */
    public static String tsharkTime(long nanos) {
        long seconds = Math.floorDiv(nanos, 1_000_000_000L);
        long fraction = Math.floorMod(nanos, 1_000_000_000L);
        return TSHARK_TIME.format(java.time.Instant.ofEpochSecond(seconds)) + String.format(Locale.ROOT, "%09d", fraction) + " UTC";
    }

    /** The text of one packet-list column ({@code _ws.col.Info}) for a frame, as {@code -e} prints it. */
    public String column(String name, FrameTree tree, FrameContext context) {
        String kind = COLUMNS.get(name);
        if (kind == null) {
            throw new IllegalArgumentException(name + " is not a packet-list column");
        }
        return SafeText.of(columnText(kind, tree, context));
    }

    private String columnText(String kind, FrameTree tree, FrameContext context) {
        FrameRecord frame = tree.frame();
        return switch (kind) {
            case "number" -> Long.toString(frame.number());
            case "time" -> context == null ? "" : timeFormat.format(frame.timestampNanos(), context);
            case "source", "destination" -> address(tree, kind.equals("source"));
            case "protocol" -> SummaryText.protocol(tree);
            case "length" -> Long.toString(frame.originalLength());
            default -> SummaryText.info(tree);
        };
    }

    /** The innermost IP header's address, else the link's, as tshark's Source and Destination columns. */
    private static String address(FrameTree tree, boolean source) {
        FieldNode ip = SummaryText.innermostIp(SummaryText.ownLayers(tree));
        FieldNode n;
        if (ip != null) {
            boolean v6 = ip.def() == Ipv6Fields.IPV6;
            n = ip.child(source ? (v6 ? Ipv6Fields.SRC : Ipv4Fields.SRC) : (v6 ? Ipv6Fields.DST : Ipv4Fields.DST));
        } else {
            n = tree.find(source ? LinkFields.ETH_SRC : LinkFields.ETH_DST);
            if (n == null && source) {
                n = tree.find(LinkFields.SLL_SRC_ETH);
            }
        }
        return n == null ? "" : n.valueText();
    }

    /**
     * Fields whose one value the frame's record holds (number, lengths): a line of only these needs no
     * decode at all ({@link #line(FrameRecord)}).
     */
    private static final Map<String, java.util.function.ToLongFunction<FrameRecord>> RECORD_VALUES = Map.of(
            "frame.number", FrameRecord::number,
            "frame.len", FrameRecord::originalLength,
            "frame.cap_len", FrameRecord::capturedLength);

    /** True when every column is a field of the frame's record, so {@link #line(FrameRecord)} makes the line. */
    public boolean fromRecordAlone() {
        return RECORD_VALUES.keySet().containsAll(fields);
    }

    /** The line {@link #line(FrameTree)} makes, for columns that are all {@link #fromRecordAlone() record fields}. */
    public String line(FrameRecord frame) {
        return appendLine(frame, new StringBuilder(8 * fields.size())).toString();
    }

    /** {@link #line(FrameRecord)} appended to {@code s}, the numbers written digit by digit. */
    public StringBuilder appendLine(FrameRecord frame, StringBuilder s) {
        List<java.util.function.ToLongFunction<FrameRecord>> values = recordValuesOfColumns();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                s.append(separator);
            }
            // one occurrence: first, last and all are the same value
            long value = values.get(i).applyAsLong(frame);
            if (quote == 0) {
                s.append(value);
            } else {
                s.append(quote).append(value).append(quote);
            }
        }
        return s;
    }

    /** {@link #appendLine(FrameRecord, StringBuilder)} as UTF-8 bytes, for a byte stream: the same text. */
    public Utf8Text appendLine(FrameRecord frame, Utf8Text s) {
        List<java.util.function.ToLongFunction<FrameRecord>> values = recordValuesOfColumns();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                s.append(separator);
            }
            long value = values.get(i).applyAsLong(frame);
            if (quote == 0) {
                s.append(value);
            } else {
                s.append(quote).append(value).append(quote);
            }
        }
        return s;
    }

    private List<java.util.function.ToLongFunction<FrameRecord>> recordValuesOfColumns() {
        List<java.util.function.ToLongFunction<FrameRecord>> values = recordValues;
        if (values == null) {
            values = fields.stream().map(RECORD_VALUES::get).toList();
            recordValues = values;
        }
        return values;
    }

    public String line(FrameTree tree) {
        return line(tree, null);
    }

    /** The fields chosen with -e, in their order. */
    public List<String> names() {
        return fields;
    }

    /**
     * Each occurrence of one field as {@code -T fields} prints it (bytes as hex), for tshark's {@code -T json -e}
     * and {@code -T ek -e}, whose JSON escapes the texts itself; empty when the frame has none.
     */
    public List<String> texts(String name, FrameTree tree, FrameContext context) {
        String columnKind = COLUMNS.get(name);
        List<Object> found = columnKind != null ? List.of(columnText(columnKind, tree, context))
                : name.equals("frame.time") ? List.of(tsharkTime(tree.frame().timestampNanos()))
                : values(tree, name);
        List<String> texts = new java.util.ArrayList<>(found.size());
        for (Object v : found) {
            if (v instanceof FieldNode bytes) {
                StringBuilder hex = new StringBuilder();
                appendHex(tree, bytes, hex);
                texts.add(hex.toString());
            } else {
                texts.add((String) v);
            }
        }
        return texts;
    }

    /** The line of a frame; {@code context} gives {@code _ws.col.Time} its reference times. */
    public String line(FrameTree tree, FrameContext context) {
        StringBuilder s = new StringBuilder(16 * fields.size());
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                s.append(separator);
            }
            String name = fields.get(i);
            String columnKind = COLUMNS.get(name);
            List<Object> found = columnKind != null ? List.of(columnText(columnKind, tree, context))
                    : name.equals("frame.time") ? List.of(tsharkTime(tree.frame().timestampNanos()))
                    : values(tree, name);
            if (found.isEmpty()) {
                continue;
            }
            if (quote != 0) {
                s.append(quote);
            }
            switch (occurrence) {
                case 'f' -> appendValue(tree, found.get(0), s);
                case 'l' -> appendValue(tree, found.get(found.size() - 1), s);
                default -> {
                    for (int j = 0; j < found.size(); j++) {
                        if (j > 0) {
                            SafeText.append(s, aggregator);
                        }
                        appendValue(tree, found.get(j), s);
                    }
                }
            }
            if (quote != 0) {
                s.append(quote);
            }
        }
        return s.toString();
    }

    /**
     * One value into the line: a bytes field as tshark prints it, lowercase hex without separators,
     * written straight from the frame's bytes (a super-packet's payload is up to 512 KB: no copy of it is
     * made on the way); any other value is text from a packet or a pcapng option, so no control character
     * reaches the terminal or breaks the line into columns that are not there.
     */
    private static void appendValue(FrameTree tree, Object value, StringBuilder s) {
        if (value instanceof FieldNode bytes) {
            appendHex(tree, bytes, s);
        } else {
            SafeText.append(s, (String) value);
        }
    }

    private static void appendHex(FrameTree tree, FieldNode node, StringBuilder s) {
        if (node.value() instanceof byte[] held) {
            HEX.formatHex(s, held);
            return;
        }
        // a node that points at the frame's bytes rather than holding a copy (payloads, data.data)
        FrameBuffer frame = tree.frame().buffer();
        int length = Math.max(0, Math.min(node.length(), frame.remaining(node.offset())));
        if (length == 0) {
            return;
        }
        byte[] array = frame.array();
        int from = frame.arrayOffset() + node.offset();
        s.ensureCapacity(s.length() + 2 * length);
        HEX.formatHex(s, array, from, from + length);
    }

    /**
     * The values of one column in frame order: text, or the node of a bytes field (printed from the
     * frame's bytes by {@link #appendHex}). The expert fields are not tree nodes: their values come from
     * the frame's expert items, one per item.
     */
    private static List<Object> values(FrameTree tree, String name) {
        Function<ExpertItem, String> expert = EXPERT_VALUES.get(name);
        if (expert != null) {
            List<Object> out = new ArrayList<>(tree.experts().size());
            for (ExpertItem e : tree.experts()) {
                out.add(expert.apply(e));
            }
            return out;
        }
        List<FieldNode> nodes = tree.findAll(name);
        List<Object> out = new ArrayList<>(nodes.size());
        // the TCP analysis findings are labels; tshark prints them (expert items in Wireshark) as "1"
        boolean finding = name.equals(TcpAnalysisFields.FLAGS.name()) || TcpAnalysisFlag.ofField(name) != null;
        for (FieldNode n : nodes) {
            if (n.def().type() == FieldType.BYTES) {
                out.add(n);
            } else {
                out.add(finding && n.value() == null ? "1" : n.valueText());
            }
        }
        return out;
    }

    private static final Map<String, Function<ExpertItem, String>> EXPERT_VALUES = Map.of(
            ExpertFields.ID.name(), ExpertItem::id,
            ExpertFields.MESSAGE.name(), ExpertItem::message,
            ExpertFields.SEVERITY.name(), e -> e.severity().filterName(),
            ExpertFields.GROUP.name(), e -> e.group().filterName());

    private void quoted(String text, StringBuilder s) {
        if (quote == 0) {
            s.append(text);
        } else {
            s.append(quote).append(text).append(quote);
        }
    }
}
