package org.jumbocap.pipeline.tcp;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.proto.quic.QuicConnectionIds;
import org.jumbocap.proto.quic.QuicFields;
import org.jumbocap.proto.udp.UdpFields;

/**
 * QUIC's connection ids, learnt in frame order so a short header's destination connection id, which has no
 * length on the wire, can be told (tshark's {@code quic.dcid} on 1-RTT packets): each long header's source
 * connection id is its sender's, and a later short header that begins with a known id of another endpoint
 * carries that id (an id both endpoints chose is nobody's). tshark matches the bytes the same way, whatever
 * the addresses (a migrated client keeps its connection). The ids the frame's short headers matched go to its decode in a datagram
 * plan ({@link SegmentPlan#datagram}). At most {@link #CAP} ids are kept, the least recently seen
 * forgotten first, so memory is bounded whatever the capture.
 */
final class QuicConnectionIdTable {
    static final int CAP = 65_536;
    /** RFC 9000 section 17.2: a version 1 connection id is at most 20 bytes; longer ones are not learnt. */
    private static final int MAX_CID = 20;

    private record Endpoint(int version, long hi, long lo, int port) {
    }

    /** The owner of an id both endpoints chose: matched for neither, as tshark cannot tell the side either. */
    private static final Endpoint SHARED = new Endpoint(-1, 0, 0, -1);

    private final Map<ByteBuffer, Endpoint> owners = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Endpoint> eldest) {
            if (size() > CAP) {
                lengths[eldest.getKey().remaining()]--;
                return true;
            }
            return false;
        }
    };
    /** How many known ids have each length, so a short header is looked up at the lengths that exist. */
    private final int[] lengths = new int[MAX_CID + 1];

    void clear() {
        owners.clear();
        java.util.Arrays.fill(lengths, 0);
    }

    /** Learns the frame's long headers' ids and gives its short headers the ids they carry, in {@code out}. */
    void observe(FrameSummary s, FrameRecord frame, TcpAnalysis out) {
        if (out.segmentPlan != null || !quicOverUdp(s)) {
            return;
        }
        FrameBuffer b = frame.buffer();
        Endpoint sender = new Endpoint(s.ipVersion, s.srcHi, s.srcLo, s.srcPort);
        List<byte[]> matched = null;
        for (int i = 0; i < s.protocolLayerCount; i++) {
            if (s.protocolLayers[i] != QuicFields.QUIC) {
                continue;
            }
            int at = s.protocolLayerOffsets[i];
            if (!b.has(at, 1)) {
                continue;
            }
            if ((b.u8(at) & 0x80) != 0) {
                learn(b, at, sender);
                continue;
            }
            byte[] id = match(b, at + 1, sender);
            if (id != null) {
                if (matched == null) {
                    matched = new ArrayList<>(2);
                }
                if (matched.stream().noneMatch(m -> java.util.Arrays.equals(m, id)) && matched.size() < QuicConnectionIds.MAX) {
                    matched.add(id);
                }
            }
        }
        if (matched != null) {
            out.segmentPlan = SegmentPlan.datagram(QuicConnectionIds.of(matched));
        }
    }

    private static boolean quicOverUdp(FrameSummary s) {
        boolean udp = false;
        for (int i = 0; i < s.protocolLayerCount; i++) {
            if (s.protocolLayers[i] == UdpFields.UDP) {
                udp = true;
            } else if (s.protocolLayers[i] == QuicFields.QUIC) {
                return udp;
            }
        }
        return false;
    }

    /** A long header (not Version Negotiation, whose ids echo the client's): its source id is the sender's. */
    private void learn(FrameBuffer b, int at, Endpoint sender) {
        if (!b.has(at, 6) || b.u32(at + 1) == 0) {
            return;
        }
        int dcil = b.u8(at + 5);
        int scilAt = at + 6 + dcil;
        if (dcil > MAX_CID || !b.has(scilAt, 1)) {
            return;
        }
        int scil = b.u8(scilAt);
        if (scil == 0 || scil > MAX_CID || !b.has(scilAt + 1, scil)) {
            return;
        }
        ByteBuffer id = ByteBuffer.wrap(b.bytes(scilAt + 1, scil));
        Endpoint had = owners.get(id);
        if (had == null) {
            lengths[scil]++;
            owners.put(id, sender);
        } else if (!had.equals(sender)) {
            owners.put(id, SHARED);
        }
    }

    /** The known id, sent by another endpoint, that the bytes at {@code at} begin with (the longest); null for none. */
    private byte[] match(FrameBuffer b, int at, Endpoint sender) {
        for (int len = MAX_CID; len > 0; len--) {
            if (lengths[len] == 0 || !b.has(at, len)) {
                continue;
            }
            byte[] candidate = b.bytes(at, len);
            Endpoint owner = owners.get(ByteBuffer.wrap(candidate));
            if (owner != null && owner != SHARED && !owner.equals(sender)) {
                return candidate;
            }
        }
        return null;
    }
}
