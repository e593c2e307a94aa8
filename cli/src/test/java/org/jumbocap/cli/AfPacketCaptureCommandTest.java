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
 * path with a capture filter and through {@code -q -w FILE.pcap}, straight from the ring. Where AF_PACKET
 * is refused (the {@code any} device, a process without CAP_NET_RAW) the capture goes through libpcap
 * and says why in one line. Skipped when not root, without namespaces or python3.
 */
@Tag("root")
class AfPacketCaptureCommandTest {
    private static final Path BULK_TCP = Path.of("../capture/src/test/resources/afpacket/bulk-tcp.py");
    private static final int PORT = 5312;
    private static final String SERVER = "2001:db8:79::2";
    private static final String FALLBACK = "note: capturing through libpcap, which cuts frames at 262,144 bytes: ";

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

    @Test
    void theAnyDeviceGoesThroughLibpcapAndSaysWhy() {
        assumeRoot();
        // in this JVM: -Z root, or the capture would make the test JVM itself give up root
        Cli.Result r = Cli.run("capture", "-i", "any", "--duration", "0.5", "-q", "-Z", "root");
        assertEquals(0, r.code(), r.err());
        assertEquals(1, r.err().lines().filter(l -> l.contains(FALLBACK)).count(), r.err());
        assertTrue(r.err().contains(FALLBACK + "'any' mixes link types"), r.err());

        Cli.Result forced = Cli.run("capture", "-i", "any", "--source", "afpacket", "--duration", "0.5", "-q",
                "-Z", "root");
        assertEquals(1, forced.code(), forced.err());
        assertTrue(forced.err().contains("any: AF_PACKET capture refused: 'any' mixes link types"), forced.err());

        Cli.Result check = Cli.run("check", "-i", "any", "--duration", "0.5");
        assertTrue(check.err().contains("jumbocap check: " + FALLBACK), check.err());
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
