package org.jumbocap.displayfilter;

import java.util.HashMap;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.field.FieldType;
import org.jumbocap.jumbo.JumboKind;

/**
 * The fields a filter can read from a {@link FrameSummary} with exactly the meaning they have in the tree,
 * every occurrence included (an outer and an inner {@code ip.src} of a VXLAN frame). Fields whose
 * summary value means something else are left out: {@code ipv6.nxt} is mapped to the fixed header's
 * value the summary keeps per layer, never to {@code ipProto} (the transport after the chain).
 */
enum FastField {
    FRAME_LEN("frame.len", ValueKind.INTEGER),
    FRAME_CAP_LEN("frame.cap_len", ValueKind.INTEGER),
    IP("ip", ValueKind.PRESENCE),
    IP_SRC("ip.src", ValueKind.ADDRESS),
    IP_DST("ip.dst", ValueKind.ADDRESS),
    IP_ADDR("ip.addr", ValueKind.ADDRESS),
    IP_PROTO("ip.proto", ValueKind.INTEGER),
    IPV6("ipv6", ValueKind.PRESENCE),
    IPV6_SRC("ipv6.src", ValueKind.ADDRESS),
    IPV6_DST("ipv6.dst", ValueKind.ADDRESS),
    IPV6_ADDR("ipv6.addr", ValueKind.ADDRESS),
    IPV6_NXT("ipv6.nxt", ValueKind.INTEGER),
    TCP("tcp", ValueKind.PRESENCE),
    TCP_SRCPORT("tcp.srcport", ValueKind.INTEGER),
    TCP_DSTPORT("tcp.dstport", ValueKind.INTEGER),
    TCP_PORT("tcp.port", ValueKind.INTEGER),
    TCP_LEN("tcp.len", ValueKind.INTEGER),
    TCP_SEQ_RAW("tcp.seq_raw", ValueKind.INTEGER),
    TCP_HDR_LEN("tcp.hdr_len", ValueKind.INTEGER),
    TCP_FLAGS("tcp.flags", ValueKind.INTEGER),
    TCP_FLAGS_FIN("tcp.flags.fin", ValueKind.INTEGER, 0x01),
    TCP_FLAGS_SYN("tcp.flags.syn", ValueKind.INTEGER, 0x02),
    TCP_FLAGS_RESET("tcp.flags.reset", ValueKind.INTEGER, 0x04),
    TCP_FLAGS_PUSH("tcp.flags.push", ValueKind.INTEGER, 0x08),
    TCP_FLAGS_ACK("tcp.flags.ack", ValueKind.INTEGER, 0x10),
    TCP_FLAGS_URG("tcp.flags.urg", ValueKind.INTEGER, 0x20),
    TCP_FLAGS_ECE("tcp.flags.ece", ValueKind.INTEGER, 0x40),
    TCP_FLAGS_CWR("tcp.flags.cwr", ValueKind.INTEGER, 0x80),
    TCP_FLAGS_AE("tcp.flags.ae", ValueKind.INTEGER, 0x100),
    TCP_FLAGS_RES("tcp.flags.res", ValueKind.INTEGER, 0xE00),
    UDP("udp", ValueKind.PRESENCE),
    UDP_SRCPORT("udp.srcport", ValueKind.INTEGER),
    UDP_DSTPORT("udp.dstport", ValueKind.INTEGER),
    UDP_PORT("udp.port", ValueKind.INTEGER),
    JUMBO("jumbo", ValueKind.PRESENCE),
    JUMBO_KIND("jumbo.kind", ValueKind.STRING),
    JUMBO_LENGTH("jumbo.length", ValueKind.INTEGER);

    enum ValueKind {
        PRESENCE, INTEGER, ADDRESS, STRING
    }

    private static final Map<String, FastField> BY_NAME = new HashMap<>();

    static {
        for (FastField f : values()) {
            BY_NAME.put(f.filterName, f);
        }
    }

    final String filterName;
    final ValueKind kind;
    private final int flagBit;

    FastField(String filterName, ValueKind kind) {
        this(filterName, kind, 0);
    }

    FastField(String filterName, ValueKind kind, int flagBit) {
        this.filterName = filterName;
        this.kind = kind;
        this.flagBit = flagBit;
    }

    /**
     * The fast field for a declared field, or null when the summary cannot answer for it with the
     * tree's meaning (unknown name, or the registry declares it with another value type).
     */
    static FastField forField(String name, FieldType declared) {
        FastField f = BY_NAME.get(name);
        if (f == null) {
            return null;
        }
        boolean typeFits = switch (f.kind) {
            case PRESENCE -> declared == FieldType.PROTOCOL;
            case INTEGER -> declared.isInteger();
            case ADDRESS -> declared == (f.filterName.startsWith("ipv6") ? FieldType.IPV6 : FieldType.IPV4);
            case STRING -> declared == FieldType.STRING;
        };
        return typeFits ? f : null;
    }

    /** How many occurrences the frame has. */
    int count(FrameSummary s) {
        return switch (this) {
            case FRAME_LEN, FRAME_CAP_LEN -> 1;
            case IP, IP_SRC, IP_DST, IP_PROTO -> layersOfVersion(s, 4);
            case IP_ADDR -> 2 * layersOfVersion(s, 4);
            case IPV6, IPV6_SRC, IPV6_DST, IPV6_NXT -> layersOfVersion(s, 6);
            case IPV6_ADDR -> 2 * layersOfVersion(s, 6);
            case TCP -> hasTcp(s) ? 1 : 0;
            case TCP_SRCPORT, TCP_DSTPORT -> hasTcp(s) ? 1 : 0;
            case TCP_PORT -> hasTcp(s) ? 2 : 0;
            case TCP_LEN -> hasTcp(s) && s.transportPayloadLength >= 0 ? 1 : 0;
            case TCP_SEQ_RAW -> hasTcp(s) && s.tcpSeq >= 0 ? 1 : 0;
            case TCP_HDR_LEN -> hasTcp(s) && s.tcpHeaderLength >= 0 ? 1 : 0;
            case TCP_FLAGS, TCP_FLAGS_FIN, TCP_FLAGS_SYN, TCP_FLAGS_RESET, TCP_FLAGS_PUSH, TCP_FLAGS_ACK,
                    TCP_FLAGS_URG, TCP_FLAGS_ECE, TCP_FLAGS_CWR, TCP_FLAGS_AE, TCP_FLAGS_RES -> hasTcp(s) && s.tcpFlags >= 0 ? 1 : 0;
            case UDP, UDP_SRCPORT, UDP_DSTPORT -> s.udpCount;
            case UDP_PORT -> 2 * s.udpCount;
            case JUMBO, JUMBO_KIND, JUMBO_LENGTH -> jumboLayers(s);
        };
    }

    long integerAt(FrameSummary s, int i) {
        return switch (this) {
            case FRAME_LEN -> s.originalLength;
            case FRAME_CAP_LEN -> s.capturedLength;
            case IP_PROTO -> s.layerProtocolField[nthLayer(s, 4, i)];
            case IPV6_NXT -> s.layerProtocolField[nthLayer(s, 6, i)];
            case TCP_SRCPORT -> s.srcPort;
            case TCP_DSTPORT -> s.dstPort;
            case TCP_PORT -> i == 0 ? s.srcPort : s.dstPort;
            case TCP_LEN -> s.transportPayloadLength;
            case TCP_SEQ_RAW -> s.tcpSeq;
            case TCP_HDR_LEN -> s.tcpHeaderLength;
            case TCP_FLAGS -> s.tcpFlags;
            case TCP_FLAGS_FIN, TCP_FLAGS_SYN, TCP_FLAGS_RESET, TCP_FLAGS_PUSH, TCP_FLAGS_ACK, TCP_FLAGS_URG,
                    TCP_FLAGS_ECE, TCP_FLAGS_CWR, TCP_FLAGS_AE, TCP_FLAGS_RES -> (s.tcpFlags & flagBit) != 0 ? 1 : 0;
            case UDP_SRCPORT -> s.udpSrcPort[i];
            case UDP_DSTPORT -> s.udpDstPort[i];
            case UDP_PORT -> (i & 1) == 0 ? s.udpSrcPort[i >> 1] : s.udpDstPort[i >> 1];
            case JUMBO_LENGTH -> s.layerL3PayloadLength[nthJumboLayer(s, i)];
            default -> throw new IllegalStateException(filterName + " has no integer value");
        };
    }

    String stringAt(FrameSummary s, int i) {
        if (this == JUMBO_KIND) {
            JumboKind k = s.layerJumboKind[nthJumboLayer(s, i)];
            return k.label();
        }
        throw new IllegalStateException(filterName + " has no string value");
    }

    /** High 64 bits of an IPv6 occurrence (0 for IPv4). */
    long addressHiAt(FrameSummary s, int i) {
        return switch (this) {
            case IPV6_SRC -> s.layerSrcHi[nthLayer(s, 6, i)];
            case IPV6_DST -> s.layerDstHi[nthLayer(s, 6, i)];
            case IPV6_ADDR -> (i & 1) == 0 ? s.layerSrcHi[nthLayer(s, 6, i >> 1)] : s.layerDstHi[nthLayer(s, 6, i >> 1)];
            default -> 0;
        };
    }

    long addressLoAt(FrameSummary s, int i) {
        return switch (this) {
            case IP_SRC -> s.layerSrcLo[nthLayer(s, 4, i)];
            case IP_DST -> s.layerDstLo[nthLayer(s, 4, i)];
            case IP_ADDR -> (i & 1) == 0 ? s.layerSrcLo[nthLayer(s, 4, i >> 1)] : s.layerDstLo[nthLayer(s, 4, i >> 1)];
            case IPV6_SRC -> s.layerSrcLo[nthLayer(s, 6, i)];
            case IPV6_DST -> s.layerDstLo[nthLayer(s, 6, i)];
            case IPV6_ADDR -> (i & 1) == 0 ? s.layerSrcLo[nthLayer(s, 6, i >> 1)] : s.layerDstLo[nthLayer(s, 6, i >> 1)];
            default -> throw new IllegalStateException(filterName + " has no address value");
        };
    }

    /** Applies a value test to occurrence {@code i}. */
    boolean test(FrameSummary s, int i, ValuePredicate p) {
        return switch (kind) {
            case INTEGER -> p.testLong(integerAt(s, i));
            case STRING -> p.testString(stringAt(s, i));
            case ADDRESS -> p.testAddress(addressHiAt(s, i), addressLoAt(s, i));
            case PRESENCE -> false;
        };
    }

    private static boolean hasTcp(FrameSummary s) {
        return s.ipProto == 6 && s.transportOffset >= 0;
    }

    private static int layersOfVersion(FrameSummary s, int version) {
        int n = 0;
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerIpVersion[i] == version) {
                n++;
            }
        }
        return n;
    }

    private static int nthLayer(FrameSummary s, int version, int n) {
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerIpVersion[i] == version && n-- == 0) {
                return i;
            }
        }
        throw new IndexOutOfBoundsException(n);
    }

    private static int jumboLayers(FrameSummary s) {
        int n = 0;
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerJumboKind[i] != null) {
                n++;
            }
        }
        return n;
    }

    private static int nthJumboLayer(FrameSummary s, int n) {
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerJumboKind[i] != null && n-- == 0) {
                return i;
            }
        }
        throw new IndexOutOfBoundsException(n);
    }
}
