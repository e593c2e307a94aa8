package org.jumbocap.proto.ipv4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.proto.ipv6.RealSamples;
import org.jumbocap.tree.FieldNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kernel's IPv4 captures: BIG TCP super-packets (total length 0) and the outer IPv4 of VXLAN, whose
 * first fragments tshark reassembles and jumbocap does not (tshark's fields for those frames are those of
 * the outer header alone, which is what is compared).
 */
class Ipv4BigTcpSamplesTest {
    @ParameterizedTest
    @ValueSource(strings = {"ipv4-bigtcp-veth.pcap", "ipv4-bigtcp-veth.pcapng", "ipv6-bigtcp-vxlan.pcap", "ipv6-vxlan-gso64k.pcap"})
    void totalLengthsAndProtocolsAgreeWithTshark(String name) throws IOException {
        List<String> problems = new ArrayList<>();
        int[] ipFrames = {0};
        int[] superPackets = {0};
        RealSamples.forEachFrame(name, (frame, tree, tshark) -> {
            long number = frame.number();
            FieldNode ip = RealSamples.layer(tree, "ip");
            String tsharkLen = RealSamples.first(tshark, "ip.len");
            if (tsharkLen.isEmpty()) {
                assertNull(ip, name + " #" + number + ": tshark saw no IPv4");
                return;
            }
            ipFrames[0]++;
            assertNotNull(ip, name + " #" + number + ": no ip layer");
            assertEquals(Long.parseLong(RealSamples.first(tshark, "ip.proto")), ip.find("ip.proto").longValue(),
                    name + " #" + number + " ip.proto");
            long ourLen = ip.find("ip.len").longValue();
            long headerLength = ip.find("ip.hdr_len").longValue();
            FieldNode jumbo = ip.find("jumbo");
            if (ourLen == 0) {
                // tshark replaces a zero total length by the captured length ("presumed TSO"); ip.len keeps the
                // value on the wire and the real length is in jumbo.length
                assertNotNull(jumbo, name + " #" + number + ": total length 0 but no jumbo mark");
                assertEquals("ipv4-zero-length", jumbo.find("jumbo.kind").valueText());
                long realTotal = frame.originalLength() - ip.offset();
                assertEquals(realTotal - headerLength, jumbo.find("jumbo.length").longValue(),
                        name + " #" + number + ": jumbo.length must be frame.len minus the link header minus the IPv4 header");
                assertEquals(Long.parseLong(tsharkLen), realTotal, name + " #" + number + " tshark's presumed ip.len");
                superPackets[0]++;
            } else {
                assertEquals(Long.parseLong(tsharkLen), ourLen, name + " #" + number + " ip.len");
                assertNull(jumbo, name + " #" + number + ": ordinary packet marked jumbo");
            }
            assertEquals(Ipv4Fields.CHECKSUM_GOOD, ip.find("ip.checksum.status").longValue(), name + " #" + number);
            for (String p : RealSamples.ipProblems(tree)) {
                // the inner IPv6 of a tunnel is checked by Ipv6BigTcpSamplesTest
                if (!p.startsWith("ipv6.")) {
                    problems.add("#" + number + " " + p);
                }
            }
        });
        assertTrue(ipFrames[0] > 0, name + " has no IPv4 frames");
        if (name.startsWith("ipv4-bigtcp")) {
            assertTrue(superPackets[0] > 0, name + " has no BIG TCP super-packet");
        }
        assertEquals(List.of(), problems, name + ": link/IP warnings or errors on a kernel capture");
    }
}
