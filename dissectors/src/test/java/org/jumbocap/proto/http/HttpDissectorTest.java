package org.jumbocap.proto.http;

import java.util.Map;
import java.util.Set;
import org.jumbocap.testing.TsharkCrossCheck;
import org.junit.jupiter.api.Test;

/**
 * HTTP/1.1 against tshark 4.0.17 (default TCP reassembly, one pass) on samples/http-veth.pcap, read in
 * order as {@code read} reads it: every field of every frame, the Protocol column of every frame and the
 * Info of every HTTP frame. The sample has a directory listing, a 200 KB body over BIG TCP super-packets
 * (12 segments), a HEAD whose response has no body, a chunked response of four chunks, a 100,000-byte
 * POST echoed back in one 100 KB jumbogram, and a 404.
 */
class HttpDissectorTest {
    @Test
    void httpMatchesTsharkFrameByFrame() throws Exception {
        TsharkCrossCheck.assertOnlyKnownPatterns(
                TsharkCrossCheck.differencesInOrder("http-veth.pcap", "http-veth.pcap.http.tsv", Set.of("HTTP")),
                Map.of());
    }
}
