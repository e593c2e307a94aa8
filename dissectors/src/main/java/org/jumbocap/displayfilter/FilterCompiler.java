package org.jumbocap.displayfilter;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jumbocap.displayfilter.Ast.Expr;
import org.jumbocap.displayfilter.Token.Kind;
import org.jumbocap.expert.ExpertFields;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;
import org.jumbocap.field.FieldType;

/** Type-checks a parsed filter against the declared fields and builds its evaluable form. */
final class FilterCompiler {
    private static final Set<String> EXPERT_NAMES = Set.of(ExpertFields.EXPERT.name(), ExpertFields.ID.name(),
            ExpertFields.MESSAGE.name(), ExpertFields.SEVERITY.name(), ExpertFields.GROUP.name());

    private final String src;
    private final FieldRegistry fields;
    private final Set<String> expertIds;
    private final Map<String, Integer> slots = new LinkedHashMap<>();
    private final Map<String, Integer> treeSlots = new LinkedHashMap<>();
    private final Map<String, Integer> expertSlots = new LinkedHashMap<>();

    /** @param expertIds the declared expert items' ids, which a filter may name alone as tshark's do */
    FilterCompiler(String src, FieldRegistry fields, Set<String> expertIds) {
        this.src = src;
        this.fields = fields;
        this.expertIds = expertIds;
    }

    CompiledFilter compile() {
        FilterNode root = node(Parser.parse(src));
        return new CompiledFilter(src, root, slots.size(), Map.copyOf(treeSlots), Map.copyOf(expertSlots),
                List.copyOf(slots.keySet()));
    }

    private FilterNode node(Expr e) {
        if (e instanceof Ast.Everything) {
            return new FilterNode.Everything();
        }
        if (e instanceof Ast.And a) {
            return new FilterNode.And(node(a.left()), node(a.right()));
        }
        if (e instanceof Ast.Or o) {
            return new FilterNode.Or(node(o.left()), node(o.right()));
        }
        if (e instanceof Ast.Xor x) {
            return new FilterNode.Xor(node(x.left()), node(x.right()));
        }
        if (e instanceof Ast.Not n) {
            return new FilterNode.Not(node(n.operand()));
        }
        if (e instanceof Ast.Presence p) {
            return presence(p.field());
        }
        if (e instanceof Ast.Relation r) {
            return relation(r);
        }
        Ast.Membership m = (Ast.Membership) e;
        return membership(m);
    }

    private FieldDef field(Ast.FieldRef ref) {
        Optional<FieldDef> def = fields.find(ref.name());
        if (def.isPresent()) {
            return def.get();
        }
        if (!looksLikeFieldName(ref.name())) {
            throw error(ref.column(), "'" + ref.name() + "' is not a field name: a test starts with a field, e.g. tcp.port == 80");
        }
        Optional<String> near = fields.nearest(ref.name());
        throw error(ref.column(), "unknown field '" + ref.name() + "'" + near.map(n -> ": did you mean '" + n + "'?").orElse(""));
    }

    private static boolean looksLikeFieldName(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_')) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private int slot(FieldDef def) {
        Integer existing = slots.get(def.name());
        if (existing != null) {
            return existing;
        }
        int s = slots.size();
        slots.put(def.name(), s);
        (EXPERT_NAMES.contains(def.name()) ? expertSlots : treeSlots).put(def.name(), s);
        return s;
    }

    /**
     * What a test reads from its field: the operand taken from each occurrence, the type the literal is
     * read as, and for {@code integer & mask} the mask, applied by the predicate so the fast path can
     * still answer.
     */
    private record Reading(FieldDef def, FilterNode.Operand operand, FieldType type, Long mask) {
        boolean plain() {
            return operand == FilterNode.Operand.VALUE && mask == null;
        }

        ValuePredicate masked(ValuePredicate test) {
            return mask == null ? test : new ValuePredicate.Masked(mask, test);
        }
    }

    private Reading reading(Ast.FieldRef ref) {
        FieldDef def = field(ref);
        FieldType type = def.type();
        FilterNode.Operand operand = type == FieldType.BYTES ? FilterNode.Operand.BYTES : FilterNode.Operand.VALUE;
        if (ref.slice() != null) {
            if (!sliceable(type)) {
                throw error(ref.slice().column(), def.name() + " is " + typeName(type) + " and cannot be sliced: slices"
                        + " take bytes, MAC or IP addresses, strings and protocols (eth[0:3], ip.src[0:2])");
            }
            operand = FilterNode.Operand.slice(FilterNode.Operand.BYTES, ref.slice().ranges());
            type = FieldType.BYTES;
        }
        if (ref.mask() == null) {
            return new Reading(def, operand, type, null);
        }
        Ast.Literal mask = ref.mask();
        if (type.isInteger() && type != FieldType.BOOLEAN) {
            return new Reading(def, operand, type, integer(def, type, mask));
        }
        if (type == FieldType.BYTES || type == FieldType.ETHER) {
            FilterNode.Operand bytes = operand == FilterNode.Operand.VALUE ? FilterNode.Operand.BYTES : operand;
            return new Reading(def, FilterNode.Operand.masked(bytes, byteLiteral(def, mask)), FieldType.BYTES, null);
        }
        throw error(mask.column(), "'&' (bitwise and) needs an integer or bytes field; " + def.name() + " is "
                + typeName(type) + (type == FieldType.BOOLEAN ? ": test it alone or with == 1" : ""));
    }

    private static boolean sliceable(FieldType type) {
        return switch (type) {
            case BYTES, ETHER, IPV4, IPV6, STRING, PROTOCOL -> true;
            default -> false;
        };
    }

    private FilterNode presence(Ast.FieldRef ref) {
        if (ref.plain() && !fields.contains(ref.name()) && expertIds.contains(ref.name())) {
            // tshark's filters name an expert item by its id alone (tcp.connection.rst): present where the item is,
            // decided as expert.id == "tcp.connection.rst", on the summary's items as on the tree's
            Ast.FieldRef id = new Ast.FieldRef(ExpertFields.ID.name(), ref.column(), null, null);
            return relation(new Ast.Relation(id, Kind.EQ, ref.column(), new Ast.Literal(ref.name(), true, ref.column())));
        }
        if (ref.plain()) {
            FieldDef def = field(ref);
            return new FilterNode.Presence(slot(def), FastField.forField(def.name(), def.type()));
        }
        Reading r = reading(ref);
        ValuePredicate test = r.mask() != null ? r.masked(null)
                : ref.mask() != null ? new ValuePredicate.AnyBitSet() : new ValuePredicate.Always();
        return new FilterNode.Relation(slot(r.def()), FastField.forField(r.def().name(), r.def().type()), r.operand(),
                test, false, false);
    }

    private FilterNode relation(Ast.Relation r) {
        Reading reading = reading(r.field());
        FieldDef def = reading.def();
        FieldType type = reading.type();
        boolean bytesSearch = r.op() == Kind.CONTAINS || r.op() == Kind.MATCHES;
        if (type == FieldType.NONE || type == FieldType.PROTOCOL && !bytesSearch) {
            throw error(r.opColumn(), "'" + def.name() + "' is a protocol or label without a value: test its presence ("
                    + def.name() + "), compare one of its fields or a slice of its bytes (" + def.name()
                    + "[0:2] == 00:50), or search them (" + def.name() + " contains \"...\")");
        }
        FieldDef other = fieldOperand(r);
        if (other != null && r.field().plain()) {
            return fieldRelation(r, def, other);
        }
        if (other != null && type == FieldType.BYTES && reading.mask() == null && sliceable(other.type())
                && other.type() != FieldType.PROTOCOL) {
            return bytesRelation(r, reading, other);
        }
        FilterNode.Operand operand = reading.operand();
        if (bytesSearch && type == FieldType.PROTOCOL) {
            operand = FilterNode.Operand.BYTES;
        }
        ValuePredicate test;
        boolean all = false;
        boolean negate = false;
        switch (r.op()) {
            case CONTAINS -> test = contains(def, type, r.value());
            case MATCHES -> test = matches(def, type, r.value());
            case EQ -> test = value(def, type, Kind.EQ, r.value());
            case NE -> {
                test = value(def, type, Kind.EQ, r.value());
                all = true;
                negate = true;
            }
            case ALL_EQ -> {
                test = value(def, type, Kind.EQ, r.value());
                all = true;
            }
            case ANY_NE -> {
                test = value(def, type, Kind.EQ, r.value());
                negate = true;
            }
            default -> test = value(def, type, r.op(), r.value());
        }
        FastField fast = FastField.forField(def.name(), def.type());
        return new FilterNode.Relation(slot(def), fast, operand, reading.masked(test), all, negate);
    }

    /**
     * The field a relation compares with, when its right side is an unquoted declared field name with a
     * value ({@code frame.cap_len < frame.len}); a declared name wins over a bare string literal.
     */
    private FieldDef fieldOperand(Ast.Relation r) {
        if (r.value().quoted() || r.op() == Kind.CONTAINS || r.op() == Kind.MATCHES) {
            return null;
        }
        FieldDef other = fields.find(r.value().text()).orElse(null);
        if (other == null || other.type() == FieldType.PROTOCOL || other.type() == FieldType.NONE) {
            return null;
        }
        return other;
    }

    private FilterNode fieldRelation(Ast.Relation r, FieldDef left, FieldDef right) {
        FieldType a = left.type();
        FieldType b = right.type();
        boolean numeric = (a.isInteger() || a == FieldType.DOUBLE) && (b.isInteger() || b == FieldType.DOUBLE);
        boolean sameKind = a == b && a != FieldType.TIMESTAMP
                || (a == FieldType.BYTES || a == FieldType.ETHER) && (b == FieldType.BYTES || b == FieldType.ETHER);
        if (!numeric && !sameKind) {
            throw error(r.value().column(), "cannot compare " + left.name() + " (" + typeName(a) + ") with "
                    + right.name() + " (" + typeName(b) + ")");
        }
        Kind op = switch (r.op()) {
            case NE, ALL_EQ, ANY_NE -> Kind.EQ;
            default -> r.op();
        };
        boolean all = r.op() == Kind.NE || r.op() == Kind.ALL_EQ;
        boolean negate = r.op() == Kind.NE || r.op() == Kind.ANY_NE;
        FastField fastLeft = FastField.forField(left.name(), a);
        FastField fastRight = FastField.forField(right.name(), b);
        boolean fast = fastLeft != null && fastRight != null && fastLeft.kind == FastField.ValueKind.INTEGER
                && fastRight.kind == FastField.ValueKind.INTEGER;
        boolean unsigned = a == FieldType.UINT64 && b == FieldType.UINT64;
        return new FilterNode.FieldRelation(slot(left), slot(right), fast ? fastLeft : null, fast ? fastRight : null,
                op, all, negate, unsigned);
    }

    /** A slice or masked bytes compared with a byte-like field's bytes: {@code frame[6:6] == eth.src}. */
    private FilterNode bytesRelation(Ast.Relation r, Reading left, FieldDef right) {
        Kind op = switch (r.op()) {
            case NE, ALL_EQ, ANY_NE -> Kind.EQ;
            default -> r.op();
        };
        boolean all = r.op() == Kind.NE || r.op() == Kind.ALL_EQ;
        boolean negate = r.op() == Kind.NE || r.op() == Kind.ANY_NE;
        return new FilterNode.BytesRelation(slot(left.def()), left.operand(), slot(right), op, all, negate);
    }

    private FilterNode membership(Ast.Membership m) {
        Reading reading = reading(m.field());
        FieldDef def = reading.def();
        FieldType type = reading.type();
        if (type == FieldType.PROTOCOL || type == FieldType.NONE) {
            throw error(m.field().column(), "'" + def.name() + "' is a protocol or label without a value: it cannot be in a set");
        }
        List<ValuePredicate> members = new ArrayList<>();
        for (Ast.SetItem item : m.items()) {
            if (item.high() == null) {
                members.add(value(def, type, Kind.EQ, item.low()));
            } else {
                members.add(range(def, type, item.low(), item.high()));
            }
        }
        ValuePredicate test = members.size() == 1 ? members.get(0) : new ValuePredicate.AnyOf(members);
        return new FilterNode.Relation(slot(def), FastField.forField(def.name(), def.type()), reading.operand(),
                reading.masked(test), m.negated(), m.negated());
    }

    private ValuePredicate range(FieldDef def, FieldType type, Ast.Literal low, Ast.Literal high) {
        if (type.isInteger()) {
            long lo = integer(def, type, low);
            long hi = integer(def, type, high);
            boolean unsigned = type == FieldType.UINT64;
            if (unsigned ? Long.compareUnsigned(lo, hi) > 0 : lo > hi) {
                throw error(low.column(), "empty range: " + low.text() + " is above " + high.text());
            }
            return new ValuePredicate.IntegerRange(lo, hi, unsigned);
        }
        if (type == FieldType.DOUBLE) {
            return new ValuePredicate.DoubleCompare(Kind.EQ, decimal(def, low), decimal(def, high));
        }
        throw error(low.column(), "ranges (a..b) need a number field; " + def.name() + " is " + typeName(type));
    }

    /** A comparison with a literal read as {@code type}: the field's own, or bytes for a slice. */
    private ValuePredicate value(FieldDef def, FieldType type, Kind op, Ast.Literal lit) {
        switch (type) {
            case BOOLEAN, UINT8, UINT16, UINT24, UINT32, UINT64, INT32 -> {
                return new ValuePredicate.IntegerCompare(op, integer(def, type, lit), type == FieldType.UINT64,
                        type == FieldType.BOOLEAN);
            }
            case DOUBLE -> {
                return new ValuePredicate.DoubleCompare(op, decimal(def, lit), Double.NaN);
            }
            case IPV4, IPV6 -> {
                return address(def, op, lit);
            }
            case ETHER -> {
                byte[] mac = lit.quoted() ? null : Literals.bytes(lit.text());
                if (mac == null || mac.length != 6) {
                    throw error(lit.column(), "'" + lit.text() + "' is not a MAC address (aa:bb:cc:dd:ee:ff) for " + def.name());
                }
                return new ValuePredicate.BytesCompare(op, mac);
            }
            case BYTES -> {
                return new ValuePredicate.BytesCompare(op, byteLiteral(def, lit));
            }
            case STRING -> {
                return new ValuePredicate.StringCompare(op, lit.text());
            }
            case TIMESTAMP -> throw error(lit.column(), "comparing the absolute time " + def.name()
                    + " is not supported: compare frame.time_epoch or frame.time_relative in seconds");
            default -> throw error(lit.column(), def.name() + " has no value to compare");
        }
    }

    private ValuePredicate contains(FieldDef def, FieldType type, Ast.Literal lit) {
        return switch (type) {
            case STRING -> new ValuePredicate.StringContains(lit.text());
            case BYTES, ETHER, PROTOCOL -> new ValuePredicate.BytesContains(byteLiteral(def, lit));
            default -> throw error(lit.column(), "'contains' needs a string or bytes field, a protocol or a slice; "
                    + def.name() + " is " + typeName(type));
        };
    }

    private ValuePredicate matches(FieldDef def, FieldType type, Ast.Literal lit) {
        if (type != FieldType.STRING && type != FieldType.BYTES && type != FieldType.PROTOCOL) {
            throw error(lit.column(), "'matches' needs a string field, bytes, a protocol or a slice; " + def.name()
                    + " is " + typeName(type));
        }
        try {
            return new ValuePredicate.StringMatches(RegexText.compile(lit.text()));
        } catch (RegexText.Refused e) {
            throw error(lit.column(), "bad regular expression: " + e.getMessage());
        }
    }

    /**
     * Bytes to compare with or search for: a quoted string's UTF-8 bytes, a byte string ({@code aa:bb:cc},
     * {@code aa-bb}, {@code aa.bb}, {@code aabbcc}, one or two hex digits for one byte), or a 0x number up
     * to 0xff for one byte ({@code ipv6[40] == 0xc2}).
     */
    private byte[] byteLiteral(FieldDef def, Ast.Literal lit) {
        if (lit.quoted()) {
            return lit.text().getBytes(StandardCharsets.UTF_8);
        }
        byte[] b = Literals.bytes(lit.text());
        if (b == null && lit.text().length() == 1) {
            b = Literals.bytes("0" + lit.text());
        }
        if (b == null && (lit.text().startsWith("0x") || lit.text().startsWith("0X"))) {
            Long v = Literals.integer(lit.text());
            if (v != null && v >= 0 && v <= 0xFF) {
                b = new byte[] {(byte) v.longValue()};
            }
        }
        if (b == null) {
            throw error(lit.column(), "'" + lit.text() + "' is not a byte string (aa:bb:cc, aa-bb, aabbcc, 0xNN) or a"
                    + " quoted string for " + def.name());
        }
        return b;
    }

    private double decimal(FieldDef def, Ast.Literal lit) {
        String t = lit.text();
        if (!lit.quoted() && t.matches("-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
            return Double.parseDouble(t);
        }
        throw error(lit.column(), "'" + t + "' is not a number for " + def.name());
    }

    /**
     * An integer literal: decimal or 0x hex, a value name ("warn", "TCP"), or true/false for booleans.
     * Unlike Wireshark, a leading 0 is decimal, not octal: 0755 is seven hundred fifty-five.
     */
    private long integer(FieldDef def, FieldType type, Ast.Literal lit) {
        String t = lit.text();
        if (type == FieldType.BOOLEAN) {
            if (t.equalsIgnoreCase("true")) {
                return 1;
            }
            if (t.equalsIgnoreCase("false")) {
                return 0;
            }
        }
        Long v = lit.quoted() ? null : Literals.integer(t);
        if (v == null) {
            for (Map.Entry<Long, String> e : def.valueNames().entrySet()) {
                if (e.getValue().equalsIgnoreCase(t)) {
                    return e.getKey();
                }
            }
            String names = def.valueNames().isEmpty() ? "" : " or one of " + String.join(", ",
                    new java.util.TreeMap<>(def.valueNames()).values());
            throw error(lit.column(), "'" + t + "' is not a valid " + typeName(type) + " for " + def.name()
                    + ": expected a number (decimal, or 0x hex; a leading 0 is decimal, not octal)" + names);
        }
        long min;
        long max;
        switch (type) {
            case BOOLEAN -> {
                min = 0;
                max = 1;
            }
            case UINT8 -> {
                min = 0;
                max = 0xFF;
            }
            case UINT16 -> {
                min = 0;
                max = 0xFFFF;
            }
            case UINT24 -> {
                min = 0;
                max = 0xFFFFFF;
            }
            case UINT32 -> {
                min = 0;
                max = 0xFFFFFFFFL;
            }
            case INT32 -> {
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
            }
            default -> {
                if (t.startsWith("-")) {
                    throw error(lit.column(), t + " is out of range for " + def.name() + " (uint64)");
                }
                return v;
            }
        }
        if (v < min || v > max) {
            throw error(lit.column(), t + " is out of range for " + def.name() + " (" + typeName(type) + ": " + min
                    + ".." + max + ")");
        }
        return v;
    }

    private ValuePredicate address(FieldDef def, Kind op, Ast.Literal lit) {
        boolean v6 = def.type() == FieldType.IPV6;
        String text = lit.text();
        String addressText = text;
        int prefix = v6 ? 128 : 32;
        int slash = text.indexOf('/');
        if (slash >= 0) {
            addressText = text.substring(0, slash);
            Long p = Literals.integer(text.substring(slash + 1));
            if (p == null || p < 0 || p > prefix) {
                throw error(lit.column() + slash + 1, "bad prefix length '" + text.substring(slash + 1) + "': expected 0.."
                        + prefix);
            }
            prefix = p.intValue();
            if (op != Kind.EQ) {
                throw error(lit.column(), "a network (" + text + ") can only be compared with == or !=");
            }
        }
        byte[] a = v6 ? Literals.ipv6(addressText) : Literals.ipv4(addressText);
        if (a == null) {
            byte[] other = v6 ? Literals.ipv4(addressText) : Literals.ipv6(addressText);
            if (other != null) {
                String hint = v6 ? "ip" + def.name().substring(def.name().indexOf('.')) : "ipv6" + def.name().substring(def.name().indexOf('.'));
                throw error(lit.column(), def.name() + " is an " + (v6 ? "IPv6" : "IPv4") + " field and '" + addressText
                        + "' is an " + (v6 ? "IPv4" : "IPv6") + " address: use " + hint);
            }
            throw error(lit.column(), "'" + addressText + "' is not an " + (v6 ? "IPv6" : "IPv4") + " address for " + def.name());
        }
        return new ValuePredicate.AddressCompare(op, a, prefix);
    }

    private static String typeName(FieldType t) {
        return switch (t) {
            case PROTOCOL -> "a protocol";
            case NONE -> "a label";
            case IPV4 -> "an IPv4 address";
            case IPV6 -> "an IPv6 address";
            case ETHER -> "a MAC address";
            case INT32, UINT8, UINT16, UINT24, UINT32, UINT64 -> t.name().toLowerCase(Locale.ROOT);
            default -> "a " + t.name().toLowerCase(Locale.ROOT);
        };
    }

    private FilterSyntaxException error(int column, String message) {
        return new FilterSyntaxException(src, column, message);
    }
}
