package org.jumbocap.crafted;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;

/**
 * DHCPv6 messages the kernel-made sample (samples/dhcpv6-veth.pcap) does not hold: the other DUID forms,
 * prefix delegation, temporary addresses, a relay inside a relay; and messages whose lengths lie.
 */
public final class Dhcpv6CraftedCases implements CraftedCaseSource {
    static final String DUID_UUID = "0004" + "6b8e0c1a2f3d4e5f8091a2b3c4d5e6f7";
    static final String DUID_EN = "0002" + "00000009" + "0102030405";
    static final String DUID_LLT = "0001" + "0001" + "2d4f1a20" + "020000000001";

    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        out.add(new CraftedCase("dhcpv6-options", "DHCPv6: a Solicit asking for a delegated prefix (client DUID-UUID, "
                + "elapsed time, option request, IA_PD with an IA Prefix hint, Rapid Commit), the Advertise (server "
                + "DUID-EN, IA_PD with the prefix, preference 255, server unicast, two SNTP servers, lifetime), a Reply "
                + "whose IA_NA holds a NoAddrAvail status and whose IA_TA holds an address, and a Relay-forw from a "
                + "second relay carrying a first relay's Relay-forw (Interface-Id) carrying a Solicit",
                LinkTypes.ETHERNET, List.of(
                udp6(546, 547, message(1, 0x0a0b0c, option(1, DUID_UUID), option(8, "0096"), option(6, "00170018"),
                        option(25, "00000001" + "00000000" + "00000000"
                                + option(26, "00000000" + "00000000" + "38" + "20010db8010000000000000000000000")),
                        option(14, ""))),
                udp6(547, 546, message(2, 0x0a0b0c, option(1, DUID_UUID), option(2, DUID_EN),
                        option(25, "00000001" + "00000e10" + "00001c20"
                                + option(26, "00000e10" + "00001c20" + "38" + "20010db8010000000000000000000000")),
                        option(7, "ff"), option(12, "20010db8000000000000000000000002"),
                        option(31, "20010db8000000000000000000000123" + "20010db8000000000000000000000124"),
                        option(32, "00015180"))),
                udp6(547, 546, message(7, 0x0d0e0f, option(1, DUID_LLT), option(2, DUID_EN),
                        option(3, "00000003" + "00000000" + "00000000"
                                + option(13, "0002" + java.util.HexFormat.of().formatHex("no addresses".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))),
                        option(4, "00000002" + option(5, "20010db8000000000000000000000099" + "00000708" + "00000e10")))),
                udp6(547, 547, relay(12, 1, "00000000000000000000000000000000", "20010db80000000000000000000000fe",
                        option(9, relay(12, 0, "20010db8000100000000000000000001", "fe800000000000000000000000000001",
                                option(18, "657468302f31"),
                                option(9, message(1, 0x0a0b0c, option(1, DUID_LLT), option(8, "0000")))))))),
                null, List.of()));
        byte[] whole = udp6(546, 547, message(1, 0x010203, option(1, DUID_LLT), option(8, "0000"), option(6, "00170018")));
        List<byte[]> lying = List.of(
                udp6(546, 547, hex("010a")),
                udp6(547, 547, Arrays.copyOf(hex(relay(12, 0, "20010db8000100000000000000000001", "fe800000000000000000000000000001")), 20)),
                udp6(546, 547, hex(message(1, 0x000003, "000100c8" + DUID_LLT))),
                udp6(546, 547, hex(message(1, 0x000004, option(1, DUID_LLT) + "000800"))),
                udp6(546, 547, hex(message(1, 0x000005, option(8, "000000") + option(3, "0000000100000000")
                        + option(23, "20010db80000000000000000000053") + option(6, "001700")))),
                udp6(547, 546, hex(message(7, 0x000006, option(24, "036c6162c00c")))),
                udp6(547, 546, hex(message(7, 0x000007, option(24, "0765786d")))),
                udp6(547, 547, hex(nestedRelays(40))),
                Arrays.copyOf(whole, 80));
        long[] originalLengths = lying.stream().mapToLong(f -> f.length).toArray();
        originalLengths[8] = whole.length;
        out.add(new CraftedCase("dhcpv6-lengths-lie", "DHCPv6 messages that lie: 2 bytes, a Relay-forw of 20 bytes (its "
                + "header needs 34), a client identifier claiming 200 bytes of 14, 3 stray bytes after the last option, "
                + "options of the wrong length (elapsed time of 3, IA_NA of 8, DNS servers of 15, option request of 3), "
                + "a domain search list with a compression pointer, one whose label runs past the option, 40 Relay-forw "
                + "nested in each other, and a Solicit cut by a snaplen at 80 bytes", LinkTypes.ETHERNET, lying,
                originalLengths, List.of("dhcpv6.short", "dhcpv6.bogus_length", "dhcpv6.malformed_option",
                "dhcpv6.expert.name_not_dns_encoded", "dhcpv6.too_deep", "frame.layer_truncated")));
        return out;
    }

    /** A UDP datagram over IPv6 from 2001:db8::1 to 2001:db8::2, checksum right. */
    public static byte[] udp6(int srcPort, int dstPort, String payloadHex) {
        return udp6(srcPort, dstPort, hex(payloadHex));
    }

    public static byte[] udp6(int srcPort, int dstPort, byte[] payload) {
        byte[] datagram = withChecksum(udp(srcPort, dstPort, 8 + payload.length, payload), 6, UDP, V6_SRC, V6_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, datagram, false));
    }

    /** A client or server message: type, 24-bit transaction id, options (hex). */
    public static String message(int type, int xid, String... options) {
        return hexOf(Bytes.of().u8(type).u24(xid)) + String.join("", options);
    }

    /** A relay message: type, hop count, link and peer addresses (hex), options (hex). */
    public static String relay(int type, int hops, String link, String peer, String... options) {
        return hexOf(Bytes.of().u8(type).u8(hops)) + link + peer + String.join("", options);
    }

    public static String option(int code, String valueHex) {
        return hexOf(Bytes.of().u16(code).u16(valueHex.length() / 2)) + valueHex;
    }

    /** {@code depth} Relay-forw messages, each the Relay Message of the one before, around a Solicit. */
    static String nestedRelays(int depth) {
        String inner = message(1, 0x000008, option(8, "0000"));
        for (int i = 0; i < depth; i++) {
            inner = relay(12, i, "20010db8000100000000000000000001", "fe800000000000000000000000000001", option(9, inner));
        }
        return inner;
    }

    private static String hexOf(Bytes b) {
        return java.util.HexFormat.of().formatHex(b.toArray());
    }

    private static byte[] hex(String hex) {
        return Bytes.of().hex(hex).toArray();
    }
}
