package org.jumbocap.proto.ipv6;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jumbocap.tree.FieldNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kernel's IPv6 BIG TCP captures: every super-packet is marked with the right kind and its real
 * length, and the plain IPv6 fields agree with tshark frame by frame.
 */
class Ipv6BigTcpSamplesTest {
    /** tshark's expert message for a Jumbo Payload option beside a non-zero payload length. */
    private static final String TSHARK_STALE_OPTION =
            "When IPv6 payload length does not equal 0 a Jumbo Payload option must not be present";

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
     * cut from while carrying a non-zero payload length. tshark flags each on the frame that completes the
     * outer IPv4 reassembly, and only when the capture holds every fragment; jumbocap flags each on the frame
     * that carries the inner header. So every datagram jumbocap flags whose fragments are all in the file must
     * be flagged by tshark on its last fragment, and tshark flags no other frame. Which datagrams the window
     * of a capture cuts in half changes with every regeneration, so the fragments are tracked here.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ipv6-bigtcp-vxlan.pcap", "ipv6-vxlan-gso64k.pcap"})
    void staleJumboOptionsInTunnelsAreFlaggedLikeTshark(String name) throws IOException {
        Map<Long, Integer> tsharkFlags = new TreeMap<>();
        Map<String, OuterDatagram> datagrams = new HashMap<>();
        int[] ourFlags = {0};
        RealSamples.forEachFrame(name, (frame, tree, tshark) -> {
            String[] plens = tshark.getOrDefault("ipv6.plen", "").split(",");
            boolean staleOption = !tshark.getOrDefault("ipv6.opt.jumbo", "").isEmpty() && !plens[plens.length - 1].equals("0");
            int messages = (int) Arrays.stream(tshark.getOrDefault("_ws.expert.message", "").split(","))
                    .filter(TSHARK_STALE_OPTION::equals).count();
            assertEquals(staleOption ? 1 : 0, messages, name + " #" + frame.number() + ": tshark's fields and its expert message");
            if (messages > 0) {
                tsharkFlags.put(frame.number(), messages);
            }
            int flags = (int) tree.experts().stream().filter(e -> e.id().equals("ipv6.jumbo.plen_not_zero")).count();
            ourFlags[0] += flags;
            FieldNode ip = RealSamples.layer(tree, "ip");
            if (ip != null) {
                String key = ip.find("ip.src").valueText() + ">" + ip.find("ip.dst").valueText() + " id "
                        + ip.find("ip.id").longValue() + " proto " + ip.find("ip.proto").longValue();
                long offset = ip.find("ip.frag_offset").longValue();
                long payload = ip.find("ip.len").longValue() - ip.find("ip.hdr_len").longValue();
                boolean more = ip.find("ip.flags.mf").longValue() == 1;
                OuterDatagram d = offset == 0 && !more ? new OuterDatagram() : datagrams.computeIfAbsent(key, k -> new OuterDatagram());
                d.add(frame.number(), offset, payload, more, flags);
                if (offset == 0 && !more) {
                    datagrams.put(key + " frame " + frame.number(), d);
                }
            } else {
                assertEquals(0, flags, name + " #" + frame.number() + ": a stale option outside an IPv4 tunnel");
            }
            assertEquals(List.of(), RealSamples.ipProblems(tree).stream()
                    .filter(p -> !p.equals("ipv6.jumbo.plen_not_zero")).toList(), name + " #" + frame.number());
        });
        Map<Long, Integer> completedWithOurFlags = new TreeMap<>();
        for (OuterDatagram d : datagrams.values()) {
            if (d.flags > 0 && d.complete()) {
                completedWithOurFlags.merge(d.lastFrame, d.flags, Integer::sum);
            }
        }
        assertEquals(completedWithOurFlags, tsharkFlags,
                name + ": frames completing an outer datagram whose inner IPv6 keeps a Jumbo Payload option, and how many");
        int tsharkTotal = tsharkFlags.values().stream().mapToInt(Integer::intValue).sum();
        assertTrue(ourFlags[0] >= tsharkTotal, name + ": jumbocap also flags datagrams the window cut");
    }

    /** The fragments of one outer IPv4 datagram seen so far. */
    private static final class OuterDatagram {
        private long covered;
        private long end = -1;
        private long lastFrame;
        private int flags;

        void add(long frame, long offset, long payload, boolean more, int ourFlags) {
            covered += payload;
            if (!more) {
                end = offset + payload;
            }
            lastFrame = Math.max(lastFrame, frame);
            flags += ourFlags;
        }

        boolean complete() {
            return end >= 0 && covered == end;
        }
    }
}
