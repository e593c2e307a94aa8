package org.jumbocap.capture.filter;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import org.jumbocap.capture.filter.CaptureFilterNode.And;
import org.jumbocap.capture.filter.CaptureFilterNode.Arith;
import org.jumbocap.capture.filter.CaptureFilterNode.Binary;
import org.jumbocap.capture.filter.CaptureFilterNode.Load;
import org.jumbocap.capture.filter.CaptureFilterNode.Negate;
import org.jumbocap.capture.filter.CaptureFilterNode.Not;
import org.jumbocap.capture.filter.CaptureFilterNode.Num;
import org.jumbocap.capture.filter.CaptureFilterNode.Or;
import org.jumbocap.capture.filter.CaptureFilterNode.Primitive;
import org.jumbocap.capture.filter.CaptureFilterNode.Relation;

/**
 * Rewrites a capture filter so that its IPv6 transport tests also match packets whose transport header
 * sits behind IPv6 extension headers, above all the Hop-by-Hop header carrying a Jumbo Payload option
 * that Linux BIG TCP super-packets start with. libpcap itself only looks at the first next-header field
 * and at a fixed offset of 40 bytes, so {@code tcp port 5201} misses every such jumbogram.
 *
 * <p>Each transport primitive P becomes {@code (P or walk1 or walk2 ...)}: walk d follows d Hop-by-Hop,
 * Destination Options or Routing headers by their length bytes (an unrolled, bounded walk: classic BPF
 * has no loops) and applies the test at the transport header found there. libpcap compiles these indirect
 * offsets ({@code ip6[40 + (ip6[41] + 1) * 8 : 2]}) into kernel BPF. Primitives that do not depend on
 * where the transport header is stay as written; those that read fixed offsets the rewriter cannot move
 * stay as written with a warning.
 *
 * <p>The alternatives of one {@code or} chain share their walks: {@code tcp port 80 or tcp port 443 or
 * udp port 53} becomes the chain as written, or, at each depth, one walk followed by every alternative's
 * test at the offset found (source ports first, then destination ports, so libpcap keeps each loaded port
 * in its register for the whole list). The filter then grows with the number of alternatives plus the
 * depth, not with their product, and libpcap compiles it in time linear in its length.
 */
public final class ExtensionHeaderRewriter {
    /** Extension headers walked: Hop-by-Hop Options, Routing, Destination Options (all 8-octet units). */
    static final int[] WALKED_HEADERS = {0, 60, 43};
    public static final int DEFAULT_MAX_HEADERS = 3;
    public static final int MAX_MAX_HEADERS = 4;

    static final Map<String, Integer> TRANSPORT_PROTOCOLS = Map.of("tcp", 6, "udp", 17, "sctp", 132, "icmp6", 58,
            "ah", 51, "esp", 50);
    static final Map<String, Integer> PROTOCOL_NUMBERS = Map.ofEntries(Map.entry("tcp", 6), Map.entry("udp", 17),
            Map.entry("sctp", 132), Map.entry("icmp6", 58), Map.entry("ah", 51), Map.entry("esp", 50),
            Map.entry("icmp", 1), Map.entry("igmp", 2), Map.entry("pim", 103), Map.entry("vrrp", 112),
            Map.entry("igrp", 9));
    private static final List<Integer> PORT_PROTOCOLS = List.of(6, 17, 132);

    /** The outcome: the rewritten tree and text, and what could not be extended. */
    public record Result(CaptureFilterNode original, CaptureFilterNode rewritten, String text, int extended,
                         List<String> warnings) {
        public boolean changed() {
            return extended > 0;
        }
    }

    private final int maxHeaders;
    private final boolean shareWalks;
    private final List<String> warnings = new ArrayList<>();
    private int extended;

    public ExtensionHeaderRewriter(int maxHeaders) {
        this(maxHeaders, true);
    }

    /**
     * @param shareWalks false gives every transport test its own walks, a longer filter kept for when
     *                   libpcap's optimizer mishandles the shared form (see {@link BpfCompiler#scratchLoadBeforeStore})
     */
    public ExtensionHeaderRewriter(int maxHeaders, boolean shareWalks) {
        if (maxHeaders < 1 || maxHeaders > MAX_MAX_HEADERS) {
            throw new IllegalArgumentException("extension header depth must be 1.." + MAX_MAX_HEADERS);
        }
        this.maxHeaders = maxHeaders;
        this.shareWalks = shareWalks;
    }

    public int maxHeaders() {
        return maxHeaders;
    }

    public ExtensionHeaderRewriter() {
        this(DEFAULT_MAX_HEADERS);
    }

    public Result rewrite(String filter) throws CaptureFilterSyntaxException {
        return rewrite(FilterParser.parse(filter));
    }

    public synchronized Result rewrite(CaptureFilterNode tree) {
        warnings.clear();
        extended = 0;
        CaptureFilterNode out = node(tree);
        return new Result(tree, out, FilterPrinter.print(out), extended, List.copyOf(new LinkedHashSet<>(warnings)));
    }

    /**
     * A test the walk can carry: the transport protocols it accepts, the first depth it is needed at (0:
     * IPv6 without extension headers, which libpcap leaves out for {@code tcp[]}), and the test at the
     * transport header's offset (null: the protocol alone).
     */
    record Walk(List<Integer> protocols, int fromDepth, Function<Arith, CaptureFilterNode> test) {
    }

    private CaptureFilterNode node(CaptureFilterNode n) {
        if (n instanceof And a) {
            return new And(node(a.left()), node(a.right()));
        }
        if (n instanceof Or o) {
            return shareWalks ? alternatives(o) : new Or(node(o.left()), node(o.right()));
        }
        if (n instanceof Not x) {
            return new Not(node(x.operand()));
        }
        Walk w = walk(n);
        return w == null ? n : extend(n, List.of(w));
    }

    /**
     * An {@code or} chain: the alternatives as written (each rewritten on its own when it is not a
     * transport test), then one walk per depth carrying every transport test.
     */
    private CaptureFilterNode alternatives(Or chain) {
        List<CaptureFilterNode> operands = new ArrayList<>();
        flatten(chain, operands);
        List<CaptureFilterNode> written = new ArrayList<>();
        List<Walk> walks = new ArrayList<>();
        for (CaptureFilterNode op : operands) {
            Walk w = walk(op);
            if (w != null) {
                walks.add(w);
            }
            // transport tests stay in their places as written; the walks for all of them come last
            written.add(w != null || op instanceof Primitive || op instanceof Relation ? op : node(op));
        }
        if (walks.isEmpty()) {
            return orAll(written);
        }
        extended += walks.size() - 1;
        return extend(orAll(written), walks);
    }

    private static void flatten(CaptureFilterNode n, List<CaptureFilterNode> into) {
        if (n instanceof Or o) {
            flatten(o.left(), into);
            flatten(o.right(), into);
        } else {
            into.add(n);
        }
    }

    private static CaptureFilterNode orAll(List<CaptureFilterNode> nodes) {
        CaptureFilterNode all = nodes.get(0);
        for (int i = 1; i < nodes.size(); i++) {
            all = new Or(all, nodes.get(i));
        }
        return all;
    }

    /** The walk a primitive or relation needs, or null when it stays as written (perhaps with a warning). */
    private Walk walk(CaptureFilterNode n) {
        if (n instanceof Primitive p) {
            return primitive(p);
        }
        if (n instanceof Relation r) {
            return relation(r);
        }
        return null;
    }

    // ---- primitives ----

    private Walk primitive(Primitive p) {
        String type = p.type() == null ? null : p.type().toLowerCase(Locale.ROOT);
        String proto = p.proto() == null ? null : p.proto().toLowerCase(Locale.ROOT);
        if ("port".equals(type) || "portrange".equals(type)) {
            return port(p, proto, type);
        }
        if (type == null && p.dir() == null && p.value() == null && proto != null
                && TRANSPORT_PROTOCOLS.containsKey(proto)) {
            return new Walk(List.of(TRANSPORT_PROTOCOLS.get(proto)), 1, null);
        }
        if ("proto".equals(type) && (proto == null || proto.equals("ip6"))) {
            OptionalInt number = protocolNumber(p.value());
            if (number.isEmpty()) {
                warn(p, "protocol '" + p.value() + "' is not known to jumbocap");
                return null;
            }
            int nh = number.getAsInt();
            if (nh == 0 || nh == 43 || nh == 60) {
                return null;
            }
            return new Walk(List.of(nh), 1, null);
        }
        return null;
    }

    private Walk port(Primitive p, String proto, String type) {
        List<Integer> protocols;
        if (proto == null) {
            protocols = PORT_PROTOCOLS;
        } else if (proto.equals("tcp") || proto.equals("udp") || proto.equals("sctp")) {
            protocols = List.of(TRANSPORT_PROTOCOLS.get(proto));
        } else {
            return null;
        }
        String dir = p.dir() == null ? "src or dst" : p.dir().toLowerCase(Locale.ROOT);
        if (!dir.equals("src") && !dir.equals("dst") && !dir.equals("src or dst") && !dir.equals("src and dst")) {
            return null;
        }
        int low;
        int high;
        String serviceProto = proto == null ? "tcp" : proto;
        if (type.equals("port")) {
            OptionalInt n = Services.port(p.value(), serviceProto);
            if (n.isEmpty()) {
                warn(p, "port '" + p.value() + "' is not a number or a known service");
                return null;
            }
            low = high = n.getAsInt();
        } else {
            int dash = p.value().indexOf('-', 1);
            OptionalInt a = dash < 0 ? OptionalInt.empty() : Services.port(p.value().substring(0, dash).trim(), serviceProto);
            OptionalInt b = dash < 0 ? OptionalInt.empty() : Services.port(p.value().substring(dash + 1).trim(), serviceProto);
            if (a.isEmpty() || b.isEmpty()) {
                warn(p, "port range '" + p.value() + "' is not of the form LOW-HIGH");
                return null;
            }
            low = Math.min(a.getAsInt(), b.getAsInt());
            high = Math.max(a.getAsInt(), b.getAsInt());
        }
        final int lo = low;
        final int hi = high;
        Function<Arith, CaptureFilterNode> test = t -> {
            CaptureFilterNode src = portTest(t, lo, hi);
            CaptureFilterNode dst = portTest(plus(t, 2), lo, hi);
            return switch (dir) {
                case "src" -> src;
                case "dst" -> dst;
                case "src and dst" -> new And(src, dst);
                default -> new Or(src, dst);
            };
        };
        return new Walk(protocols, 1, test);
    }

    private static CaptureFilterNode portTest(Arith offset, int low, int high) {
        Load port = new Load("ip6", offset, 2);
        if (low == high) {
            return new Relation(port, "=", Num.of(low));
        }
        return new And(new Relation(port, ">=", Num.of(low)), new Relation(port, "<=", Num.of(high)));
    }

    // ---- relations ----

    private Walk relation(Relation r) {
        Set<String> transports = new LinkedHashSet<>();
        List<Load> loads = new ArrayList<>();
        collectLoads(r.left(), loads);
        collectLoads(r.right(), loads);
        for (Load l : loads) {
            String proto = l.proto().toLowerCase(Locale.ROOT);
            if (TRANSPORT_PROTOCOLS.containsKey(proto)) {
                transports.add(proto);
            }
            checkFixedOffsets(r, l, proto);
        }
        if (transports.isEmpty()) {
            return null;
        }
        if (transports.size() > 1) {
            warn(r, "it loads from more than one transport protocol");
            return null;
        }
        String proto = transports.iterator().next();
        int nh = TRANSPORT_PROTOCOLS.get(proto);
        // libpcap applies tcp[], udp[] and sctp[] to IPv4 only and icmp6[] to IPv6 without extension
        // headers; the walk adds IPv6 at every depth libpcap leaves out.
        int fromDepth = proto.equals("icmp6") ? 1 : 0;
        return new Walk(List.of(nh), fromDepth, t -> new Relation(moveLoads(r.left(), proto, t), r.op(),
                moveLoads(r.right(), proto, t)));
    }

    private void checkFixedOffsets(Relation r, Load l, String proto) {
        Long offset = constant(l.offset());
        int size = l.size() == 0 ? 1 : l.size();
        if (proto.equals("ip6")) {
            if (offset == null || offset >= 40) {
                warn(r, "ip6[] past the fixed IPv6 header reads other bytes when extension headers are present");
            } else if (offset <= 5 && offset + size > 4) {
                warn(r, "the IPv6 payload length is 0 in jumbograms");
            } else if (offset <= 6 && offset + size > 6) {
                warn(r, "ip6[6] is the first next header, 0 (Hop-by-Hop) in jumbograms");
            }
        } else if (proto.equals("ip") && offset != null && offset <= 3 && offset + size > 2) {
            warn(r, "the IPv4 total length is 0 in BIG TCP super-packets");
        }
    }

    private static void collectLoads(Arith a, List<Load> into) {
        if (a instanceof Load l) {
            into.add(l);
            collectLoads(l.offset(), into);
        } else if (a instanceof Binary b) {
            collectLoads(b.left(), into);
            collectLoads(b.right(), into);
        } else if (a instanceof Negate n) {
            collectLoads(n.operand(), into);
        }
    }

    /** Replaces {@code proto[x]} by {@code ip6[transport + x]}. */
    private static Arith moveLoads(Arith a, String proto, Arith transport) {
        if (a instanceof Load l) {
            Arith offset = moveLoads(l.offset(), proto, transport);
            if (l.proto().equalsIgnoreCase(proto)) {
                return new Load("ip6", plus(transport, offset), l.size());
            }
            return new Load(l.proto(), offset, l.size());
        }
        if (a instanceof Binary b) {
            return new Binary(moveLoads(b.left(), proto, transport), b.op(), moveLoads(b.right(), proto, transport));
        }
        if (a instanceof Negate n) {
            return new Negate(moveLoads(n.operand(), proto, transport));
        }
        return a;
    }

    // ---- the unrolled walk ----

    /**
     * Walks of every depth some alternative needs, up to {@code maxHeaders}, OR-ed: each checks the chain
     * of walked extension headers once, then, at the transport offset found, each group of alternatives
     * with the same protocols: that the last next-header is one of them, and any of the group's tests
     * (none when one alternative is the protocol alone). Depth 0 means no extension header.
     */
    CaptureFilterNode paths(List<Walk> walks) {
        int fromDepth = walks.stream().mapToInt(Walk::fromDepth).min().orElseThrow();
        CaptureFilterNode all = null;
        for (int depth = fromDepth; depth <= maxHeaders; depth++) {
            List<CaptureFilterNode> conditions = new ArrayList<>();
            Arith nextHeader = new Load("ip6", Num.of(6), 0);
            Arith header = Num.of(40);
            for (int k = 0; k < depth; k++) {
                conditions.add(anyOf(nextHeader, WALKED_HEADERS));
                nextHeader = new Load("ip6", header, 0);
                header = after(header);
            }
            List<CaptureFilterNode> groups = new ArrayList<>();
            for (Map.Entry<List<Integer>, List<Function<Arith, CaptureFilterNode>>> g : byProtocols(walks, depth).entrySet()) {
                CaptureFilterNode isProtocol = anyOf(nextHeader, g.getKey().stream().mapToInt(Integer::intValue).toArray());
                CaptureFilterNode tests = anyTest(g.getValue(), header);
                groups.add(tests == null ? isProtocol : new And(isProtocol, tests));
            }
            if (groups.size() == 1 && groups.get(0) instanceof And a) {
                conditions.add(a.left());
                conditions.add(a.right());
            } else {
                conditions.add(orAll(groups));
            }
            CaptureFilterNode path = conditions.get(0);
            for (int i = 1; i < conditions.size(); i++) {
                path = new And(path, conditions.get(i));
            }
            all = all == null ? path : new Or(all, path);
        }
        return all;
    }

    /** The tests needed at a depth, grouped by the protocols they accept, in the order first seen. */
    private static Map<List<Integer>, List<Function<Arith, CaptureFilterNode>>> byProtocols(List<Walk> walks, int depth) {
        Map<List<Integer>, List<Function<Arith, CaptureFilterNode>>> groups = new java.util.LinkedHashMap<>();
        for (Walk w : walks) {
            if (w.fromDepth() <= depth) {
                groups.computeIfAbsent(w.protocols(), k -> new ArrayList<>()).add(w.test());
            }
        }
        return groups;
    }

    /**
     * Any of the tests at one offset, or null when one of them is the protocol alone. Each test's own
     * alternatives (source or destination port) are taken apart and laid out by position, every first one
     * before every second one, and repeated ones once.
     */
    private static CaptureFilterNode anyTest(List<Function<Arith, CaptureFilterNode>> tests, Arith offset) {
        List<List<CaptureFilterNode>> columns = new ArrayList<>();
        for (Function<Arith, CaptureFilterNode> t : tests) {
            if (t == null) {
                return null;
            }
            List<CaptureFilterNode> parts = new ArrayList<>();
            flatten(t.apply(offset), parts);
            for (int i = 0; i < parts.size(); i++) {
                if (columns.size() <= i) {
                    columns.add(new ArrayList<>());
                }
                columns.get(i).add(parts.get(i));
            }
        }
        Set<CaptureFilterNode> ordered = new LinkedHashSet<>();
        columns.forEach(ordered::addAll);
        return orAll(new ArrayList<>(ordered));
    }

    /** Offset of the header after the extension header at {@code header}: + (hdr ext len + 1) * 8. */
    private static Arith after(Arith header) {
        Arith length = new Load("ip6", plus(header, Num.of(1)), 0);
        return plus(header, new Binary(new Binary(length, "+", Num.of(1)), "*", Num.of(8)));
    }

    private static CaptureFilterNode anyOf(Arith value, int[] choices) {
        CaptureFilterNode n = null;
        for (int c : choices) {
            CaptureFilterNode eq = new Relation(value, "=", Num.of(c));
            n = n == null ? eq : new Or(n, eq);
        }
        return n;
    }

    private static Arith plus(Arith a, int k) {
        return plus(a, Num.of(k));
    }

    private static Arith plus(Arith a, Arith b) {
        Long ca = constant(a);
        Long cb = constant(b);
        if (ca != null && cb != null) {
            return Num.of(ca + cb);
        }
        if (cb != null && cb == 0) {
            return a;
        }
        if (ca != null && ca == 0) {
            return b;
        }
        if (cb != null && a instanceof Binary bin && bin.op().equals("+") && constant(bin.right()) != null) {
            return new Binary(bin.left(), "+", Num.of(constant(bin.right()) + cb));
        }
        return new Binary(a, "+", b);
    }

    /** The value of a constant expression of plain numbers, or null. */
    static Long constant(Arith a) {
        if (a instanceof Num n) {
            return Services.number(n.text());
        }
        if (a instanceof Binary b) {
            Long l = constant(b.left());
            Long r = constant(b.right());
            if (l == null || r == null) {
                return null;
            }
            return switch (b.op()) {
                case "+" -> l + r;
                case "-" -> l - r;
                case "*" -> l * r;
                default -> null;
            };
        }
        return null;
    }

    private CaptureFilterNode extend(CaptureFilterNode original, List<Walk> walks) {
        extended++;
        return new Or(original, paths(walks));
    }

    private void warn(CaptureFilterNode n, String why) {
        warnings.add("'" + FilterPrinter.print(n) + "' kept as written (" + why + "); it may miss jumbograms");
    }

    static OptionalInt protocolNumber(String value) {
        if (value == null) {
            return OptionalInt.empty();
        }
        String v = value.startsWith("\\") ? value.substring(1) : value;
        Long n = Services.number(v);
        if (n != null && n >= 0 && n <= 255) {
            return OptionalInt.of(n.intValue());
        }
        Integer named = PROTOCOL_NUMBERS.get(v.toLowerCase(Locale.ROOT));
        return named == null ? OptionalInt.empty() : OptionalInt.of(named);
    }
}
