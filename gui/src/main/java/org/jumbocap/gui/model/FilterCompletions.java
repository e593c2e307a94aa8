package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;
import org.jumbocap.field.FieldType;

/**
 * What the display-filter bar offers at the caret, as Wireshark's filter toolbar does: field and protocol
 * names by prefix with their descriptions (from the core's field registry, the one the filter is compiled
 * against), the operators after a field, and a field's named values after its operator.
 */
public final class FilterCompletions {
    /** Entries offered at most, so a one-letter prefix does not list every field. */
    public static final int MAX_ENTRIES = 60;

    /** The comparison operators, with what each does, as the filter language spells them. */
    private static final List<Completion> OPERATORS = List.of(
            operator("==", "equal"), operator("!=", "not equal"), operator(">", "greater than"),
            operator("<", "less than"), operator(">=", "greater than or equal"), operator("<=", "less than or equal"),
            operator("contains", "the value contains the bytes or text"), operator("matches", "the value matches a regular expression"),
            operator("in", "the value is in a set: {80 443 8000..8080}"));

    /**
     * One entry: the text shown and put in, what it means, and the part of the filter it replaces.
     *
     * @param text        what is put in (a field name, an operator, a value)
     * @param description the field's description, the operator's meaning, the value's name
     * @param from        where the replaced part starts (the caret is where it ends)
     * @param kind        field, operator or value
     */
    public record Completion(String text, String description, int from, Kind kind) {
    }

    public enum Kind { FIELD, OPERATOR, VALUE }

    private final FieldRegistry fields;

    public FilterCompletions(FieldRegistry fields) {
        this.fields = fields;
    }

    /** The entries offered for the filter {@code text} with the caret at {@code caret}; empty for none. */
    public List<Completion> at(String text, int caret) {
        if (text == null || caret < 0 || caret > text.length()) {
            return List.of();
        }
        int wordStart = caret;
        while (wordStart > 0 && isWordChar(text.charAt(wordStart - 1))) {
            wordStart--;
        }
        String word = text.substring(wordStart, caret);
        int from = wordStart;
        List<String> before = tokensBefore(text, wordStart);
        String last = before.isEmpty() ? null : before.get(before.size() - 1);
        FieldDef lastField = last == null ? null : fields.find(last).orElse(null);
        if (lastField != null && lastField.type() != FieldType.PROTOCOL && lastField.type() != FieldType.NONE) {
            // a field was written: its operators
            return OPERATORS.stream().filter(o -> o.text().startsWith(word.toLowerCase(Locale.ROOT)))
                    .map(o -> new Completion(o.text(), o.description(), from, Kind.OPERATOR)).toList();
        }
        if (last != null && isOperator(last) && before.size() >= 2) {
            FieldDef compared = fields.find(before.get(before.size() - 2)).orElse(null);
            return compared == null ? List.of() : values(compared, word, wordStart);
        }
        if (word.isEmpty() || Character.isDigit(word.charAt(0))) {
            return List.of();
        }
        return names(word, wordStart);
    }

    /** Field and protocol names starting with the prefix: the protocols first, then by name. */
    private List<Completion> names(String prefix, int from) {
        String lower = prefix.toLowerCase(Locale.ROOT);
        List<FieldDef> matching = new ArrayList<>(fields.withPrefix(lower));
        matching.removeIf(f -> f.name().equals(lower) && !hasChildren(f.name()));
        matching.sort(Comparator.comparing((FieldDef f) -> f.type() != FieldType.PROTOCOL).thenComparing(FieldDef::name));
        List<Completion> out = new ArrayList<>();
        for (FieldDef f : matching) {
            if (out.size() == MAX_ENTRIES) {
                break;
            }
            out.add(new Completion(f.name(), f.description(), from, Kind.FIELD));
        }
        return out;
    }

    /** A field's named values starting with what is typed, in value order. */
    private static List<Completion> values(FieldDef field, String typed, int from) {
        List<Completion> out = new ArrayList<>();
        field.valueNames().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            String value = field.base() == org.jumbocap.field.Base.HEX ? "0x" + Long.toHexString(e.getKey())
                    : Long.toString(e.getKey());
            if (value.startsWith(typed) && out.size() < MAX_ENTRIES) {
                out.add(new Completion(value, e.getValue(), from, Kind.VALUE));
            }
        });
        if (field.type() == FieldType.BOOLEAN) {
            for (String b : List.of("1", "0")) {
                if (b.startsWith(typed)) {
                    out.add(new Completion(b, b.equals("1") ? "set" : "not set", from, Kind.VALUE));
                }
            }
        }
        return out;
    }

    /** True when other fields are named below this one ({@code tcp} has {@code tcp.port}). */
    public boolean hasChildren(String name) {
        return !fields.withPrefix(name + ".").isEmpty();
    }

    /**
     * The filter with an entry put in at the caret: a field name that has fields below it is put in bare (a
     * dot may follow), other entries with a space after them, ready for what comes next.
     */
    public String apply(String text, int caret, Completion c) {
        String insert = c.text() + (c.kind() == Kind.FIELD && hasChildren(c.text()) ? "" : " ");
        String after = text.substring(caret);
        if (after.startsWith(" ") && insert.endsWith(" ")) {
            insert = insert.substring(0, insert.length() - 1);
        }
        String head = text.substring(0, c.from());
        if (c.kind() == Kind.OPERATOR && !head.isEmpty() && !head.endsWith(" ")) {
            head += " ";
        }
        return head + insert + after;
    }

    /** Where the caret goes after {@link #apply}: after the entry and its space. */
    public int caretAfter(String text, int caret, Completion c) {
        String applied = apply(text, caret, c);
        return applied.length() - (text.length() - caret);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-' || c == ':';
    }

    private static boolean isOperator(String token) {
        return OPERATORS.stream().anyMatch(o -> o.text().equals(token)) || token.equals("eq") || token.equals("ne")
                || token.equals("gt") || token.equals("lt") || token.equals("ge") || token.equals("le");
    }

    /** The words and symbols before a position, in order (enough of a lexer to know what comes next). */
    private static List<String> tokensBefore(String text, int end) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < end) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (isWordChar(c)) {
                int start = i;
                while (i < end && isWordChar(text.charAt(i))) {
                    i++;
                }
                out.add(text.substring(start, i));
            } else if (c == '"') {
                int start = i++;
                while (i < end && text.charAt(i) != '"') {
                    i += text.charAt(i) == '\\' ? 2 : 1;
                }
                i = Math.min(end, i + 1);
                out.add(text.substring(start, i));
            } else {
                int start = i;
                while (i < end && "=!<>~&|^".indexOf(text.charAt(i)) >= 0) {
                    i++;
                }
                if (i == start) {
                    i++;
                }
                out.add(text.substring(start, i));
            }
        }
        return out;
    }

    private static Completion operator(String text, String meaning) {
        return new Completion(text, meaning, 0, Kind.OPERATOR);
    }
}
