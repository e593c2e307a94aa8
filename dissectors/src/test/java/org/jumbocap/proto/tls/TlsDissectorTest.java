package org.jumbocap.proto.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jumbocap.crafted.ProtocolCraftedCases;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The TLS record layer and hello messages against tshark 4.0.17 with TCP reassembly off
 * ({@code -o tcp.desegment_tcp_streams:FALSE}, samples/make-protocol-samples.sh): every field of every
 * frame of samples/tls-veth.pcap (TLS 1.3 with SNI and ALPN on port 443, TLS 1.2 on 443, TLS 1.3 on 8443
 * found by the heuristic), the Protocol column of every frame and the Info of every TLS frame.
 */
class TlsDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    private static final Set<String> TLS_COLUMNS = Set.of("TLSv1", "TLSv1.2", "TLSv1.3");
    /**
     * What tshark knows from the frames before and jumbocap's dissectors, which keep no state between
     * frames, do not; and what jumbocap shows on purpose.
     */
    private static final Map<String, String> KNOWN = Map.of(
            "frame \\d+ _ws.col.Protocol: tshark TLSv1.3, jumbocap (TLSv1.2|TLS)",
            "TLS 1.3 is chosen in the Server Hello; the records after it say 0x0303. tshark remembers the connection's "
                    + "version, jumbocap shows TLSv1.3 only in the frame of the Server Hello",
            "frame \\d+ tls.record.(content_type: tshark (20)?, jumbocap (20,)?23|opaque_type: tshark 23, jumbocap )",
            "for the same reason, tshark calls a TLS 1.3 protected record's type opaque_type once it knows the version",
            "frame (14|38|62) (_ws.col.Info: tshark , jumbocap Application Data"
                    + "|tls.record.(content_type: tshark , jumbocap 23|length: tshark , jumbocap 164\\d\\d|version: tshark , jumbocap 0x0303))",
            "a record that starts in the frame and runs past its end: tshark without reassembly lists nothing, "
                    + "jumbocap lists it with its claimed length and a tls.record.continues note",
            "frame 40 _ws.col.(Info: tshark Ignored Unknown Record, jumbocap Continuation Data|Protocol: tshark TLSv1.2, jumbocap TLS)",
            "a segment in the middle of a record: jumbocap calls it Continuation Data (tshark does so too on the "
                    + "TLS 1.3 connections, frames 16 and 18) and cannot know the version",
            "frame (64|66) _ws.col.(Info|Protocol): tshark (Continuation Data|TLSv1.3), .*",
            "port 8443 is TLS to tshark from the connection's start; jumbocap's heuristic needs a record header at "
                    + "the segment's start and leaves these mid-record segments to TCP");

    @Test
    void capturedTlsMatchesTshark() throws Exception {
        TsharkCrossCheck.assertOnlyKnownPatterns(
                TsharkCrossCheck.differences("tls-veth.pcap", "tls-veth.pcap.tls.tsv", TLS_COLUMNS), KNOWN);
    }

    /** Eleven whole records and the start of a twelfth in one BIG TCP super-packet of 183,548 bytes. */
    @Test
    void superPacketListsEveryRecord() throws Exception {
        List<String> differences = TsharkCrossCheck.differences("crafted/tls-bigtcp-records.pcap",
                "tls-bigtcp-records.pcap.tls.tsv", TLS_COLUMNS);
        String eleven = String.join(", ", java.util.Collections.nCopies(11, "Application Data"));
        assertEquals(List.of(
                "frame 1 _ws.col.Info: tshark " + eleven + ", jumbocap " + eleven + ", Application Data",
                "frame 1 tls.record.content_type: tshark " + String.join(",", java.util.Collections.nCopies(11, "23"))
                        + ", jumbocap " + String.join(",", java.util.Collections.nCopies(12, "23")),
                "frame 1 tls.record.version: tshark " + String.join(",", java.util.Collections.nCopies(11, "0x0303"))
                        + ", jumbocap " + String.join(",", java.util.Collections.nCopies(12, "0x0303")),
                "frame 1 tls.record.length: tshark " + String.join(",", java.util.Collections.nCopies(11, "16401"))
                        + ", jumbocap " + String.join(",", java.util.Collections.nCopies(12, "16401"))),
                differences, "only the twelfth record, which continues past the frame, is jumbocap's own");
    }

    /**
     * Hello messages whose lengths lie: tshark gives no SNI for the first (its list length overruns) and
     * calls the third a fragment; jumbocap notes the overrun and shows what is there.
     */
    @Test
    void lyingHellosMatchTsharkWhereTheyCan() throws Exception {
        List<String> differences = TsharkCrossCheck.differences("crafted/tls-hello-lengths-lie.pcap",
                "tls-hello-lengths-lie.pcap.tls.tsv", TLS_COLUMNS);
        TsharkCrossCheck.assertOnlyKnownPatterns(differences, Map.of(
                "frame 2 tls.handshake.(extensions_server_name|extensions_alpn_str|extensions.supported_version): .*",
                "tshark stops at the extensions length that overruns; jumbocap notes it and decodes the extensions there",
                "frame 3 (_ws.col.Info: tshark \\[Client Hello Fragment\\], jumbocap Encrypted Handshake Message"
                        + "|tls.handshake.(type|length): tshark \\d+, jumbocap )",
                "a handshake message longer than its record is a fragment to tshark (reassembled across records); "
                        + "jumbocap decodes no handshake it does not hold whole"));
    }

    /** Cut and flipped copies of the sample's frames: never an exception out of a dissector, never a hang. */
    @Test
    void mutatedRecordsNeverBreakTheDissector() throws Exception {
        List<byte[]> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(TsharkCrossCheck.sample("tls-veth.pcap"))) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                if (r.capturedLength() < 2000 && r.capturedLength() > 70) {
                    frames.add(r.buffer().bytes(0, r.buffer().capturedLength()));
                }
            }
        }
        Random random = new Random(443);
        FrameSummary summary = new FrameSummary();
        long deadline = System.nanoTime() + 20_000_000_000L;
        for (int round = 0; round < 3000; round++) {
            byte[] f = frames.get(random.nextInt(frames.size())).clone();
            int from = 66;
            for (int flips = 1 + random.nextInt(6); flips > 0; flips--) {
                f[from + random.nextInt(f.length - from)] = (byte) random.nextInt(256);
            }
            int length = random.nextInt(3) == 0 ? from + random.nextInt(f.length - from + 1) : f.length;
            FrameRecord record = new FrameRecord(1, 0, LinkTypes.ETHERNET, Arrays.copyOf(f, length), f.length);
            FrameTree tree = DISSECTOR.dissect(record);
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
            SummaryText.info(tree);
            summary.reset();
            DISSECTOR.summarize(record, summary);
            assertTrue(System.nanoTime() < deadline, "too slow");
        }
    }

    @Test
    void heuristicFindsTlsOnAnyPortAndOnlyAtARecordHeader() {
        byte[] record = ProtocolCraftedCases.tlsRecord(23, 0x0303, 100);
        assertEquals("TLSv1.2", SummaryText.protocol(DISSECTOR.dissect(frame(record))));
        byte[] notARecord = record.clone();
        notARecord[0] = 25;
        assertEquals("TCP", SummaryText.protocol(DISSECTOR.dissect(frame(notARecord))));
        byte[] tooLong = ProtocolCraftedCases.tlsRecord(23, 0x0303, 100);
        tooLong[3] = (byte) 0x49; // 18,788 bytes: more than 2^14 + 2048
        assertEquals("TCP", SummaryText.protocol(DISSECTOR.dissect(frame(tooLong))));
    }

    /** {@code payload} from port 8443 (no table entry) over IPv4. */
    private static FrameRecord frame(byte[] payload) {
        byte[] f = ProtocolCraftedCases.tlsSegment(payload, false, 50000);
        f[34] = (byte) (8443 >>> 8);
        f[35] = (byte) 8443;
        return new FrameRecord(1, 0, LinkTypes.ETHERNET, f, f.length);
    }
}
