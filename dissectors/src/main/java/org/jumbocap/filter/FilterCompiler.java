package org.jumbocap.filter;

import org.jumbocap.expert.ExpertFields;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;
import org.jumbocap.field.FieldType;
import org.jumbocap.filter.Ast.Expr;
import org.jumbocap.filter.Token.Kind;

/** Type-checks a parsed filter against the declared fields and builds its evaluable form. */
final class FilterCompiler {
    private static final Set<String> EXPERT_NAMES = Set.of(ExpertFields.EXPERT.name(), ExpertFields.ID.name(),
            ExpertFields.MESSAGE.name(), ExpertFields.SEVERITY.name(), ExpertFields.GROUP.name());

    private final String src;
    private final FieldRegistry fields;
    private final Map<String, Integer> slots = new LinkedHashMap<>();
    private final Map<String, Integer> treeSlots = new LinkedHashMap<>();
    private final Map<String, Integer> expertSlots = new LinkedHashMap<>();

    FilterCompiler(String src, FieldRegistry fields) {
        this.src = src;
        this.fields = fields;
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
            FieldDef def = field(p.field());
            return new FilterNode.Presence(slot(def), FastField.forField(def.name(), def.type()));
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

    private FilterNode relation(Ast.Relation r) {
        FieldDef def = field(r.field());
        FieldType type = def.type();
        if (type == FieldType.PROTOCOL || type == FieldType.NONE) {
            throw error(r.opColumn(), "'" + def.name() + "' is a protocol or label without a value: test its presence ("
                    + def.name() + ") or compare one of its fields");
        }
        FieldDef other = fieldOperand(r);
        if (other != null) {
            return fieldRelation(r, def, other);
        }
        ValuePredicate test;
        boolean all = false;
        boolean negate = false;
        switch (r.op()) {
            case CONTAINS -> test = contains(def, r.value());
            case MATCHES -> test = matches(def, r.value());
            case EQ -> test = value(def, Kind.EQ, r.value());
            case NE -> {
                test = value(def, Kind.EQ, r.value());
                all = true;
                negate = true;
            }
            case ALL_EQ -> {
                test = value(def, Kind.EQ, r.value());
                all = true;
            }
            case ANY_NE -> {
                test = value(def, Kind.EQ, r.value());
                negate = true;
            }
            default -> test = value(def, r.op(), r.value());
        }
        FastField fast = FastField.forField(def.name(), type);
        return new FilterNode.Relation(slot(def), fast, test, all, negate);
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

    private FilterNode membership(Ast.Membership m) {
        FieldDef def = field(m.field());
        FieldType type = def.type();
        if (type == FieldType.PROTOCOL || type == FieldType.NONE) {
            throw error(m.field().column(), "'" + def.name() + "' is a protocol or label without a value: it cannot be in a set");
        }
        List<ValuePredicate> members = new ArrayList<>();
        for (Ast.SetItem item : m.items()) {
            if (item.high() == null) {
                members.add(value(def, Kind.EQ, item.low()));
            } else {
                members.add(range(def, item.low(), item.high()));
            }
        }
        ValuePredicate test = members.size() == 1 ? members.get(0) : new ValuePredicate.AnyOf(members);
        return new FilterNode.Relation(slot(def), FastField.forField(def.name(), type), test, m.negated(), m.negated());
    }

    private ValuePredicate range(FieldDef def, Ast.Literal low, Ast.Literal high) {
        FieldType type = def.type();
        if (type.isInteger()) {
            long lo = integer(def, low);
            long hi = integer(def, high);
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

    private ValuePredicate value(FieldDef def, Kind op, Ast.Literal lit) {
        FieldType type = def.type();
        switch (type) {
            case BOOLEAN, UINT8, UINT16, UINT24, UINT32, UINT64, INT32 -> {
                return new ValuePredicate.IntegerCompare(op, integer(def, lit), type == FieldType.UINT64,
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
                return new ValuePredicate.BytesCompare(op, bytes(def, lit));
            }
            case STRING -> {
                return new ValuePredicate.StringCompare(op, lit.text());
            }
            case TIMESTAMP -> throw error(lit.column(), "comparing the absolute time " + def.name()
                    + " is not supported: compare frame.time_epoch or frame.time_relative in seconds");
            default -> throw error(lit.column(), def.name() + " has no value to compare");
        }
    }

    private ValuePredicate contains(FieldDef def, Ast.Literal lit) {
        return switch (def.type()) {
            case STRING -> new ValuePredicate.StringContains(lit.text());
            case BYTES, ETHER -> new ValuePredicate.BytesContains(bytes(def, lit));
            default -> throw error(lit.column(), "'contains' needs a string or bytes field; " + def.name() + " is "
                    + typeName(def.type()));
        };
    }

    private ValuePredicate matches(FieldDef def, Ast.Literal lit) {
        if (def.type() != FieldType.STRING) {
            throw error(lit.column(), "'matches' needs a string field; " + def.name() + " is " + typeName(def.type()));
        }
        try {
            return new ValuePredicate.StringMatches(Pattern.compile(lit.text(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
        } catch (PatternSyntaxException e) {
            throw error(lit.column(), "bad regular expression: " + e.getDescription()
                    + (e.getIndex() >= 0 ? " near index " + e.getIndex() : ""));
        }
    }

    private byte[] bytes(FieldDef def, Ast.Literal lit) {
        if (lit.quoted()) {
            return lit.text().getBytes(StandardCharsets.UTF_8);
        }
        byte[] b = Literals.bytes(lit.text());
        if (b == null) {
            throw error(lit.column(), "'" + lit.text() + "' is not a byte string (aa:bb:cc) or a quoted string for " + def.name());
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

    /** An integer literal: decimal or 0x hex, a value name ("warn", "TCP"), or true/false for booleans. */
    private long integer(FieldDef def, Ast.Literal lit) {
        FieldType type = def.type();
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
                    + ": expected a number" + names);
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
