package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.jumbocap.cli.BigTcpVethPair.must;
import static org.jumbocap.cli.BigTcpVethPair.run;
import static org.jumbocap.cli.BigTcpVethPair.waitForStderr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jumbocap capture} through its default source, AF_PACKET, as root: on a veth pair at the kernel's
 * largest GSO/GRO size, frames over libpcap's 262,144 bytes reach the file whole, through the printing
 * path with a capture filter and through {@code -q -w FILE.pcap}, straight from the ring, also on the
 * {@code any} device. Where AF_PACKET is refused (a process without CAP_NET_RAW) the capture goes through
 * libpcap and says why in one line. Skipped when not root, without namespaces or python3.
 */
@Tag("root")
class AfPacketCaptureCommandTest {
    private static final Path BULK_TCP = Path.of("../capture/src/test/resources/afpacket/bulk-tcp.py");
    private static final int PORT = 5312;
    private static final String SERVER = "2001:db8:79::2";

    @TempDir
    Path dir;

    private static void assumeRoot() {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
    }

    @Test
    void capturesSuperPacketsWholeByDefault() throws Exception {
        assumeRoot();
        assumeTrue(run("python3", "--version") == 0, "python3 is not installed");
        try (BigTcpVethPair pair = new BigTcpVethPair("jafc", "va", "vb")) {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect("2001:db8:79::1", SERVER);
            for (String[] nd : new String[][] {{pair.nsA, "va"}, {pair.nsB, "vb"}}) {
                must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "gso_max_size", "524280", "gro_max_size", "524280");
            }
            Path serverOut = dir.resolve("server.txt");
            pair.start(List.of("ip", "netns", "exec", pair.nsB, "python3", BULK_TCP.toString(), "server", "" + PORT),
                    serverOut);
            waitForStderr(Path.of(serverOut + ".err"), "listening");
            Path printed = dir.resolve("printed.pcapng");
            Path dumped = dir.resolve("dumped.pcap");
            Process printing = pair.startCapture(dir.resolve("printed.txt"), "-i", "va", "-f", "tcp port " + PORT, "-w",
                    printed.toString(), "--duration", "12");
            Process quiet = pair.startCapture(dir.resolve("dumped.txt"), "-i", "va", "-q", "-w", dumped.toString(),
                    "--duration", "12", "-B", "64");
            List<Path> small = List.of(dir.resolve("small.pcap"), dir.resolve("small.pcapng"));
            List<Process> smallCaptures = new ArrayList<>();
            for (Path file : small) {
                smallCaptures.add(pair.startCapture(dir.resolve(file.getFileName() + ".txt"), "-i", "va", "-q", "-w",
                        file.toString(), "-B", "8", "-c", "5", "--duration", "20", "udp", "port", "" + (PORT + 1)));
            }
            for (Path file : small) {
                waitForStderr(dir.resolve(file.getFileName() + ".txt.err"), "capturing on");
            }
            waitForStderr(dir.resolve("printed.txt.err"), "capturing on");
            waitForStderr(dir.resolve("dumped.txt.err"), "capturing on");
            assertEquals(0, run("ip", "netns", "exec", pair.nsA, "python3", BULK_TCP.toString(), "client", SERVER,
                    "" + PORT, "1.5"), "bulk TCP");
            assertEquals(0, run("ip", "netns", "exec", pair.nsA, "python3", "-c", "import socket\n"
                    + "s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)\n"
                    + "for i in range(5): s.sendto(b'x' * 100, ('" + SERVER + "', " + (PORT + 1) + "))"), "datagrams");
            assertTrue(printing.waitFor(30, TimeUnit.SECONDS) && quiet.waitFor(30, TimeUnit.SECONDS), "--duration stops");
            for (String name : List.of("printed", "dumped")) {
                String err = Files.readString(dir.resolve(name + ".txt.err"));
                assertEquals(0, (name.equals("printed") ? printing : quiet).exitValue(), err);
                assertFalse(err.contains("through libpcap"), "AF_PACKET is the default: " + err);
                assertFalse(err.contains(" cut "), err);
                assertTrue(err.contains("snaplen 524288"), err);
            }
            assertFalse(Files.readString(dir.resolve("dumped.txt.err")).contains("by libpcap"), "written from the ring");
            List<String> seen = new ArrayList<>();
            for (Path file : List.of(printed, dumped)) {
                List<FrameRecord> frames = LiveCaptureTest.readAll(file);
                long over = frames.stream().filter(f -> f.originalLength() > 262_144).count();
                long largest = frames.stream().mapToLong(FrameRecord::originalLength).max().orElse(0);
                assertTrue(over > 0, file + ": frames over 262,144 bytes (" + frames.size() + " frames, largest "
                        + largest + ")");
                for (FrameRecord f : frames) {
                    assertEquals(f.originalLength(), f.capturedLength(), file + ": frame " + f.number() + " was cut");
                }
                String report = Files.readString(dir.resolve(file.getFileName().toString().replaceFirst("\\..*", "")
                        + ".txt.err")).lines().filter(l -> l.contains("stopped (")).findFirst().orElse("");
                seen.add(file.getFileName() + " " + frames.size() + " frames, " + over + " over 262,144, largest " + largest
                        + " (" + report.replaceFirst(".*: ", "") + ")");
            }
            assertEquals(LiveCaptureTest.readAll(printed).size(),
                    Files.readAllLines(dir.resolve("printed.txt")).size(), "one printed line a frame written");
            System.out.println("AfPacketCaptureCommandTest: " + String.join("; ", seen));

            // a file of small frames stays readable by tshark, whatever snaplen its header says (524,288)
            for (int i = 0; i < small.size(); i++) {
                assertTrue(smallCaptures.get(i).waitFor(20, TimeUnit.SECONDS), "-c 5 stops the capture");
                assertEquals(5, LiveCaptureTest.readAll(small.get(i)).size());
                if (run("tshark", "--version") == 0) {
                    Process tshark = new ProcessBuilder("tshark", "-r", small.get(i).toString(), "-T", "fields", "-e",
                            "frame.len").redirectErrorStream(true).start();
                    String lines = new String(tshark.getInputStream().readAllBytes());
                    assertTrue(tshark.waitFor(30, TimeUnit.SECONDS));
                    assertEquals(0, tshark.exitValue(), lines);
                    assertEquals(5, lines.lines().filter(l -> l.equals("162")).count(), lines);
                }
            }
            // the kernel's facts: the sender's super-packets are outbound, TSO, with the gso_size GSO cuts at;
            // tshark reads the direction back from the pcapng of small frames (the datagrams this side sent)
            for (FrameRecord f : LiveCaptureTest.readAll(printed)) {
                if (f.originalLength() > 65_535) {
                    assertEquals(PacketFlags.DIRECTION_OUTBOUND, PacketFlags.direction(f.packetFlags()), "frame " + f.number());
                    assertTrue(PacketFlags.has(f.packetFlags(), PacketFlags.TCP_SEGMENTATION_OFFLOADED), "frame " + f.number());
                    assertTrue(f.vnetHeader() != null && f.vnetHeader().isSuperPacket(), "frame " + f.number());
                }
            }
            if (run("tshark", "--version") == 0) {
                // tshark's warnings (running as root) go to its stderr, not among the values
                Process tshark = new ProcessBuilder("tshark", "-r", small.get(1).toString(), "-T", "fields", "-e",
                        "frame.packet_flags_direction").redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String lines = new String(tshark.getInputStream().readAllBytes());
                assertTrue(tshark.waitFor(30, TimeUnit.SECONDS));
                assertEquals(List.of("0x00000002", "0x00000002", "0x00000002", "0x00000002", "0x00000002"),
                        lines.lines().toList(), "tshark reads the outbound direction");
            }
        }
    }

    /**
     * {@code -i any} through AF_PACKET: one cooked socket for every interface, each frame written as
     * LINKTYPE_LINUX_SLL2 with the header the ring's sockaddr_ll gives. The sender's super-packets over
     * 262,144 bytes arrive whole, with packet type "outgoing" (4), the veth's interface index and the
     * outbound flag; the peer's ACKs arrive "to us" (0), inbound. The capture filters run in the kernel, moved
     * to the cooked socket's network header; tshark reads the SLL2 file of small frames.
     */
    @Test
    void theAnyDeviceCapturesSuperPacketsWholeAsSll2() throws Exception {
        assumeRoot();
        assumeTrue(run("python3", "--version") == 0, "python3 is not installed");
        try (BigTcpVethPair pair = new BigTcpVethPair("jafy", "va", "vb")) {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect("2001:db8:79::1", SERVER);
            for (String[] nd : new String[][] {{pair.nsA, "va"}, {pair.nsB, "vb"}}) {
                must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "gso_max_size", "524280", "gro_max_size", "524280");
            }
            Process index = new ProcessBuilder("ip", "netns", "exec", pair.nsA, "cat", "/sys/class/net/va/ifindex").start();
            int vaIndex = Integer.parseInt(new String(index.getInputStream().readAllBytes()).trim());
            assertTrue(index.waitFor(10, TimeUnit.SECONDS));
            Path serverOut = dir.resolve("server.txt");
            pair.start(List.of("ip", "netns", "exec", pair.nsB, "python3", BULK_TCP.toString(), "server", "" + PORT),
                    serverOut);
            waitForStderr(Path.of(serverOut + ".err"), "listening");
            Path filtered = dir.resolve("any.pcapng");
            Path dumped = dir.resolve("any.pcap");
            Path small = dir.resolve("small.pcap");
            Process printing = pair.startCapture(dir.resolve("any.txt"), "-i", "any", "-f", "tcp port " + PORT, "-w",
                    filtered.toString(), "--duration", "10");
            Process quiet = pair.startCapture(dir.resolve("dumped.txt"), "-i", "any", "-q", "-w", dumped.toString(),
                    "--duration", "10", "-B", "64");
            Process smallCapture = pair.startCapture(dir.resolve("small.txt"), "-i", "any", "-q", "-w", small.toString(),
                    "-c", "5", "--duration", "20", "udp", "port", "" + (PORT + 1));
            for (String name : List.of("any", "dumped", "small")) {
                waitForStderr(dir.resolve(name + ".txt.err"), "capturing on");
            }
            assertEquals(0, run("ip", "netns", "exec", pair.nsA, "python3", BULK_TCP.toString(), "client", SERVER,
                    "" + PORT, "1.5"), "bulk TCP");
            assertEquals(0, run("ip", "netns", "exec", pair.nsA, "python3", "-c", "import socket\n"
                    + "s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)\n"
                    + "for i in range(5): s.sendto(b'x' * 100, ('" + SERVER + "', " + (PORT + 1) + "))"), "datagrams");
            assertTrue(printing.waitFor(30, TimeUnit.SECONDS) && quiet.waitFor(30, TimeUnit.SECONDS), "--duration stops");
            List<String> seen = new ArrayList<>();
            for (Path file : List.of(filtered, dumped)) {
                String err = Files.readString(dir.resolve((file == filtered ? "any" : "dumped") + ".txt.err"));
                assertEquals(0, (file == filtered ? printing : quiet).exitValue(), err);
                assertFalse(err.contains("through libpcap"), "AF_PACKET takes 'any': " + err);
                assertTrue(err.contains("snaplen 524288"), err);
                List<FrameRecord> frames = LiveCaptureTest.readAll(file);
                long over = 0;
                long outbound = 0;
                long inbound = 0;
                for (FrameRecord f : frames) {
                    String what = file.getFileName() + " frame " + f.number();
                    assertEquals(276, f.linkType(), what);
                    assertEquals(f.originalLength(), f.capturedLength(), what + " was cut");
                    byte[] b = f.data();
                    int protocol = (b[0] & 0xFF) << 8 | (b[1] & 0xFF);
                    int ifindex = (b[4] & 0xFF) << 24 | (b[5] & 0xFF) << 16 | (b[6] & 0xFF) << 8 | (b[7] & 0xFF);
                    int packetType = b[10] & 0xFF;
                    if (protocol != 0x86DD || ifindex != vaIndex) {
                        assertTrue(file == dumped, what + ": the filter takes only the TCP flow on va");
                        continue;
                    }
                    assertEquals(6, b[20] >>> 4 & 0x0F, what + ": IPv6 right after the SLL2 header");
                    if (f.originalLength() > 262_144) {
                        over++;
                        assertEquals(4, packetType, what + ": sent by this side");
                    }
                    if (packetType == 4) {
                        outbound++;
                        if (file == filtered) {
                            assertEquals(PacketFlags.DIRECTION_OUTBOUND, PacketFlags.direction(f.packetFlags()), what);
                        }
                    } else if (packetType == 0) {
                        inbound++;
                        if (file == filtered) {
                            assertEquals(PacketFlags.DIRECTION_INBOUND, PacketFlags.direction(f.packetFlags()), what);
                        }
                    }
                }
                assertTrue(over > 0, file + ": frames over 262,144 bytes (" + frames.size() + " frames)");
                assertTrue(inbound > 0, file + ": the peer's ACKs, inbound");
                seen.add(file.getFileName() + " " + frames.size() + " frames, " + over + " over 262,144, " + outbound
                        + " outgoing, " + inbound + " to us");
            }
            System.out.println("AfPacketCaptureCommandTest -i any: " + String.join("; ", seen));

            assertTrue(smallCapture.waitFor(20, TimeUnit.SECONDS), "-c 5 stops the capture");
            assertEquals(5, LiveCaptureTest.readAll(small).size());
            if (run("tshark", "--version") == 0) {
                Process tshark = new ProcessBuilder("tshark", "-r", small.toString(), "-T", "fields", "-e", "frame.len",
                        "-e", "sll.pkttype", "-e", "sll.ifindex", "-e", "sll.etype", "-e", "udp.dstport")
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String lines = new String(tshark.getInputStream().readAllBytes());
                assertTrue(tshark.waitFor(30, TimeUnit.SECONDS));
                assertEquals(0, tshark.exitValue(), lines);
                // 20 (SLL2) + 40 (IPv6) + 8 (UDP) + 100; packet type 4: sent by this host
                String line = "168\t4\t" + vaIndex + "\t0x86dd\t" + (PORT + 1);
                assertEquals(List.of(line, line, line, line, line), lines.lines().toList(), "tshark reads the SLL2 file");
            }
        }
    }

    @Test
    void withoutCapNetRawTheLibpcapPathSaysWhy() throws Exception {
        assumeRoot();
        assumeTrue(run("setpriv", "--version") == 0, "setpriv is not installed");
        Path out = dir.resolve("noraw.txt");
        Process p = new ProcessBuilder("setpriv", "--bounding-set", "-net_raw", "--inh-caps", "-net_raw",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main", "capture", "-i", "lo", "--duration", "1")
                .redirectOutput(out.toFile()).redirectError(Path.of(out + ".err").toFile()).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        String err = Files.readString(Path.of(out + ".err"));
        // libpcap needs the same capability, and says so, with why AF_PACKET was not used
        assertEquals(1, p.exitValue(), err);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("lo: capturing needs root or the capabilities CAP_NET_RAW"), err);
        assertTrue(err.contains("(AF_PACKET was refused first: no permission for an AF_PACKET socket"), err);
    }
}
