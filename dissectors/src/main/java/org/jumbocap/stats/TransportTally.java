package org.jumbocap.stats;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/** TCP and UDP frames and bytes, and what their checksums turned out to be. */
final class TransportTally {
    private long tcpFrames;
    private long tcpBytes;
    private long udpFrames;
    private long udpBytes;
    private long udpGsoSuspected;
    private long udpGsoSuspectedBytes;
    /** Frames per {@link ChecksumState} ordinal; null until the first TCP (UDP) frame. */
    private long[] tcpChecksums;
    private long[] udpChecksums;

    void add(FrameFacts f) {
        if (!f.hasIp) {
            return;
        }
        if (f.isTcp()) {
            tcpFrames++;
            tcpBytes += f.length;
            tcpChecksums = count(tcpChecksums, f.checksum);
        } else if (f.isUdp()) {
            udpFrames++;
            udpBytes += f.length;
            if (f.udpGsoSuspected) {
                udpGsoSuspected++;
                udpGsoSuspectedBytes += f.length;
            }
            udpChecksums = count(udpChecksums, f.checksum);
        }
    }

    private static long[] count(long[] counts, ChecksumState state) {
        long[] c = counts == null ? new long[ChecksumState.values().length] : counts;
        c[state.ordinal()]++;
        return c;
    }

    long tcpFrames() {
        return tcpFrames;
    }

    long tcpBytes() {
        return tcpBytes;
    }

    long udpFrames() {
        return udpFrames;
    }

    long udpBytes() {
        return udpBytes;
    }

    long udpGsoSuspected() {
        return udpGsoSuspected;
    }

    long udpGsoSuspectedBytes() {
        return udpGsoSuspectedBytes;
    }

    /** Checksum states per transport ("tcp", "udp") that was seen, every state listed. */
    Map<String, Map<ChecksumState, Long>> checksums() {
        Map<String, Map<ChecksumState, Long>> out = new TreeMap<>();
        put(out, "tcp", tcpChecksums);
        put(out, "udp", udpChecksums);
        return Collections.unmodifiableMap(out);
    }

    private static void put(Map<String, Map<ChecksumState, Long>> out, String protocol, long[] counts) {
        if (counts == null) {
            return;
        }
        Map<ChecksumState, Long> all = new EnumMap<>(ChecksumState.class);
        for (ChecksumState s : ChecksumState.values()) {
            all.put(s, counts[s.ordinal()]);
        }
        out.put(protocol, Collections.unmodifiableMap(all));
    }
}
