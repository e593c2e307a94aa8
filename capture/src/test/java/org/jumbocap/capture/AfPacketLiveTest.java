package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As root: two network namespaces joined by a veth pair at the kernel's largest GSO/GRO size (524,280,
 * IPv6 and IPv4 BIG TCP), bulk TCP over both from namespace A, and three captures on A's end at once:
 * {@link AfPacketProbe} reading through {@code next(FrameRecord)}, another through the sink path with a
 * capture filter, and vnet-oracle.py, a plain AF_PACKET socket with PACKET_VNET_HDR. Every frame is whole,
 * frames over 262,144 bytes exist, and each frame's direction, gso_type, gso_size, virtio flags and
 * checksum offsets equal what the plain socket reported for the same frame. Traffic over a VLAN on the
 * pair checks that the tag the kernel keeps beside a frame is put back (the checksum start moving with
 * it). Skipped when not root, without namespaces or python3.
 */
@Tag("root")
class AfPacketLiveTest {
    private static final Path RESOURCES = Path.of("src/test/resources/afpacket");
    private static final Path IPV4_SIZES = Path.of("../samples/tools/set-ipv4-bigtcp.py");
    private static final int PORT = 5311;
    private static final String SERVER6 = "2001:db8:78::2";
    private static final String SERVER4 = "10.78.0.2";
    private static final Path VLAN_BPF = Path.of("../samples/tools/vlan-bpf.py");

    @TempDir
    Path dir;

    private final String nsA = "jafp-a-" + ProcessHandle.current().pid();
    private final String nsB = "jafp-b-" + ProcessHandle.current().pid();
    private final List<Process> started = new ArrayList<>();
    private Path mountedBpffs;

    /** One line of the probe or the oracle; vlan -1 for a frame without a tag in its bytes. */
    private record Seen(int direction, long capturedLength, long originalLength, int gsoType, int gsoSize, int vnetFlags,
                        int ipVersion, long seq, long ack, long packetFlags, int csumStart, int csumOffset, int vlan) {
        /**
         * Frames are matched by IP version, TCP numbers and length; {@code tagBytes} are left out of the
         * length, for a frame whose VLAN tag the kernel kept beside it (the plain socket gets it without).
         */
        String key(int tagBytes) {
            return ipVersion + "/" + seq + "/" + ack + "/" + (originalLength - tagBytes);
        }

        /** What both sockets must agree on; the checksum start moves with a tag put back into the frame. */
        String facts(int tagBytes) {
            int start = (vnetFlags & VnetHeader.F_NEEDS_CSUM) != 0 ? csumStart - tagBytes : csumStart;
            return direction + " gso_type " + gsoType + " gso_size " + gsoSize + " flags " + vnetFlags + " csum "
                    + start + "+" + csumOffset;
        }
    }

    @AfterEach
    void removeNamespaces() {
        for (Process p : started) {
            p.destroyForcibly();
        }
        TestCommands.run("ip", "netns", "del", nsA);
        TestCommands.run("ip", "netns", "del", nsB);
        if (mountedBpffs != null) {
            TestCommands.run("umount", mountedBpffs.toString());
        }
    }

    @Test
    void capturesEverySuperPacketWholeWithTheKernelsFacts() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        assumeTrue(TestCommands.run("python3", "--version") == 0, "python3 is not installed");
        assumeTrue(TestCommands.run("ip", "netns", "add", nsA) == 0 && TestCommands.run("ip", "netns", "add", nsB) == 0,
                "'ip netns add' failed: no network namespaces here");
        connect();
        boolean tagged = tagWhatBSends();
        boolean ipv4 = TestCommands.run("ip", "netns", "exec", nsA, "python3", IPV4_SIZES.toString(), "va", "524280") == 0
                && TestCommands.run("ip", "netns", "exec", nsB, "python3", IPV4_SIZES.toString(), "vb", "524280") == 0;

        Path server = dir.resolve("server.txt");
        start(server, "ip", "netns", "exec", nsB, "python3", RESOURCES.resolve("bulk-tcp.py").toString(), "server", "" + PORT);
        waitForStderr(server, "listening");
        Path copy = dir.resolve("copy.txt");
        Path sink = dir.resolve("sink.txt");
        Path oracle = dir.resolve("oracle.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        Process copyProbe = start(copy, "ip", "netns", "exec", nsA, java, "-cp", cp, AfPacketProbe.class.getName(), "va",
                "10", "copy");
        Process sinkProbe = start(sink, "ip", "netns", "exec", nsA, java, "-cp", cp, AfPacketProbe.class.getName(), "va",
                "10", "sink", "ip or ip6 or vlan");
        Process plain = start(oracle, "ip", "netns", "exec", nsA, "python3", RESOURCES.resolve("vnet-oracle.py").toString(),
                "va", "10");
        waitForStderr(copy, "capturing on");
        waitForStderr(sink, "capturing on");
        waitForStderr(oracle, "ready");
        assertEquals(0, TestCommands.run("ip", "netns", "exec", nsA, "python3", RESOURCES.resolve("bulk-tcp.py").toString(), "client",
                SERVER6, "" + PORT, "1.5"), "IPv6 bulk TCP");
        if (ipv4) {
            assertEquals(0, TestCommands.run("ip", "netns", "exec", nsA, "python3", RESOURCES.resolve("bulk-tcp.py").toString(),
                    "client", SERVER4, "" + PORT, "1.5"), "IPv4 bulk TCP");
        }
        for (Process p : List.of(copyProbe, sinkProbe, plain)) {
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "a capture did not end");
        }
        assertEquals(0, copyProbe.exitValue(), Files.readString(Path.of(copy + ".err")));
        assertEquals(0, sinkProbe.exitValue(), Files.readString(Path.of(sink + ".err")));

        List<Seen> copied = read(copy, true);
        List<Seen> sunk = read(sink, true);
        List<Seen> plainSeen = read(oracle, false);
        for (List<Seen> frames : List.of(copied, sunk)) {
            for (Seen s : frames) {
                assertEquals(s.originalLength(), s.capturedLength(), "every frame whole: " + s);
            }
        }
        for (int version : ipv4 ? new int[] {6, 4} : new int[] {6}) {
            long over = copied.stream().filter(s -> s.ipVersion() == version && s.originalLength() > 262_144).count();
            assertTrue(over > 0, "IPv" + version + " frames over 262,144 bytes were captured");
            assertTrue(sunk.stream().anyMatch(s -> s.ipVersion() == version && s.originalLength() > 262_144),
                    "and through the sink path with a filter");
        }
        Seen largest = copied.stream().max((a, b) -> Long.compare(a.originalLength(), b.originalLength())).orElseThrow();
        System.out.println("AfPacketLiveTest: " + (tagged ? "B's frames tagged VLAN 100; " : "no VLAN (tc eBPF refused); ")
                + copied.size() + " frames (copy), " + sunk.size() + " (sink), "
                + plainSeen.size() + " (plain socket); largest " + largest.originalLength() + " bytes; over 262,144: "
                + copied.stream().filter(s -> s.originalLength() > 262_144).count());

        // the sender's super-packets: outbound, checksum left to the device, TCP segmentation offloaded
        List<Seen> superPackets = copied.stream().filter(s -> s.gsoSize() > 0).toList();
        assertTrue(superPackets.size() > 10, "super-packets with a gso_size: " + superPackets.size());
        for (Seen s : superPackets) {
            assertEquals(PacketFlags.DIRECTION_OUTBOUND, s.direction(), s.toString());
            assertTrue(PacketFlags.has(s.packetFlags(), PacketFlags.TCP_SEGMENTATION_OFFLOADED), s.toString());
            assertTrue(s.gsoType() == VnetHeader.GSO_TCPV6 || s.gsoType() == VnetHeader.GSO_TCPV4, s.toString());
        }

        Map<String, Set<String>> byKey = new HashMap<>();
        for (Seen s : plainSeen) {
            byKey.computeIfAbsent(s.key(0), k -> new HashSet<>()).add(s.facts(0));
        }
        for (List<Seen> frames : List.of(copied, sunk)) {
            int matched = 0;
            int tagPutBack = 0;
            for (Seen s : frames) {
                int tagBytes = s.vlan() >= 0 && byKey.containsKey(s.key(4)) ? 4 : 0;
                Set<String> facts = byKey.get(s.key(tagBytes));
                if (facts == null) {
                    continue; // the plain socket's buffer overflowed there, or the frame is not TCP
                }
                assertTrue(facts.contains(s.facts(tagBytes)), "frame " + s + ": the plain socket saw " + facts);
                matched++;
                if (tagBytes > 0) {
                    assertEquals(100, s.vlan(), s.toString());
                    tagPutBack++;
                }
            }
            assertTrue(matched >= frames.size() * 9 / 10, matched + " of " + frames.size() + " frames matched");
            assertTrue(!tagged || tagPutBack > 10, "frames of VLAN 100 with their tag put back: " + tagPutBack);
            assertTrue(tagged || tagPutBack == 0);
        }
    }

    private void connect() throws Exception {
        for (String ns : List.of(nsA, nsB)) {
            TestCommands.must("ip", "netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.all.accept_dad=0",
                    "net.ipv6.conf.default.accept_dad=0");
            TestCommands.must("ip", "-n", ns, "link", "set", "lo", "up");
        }
        TestCommands.must("ip", "link", "add", "va", "netns", nsA, "type", "veth", "peer", "name", "vb", "netns", nsB);
        TestCommands.must("ip", "-n", nsA, "addr", "add", "2001:db8:78::1/64", "dev", "va", "nodad");
        TestCommands.must("ip", "-n", nsB, "addr", "add", SERVER6 + "/64", "dev", "vb", "nodad");
        TestCommands.must("ip", "-n", nsA, "addr", "add", "10.78.0.1/24", "dev", "va");
        TestCommands.must("ip", "-n", nsB, "addr", "add", SERVER4 + "/24", "dev", "vb");
        for (String[] nd : new String[][] {{nsA, "va"}, {nsB, "vb"}}) {
            TestCommands.must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "gso_max_size", "524280", "gro_max_size", "524280");
            TestCommands.must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "up");
        }
    }

    /**
     * Tags every frame B sends with VLAN 100 (tc eBPF vlan push on vb's egress, pop on va's ingress, as
     * samples/tools/vlan-bpf.py does where the kernel has no 8021q): the tag travels beside the frame,
     * where A's capture finds it and puts it back, while A's own frames stay untagged. False where this
     * kernel or machine cannot.
     */
    private boolean tagWhatBSends() throws IOException {
        Path bpffs = Files.createDirectories(dir.resolve("bpffs"));
        if (TestCommands.run("mount", "-t", "bpf", "bpf", bpffs.toString()) != 0) {
            return false;
        }
        mountedBpffs = bpffs;
        return TestCommands.run("python3", VLAN_BPF.toString(), bpffs.toString(), "100") == 0
                && TestCommands.run("tc", "-n", nsA, "qdisc", "add", "dev", "va", "clsact") == 0
                && TestCommands.run("tc", "-n", nsA, "filter", "add", "dev", "va", "ingress", "bpf", "direct-action", "object-pinned",
                bpffs.resolve("vlan_pop").toString()) == 0
                && TestCommands.run("tc", "-n", nsB, "qdisc", "add", "dev", "vb", "clsact") == 0
                && TestCommands.run("tc", "-n", nsB, "filter", "add", "dev", "vb", "egress", "bpf", "direct-action", "object-pinned",
                bpffs.resolve("vlan_push").toString()) == 0;
    }

    private static List<Seen> read(Path file, boolean probe) throws IOException {
        List<Seen> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
            String[] f = line.trim().split(" ");
            if (probe) {
                out.add(new Seen(Integer.parseInt(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Integer.parseInt(f[3]),
                        Integer.parseInt(f[4]), Integer.parseInt(f[5]), Integer.parseInt(f[6]), Long.parseLong(f[7]),
                        Long.parseLong(f[8]), Long.parseLong(f[9]), Integer.parseInt(f[10]), Integer.parseInt(f[11]),
                        Integer.parseInt(f[12])));
            } else {
                int direction = Integer.parseInt(f[0]) == 4 ? PacketFlags.DIRECTION_OUTBOUND : PacketFlags.DIRECTION_INBOUND;
                long length = Long.parseLong(f[1]);
                out.add(new Seen(direction, length, length, Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                        Integer.parseInt(f[4]), Integer.parseInt(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]), -1,
                        Integer.parseInt(f[8]), Integer.parseInt(f[9]), -1));
            }
        }
        return out;
    }

    private Process start(Path stdout, String... cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (stdout != null) {
            pb.redirectOutput(stdout.toFile()).redirectError(Path.of(stdout + ".err").toFile());
        } else {
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        Process p = pb.start();
        started.add(p);
        return p;
    }

    private static void waitForStderr(Path stdout, String text) throws Exception {
        TestCommands.waitForText(Path.of(stdout + ".err"), text);
    }
}
