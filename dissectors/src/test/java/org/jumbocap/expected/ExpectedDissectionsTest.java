package org.jumbocap.expected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every kernel-made sample (samples/*.pcap*) and every crafted sample (samples/crafted/*.pcap) dissects
 * exactly as its committed text under samples/expected/jumbocap/ says. Those texts were cross-checked
 * once against tshark (fields, with reassembly off and checksum checks on) and tcpdump -v. Where they
 * disagree, jumbocap is right and samples/expected/README.md says why: tshark's "presumed TSO" ip.len where
 * jumbocap keeps the 0 on the wire and gives jumbo.length; tcpdump's "bad-len 0" on IPv4 BIG TCP; their
 * "incorrect" or unverified checksums on CHECKSUM_PARTIAL super-packets, which jumbocap calls offloaded;
 * libpcap's "tcp port 5201" missing every Hop-by-Hop jumbogram. Run with
 * {@code -Djumbocap.regenerate=true} to rewrite the texts after a deliberate change, then review the diff.
 *
 * <p>The zero-length IPv6 BIG TCP shape (payload length 0, no Hop-by-Hop header, length from the frame) is
 * where the Debian 12 tools stop decoding and jumbocap does not. On samples/crafted/ipv6-bigtcp-zero-length.pcap
 * (TShark 4.0.17, tcpdump 4.99.3) they print:
 * <pre>
 * $ tshark -r samples/crafted/ipv6-bigtcp-zero-length.pcap
 *     1   0.000000 2001:db8:1::1 → 2001:db8:1::2 IPv6 70074 [Malformed Packet]
 * $ tshark -r samples/crafted/ipv6-bigtcp-zero-length.pcap -V      (excerpt)
 *     Type: IPv6 (0x86dd)
 *     Trailer: aa641451000003e80000000150180200c48c000061616161616161616161616161616161…
 *     Frame check sequence: 0x61616161 [unverified]
 *     Payload Length: 0
 *         [Expert Info (Chat/Protocol): IPv6 payload length equals 0 (maybe because of "TCP segmentation offload" (TSO))]
 *     Next Header: TCP (6)
 * [Malformed Packet: TCP]
 *     [Expert Info (Error/Malformed): Malformed Packet (Exception occurred)]
 * $ tcpdump -nn -v -r samples/crafted/ipv6-bigtcp-zero-length.pcap
 * 22:13:20.000000 IP6 (flowlabel 0x12345, hlim 64, next-header TCP (6) payload length: 0) 2001:db8:1::1 > 2001:db8:1::2: [|tcp]
 * </pre>
 * tshark takes the TCP segment for an Ethernet trailer (its last four bytes for an FCS) and finds no TCP;
 * tcpdump prints no TCP header at all. jumbocap takes the length from the frame (jumbo.kind =
 * ipv6-zero-length, jumbo.length = the 70,020 bytes after the IPv6 header) and dissects the segment; see
 * {@link #zeroLengthBigTcpIsDissectedWhereTheDebianToolsGiveUp()}.
 */
class ExpectedDissectionsTest {
    private static final Path SAMPLES = Path.of("..", "samples");
    private static final Path EXPECTED = SAMPLES.resolve("expected").resolve("jumbocap");
    private static final boolean REGENERATE = Boolean.getBoolean("jumbocap.regenerate");
    private static final FrameDissector DISSECTOR = new FrameDissector();

    /** Kernel samples at the top of samples/, crafted ones under crafted/ (mirrored under expected/jumbocap/). */
    static List<Path> sampleFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(SAMPLES)) {
            s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?$")).sorted().forEach(out::add);
        }
        try (Stream<Path> s = Files.list(SAMPLES.resolve("crafted"))) {
            s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?$")).sorted().forEach(out::add);
        }
        return out;
    }

    static Path expectedFor(Path sample) {
        Path relative = SAMPLES.relativize(sample);
        return EXPECTED.resolve(relative.toString() + ".txt");
    }

    /** The whole file's text: a header line, then every frame; a reader error ends it with one line. */
    static String render(Path sample) throws IOException {
        StringBuilder out = new StringBuilder(64 * 1024);
        // through the pipeline, so the texts hold the TCP conversation analysis too (checked against tshark
        // by TcpAnalysisAgainstTsharkTest)
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, true, new TcpConversations());
        try (CaptureReader reader = CaptureFiles.open(sample)) {
            FrameRecord record = new FrameRecord();
            long first = 0;
            long previous = 0;
            boolean any = false;
            try {
                while (reader.next(record)) {
                    long ts = record.timestampNanos();
                    if (!any) {
                        first = ts;
                        previous = ts;
                        out.append("# ").append(SAMPLES.relativize(sample)).append(": ").append(reader.formatName())
                                .append(", link type ").append(reader.linkType()).append('\n');
                        any = true;
                    }
                    pipeline.accept(record, first, previous);
                    DissectionText.frame(pipeline.tree(), out);
                    previous = ts;
                }
            } catch (CaptureFormatException e) {
                out.append("# reader stopped: ").append(e.getMessage()).append('\n');
            }
        }
        return out.toString();
    }

    @TestFactory
    Stream<DynamicTest> everySampleDissectsAsCommitted() throws IOException {
        List<Path> samples = sampleFiles();
        assertFalse(samples.isEmpty(), "no samples found under " + SAMPLES.toAbsolutePath());
        return samples.stream().map(sample -> DynamicTest.dynamicTest(SAMPLES.relativize(sample).toString(), () -> {
            String actual = render(sample);
            Path expectedFile = expectedFor(sample);
            if (REGENERATE) {
                Files.createDirectories(expectedFile.getParent());
                Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
            }
            assertTrue(Files.exists(expectedFile), expectedFile + " missing: run with -Djumbocap.regenerate=true");
            String expected = Files.readString(expectedFile, StandardCharsets.UTF_8);
            String difference = firstDifference(expected, actual);
            if (difference != null) {
                fail(expectedFile + " differs from the dissection of " + sample + ": " + difference
                        + "\n(after a deliberate change: -Djumbocap.regenerate=true, then review the diff)");
            }
        }));
    }

    /** Every committed expected text still has its sample, so renamed or deleted samples leave no stale file. */
    @Test
    void everyExpectedTextHasItsSample() throws IOException {
        if (REGENERATE) {
            return; // the texts are being written by the other test, perhaps for the first time
        }
        List<Path> wanted = sampleFiles().stream().map(ExpectedDissectionsTest::expectedFor).toList();
        List<Path> stale = new ArrayList<>();
        try (Stream<Path> s = Files.walk(EXPECTED)) {
            s.filter(p -> p.toString().endsWith(".txt")).filter(p -> !wanted.contains(p)).forEach(stale::add);
        }
        assertTrue(stale.isEmpty(), "expected texts without a sample: " + stale);
    }

    /** Line number (1-based) and both versions of the first line that differs, or null when equal. */
    static String firstDifference(String expected, String actual) {
        if (expected.equals(actual)) {
            return null;
        }
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        int n = Math.min(e.length, a.length);
        for (int i = 0; i < n; i++) {
            if (!e[i].equals(a[i])) {
                return "first difference at line " + (i + 1) + "\n  expected: " + e[i] + "\n  actual:   " + a[i];
            }
        }
        int line = n + 1;
        return e.length > a.length
                ? "actual ends early; expected line " + line + ": " + e[n]
                : "actual has extra lines from line " + line + ": " + a[n];
    }

    @Test
    void firstDifferenceNamesTheLine() {
        assertTrue(firstDifference("a\nb\nc\n", "a\nB\nc\n").startsWith("first difference at line 2"));
        assertTrue(firstDifference("a\nb\n", "a\nb\nc\n").contains("line 3"));
        assertTrue(firstDifference("a\n", "a\n") == null);
    }

    @Test
    void zeroLengthBigTcpIsDissectedWhereTheDebianToolsGiveUp() throws IOException {
        Path sample = SAMPLES.resolve("crafted").resolve("ipv6-bigtcp-zero-length.pcap");
        // through the pipeline, so the texts hold the TCP conversation analysis too (checked against tshark
        // by TcpAnalysisAgainstTsharkTest)
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, true, new TcpConversations());
        try (CaptureReader reader = CaptureFiles.open(sample)) {
            FrameRecord record = new FrameRecord();
            assertTrue(reader.next(record));
            FrameTree tree = DISSECTOR.dissect(record);
            long afterIpv6 = record.originalLength() - 14 - 40;
            assertEquals(0, tree.find("ipv6.plen").longValue());
            assertEquals("ipv6-zero-length", tree.find("jumbo.kind").valueText());
            assertEquals(afterIpv6, tree.find("jumbo.length").longValue());
            FieldNode tcp = tree.find("tcp");
            assertNotNull(tcp, "TCP dissected where tshark saw an Ethernet trailer: " + tree.protocols());
            assertEquals(afterIpv6 - 20, tree.find("tcp.len").longValue());
            assertEquals(afterIpv6 - 20, tcp.children().stream().filter(n -> n.name().equals("tcp.payload"))
                    .findFirst().orElseThrow().length(), "the segment's data, not a trailer");
            assertFalse(tree.hasExpert("ipv6.plen.trailer"), "nothing after the IPv6 payload is a trailer");
            assertFalse(tree.experts().stream().anyMatch(e -> e.group().filterName().equals("malformed")),
                    "BIG TCP is not malformed: " + tree.experts());
        }
    }
}
