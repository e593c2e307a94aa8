package org.jumbocap.crafted;

import static org.jumbocap.proto.ipv6.IpFrames.ETH_IPV4;
import static org.jumbocap.proto.ipv6.IpFrames.ETH_IPV6;
import static org.jumbocap.proto.ipv6.IpFrames.EXPERIMENTAL;
import static org.jumbocap.proto.ipv6.IpFrames.NO_NEXT;
import static org.jumbocap.proto.ipv6.IpFrames.TCP;
import static org.jumbocap.proto.ipv6.IpFrames.UDP;
import static org.jumbocap.proto.ipv6.IpFrames.V4_DST;
import static org.jumbocap.proto.ipv6.IpFrames.V4_SRC;
import static org.jumbocap.proto.ipv6.IpFrames.V6_DST;
import static org.jumbocap.proto.ipv6.IpFrames.V6_SRC;
import static org.jumbocap.proto.ipv6.IpFrames.concat;
import static org.jumbocap.proto.ipv6.IpFrames.ethernet;
import static org.jumbocap.proto.ipv6.IpFrames.filler;
import static org.jumbocap.proto.ipv6.IpFrames.ipv4;
import static org.jumbocap.proto.ipv6.IpFrames.ipv6;
import static org.jumbocap.proto.ipv6.IpFrames.jumboHopByHop;
import static org.jumbocap.proto.ipv6.IpFrames.jumboOption;
import static org.jumbocap.proto.ipv6.IpFrames.optionsHeader;
import static org.jumbocap.proto.ipv6.IpFrames.tcp;
import static org.jumbocap.proto.ipv6.IpFrames.udp4;
import static org.jumbocap.proto.ipv6.IpFrames.udp6;
import static org.jumbocap.proto.ipv6.IpFrames.vlanTag;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.ipv6.IpFrames;
import org.jumbocap.testing.Bytes;

/**
 * Link layers, IPv4 and IPv6 (extension headers, options, jumbograms, BIG TCP): one case per check of the
 * IP dissectors and per malformed shape, each naming the expert items it must raise.
 */
public final class IpCraftedCases implements CraftedCaseSource {
    /** TCP data in the super-packet cases: more than 64 KiB so lengths need the jumbo rules. */
    public static final int SUPER_DATA = 70_000;
    /** Bytes kept of the frames that model a snaplen cut. */
    private static final int SNAPLEN = 200;

    private static final byte[] SMALL_DATA = "jumbocap".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        link(out);
        ipv4Cases(out);
        ipv6Cases(out);
        jumboCases(out);
        return out;
    }

    private static CraftedCase one(String name, String description, int linkType, byte[] frame, String... experts) {
        return CraftedCase.of(name, description, linkType, frame, experts);
    }

    private static CraftedCase many(String name, String description, int linkType, List<byte[]> frames, String... experts) {
        return new CraftedCase(name, description, linkType, frames, null, List.of(experts));
    }

    private static CraftedCase cut(String name, String description, byte[] frame, long originalLength, String... experts) {
        byte[] kept = java.util.Arrays.copyOf(frame, (int) Math.min(frame.length, SNAPLEN));
        return new CraftedCase(name, description, LinkTypes.ETHERNET, List.of(kept), new long[] {originalLength}, List.of(experts));
    }

    /** IPv6 + UDP with a correct checksum. */
    public static byte[] ipv6Udp() {
        return ipv6(UDP, udp6(SMALL_DATA));
    }

    /** IPv4 + UDP with correct checksums. */
    public static byte[] ipv4Udp() {
        return ipv4(UDP, udp4(SMALL_DATA));
    }

    /** Null/loopback header: a 4-byte address family in the given byte order. */
    public static byte[] nullHeader(long family, boolean littleEndian, byte[] payload) {
        Bytes b = Bytes.of();
        if (littleEndian) {
            b.u8((int) family).u8((int) (family >>> 8)).u8((int) (family >>> 16)).u8((int) (family >>> 24));
        } else {
            b.u32(family);
        }
        return b.bytes(payload).toArray();
    }

    /** Linux cooked capture v1: outgoing packet from an Ethernet device. */
    public static byte[] sll(int protocol, byte[] payload) {
        return Bytes.of().u16(4).u16(1).u16(6).bytes(IpFrames.MAC_SRC).u16(0).u16(protocol).bytes(payload).toArray();
    }

    /** Linux cooked capture v2: interface index 7, incoming unicast on an Ethernet device. */
    public static byte[] sll2(int protocol, byte[] payload) {
        return Bytes.of().u16(protocol).u16(0).u32(7).u16(1).u8(0).u8(6).bytes(IpFrames.MAC_SRC).u16(0).bytes(payload).toArray();
    }

    /** 802.1ad outer tag 100, 802.1Q inner tag 200, then IPv6 + UDP. */
    public static byte[] qinq() {
        return ethernet(0x88A8, vlanTag(3, 100, 0x8100, vlanTag(5, 200, ETH_IPV6, ipv6Udp())));
    }

    private static void link(List<CraftedCase> out) {
        out.add(one("link-ethernet-ipv6-udp", "Ethernet II, IPv6, UDP: the plain case", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6Udp())));
        out.add(one("link-vlan-ipv4-udp", "802.1Q tag (priority 5, VLAN 42) carrying IPv4 + UDP", LinkTypes.ETHERNET,
                ethernet(0x8100, vlanTag(5, 42, ETH_IPV4, ipv4Udp()))));
        out.add(one("link-qinq-ipv6-udp", "QinQ: 802.1ad tag 100 then 802.1Q tag 200, IPv6 + UDP", LinkTypes.ETHERNET, qinq()));
        byte[] llcSnap = Bytes.of().u8(0xAA).u8(0xAA).u8(3).u24(0).u16(0x88B5).fill(4, 0x5A).toArray();
        out.add(one("link-ethernet-8023-llc", "802.3 frame (length " + llcSnap.length + " < 0x600): the LLC/SNAP bytes are shown"
                + " as data", LinkTypes.ETHERNET, ethernet(llcSnap.length, llcSnap)));
        out.add(one("link-sll-ipv6-udp", "Linux cooked capture v1 (113), outgoing, IPv6 + UDP", LinkTypes.LINUX_SLL,
                sll(ETH_IPV6, ipv6Udp())));
        out.add(one("link-sll2-ipv4-udp", "Linux cooked capture v2 (276), ifindex 7, IPv4 + UDP", LinkTypes.LINUX_SLL2,
                sll2(ETH_IPV4, ipv4Udp())));
        out.add(many("link-null-host-order", "BSD null (0) in both host byte orders: AF 2 little-endian, AF 30 little-endian,"
                        + " AF 24 big-endian", LinkTypes.NULL,
                List.of(nullHeader(2, true, ipv4Udp()), nullHeader(30, true, ipv6Udp()), nullHeader(24, false, ipv6Udp()))));
        out.add(many("link-loop-ipv4-ipv6", "OpenBSD loopback (108), network byte order: AF 2 and AF 28", LinkTypes.LOOP,
                List.of(nullHeader(2, false, ipv4Udp()), nullHeader(28, false, ipv6Udp()))));
        out.add(one("link-null-unknown-family", "BSD null with address family 99: payload shown as data", LinkTypes.NULL,
                nullHeader(99, false, filler(20)), "null.family.unknown"));
        out.add(many("link-raw-101", "Raw IP (101): the version nibble picks IPv4 then IPv6", LinkTypes.RAW,
                List.of(ipv4Udp(), ipv6Udp())));
        out.add(one("link-raw-12", "Raw IP as DLT 12", LinkTypes.RAW_12, ipv6Udp()));
        out.add(one("link-raw-14", "Raw IP as DLT 14", LinkTypes.RAW_14, ipv4Udp()));
        out.add(one("link-raw-bad-version", "Raw IP whose first nibble is 5: neither IPv4 nor IPv6", LinkTypes.RAW,
                concat(new byte[] {0x50}, filler(39)), "raw.version.unknown"));
        out.add(one("link-ipv4-228", "LINKTYPE_IPV4 (228)", LinkTypes.IPV4, ipv4Udp()));
        out.add(one("link-ipv6-229", "LINKTYPE_IPV6 (229)", LinkTypes.IPV6, ipv6Udp()));
    }

    private static void ipv4Cases(List<CraftedCase> out) {
        byte[] data = filler(16);
        out.add(one("ipv4-bigtcp-zero-length", "Linux BIG TCP over IPv4: total length 0, " + SUPER_DATA + " bytes of TCP data;"
                        + " the length comes from the frame", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(0, TCP, 0x4000, new byte[0], tcp(V4_SRC, V4_DST, SUPER_DATA))), "ip.len.zero_bigtcp"));
        out.add(one("ipv4-options-router-alert", "IPv4 options NOP, Router Alert, EOL", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(-1, UDP, 0, new byte[] {1, (byte) 148, 4, 0, 0, 0, 0, 0}, udp4(SMALL_DATA)))));
        out.add(one("ipv4-option-length-zero", "IPv4 option (Record Route) with length 0", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(-1, EXPERIMENTAL, 0, new byte[] {7, 0, 0, 0}, data)), "ip.opt.len.invalid"));
        out.add(one("ipv4-option-length-one", "IPv4 option (Time Stamp) with length 1", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(-1, EXPERIMENTAL, 0, new byte[] {68, 1, 0, 0}, data)), "ip.opt.len.invalid"));
        out.add(one("ipv4-option-overrun", "IPv4 option of 12 bytes in a 4-byte options area", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(-1, EXPERIMENTAL, 0, new byte[] {(byte) 131, 12, 4, 0}, data)), "ip.opt.overrun"));
        out.add(one("ipv4-option-type-at-end", "IPv4 option type in the last header byte, no room for its length",
                LinkTypes.ETHERNET, ethernet(ETH_IPV4, ipv4(-1, EXPERIMENTAL, 0, new byte[] {1, 1, 1, (byte) 131}, data)),
                "ip.opt.overrun"));
        out.add(one("ipv4-total-length-too-small", "IPv4 total length 12, less than its 20-byte header", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(12, EXPERIMENTAL, 0, new byte[0], data)), "ip.len.too_small"));
        out.add(one("ipv4-total-length-exceeds-frame", "IPv4 total length 200 in a frame that carries 36 bytes, not cut",
                LinkTypes.ETHERNET, ethernet(ETH_IPV4, ipv4(200, EXPERIMENTAL, 0, new byte[0], data)), "ip.len.exceeds_frame"));
        out.add(one("ipv4-trailer", "IPv4 packet followed by 6 bytes of link-layer trailer", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, concat(ipv4(EXPERIMENTAL, data), filler(6))), "ip.len.trailer"));
        byte[] badChecksum = ipv4(EXPERIMENTAL, data);
        badChecksum[10] ^= 0x55;
        out.add(one("ipv4-bad-checksum", "IPv4 header checksum off by a flipped byte", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, badChecksum), "ip.checksum.bad"));
        out.add(many("ipv4-fragments", "A first fragment (MF, offset 0) and a non-first fragment (offset 1480)",
                LinkTypes.ETHERNET, List.of(ethernet(ETH_IPV4, ipv4(-1, EXPERIMENTAL, 0x2000, new byte[0], filler(64))),
                        ethernet(ETH_IPV4, ipv4(-1, EXPERIMENTAL, 185, new byte[0], filler(64)))),
                "ip.fragment", "ip.fragment.non_first"));
        out.add(one("ipv4-bad-header-length", "IPv4 header length field 3 (12 bytes)", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, withByte(ipv4(EXPERIMENTAL, data), 0, 0x43)), "ip.hdr_len.bad"));
        out.add(one("ipv4-in-ipv4", "IP-in-IP (protocol 4): IPv4 carrying IPv4 + UDP", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(4, ipv4Udp()))));
        out.add(one("ipv6-in-ipv4", "6in4 (protocol 41): IPv4 carrying IPv6 + UDP", LinkTypes.ETHERNET,
                ethernet(ETH_IPV4, ipv4(41, ipv6Udp()))));
    }

    private static byte[] withByte(byte[] b, int index, int value) {
        byte[] copy = b.clone();
        copy[index] = (byte) value;
        return copy;
    }

    /** Destination Options header of 8 bytes with PadN. */
    private static byte[] destOpts(int next) {
        return optionsHeader(next, new byte[] {1, 4, 0, 0, 0, 0});
    }

    private static void ipv6Cases(List<CraftedCase> out) {
        out.add(one("ipv6-hbh-not-first", "Destination Options then Hop-by-Hop: Hop-by-Hop must come first (RFC 8200 4.1)",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(60, concat(destOpts(0), optionsHeader(NO_NEXT,
                        new byte[] {1, 4, 0, 0, 0, 0})))), "ipv6.hopopts.not_first"));
        out.add(one("ipv6-option-overrun", "Hop-by-Hop PadN whose length (10) runs past its 8-byte header", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(0, concat(optionsHeader(NO_NEXT, new byte[] {1, 10, 0, 0, 0, 0})))),
                "ipv6.opt.overrun"));
        out.add(one("ipv6-option-cut", "Destination option type in the header's last byte, its length byte missing",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(60, optionsHeader(NO_NEXT, new byte[] {1, 2, 0, 0, 0, 0x3E}))),
                "ipv6.opt.overrun"));
        byte[] chain = new byte[0];
        for (int i = 0; i < 200; i++) {
            chain = concat(chain, destOpts(i == 199 ? UDP : 60));
        }
        out.add(one("ipv6-ext-chain-200", "200 chained Destination Options headers, then UDP: the walk reaches the transport",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(60, concat(chain, udp6(SMALL_DATA)))), "ipv6.ext.repeated"));
        out.add(one("ipv6-routing-srh", "Segment Routing header (type 4) with three segments, UDP after", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(43, concat(srh(UDP, 2, 3), udp6(SMALL_DATA))))));
        out.add(one("ipv6-routing-srh-overrun", "Segment Routing header whose last entry (5) needs more addresses than it holds",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(43, srh(NO_NEXT, 5, 2))), "ipv6.routing.srh.segments_overrun"));
        out.add(many("ipv6-routing-type0-type2", "Routing header type 0 (two addresses, deprecated by RFC 5095) and type 2 (home address)",
                LinkTypes.ETHERNET, List.of(
                        ethernet(ETH_IPV6, ipv6(43, Bytes.of().u8(NO_NEXT).u8(4).u8(0).u8(0).u32(0).bytes(V6_DST).bytes(V6_SRC).toArray())),
                        ethernet(ETH_IPV6, ipv6(43, Bytes.of().u8(NO_NEXT).u8(2).u8(2).u8(1).u32(0).bytes(V6_SRC).toArray()))),
                "ipv6.routing.type0_deprecated"));
        out.add(many("ipv6-fragments", "IPv6 first fragment (M=1) and a non-first fragment (offset 1448): the latter stays data",
                LinkTypes.ETHERNET, List.of(
                        ethernet(ETH_IPV6, ipv6(44, concat(fragment(EXPERIMENTAL, 0, true), filler(64)))),
                        ethernet(ETH_IPV6, ipv6(44, concat(fragment(UDP, 181, false), filler(64))))),
                "ipv6.fragment.first", "ipv6.fragment.non_first"));
        out.add(many("ipv6-ah-esp", "Authentication Header (ICV of 12 bytes) before UDP, and ESP (SPI, sequence, opaque rest)",
                LinkTypes.ETHERNET, List.of(
                        ethernet(ETH_IPV6, ipv6(51, concat(Bytes.of().u8(UDP).u8(4).u16(0).u32(0x1000).u32(7).fill(12, 0xEE).toArray(),
                                udp6(SMALL_DATA)))),
                        ethernet(ETH_IPV6, ipv6(50, concat(Bytes.of().u32(0x2000).u32(9).toArray(), filler(48)))))));
        out.add(one("ipv6-mobility", "Mobility header (Binding Update) with payload protocol 59", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(135, Bytes.of().u8(NO_NEXT).u8(1).u8(5).u8(0).u16(0).fill(10, 0).toArray()))));
        byte[] hbh = optionsHeader(NO_NEXT, concat(new byte[] {5, 2, 0, 0}, new byte[] {1, 0}, new byte[] {0x1E, 0}, new byte[] {0, 0, 0, 0, 1, 0}));
        out.add(one("ipv6-hbh-options", "Hop-by-Hop with Router Alert, PadN, an unknown option and Pad1s", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(0 + hbh.length, 0, hbh))));
        byte[] full = ethernet(ETH_IPV6, ipv6(0, optionsHeader(NO_NEXT, new byte[] {1, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})));
        out.add(new CraftedCase("ipv6-ext-truncated", "Hop-by-Hop header cut by the snaplen after 4 of its 16 bytes",
                LinkTypes.ETHERNET, List.of(java.util.Arrays.copyOf(full, 14 + 40 + 4)), new long[] {full.length},
                List.of("ipv6.ext.truncated", "frame.cut_by_snaplen")));
        out.add(one("ipv6-ext-overrun", "Hop-by-Hop header of 16 bytes in a frame that ends after 4 of them (not cut)",
                LinkTypes.ETHERNET, java.util.Arrays.copyOf(withPlen(full, 16), 14 + 40 + 4), "ipv6.ext.overrun",
                "ipv6.plen.exceeds_frame"));
        out.add(one("ipv6-plen-exceeds-frame", "Payload length 100 in a frame that carries 16 bytes after the header",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(100, EXPERIMENTAL, filler(16))), "ipv6.plen.exceeds_frame"));
        out.add(one("ipv6-plen-trailer", "Payload length 16 with 8 more bytes of link-layer trailer", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(16, EXPERIMENTAL, filler(24))), "ipv6.plen.trailer"));
        out.add(one("ipv6-in-ipv6", "IPv6 in IPv6 (next header 41) carrying UDP", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(41, ipv6Udp()))));
    }

    private static byte[] withPlen(byte[] ethernetFrame, int plen) {
        byte[] copy = ethernetFrame.clone();
        copy[14 + 4] = (byte) (plen >>> 8);
        copy[14 + 5] = (byte) plen;
        return copy;
    }

    /** Segment Routing header: {@code lastEntry + 1} segments announced, {@code addresses} present. */
    static byte[] srh(int next, int lastEntry, int addresses) {
        Bytes b = Bytes.of().u8(next).u8(addresses * 2).u8(4).u8(0).u8(lastEntry).u8(0).u16(0);
        for (int i = 0; i < addresses; i++) {
            b.bytes(IpFrames.v6(0x2001, 0xdb8, 0x100 + i, 0, 0, 0, 0, 1));
        }
        return b.toArray();
    }

    private static byte[] fragment(int next, int offsetUnits, boolean more) {
        return Bytes.of().u8(next).u8(0).u16((offsetUnits << 3) | (more ? 1 : 0)).u32(0xCAFE).toArray();
    }

    private static void jumboCases(List<CraftedCase> out) {
        byte[] segment = tcp(V6_SRC, V6_DST, SUPER_DATA);
        long hbhJumbo = 8 + segment.length;
        out.add(one("ipv6-jumbo-hbh", "RFC 2675 jumbogram: payload length 0, Hop-by-Hop Jumbo Payload " + hbhJumbo + ", TCP",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(0, 0, concat(jumboHopByHop(TCP, hbhJumbo), segment))),
                "ipv6.jumbo.hbh"));
        out.add(one("ipv6-bigtcp-zero-length", "Linux BIG TCP over IPv6 without Hop-by-Hop: payload length 0, TCP of "
                        + segment.length + " bytes, length from the frame", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(0, TCP, segment)), "ipv6.plen.zero_bigtcp"));
        out.add(one("ipv6-jumbo-plen-not-zero", "Jumbo Payload option in a packet whose payload length is 8, not 0",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(8, 0, jumboHopByHop(NO_NEXT, 70_000))), "ipv6.jumbo.plen_not_zero"));
        out.add(one("ipv6-jumbo-missing", "Payload length 0 with a Hop-by-Hop header that has no Jumbo Payload option",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(0, 0, concat(optionsHeader(NO_NEXT, new byte[] {1, 4, 0, 0, 0, 0}),
                        filler(32)))), "ipv6.jumbo.missing", "ipv6.plen.zero_bigtcp"));
        out.add(one("ipv6-jumbo-too-small", "Jumbo Payload value 1000 (< 65536)", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(0, 0, concat(jumboHopByHop(NO_NEXT, 1000), filler(992)))), "ipv6.jumbo.too_small",
                "ipv6.jumbo.hbh"));
        out.add(one("ipv6-jumbo-bad-option-length", "Jumbo Payload option with data length 2 instead of 4", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(0, 0, concat(optionsHeader(NO_NEXT, new byte[] {(byte) 0xC2, 2, 0, 1, 1, 0}), filler(8)))),
                "ipv6.jumbo.bad_option_length", "ipv6.jumbo.missing"));
        long withFragment = 8 + 8 + 65_600;
        out.add(cut("ipv6-jumbo-with-fragment", "Jumbo Payload option together with a Fragment header (RFC 2675 section 3)",
                ethernet(ETH_IPV6, ipv6(0, 0, concat(jumboHopByHop(44, withFragment), fragment(NO_NEXT, 0, false)))),
                14 + 40 + withFragment, "ipv6.jumbo.with_fragment", "ipv6.jumbo.hbh"));
        long misaligned = 8 + 66_000;
        out.add(cut("ipv6-jumbo-misaligned", "Jumbo Payload option at header offset 4 instead of 4n+2",
                ethernet(ETH_IPV6, ipv6(0, 0, optionsHeader(NO_NEXT, concat(new byte[] {0, 0}, jumboOption(misaligned),
                        new byte[] {1, 4, 0, 0, 0, 0})))), 14 + 40 + misaligned, "ipv6.jumbo.misaligned", "ipv6.jumbo.hbh"));
        long duplicate = 16 + 66_000;
        out.add(cut("ipv6-jumbo-duplicate", "Two Jumbo Payload options in one Hop-by-Hop header",
                ethernet(ETH_IPV6, ipv6(0, 0, optionsHeader(NO_NEXT, concat(jumboOption(duplicate), new byte[] {0, 0},
                        jumboOption(duplicate))))), 14 + 40 + duplicate, "ipv6.jumbo.duplicate", "ipv6.jumbo.hbh"));
        out.add(one("ipv6-jumbo-in-destopts", "Jumbo Payload option in a Destination Options header", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(60, optionsHeader(NO_NEXT, jumboOption(70_000)))), "ipv6.jumbo.not_in_hbh"));
        out.add(one("ipv6-jumbo-exceeds-frame", "Jumbo Payload 100000 in a frame that carries 108 bytes after the header",
                LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6(0, 0, concat(jumboHopByHop(NO_NEXT, 100_000), filler(100)))),
                "ipv6.jumbo.exceeds_frame", "ipv6.jumbo.hbh"));
        long trailer = 65_536;
        out.add(one("ipv6-jumbo-trailer", "Jumbo Payload 65536 followed by 16 bytes of trailer", LinkTypes.ETHERNET,
                ethernet(ETH_IPV6, ipv6(0, 0, concat(jumboHopByHop(NO_NEXT, trailer), filler((int) trailer - 8 + 16)))),
                "ipv6.jumbo.trailer", "ipv6.jumbo.hbh"));
        byte[] jumbogram = ethernet(ETH_IPV6, ipv6(0, 0, concat(jumboHopByHop(TCP, hbhJumbo), segment)));
        out.add(new CraftedCase("ipv6-jumbo-snaplen", "RFC 2675 jumbogram cut by a 1500-byte snaplen: the option still gives "
                + "the length", LinkTypes.ETHERNET, List.of(java.util.Arrays.copyOf(jumbogram, 1500)),
                new long[] {jumbogram.length}, List.of("ipv6.jumbo.hbh", "frame.cut_by_snaplen")));
    }
}
