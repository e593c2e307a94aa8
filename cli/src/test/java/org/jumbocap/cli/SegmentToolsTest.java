package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code jumbocap segment} on every kernel sample, checked by the classic tools the output is for: tshark
 * with every checksum check on finds no bad checksum and nothing malformed; {@code tcpdump -v} prints no
 * {@code bad-len}, {@code [|tcp]} or {@code incorrect}; no frame is longer than a 1500-byte MTU and its
 * link header; tshark follows the same bytes in every TCP stream of the input and the output; tcpflow
 * rebuilds from the output the streams tshark follows in the input; and {@code tcpdump 'tcp port 5201'} on
 * the output catches every frame of the flows and all their payload bytes.
 */
class SegmentToolsTest {
    private static final String TSHARK = "/usr/bin/tshark";
    private static final String TCPFLOW = "/usr/bin/tcpflow";

    static Stream<Path> samples() throws IOException {
        // the kernel's BIG TCP and GSO captures: the protocol samples (ARP, DNS, TLS) hold no super-packet to cut
        return Files.list(Cli.SAMPLES).filter(p -> p.getFileName().toString().matches(".*(bigtcp|gso).*\\.pcap(ng)?")).sorted();
    }

    private static boolean installed(String tool) {
        return Files.isExecutable(Path.of(tool));
    }

    private static boolean tcpdumpInstalled() {
        return installed("/usr/bin/tcpdump") || installed("/usr/sbin/tcpdump");
    }

    private static String name(Path sample) {
        return sample.getFileName().toString();
    }

    private static Path segment(Path sample, Path dir) {
        Path out = dir.resolve("segmented-" + name(sample));
        Cli.Result r = Cli.run("segment", sample.toString(), "-w", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().startsWith("segment: "), r.err());
        return out;
    }

    @ParameterizedTest
    @MethodSource("samples")
    void tsharkAndTcpdumpFindNothingWrong(Path sample, @TempDir Path dir) {
        assumeTrue(installed(TSHARK) && tcpdumpInstalled(), "tshark and tcpdump installed");
        Path out = segment(sample, dir);
        List<String> rows = run(TSHARK, "-n", "-r", out.toString(), "-o", "tcp.check_checksum:TRUE",
                "-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE", "-T", "fields", "-E", "separator=/t",
                "-e", "frame.number", "-e", "frame.len", "-e", "frame.cap_len", "-e", "tcp.checksum.status",
                "-e", "udp.checksum.status", "-e", "ip.checksum.status", "-e", "_ws.malformed").lines().toList();
        assertFalse(rows.isEmpty());
        // on loopback the flow's MSS is 65,476 (MTU 65,536): those segments are right to be larger
        boolean ethernetMtu = !name(sample).contains("loopback");
        for (String row : rows) {
            String[] c = row.split("\t", -1);
            for (int i = 3; i <= 5; i++) {
                assertFalse(List.of(c[i].split(",")).contains("0"), name(sample) + " frame " + c[0] + ": bad checksum: " + row);
            }
            assertTrue(c[6].isEmpty(), name(sample) + " frame " + c[0] + " malformed");
            boolean cut = !c[1].equals(c[2]);
            if (ethernetMtu && !cut) {
                assertTrue(Integer.parseInt(c[1]) <= 1500 + 20, name(sample) + " frame " + c[0] + " is " + c[1] + " bytes");
            }
        }
        String tcpdump = run("tcpdump", "-nn", "-v", "-r", out.toString());
        for (String bad : List.of("bad-len", "[|tcp]", "incorrect")) {
            assertFalse(tcpdump.contains(bad), name(sample) + ": tcpdump says " + bad);
        }
    }

    /** True when the capture's snaplen cut frames too large for the wire, which segment leaves whole. */
    private static boolean superPacketsCut(Path sample) {
        return Cli.frames(sample).stream().anyMatch(f -> f.isCut() && f.originalLength() > 1518);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyStreamFollowsTheSameBytesAndTcpflowRebuildsThem(Path sample, @TempDir Path dir) throws IOException {
        assumeTrue(installed(TSHARK), "tshark installed");
        assumeTrue(!name(sample).startsWith("udp-"), "the UDP GSO sample has no TCP stream");
        Path out = segment(sample, dir);
        List<String> before = follow(sample);
        List<String> after = follow(out);
        assertEquals(before, after, name(sample) + ": tshark's follow,tcp,raw of every stream");
        assertTrue(before.stream().anyMatch(s -> !s.startsWith("0 ")), name(sample) + " has TCP payload");
        // tcpflow reads Ethernet (with VLAN tags) but neither SLL2 nor VXLAN; and tshark's follow prints
        // nothing for the data stream of the loopback sample, both of whose ends are ::1, so there is nothing
        // to compare tcpflow with
        // nor a capture whose snaplen cut the super-packets (the snaplen and loss samples): their payload is
        // not there to rebuild
        boolean tcpflowReads = !name(sample).contains("sll2") && !name(sample).contains("vxlan")
                && !name(sample).contains("loopback") && !superPacketsCut(sample);
        if (installed(TCPFLOW) && tcpflowReads) {
            Path flows = Files.createDirectory(dir.resolve("tcpflow"));
            run(TCPFLOW, "-r", out.toString(), "-o", flows.toString());
            List<String> rebuilt = new ArrayList<>();
            try (Stream<Path> files = Files.list(flows)) {
                for (Path f : files.filter(p -> !p.toString().endsWith(".xml")).toList()) {
                    byte[] b = Files.readAllBytes(f);
                    if (b.length > 0) {
                        rebuilt.add(digest(b));
                    }
                }
            }
            List<String> followed = before.stream().filter(s -> !s.startsWith("0 ")).sorted().toList();
            assertEquals(followed, rebuilt.stream().sorted().toList(), name(sample) + ": tcpflow on the output");
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void tcpdumpPortFilterCatchesEveryFrameAndByteOfTheFlows(Path sample, @TempDir Path dir) {
        assumeTrue(tcpdumpInstalled(), "tcpdump installed");
        assumeTrue(!name(sample).contains("vxlan"), "the flows are inside VXLAN, where 'tcp port' does not look");
        assumeTrue(!superPacketsCut(sample),
                "the snaplen cut its super-packets: they stay jumbograms, which 'tcp port' misses as in the input");
        Path out = segment(sample, dir);
        String filter = name(sample).contains("vlan") ? "vlan and tcp port 5201" : "tcp port 5201";
        List<String> lines = run("tcpdump", "-nn", "-r", out.toString(), filter).lines()
                .filter(l -> !l.isBlank() && !l.startsWith(" ") && !l.startsWith("\t")).toList();
        Cli.Result ours = Cli.run("read", "-Y", "tcp.port == 5201", "-T", "fields", "-e", "tcp.len", out.toString());
        assertEquals(ours.outLines().size(), lines.size(), name(sample) + ": frames tcpdump catches");
        long payloadIn = sum(Cli.run("read", "-Y", "tcp.port == 5201", "-T", "fields", "-e", "tcp.len",
                sample.toString()).outLines());
        long caught = 0;
        for (String l : lines) {
            caught += Long.parseLong(l.substring(l.lastIndexOf("length ") + 7).trim());
        }
        assertEquals(payloadIn, caught, name(sample) + ": payload bytes tcpdump catches");
    }

    private static long sum(List<String> values) {
        return values.stream().filter(v -> !v.isEmpty()).mapToLong(Long::parseLong).sum();
    }

    /**
     * tshark's follow,tcp,raw of every stream of a capture in one run: per stream and direction, the byte
     * count and digest of the bytes, the marker tshark writes for bytes missing in the capture left out.
     */
    private static List<String> follow(Path capture) {
        List<String> streams = run(TSHARK, "-n", "-r", capture.toString(), "-T", "fields", "-e", "tcp.stream").lines()
                .filter(s -> !s.isBlank()).distinct().toList();
        List<String> args = new ArrayList<>(List.of(TSHARK, "-n", "-r", capture.toString(), "-q"));
        for (String s : streams) {
            args.add("-z");
            args.add("follow,tcp,raw," + s);
        }
        List<String> out = new ArrayList<>();
        StringBuilder[] directions = null;
        for (String line : run(args.toArray(String[]::new)).split("\n")) {
            if (line.startsWith("Follow:")) {
                add(out, directions);
                directions = new StringBuilder[] {new StringBuilder(), new StringBuilder()};
            } else if (directions != null && !line.isBlank() && !line.startsWith("===") && !line.startsWith("Filter:")
                    && !line.startsWith("Node ")) {
                directions[line.startsWith("\t") ? 1 : 0].append(line.strip());
            }
        }
        add(out, directions);
        return out;
    }

    private static void add(List<String> out, StringBuilder[] directions) {
        if (directions == null) {
            return;
        }
        for (StringBuilder hex : directions) {
            String text = new String(HexFormat.of().parseHex(hex), StandardCharsets.ISO_8859_1)
                    .replaceAll("\\[\\d+ bytes missing in capture file\\]\u0000?", "");
            out.add(digest(text.getBytes(StandardCharsets.ISO_8859_1)));
        }
    }

    private static String digest(byte[] b) {
        try {
            return b.length + " " + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), String.join(" ", command));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
