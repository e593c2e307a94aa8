package org.jumbocap.check;

import java.util.List;

/**
 * Where a direction's super-packets stop, and the setting that most likely stops them there.
 *
 * <p>Linux sizes a TSO/GSO super-packet in {@code tcp_tso_autosize}: at most {@code sk_gso_max_size}
 * payload bytes, which {@code sk_setup_caps} sets to the device's {@code gso_max_size} (IPv4:
 * {@code gso_ipv4_max_size}) less {@code MAX_TCP_HEADER + 1} (321 bytes on x86-64), rounded down to whole
 * segments. A direction whose super-packets keep reaching the same whole number of segments therefore
 * shows the setting to within one segment: with 1,428-byte segments, 184,212 bytes of payload (129
 * segments) means a limit between 184,533 and 185,961, so 185,000; 64,260 bytes (45 segments) means one
 * between 64,581 and 66,009: the legacy 65,536, BIG TCP off. GRO on a receiver stops merging at
 * {@code gro_max_size} in the same way. A ceiling that is not a whole number of segments is set by the
 * sender's writes (iperf3's default 128 KiB) or its window, not by the kernel.
 *
 * @param ipLength     largest super-packet's IP packet length (jumbo-aware)
 * @param payload      largest super-packet's TCP payload
 * @param segmentSize  effective MSS, or -1 when no SYN was seen
 * @param segments     segments in the largest super-packet, or -1
 * @param atCeiling    super-packets within one segment of the largest
 * @param superPackets super-packets in all
 * @param reason       what most likely set the ceiling
 * @param settingLow   smallest size setting consistent with the ceiling, or -1
 * @param settingHigh  largest one (exclusive), or -1
 * @param likelySetting a commonly configured value in that range, or -1
 */
public record SizeCeiling(long ipLength, long payload, int segmentSize, int segments, long atCeiling, long superPackets,
                          Reason reason, long settingLow, long settingHigh, long likelySetting) {

    /** What stops the super-packets. */
    public enum Reason {
        /** At the legacy 64 KB limit: BIG TCP off where they were made. */
        LEGACY_64K,
        /** At a whole number of segments, at a size other than 64 KB: a gso/gro size setting. */
        SIZE_SETTING,
        /** Not a whole number of segments: the sender's write size or window. */
        WRITE_SIZE,
        /** Too few super-packets at the largest size to call it a ceiling: pacing or a slow sender decided. */
        NO_CEILING,
        /** No segment size known (the handshake was not captured): only the largest size can be given. */
        UNKNOWN_SEGMENT
    }

    /** The legacy GSO/GRO limit, GSO_LEGACY_MAX_SIZE. */
    public static final long LEGACY_MAX = 65536;
    /** MAX_TCP_HEADER + 1 on x86-64: what the kernel keeps free of the size setting for headers. */
    static final long HEADER_ROOM = 321;
    /** Kernels built with other link headers keep a little more or less; the range is widened by this. */
    static final long HEADER_SLACK = 64;
    /** Values people configure, in the order they are named when several fit. */
    static final List<Long> COMMON_SETTINGS = List.of(LEGACY_MAX, 185_000L, 196_608L, 262_144L, 524_280L, 524_288L,
            131_072L, 150_000L, 200_000L, 250_000L, 300_000L, 400_000L, 500_000L, 100_000L);
    /** A ceiling needs this share of the super-packets at the largest size (or at least {@link #MIN_AT_CEILING}). */
    static final double CEILING_SHARE = 0.2;
    static final long MIN_AT_CEILING = 3;

    static SizeCeiling of(long ipLength, long payload, int segmentSize, long atCeiling, long superPackets) {
        if (segmentSize <= 0) {
            return new SizeCeiling(ipLength, payload, -1, -1, atCeiling, superPackets, Reason.UNKNOWN_SEGMENT, -1, -1,
                    ipLength <= LEGACY_MAX && ipLength > LEGACY_MAX - 4096 ? LEGACY_MAX : -1);
        }
        int segments = (int) ((payload + segmentSize - 1) / segmentSize);
        boolean whole = payload % segmentSize == 0;
        long low = payload + HEADER_ROOM - HEADER_SLACK;
        long high = payload + segmentSize + HEADER_ROOM + HEADER_SLACK;
        long likely = -1;
        for (long v : COMMON_SETTINGS) {
            if (v >= low && v < high) {
                likely = v;
                break;
            }
        }
        boolean plateau = atCeiling >= MIN_AT_CEILING || atCeiling >= Math.max(1, CEILING_SHARE * superPackets);
        Reason reason;
        if (!whole) {
            reason = Reason.WRITE_SIZE;
        } else if (!plateau) {
            reason = Reason.NO_CEILING;
        } else if (likely == LEGACY_MAX) {
            reason = Reason.LEGACY_64K;
        } else {
            reason = Reason.SIZE_SETTING;
        }
        if (reason == Reason.WRITE_SIZE || reason == Reason.NO_CEILING) {
            return new SizeCeiling(ipLength, payload, segmentSize, segments, atCeiling, superPackets, reason, low, -1, -1);
        }
        return new SizeCeiling(ipLength, payload, segmentSize, segments, atCeiling, superPackets, reason, low, high, likely);
    }

    /** True when the super-packets pass 64 KB: BIG TCP worked for this direction. */
    public boolean beyondLegacy() {
        return ipLength > LEGACY_MAX - 1;
    }
}
