package org.jumbocap.filter;

import org.jumbocap.expert.ExpertFields;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;

/**
 * Entry point of Wireshark-style display filters over everything jumbocap dissects:
 * {@code DisplayFilter.compile("ipv6.opt.jumbo && tcp.port in {5201 8000..8080}")}.
 *
 * <p>Syntax: a field alone tests presence; comparisons {@code == != < <= > >=} (or {@code eq ne lt le
 * gt ge}), {@code === !==}, {@code contains}, {@code matches} (a case-insensitive regular expression,
 * {@code (?-i)} makes it case-sensitive), {@code in {v1, v2, lo..hi}} and {@code not in};
 * {@code && || ^^ !} or {@code and or xor not} with precedence not, and, xor, or; parentheses. Literals:
 * decimal or 0x numbers (a leading 0 is decimal, not octal), true/false, value names ({@code
 * expert.severity >= warn}), IPv4/IPv6 addresses with optional /prefix, MAC addresses, byte strings
 * (aa:bb:cc), quoted strings with C escapes. The right side may name another field ({@code
 * frame.cap_len < frame.len}); an unquoted declared field name wins over a bare string. Slices and
 * functions are not supported. The empty filter passes every frame.
 */
public final class DisplayFilter {
    private DisplayFilter() {
    }

    /** Compiles against the standard registry (plus the expert pseudo-fields). */
    public static CompiledFilter compile(String filter) {
        return compile(filter, Standard.FIELDS);
    }

    /**
     * Compiles against a given set of fields (the expert pseudo-fields are added when missing).
     *
     * @throws FilterSyntaxException with the column of the problem
     */
    public static CompiledFilter compile(String filter, FieldRegistry fields) {
        FieldRegistry lookup = fields == Standard.FIELDS ? fields : withExpertFields(fields);
        return new FilterCompiler(filter == null ? "" : filter, lookup).compile();
    }

    /** Every field a filter may name with the standard registry, expert pseudo-fields included. */
    public static FieldRegistry fields() {
        return Standard.FIELDS;
    }

    /** The registry's fields plus those expert pseudo-fields it does not declare yet. */
    public static FieldRegistry withExpertFields(FieldRegistry fields) {
        List<FieldDef> all = new ArrayList<>(fields.all());
        for (FieldDef f : ExpertFields.all()) {
            if (!fields.contains(f.name())) {
                all.add(f);
            }
        }
        return new FieldRegistry(all);
    }

    private static final class Standard {
        static final FieldRegistry FIELDS = withExpertFields(DissectorRegistry.standard().fields());
    }
}
