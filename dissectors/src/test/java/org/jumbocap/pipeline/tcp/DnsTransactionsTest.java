package org.jumbocap.pipeline.tcp;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.junit.jupiter.api.Test;

/**
 * DNS pairing on crafted UDP exchanges: a retransmitted query leaves the first one to be answered, as
 * tshark's does; a response to no query is paired with nothing; past {@link DnsTransactions#CAP} open
 * transactions the oldest is forgotten, so memory stays bounded.
 */
class DnsTransactionsTest {
    private final FrameDissector dissector = new FrameDissector();
    private final TcpConversations conversations = new TcpConversations();
    private final FrameSummary summary = new FrameSummary();
    private final TcpAnalysis analysis = new TcpAnalysis();

    /** A DNS header alone: the id, QR, no records. */
    private static byte[] dns(int id, boolean response) {
        byte[] m = new byte[12];
        m[0] = (byte) (id >> 8);
        m[1] = (byte) id;
        m[2] = (byte) (response ? 0x81 : 0x01);
        return m;
    }

    private TcpAnalysis observe(long number, long nanos, int clientPort, int id, boolean response) {
        byte[] message = dns(id, response);
        byte[] datagram = response ? udp(53, clientPort, 8 + message.length, message) : udp(clientPort, 53, 8 + message.length, message);
        byte[] frame = ethernet(ETHERTYPE_IPV4, ipv4(UDP, response ? V4_DST : V4_SRC, response ? V4_SRC : V4_DST, datagram, false));
        FrameRecord record = new FrameRecord(number, nanos, LinkTypes.ETHERNET, frame, frame.length);
        dissector.summarize(record, summary);
        conversations.observe(summary, record, analysis);
        return analysis;
    }

    @Test
    void aRetransmittedQueryLeavesTheFirstToBeAnswered() {
        assertNull(observe(1, 1_000, 40000, 0x1234, false).dnsPairs);
        assertNull(observe(2, 5_000, 40000, 0x1234, false).dnsPairs);
        assertArrayEquals(new long[] {0x1234, 1, 9_000}, observe(3, 10_000, 40000, 0x1234, true).dnsPairs);
        // another client port is another conversation: its response finds no query
        assertNull(observe(4, 11_000, 40001, 0x1234, true).dnsPairs);
        // once answered, a query with the same id opens a new transaction
        observe(5, 20_000, 40000, 0x1234, false);
        assertArrayEquals(new long[] {0x1234, 5, 500}, observe(6, 20_500, 40000, 0x1234, true).dnsPairs);
    }

    @Test
    void unsolicitedResponseIsPairedWithNothing() {
        assertNull(observe(1, 1_000, 40000, 0x9999, true).dnsPairs);
    }

    @Test
    void theOldestTransactionIsForgottenPastTheCap() {
        int n = DnsTransactions.CAP + 1;
        for (int i = 0; i < n; i++) {
            observe(i + 1, i, 1024 + i / 0x10000, i & 0xFFFF, false);
        }
        assertNull(observe(n + 1, n, 1024, 0, true).dnsPairs, "the first query was forgotten");
        int last = n - 1;
        assertArrayEquals(new long[] {last & 0xFFFF, n, 1}, observe(n + 2, n, 1024 + last / 0x10000, last & 0xFFFF, true).dnsPairs);
    }

    /** A super-packet of 4,000 tiny length-prefixed messages on TCP port 53: only the first few are paired. */
    @Test
    void aSegmentOfManyMessagesPairsAFewOnly() {
        int count = 4000;
        for (int response = 0; response < 2; response++) {
            java.io.ByteArrayOutputStream run = new java.io.ByteArrayOutputStream();
            for (int id = 0; id < count; id++) {
                run.write(0);
                run.write(12);
                run.writeBytes(dns(id, response == 1));
            }
            byte[] payload = run.toByteArray();
            byte[] segment = response == 1 ? tcp(53, 40000, 1, 1 + payload.length, 0x18, new byte[0], payload)
                    : tcp(40000, 53, 1, 1, 0x18, new byte[0], payload);
            byte[] frame = ethernet(ETHERTYPE_IPV4, ipv4(TCP, response == 1 ? V4_DST : V4_SRC, response == 1 ? V4_SRC : V4_DST,
                    segment, false));
            FrameRecord record = new FrameRecord(response + 1, response * 1_000L, LinkTypes.ETHERNET, frame, frame.length);
            dissector.summarize(record, summary);
            conversations.observe(summary, record, analysis);
        }
        long[] pairs = analysis.dnsPairs;
        assertEquals(3 * DnsTransactions.MAX_MESSAGES, pairs.length);
        assertArrayEquals(new long[] {0, 1, 1_000}, java.util.Arrays.copyOf(pairs, 3));
    }
}
