package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.jumbocap.proto.udp.UdpFields;
import org.junit.jupiter.api.Test;

/**
 * The directions the table keeps at hand by a hash of their key give the same counts as the look-up they
 * save: many conversations interleaved, and one evicted at the cap and seen again, which starts afresh
 * instead of being found among the directions kept at hand.
 */
class ConversationTableRecentTest {
    private static FrameFacts datagram(long number, int srcPort, int dstPort) {
        FrameFacts f = new FrameFacts();
        f.number = number;
        f.timestampNanos = number * 1_000;
        f.length = 100;
        f.hasIp = true;
        f.hasAddresses = true;
        f.version = 4;
        f.transport = UdpFields.UDP;
        f.srcLo = 0xC0000201L;
        f.dstLo = 0xC0000202L;
        f.srcPort = srcPort;
        f.dstPort = dstPort;
        f.ipLength = 86;
        f.ipHeaderLength = 20;
        f.udpLength = 66;
        f.ackRttNanos = -1;
        return f;
    }

    @Test
    void interleavedConversationsAreCountedAsWithoutTheRecentOnes() {
        ConversationTable table = new ConversationTable();
        Map<Integer, Long> sent = new HashMap<>();
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (long n = 1; n <= 50_000; n++) {
            int port = 1000 + random.nextInt(700); // more conversations than slots: some share one
            table.add(datagram(n, port, 53));
            sent.merge(port, 1L, Long::sum);
        }
        assertEquals(sent.size(), table.directions().size());
        for (FlowStats d : table.directions()) {
            assertEquals(sent.get(d.key().srcPort()), d.frames(), d.key().toString());
        }
    }

    @Test
    void aConversationEvictedAndSeenAgainStartsAfresh() {
        ConversationTable table = new ConversationTable();
        table.setMaxConversations(10);
        long n = 1;
        for (int i = 0; i < 3; i++) {
            table.add(datagram(n++, 7, 53));
        }
        // ten others, each seen later than it: it is idle longest when the eleventh comes
        for (int port = 100; port < 110; port++) {
            table.add(datagram(n++, port, 53));
        }
        assertEquals(1, table.evictedConversations());
        assertEquals(3, table.evictedFrames());
        table.add(datagram(n++, 7, 53));
        FlowStats again = table.directions().stream().filter(d -> d.key().srcPort() == 7).findFirst().orElseThrow();
        assertEquals(1, again.frames());
    }
}
