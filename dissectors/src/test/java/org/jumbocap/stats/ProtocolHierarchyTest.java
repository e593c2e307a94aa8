package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The protocol hierarchy counted from the dissected trees agrees with tshark's {@code -z io,phs} on the
 * kernel-made samples, line for line, where both decode the same layers: every sample but the three
 * below, super-packets of 184,306 bytes included. Where they differ, only below TCP (checked down to
 * TCP's line):
 * <ul>
 * <li>{@code ipv6-bigtcp-loss.pcap} (snaplen 200): tshark puts the frames the snaplen cut inside the TCP
 * header's options or payload under {@code _ws.short} (2 frames) and leaves some cut payloads without a
 * {@code data} layer; jumbocap gives every cut payload its {@code data} layer (794 frames, tshark 785);</li>
 * <li>{@code tls-veth.pcap}: tshark reassembles TLS records over TCP segments ({@code tcp.segments},
 * 3 frames), jumbocap does not, so the frames with a record's continuation are {@code data} (2 frames);</li>
 * <li>{@code ipv6-bigtcp-vxlan.pcap}: tshark reassembles the fragmented outer IPv4 packets and counts
 * the inner layers at the last fragment, jumbocap at the first; with {@code -o ip.defragment:FALSE} tshark
 * counts them at the first fragment too, and only the inner TCP payload line differs (tshark gives no
 * {@code data} layer to the inner segments the fragment cuts: 72 frames, jumbocap 80).</li>
 * </ul>
 */
class ProtocolHierarchyTest {
    private static final Path TSHARK = Path.of("/usr/bin/tshark");

    static Stream<String> agreeingSamples() {
        return Stream.of("arp-veth.pcap", "dns-veth.pcap", "ipv4-bigtcp-veth.pcap", "ipv4-bigtcp-veth.pcapng",
                "ipv6-bigtcp-veth.pcap", "ipv6-bigtcp-veth.pcapng", "ipv6-bigtcp-veth-nsec.pcap", "ipv6-bigtcp-vlan.pcap",
                "ipv6-bigtcp-any-sll2.pcap", "ipv6-bigtcp-loopback.pcap", "ipv6-bigtcp-snaplen.pcap",
                "ipv6-vxlan-gso64k.pcap");
    }

    static ProtocolHierarchy count(Path file) {
        ProtocolHierarchy h = new ProtocolHierarchy();
        for (FrameTree tree : StatsSamples.trees(file)) {
            h.add(tree);
        }
        return h;
    }

    private static List<String> tshark(Path file, String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(TSHARK.toString(), "-r", file.toString()));
        command.addAll(List.of(options));
        command.addAll(List.of("-q", "-z", "io,phs"));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "tshark on " + file);
        return trimmed(out);
    }

    private static List<String> trimmed(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            lines.add(line.stripTrailing());
        }
        return lines;
    }

    /** The lines of protocols at most {@code depth} levels deep (0: the link layer), and no others. */
    private static List<String> downTo(List<String> lines, int depth) {
        return lines.stream().filter(l -> !l.contains(" frames:") || l.indexOf(l.strip()) <= 2 * depth).toList();
    }

    @ParameterizedTest
    @MethodSource("agreeingSamples")
    void printsWhatTsharkPrints(String sample) throws Exception {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        Path file = StatsSamples.SAMPLES.resolve(sample);
        assertEquals(String.join("\n", tshark(file)), String.join("\n", trimmed(count(file).format(""))), sample);
    }

    @Test
    void agreesDownToTcpWhereTsharkReassemblesOrCallsFramesShort() throws Exception {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        for (String sample : List.of("ipv6-bigtcp-loss.pcap", "tls-veth.pcap")) {
            Path file = StatsSamples.SAMPLES.resolve(sample);
            List<String> ours = trimmed(count(file).format(""));
            List<String> theirs = downTo(tshark(file), 2);
            assertTrue(theirs.stream().anyMatch(l -> l.startsWith("    tcp ")), sample + ": " + theirs);
            assertEquals(theirs, downTo(ours, 2), sample);
        }
        Path loss = StatsSamples.SAMPLES.resolve("ipv6-bigtcp-loss.pcap");
        ProtocolHierarchy.Node tcp = count(loss).root().children().get(0).children().get(0).children().get(1);
        assertEquals("tcp", tcp.name());
        assertEquals(List.of("data"), tcp.children().stream().map(ProtocolHierarchy.Node::name).toList());
        assertEquals(794, tcp.children().get(0).frames(), "every TCP payload the snaplen cut is still data");

        Path vxlan = StatsSamples.SAMPLES.resolve("ipv6-bigtcp-vxlan.pcap");
        List<String> theirs = tshark(vxlan, "-o", "ip.defragment:FALSE");
        List<String> ours = trimmed(count(vxlan).format(""));
        assertEquals(theirs.size(), ours.size());
        for (int i = 0; i < ours.size(); i++) {
            if (ours.get(i).startsWith("              data ")) {
                assertEquals("              data                       frames:72 bytes:200123", theirs.get(i));
                assertEquals("              data                       frames:80 bytes:388619", ours.get(i));
            } else {
                assertEquals(theirs.get(i), ours.get(i), "line " + i + " of " + vxlan);
            }
        }
    }

    @Test
    void aProtocolInsideItselfIsItsOwnChild() {
        ProtocolHierarchy h = new ProtocolHierarchy();
        h.add("eth:ip:tcp:dns:dns", 132);
        h.add("eth:ip:tcp:dns", 100);
        h.add("eth:ip:udp", 60);
        h.add("", 10);
        assertEquals(4, h.root().frames());
        assertEquals(302, h.root().bytes());
        ProtocolHierarchy.Node dns = h.root().children().get(0).children().get(0).children().get(0).children().get(0);
        assertEquals("dns", dns.name());
        assertEquals(2, dns.frames());
        assertEquals(232, dns.bytes());
        assertEquals("dns", dns.children().get(0).name());
        assertEquals(1, dns.children().get(0).frames());
        assertEquals(List.of("tcp", "udp"), h.root().children().get(0).children().get(0).children().stream()
                .map(ProtocolHierarchy.Node::name).toList());
    }

    @Test
    void aSummarysLayersFindTheNodesTheirNamesFind() {
        // a node knows its children by declaration once met; the same name by another declaration, or as
        // text, is the same node, and so is every child past the ones a node knows by declaration
        ProtocolHierarchy h = new ProtocolHierarchy();
        FieldDef eth = FieldDef.protocol("eth", "Ethernet");
        FieldDef ip = FieldDef.protocol("ip", "IPv4");
        FieldDef tcp = FieldDef.protocol("tcp", "TCP");
        FieldDef otherTcp = FieldDef.protocol("tcp", "TCP again");
        for (int n = 0; n < 3; n++) {
            h.add(summary(FrameFields.FRAME, eth, ip, tcp), 100);
        }
        h.add("eth:ip:tcp", 50);
        h.add(summary(eth, ip, otherTcp), 10);
        for (int p = 0; p < 12; p++) {
            FieldDef layer = FieldDef.protocol("p" + p, "P" + p);
            h.add(summary(eth, layer), 1);
            h.add(summary(eth, FieldDef.protocol("p" + p, "P" + p + " again")), 1);
        }
        assertEquals(29, h.root().frames());
        ProtocolHierarchy.Node ethNode = h.root().children().get(0);
        assertEquals(1, h.root().children().size());
        assertEquals(29, ethNode.frames());
        assertEquals(13, ethNode.children().size());
        ProtocolHierarchy.Node tcpNode = ethNode.children().get(0).children().get(0);
        assertEquals("tcp", tcpNode.name());
        assertEquals(5, tcpNode.frames());
        assertEquals(360, tcpNode.bytes());
        assertEquals(5, tcpNode.endFrames());
        for (int p = 0; p < 12; p++) {
            ProtocolHierarchy.Node node = ethNode.children().get(p + 1);
            assertEquals("p" + p, node.name());
            assertEquals(2, node.frames());
        }
    }

    private static FrameSummary summary(FieldDef... layers) {
        FrameSummary s = new FrameSummary();
        for (FieldDef layer : layers) {
            s.protocolLayers[s.protocolLayerCount++] = layer;
        }
        return s;
    }
}
