package org.jumbocap.proto.ipv6;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.tree.FieldNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kernel's IPv6 BIG TCP captures: every super-packet is marked with the right kind and its real
 * length, and the plain IPv6 fields agree with tshark frame by frame.
 */
class Ipv6BigTcpSamplesTest {
    @ParameterizedTest
    @ValueSource(strings = {"ipv6-bigtcp-veth.pcap", "ipv6-bigtcp-veth-nsec.pcap", "ipv6-bigtcp-veth.pcapng",
            "ipv6-bigtcp-loopback.pcap", "ipv6-bigtcp-any-sll2.pcap", "ipv6-bigtcp-vlan.pcap", "ipv6-bigtcp-snaplen.pcap"})
    void superPacketsAreMarkedAndFieldsAgreeWithTshark(String name) throws IOException {
        List<String> problems = new ArrayList<>();
        int[] superPackets = {0};
        int frames = RealSamples.forEachFrame(name, (frame, tree, tshark) -> {
            long number = frame.number();
            assertEquals(tshark.get("frame.len"), String.valueOf(frame.originalLength()), name + " #" + number + " frame.len");
            FieldNode ipv6 = RealSamples.layer(tree, "ipv6");
            String plen = RealSamples.first(tshark, "ipv6.plen");
            if (plen.isEmpty()) {
                assertNull(ipv6, name + " #" + number + ": tshark saw no IPv6");
                return;
            }
            assertNotNull(ipv6, name + " #" + number + ": no ipv6 layer");
            assertEquals(Long.parseLong(plen), ipv6.find("ipv6.plen").longValue(), name + " #" + number + " ipv6.plen");
            assertEquals(Long.parseLong(RealSamples.first(tshark, "ipv6.nxt")), ipv6.find("ipv6.nxt").longValue(),
                    name + " #" + number + " ipv6.nxt");
            String tsharkJumbo = RealSamples.first(tshark, "ipv6.opt.jumbo");
            FieldNode option = ipv6.find("ipv6.opt.jumbo");
            assertEquals(tsharkJumbo, option == null ? "" : option.valueText(), name + " #" + number + " ipv6.opt.jumbo");
            FieldNode jumbo = ipv6.find("jumbo");
            long afterHeader = frame.originalLength() - ipv6.offset() - 40;
            if (Long.parseLong(plen) == 0 && afterHeader > 0) {
                assertNotNull(jumbo, name + " #" + number + ": payload length 0 but no jumbo mark");
                // tshark knows only the RFC 2675 form; a BIG TCP packet without Hop-by-Hop has no option for it to show
                String kind = tsharkJumbo.isEmpty() ? "ipv6-zero-length" : "ipv6-hbh";
                assertEquals(kind, jumbo.find("jumbo.kind").valueText(), name + " #" + number + " jumbo.kind");
                assertEquals(afterHeader, jumbo.find("jumbo.length").longValue(),
                        name + " #" + number + ": jumbo.length must be frame.len minus the link header minus 40");
                if (afterHeader > 65535) {
                    superPackets[0]++;
                }
            } else {
                assertNull(jumbo, name + " #" + number + ": ordinary packet marked jumbo");
            }
            for (String p : RealSamples.ipProblems(tree)) {
                problems.add("#" + number + " " + p);
            }
        });
        assertTrue(frames > 0, name + " has no frames");
        assertTrue(superPackets[0] > 0, name + " has no super-packet to check");
        assertEquals(List.of(), problems, name + ": link/IP warnings or errors on a kernel capture");
    }

    /**
     * The VXLAN capture's inner IPv6 segments keep the Jumbo Payload option of the super-packet they were
     * cut from while carrying a non-zero payload length. tshark flags each (on the frame that completes the
     * outer IPv4 reassembly); jumbocap flags each on the frame that carries the inner header.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ipv6-bigtcp-vxlan.pcap", "ipv6-vxlan-gso64k.pcap"})
    void staleJumboOptionsInTunnelsAreFlaggedLikeTshark(String name) throws IOException {
        int[] tsharkFlags = {0};
        int[] ourFlags = {0};
        RealSamples.forEachFrame(name, (frame, tree, tshark) -> {
            String[] plens = tshark.getOrDefault("ipv6.plen", "").split(",");
            if (!tshark.getOrDefault("ipv6.opt.jumbo", "").isEmpty() && !plens[plens.length - 1].equals("0")) {
                tsharkFlags[0]++;
            }
            ourFlags[0] += (int) tree.experts().stream().filter(e -> e.id().equals("ipv6.jumbo.plen_not_zero")).count();
            assertEquals(List.of(), RealSamples.ipProblems(tree).stream()
                    .filter(p -> !p.equals("ipv6.jumbo.plen_not_zero")).toList(), name + " #" + frame.number());
        });
        assertEquals(tsharkFlags[0], ourFlags[0], name + ": Jumbo Payload options with a non-zero payload length");
    }
}
