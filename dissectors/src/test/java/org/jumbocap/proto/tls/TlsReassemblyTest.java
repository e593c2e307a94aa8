package org.jumbocap.proto.tls;

import java.util.Map;
import java.util.Set;
import org.jumbocap.testing.TsharkCrossCheck;
import org.junit.jupiter.api.Test;

/**
 * TLS over TCP reassembly against tshark 4.0.17 with its default reassembly, one pass
 * (samples/make-protocol-samples.sh): on samples/tls-veth.pcap, read in order as {@code read} reads it,
 * the records that run across frames (16,406 bytes over frames 14, 16 and 18; 16,413 over 38 and 40;
 * 16,406 over 62, 64 and 66, found on port 8443 by the heuristic) are decoded in the frame that completes
 * them, with the segments they came from, and the frames before carry TCP segment data; every other
 * field of every frame equals tshark's.
 */
class TlsReassemblyTest {
    private static final Set<String> TLS_COLUMNS = Set.of("TLSv1", "TLSv1.2", "TLSv1.3");
    /** None: the Protocol column and the record fields follow the version the Server Hello chose, as tshark's do. */
    private static final Map<String, String> KNOWN = Map.of();

    @Test
    void recordsAcrossFramesMatchTsharkWithReassembly() throws Exception {
        TsharkCrossCheck.assertOnlyKnownPatterns(
                TsharkCrossCheck.differencesInOrder("tls-veth.pcap", "tls-veth.pcap.tls-reassembled.tsv", TLS_COLUMNS),
                KNOWN);
    }
}
