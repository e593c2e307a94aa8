package org.jumbocap.proto.dns;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * DNS over TCP through TCP reassembly: the server's side of samples/dns-veth.pcap's TCP connection (three
 * length-prefixed responses) cut again at random places, down to single bytes. Each response is decoded
 * once, whole, with the id and answer count tshark gives in dns-veth.pcap.dns.tsv.
 */
class DnsOverTcpReassemblyTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    /** dns.id and dns.count.answers of the three responses over TCP, as tshark shows them. */
    private static final List<String> RESPONSES = List.of("0x2001/2", "0x2002/1", "0x2003/1");

    private static byte[] serverSide() throws Exception {
        ByteArrayOutputStream server = new ByteArrayOutputStream();
        try (CaptureReader reader = CaptureFiles.open(TsharkCrossCheck.sample("dns-veth.pcap"))) {
            FrameRecord r = new FrameRecord();
            FrameSummary s = new FrameSummary();
            while (reader.next(r)) {
                DISSECTOR.summarize(r, s);
                if (s.ipProto == 6 && s.srcPort == 53 && s.transportPayloadLength > 0) {
                    server.writeBytes(r.buffer().bytes(s.transportOffset + s.tcpHeaderLength, (int) s.transportPayloadLength));
                }
            }
        }
        return server.toByteArray();
    }

    @Test
    void responsesCutAnywhereAreDecodedOnceWhole() throws Exception {
        byte[] server = serverSide();
        assertTrue(server.length > 100, "the sample's TCP responses");
        for (int seed = 1; seed <= 50; seed++) {
            Random random = new Random(seed);
            FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
            List<String> seen = new ArrayList<>();
            long number = 1;
            for (int at = 0; at < server.length; ) {
                int size = Math.min(server.length - at, random.nextBoolean() ? 1 + random.nextInt(3) : 1 + random.nextInt(200));
                byte[] payload = Arrays.copyOfRange(server, at, at + size);
                byte[] frame = ethernet(ETHERTYPE_IPV4, ipv4(TCP, V4_SRC, V4_DST,
                        tcp(53, 50000, 1000 + at, 1, 0x018, new byte[0], payload), false));
                pipeline.accept(new FrameRecord(number, number * 1000, LinkTypes.ETHERNET, frame, frame.length), 0, 0);
                number++;
                FrameTree tree = pipeline.tree();
                assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
                List<FieldNode> ids = tree.findAll("dns.id");
                List<FieldNode> answers = tree.findAll("dns.count.answers");
                for (int i = 0; i < ids.size(); i++) {
                    seen.add(String.format("0x%04x/%d", ids.get(i).longValue(), answers.get(i).longValue()));
                }
                at += size;
            }
            assertEquals(RESPONSES, seen, "seed " + seed);
        }
    }
}
