package org.jumbocap.pipeline.tcp;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.jumbocap.tree.FrameTree;

/**
 * What a first pass over a capture learnt of its DNS transactions, for a second pass to give each query
 * the frame of its response ({@code dns.response_in}, which tshark gives with {@code -2}): per query frame,
 * the transaction ids and frames of the responses {@link DnsTransactions} paired with it. At most
 * {@link #CAP} pairings are kept; past that the later ones are counted in {@link #dropped()} and their
 * queries go without, so memory is bounded whatever the capture. Filled by one thread, read by others.
 */
public final class DnsResponses {
    /** Some 100 bytes each: about 13 MB at most, whatever the capture. */
    public static final int CAP = 1 << 17;
    /** Per query frame: transaction id, response frame, and again for each further response. */
    private final Map<Long, long[]> byQuery = new HashMap<>();
    private int kept;
    private long dropped;

    /** Takes the pairings of a frame the first pass analysed ({@link TcpAnalysis#dnsPairs}). */
    public synchronized void record(long frame, TcpAnalysis analysis) {
        long[] pairs = analysis == null ? null : analysis.dnsPairs;
        if (pairs == null) {
            return;
        }
        for (int i = 0; i + 2 < pairs.length; i += 3) {
            if (kept >= CAP) {
                dropped++;
                continue;
            }
            kept++;
            byQuery.merge(pairs[i + 1], new long[] {pairs[i], frame}, (had, one) -> {
                long[] more = Arrays.copyOf(had, had.length + 2);
                more[had.length] = one[0];
                more[had.length + 1] = one[1];
                return more;
            });
        }
    }

    /** The responses to the queries of {@code frame}: id and frame of each, in frame order; null for none. */
    synchronized long[] of(long frame) {
        return byQuery.get(frame);
    }

    /**
     * Adds {@code dns.response_in} to the queries of frame {@code frame}'s tree: for a front end that keeps a
     * capture's first pass beside it (the viewer's listing) and decodes a frame again later.
     */
    public void addTo(FrameTree tree, long frame) {
        long[] answers = of(frame);
        if (answers != null) {
            DnsTransactions.addAnswers(tree, answers);
        }
    }

    /** Pairings not kept, past {@link #CAP}. */
    public synchronized long dropped() {
        return dropped;
    }
}
