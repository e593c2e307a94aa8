package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Frame sizes in fixed buckets reaching past Linux BIG TCP's 512 KB ceiling: ordinary Ethernet, jumbo
 * frames, 64 KB GSO, then 64 KB steps of BIG TCP super-packets.
 */
public final class SizeHistogram {
    /** Inclusive upper bounds of every bucket but the last, which is open. */
    private static final long[] UPPER = {1500, 9000, 65535, 128 * 1024, 192 * 1024, 256 * 1024, 512 * 1024};
    private static final String[] LABELS = {"0-1500", "1501-9000", "9001-65535", "64K-128K", "128K-192K",
            "192K-256K", "256K-512K", ">512K"};

    private final long[] counts = new long[UPPER.length + 1];
    private final long[] bytes = new long[UPPER.length + 1];

    /** One bucket: its label, inclusive bounds (upper -1 when open), how many sizes fell in and their sum. */
    public record Bucket(String label, long lower, long upper, long count, long bytes) {
    }

    public void add(long size) {
        int i = bucketOf(size);
        counts[i]++;
        bytes[i] += size;
    }

    static int bucketOf(long size) {
        for (int i = 0; i < UPPER.length; i++) {
            if (size <= UPPER[i]) {
                return i;
            }
        }
        return UPPER.length;
    }

    public List<Bucket> buckets() {
        List<Bucket> out = new ArrayList<>(counts.length);
        for (int i = 0; i < counts.length; i++) {
            long lower = i == 0 ? 0 : UPPER[i - 1] + 1;
            long upper = i < UPPER.length ? UPPER[i] : -1;
            out.add(new Bucket(LABELS[i], lower, upper, counts[i], bytes[i]));
        }
        return Collections.unmodifiableList(out);
    }

    public long total() {
        long t = 0;
        for (long c : counts) {
            t += c;
        }
        return t;
    }

    public long largestCount() {
        long m = 0;
        for (long c : counts) {
            m = Math.max(m, c);
        }
        return m;
    }
}
