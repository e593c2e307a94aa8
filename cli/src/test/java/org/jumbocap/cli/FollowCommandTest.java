package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code follow tcp} is byte for byte tshark's {@code -q -z follow,tcp,raw|ascii|hex|yaml,N} on every stream of every
 * kernel sample and of samples/tcp-scenarios/: samples/expected/tshark-follow.tsv holds the length and
 * SHA-256 of tshark's output (TShark 4.0.17, IP reassembly off as jumbocap; with it on, tshark also follows
 * the segments inside the VXLAN sample's IP fragments). The streams include gaps filled with
 * "[N bytes missing in capture file]", retransmitted super-packets and super-packets cut by the snaplen.
 */
class FollowCommandTest {
    @Test
    void everyStreamIsTsharks() throws Exception {
        List<String> rows = Files.readAllLines(Cli.SAMPLES.resolve("expected/tshark-follow.tsv"), StandardCharsets.UTF_8);
        int compared = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split("\t");
            Path file = Cli.SAMPLES.resolve(c[0]);
            Cli.Result r = Cli.run("follow", "tcp", c[1], "-T", c[2], file.toString());
            assertEquals(0, r.code(), row + ": " + r.err());
            byte[] out = r.out().getBytes(StandardCharsets.ISO_8859_1);
            String where = "follow tcp " + c[1] + " -T " + c[2] + " " + c[0];
            assertEquals(Long.parseLong(c[3]), out.length, where);
            assertEquals(c[4], HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(out)), where);
            compared++;
        }
        assertTrue(compared >= 100, "streams compared: " + compared);
    }

    @Test
    void aStreamWithNoFramesHasNoNodesAndOtherProtocolsAreUsageErrors() {
        Cli.Result r = Cli.run("follow", "tcp", "99", Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString());
        assertEquals(0, r.code());
        assertEquals(List.of("", "=".repeat(67), "Follow: tcp,raw", "Filter: tcp.stream eq 99", "Node 0: :0", "Node 1: :0",
                "=".repeat(67)), r.outLines());
        assertEquals(2, Cli.run("follow", "udp", "0", Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString()).code());
        assertEquals(1, Cli.run("follow", "tcp", "0", "no-such-file.pcap").code());
    }
}
