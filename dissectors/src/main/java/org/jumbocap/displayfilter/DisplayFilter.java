package org.jumbocap.displayfilter;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertFields;
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
 * decimal or 0x numbers (unlike Wireshark, a leading 0 is decimal, not octal: {@code 0755} is 755),
 * true/false, value names ({@code expert.severity >= warn}), IPv4/IPv6 addresses with optional /prefix,
 * MAC addresses, byte strings ({@code aa:bb:cc}, {@code aa-bb}, {@code aa.bb}, {@code aabbcc}), quoted
 * strings with C escapes. The right side may name another field ({@code frame.cap_len < frame.len}); an
 * unquoted declared field name wins over a bare string. The empty filter passes every frame.
 *
 * <p>As in Wireshark:
 * <ul>
 * <li>Bitwise and, {@code &} or {@code bitand}, on integer fields: {@code tcp.flags & 0x02} alone holds
 * when a masked bit is set, {@code tcp.flags & 0x12 == 0x12} compares the masked value; on bytes
 * ({@code eth.dst[0] & 1}) it ands byte by byte.</li>
 * <li>Slices of bytes, MAC and IP addresses, strings (their UTF-8 bytes) and protocol layers (the
 * layer's captured bytes in the frame): {@code [i:n]} n bytes from offset i, {@code [i-j]} offsets i to j
 * inclusive, {@code [i]}, {@code [:n]}, {@code [i:]}, negative offsets counting from the end, and lists
 * joined in order ({@code [0:2,12:2]}). A slice compares with a byte string, a quoted string, a 0x byte
 * ({@code ipv6[0] == 0x60}) or another field's bytes ({@code frame[6:6] == eth.src}), and may be searched
 * with {@code contains} and {@code matches}. A slice reaching outside the bytes has no value: {@code ==}
 * is then false and {@code !=} true ({@code tcp[100:2]} alone is false on a short header).</li>
 * <li>{@code contains} and {@code matches} on a protocol ({@code frame contains "GET"}) or on a payload
 * field ({@code tcp.payload contains 16:03}) search the bytes it covers in the frame, in place, up to the
 * captured length. {@code matches} reads bytes as ISO-8859-1 characters.</li>
 * <li>{@code matches}, on bytes and on strings alike, gives up (no match) after 1,000,000 character reads
 * plus 64 per character or byte searched, so a pattern that backtracks without end cannot hang on a
 * jumbogram or a short expert message; {@code !(... matches ...)} is then true.</li>
 * </ul>
 * Tests with slices, byte searches or byte masks need the tree; masks on integer fields keep the fast path.
 * Functions ({@code len()}, {@code upper()}) and arithmetic other than {@code &} are not supported.
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
        return new FilterCompiler(filter == null ? "" : filter, lookup, Standard.EXPERT_IDS).compile();
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
        /** Every protocol's expert ids: Decode As changes which decoder a port gets, not what items exist. */
        static final Set<String> EXPERT_IDS = DissectorRegistry.standard().experts().all().stream()
                .map(ExpertDef::id).collect(Collectors.toUnmodifiableSet());
    }
}
