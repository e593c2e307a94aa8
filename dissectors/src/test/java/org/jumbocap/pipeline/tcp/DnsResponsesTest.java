package org.jumbocap.pipeline.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The first pass's DNS pairings: per query frame in response order, and never more than {@link DnsResponses#CAP}. */
class DnsResponsesTest {
    @Test
    void keepsEachQuerysResponsesInOrder() {
        DnsResponses r = new DnsResponses();
        r.record(25, analysis(0x2002, 24));
        r.record(27, analysis(0x2003, 24));
        r.record(30, null);
        assertArrayEquals(new long[] {0x2002, 25, 0x2003, 27}, r.of(24));
        assertNull(r.of(25));
        assertEquals(0, r.dropped());
    }

    @Test
    void stopsAtTheCapAndCountsTheRest() {
        DnsResponses r = new DnsResponses();
        for (int i = 0; i < DnsResponses.CAP + 7; i++) {
            r.record(2L * i + 2, analysis(i & 0xFFFF, 2L * i + 1));
        }
        assertEquals(7, r.dropped());
        assertArrayEquals(new long[] {0, 2}, r.of(1));
        assertArrayEquals(new long[] {(DnsResponses.CAP - 1) & 0xFFFF, 2L * DnsResponses.CAP}, r.of(2L * DnsResponses.CAP - 1));
        assertNull(r.of(2L * DnsResponses.CAP + 1), "past the cap: no pairing kept");
    }

    private static TcpAnalysis analysis(long id, long queryFrame) {
        TcpAnalysis a = new TcpAnalysis();
        a.dnsPairs = new long[] {id, queryFrame, 1000};
        return a;
    }
}
