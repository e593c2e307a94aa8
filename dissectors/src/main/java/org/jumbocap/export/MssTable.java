package org.jumbocap.export;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.stats.FlowKey;

/**
 * The MSS each TCP sender announced in its SYN, per direction, so a row can say how many segments a
 * super-packet stands for. Memory is bounded: past {@link #MAX_FLOWS} directions the oldest is forgotten
 * (its later super-packets then have no segment count).
 */
final class MssTable {
    static final int MAX_FLOWS = 1 << 20;
    private static final int SYN = 0x002;

    private final Map<FlowKey, Integer> announced = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<FlowKey, Integer> eldest) {
            return size() > MAX_FLOWS;
        }
    };

    /** The direction last asked about and its answer: frames of one flow come in runs. */
    private int lastVersion;
    private long lastSrcHi;
    private long lastSrcLo;
    private long lastDstHi;
    private long lastDstLo;
    private int lastPorts;
    private int lastMss = -1;
    private boolean cached;

    void clear() {
        announced.clear();
        cached = false;
    }

    /**
     * Learns from a TCP frame's SYN and returns the MSS in force for its direction (see {@link
     * org.jumbocap.stats.FlowStats#mssInForce}), or -1 when neither side's SYN was seen.
     */
    int mssInForce(FrameSummary s) {
        boolean syn = (s.tcpFlags & SYN) != 0;
        int ports = s.srcPort << 16 | s.dstPort;
        if (!syn && cached && ports == lastPorts && s.srcLo == lastSrcLo && s.dstLo == lastDstLo && s.srcHi == lastSrcHi
                && s.dstHi == lastDstHi && s.ipVersion == lastVersion) {
            return lastMss; // only a SYN changes an answer, and every SYN goes the long way
        }
        int mss = lookUp(s, syn);
        lastVersion = s.ipVersion;
        lastSrcHi = s.srcHi;
        lastSrcLo = s.srcLo;
        lastDstHi = s.dstHi;
        lastDstLo = s.dstLo;
        lastPorts = ports;
        cached = !syn;
        lastMss = mss;
        return mss;
    }

    private int lookUp(FrameSummary s, boolean syn) {
        FlowKey key = FlowKey.of(s);
        if (key == null) {
            return -1;
        }
        if (syn && s.tcpMss > 0) {
            announced.put(key, s.tcpMss);
        }
        if (announced.isEmpty()) {
            return -1;
        }
        Integer own = announced.get(key);
        Integer peer = announced.get(key.reversed());
        return org.jumbocap.stats.FlowStats.mssInForce(own == null ? -1 : own, peer == null ? -1 : peer);
    }
}
