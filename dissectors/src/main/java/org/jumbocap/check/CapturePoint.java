package org.jumbocap.check;

/**
 * Where a capture was most likely taken, judged from the TCP checksums. A super-packet built by GSO/TSO
 * on the sending host and one merged by GRO on the receiving host both carry only the pseudo-header sum
 * ({@code tcp_v6_check(len, saddr, daddr, 0)} in both paths), so the super-packets alone cannot say which
 * end it was; the other direction can: on the sender the acknowledgements arrive from the wire with their
 * checksums complete, on the receiver they are its own, left for offload too. Over a veth pair or loopback
 * no checksum is ever completed, so both ends look like the receiver.
 *
 * <p>A file that recorded the kernel's facts per frame (pcapng epb_flags, docs/pcapng-kernel-facts.md)
 * settles it without a guess: the kernel says whether each super-packet went out (built by TSO/GSO) or came
 * in (merged by GRO), on veth and loopback too. Those verdicts are {@link #RECORDED_SENDER} and {@link
 * #RECORDED_RECEIVER}, whose JSON keys are those of the sending and receiving side.
 */
public enum CapturePoint {
    /** Super-packets left for offload, acknowledgements complete. */
    SENDER("the sending host (super-packets built by TSO/GSO; the acknowledgements arrived with complete checksums)"),
    /** Both directions left for offload. */
    RECEIVER_OR_VIRTUAL("the receiving host (GRO), or either end of a veth pair or loopback: both directions "
            + "carry checksums left for offload"),
    /** Super-packets with complete checksums: not built or merged by this host's kernel. */
    NOT_OFFLOADED("not where the kernel built or merged them: their checksums are complete (hardware LRO, "
            + "or a copy of another host's traffic)"),
    /** Not enough frames to judge. */
    UNKNOWN("unknown (no super-packets, or too few frames)"),
    /** The kernel recorded the super-packets as outbound. */
    RECORDED_SENDER("sender", "the sending host: the kernel recorded the super-packets as outbound (built by TSO/GSO)"),
    /** The kernel recorded the super-packets as inbound. */
    RECORDED_RECEIVER("receiver", "the receiving host: the kernel recorded the super-packets as inbound (merged by GRO)");

    private final String key;
    private final String description;

    CapturePoint(String description) {
        this(null, description);
    }

    CapturePoint(String key, String description) {
        this.key = key;
        this.description = description;
    }

    /** True when the verdict comes from the directions the kernel recorded, not from the checksums. */
    public boolean recorded() {
        return this == RECORDED_SENDER || this == RECORDED_RECEIVER;
    }

    /** True for the sending host, recorded or judged from the checksums. */
    public boolean sender() {
        return this == SENDER || this == RECORDED_SENDER;
    }

    public String description() {
        return description;
    }

    /** The stable name used in JSON. */
    public String key() {
        return key != null ? key : name().toLowerCase(java.util.Locale.ROOT);
    }

    static CapturePoint judge(DirectionCheck data, DirectionCheck reverse) {
        long supers = data.sizes().count();
        if (supers == 0) {
            return UNKNOWN;
        }
        // the kernel's own word, when it recorded a direction for most super-packets
        if (data.recordedOutbound() * 2 > supers) {
            return RECORDED_SENDER;
        }
        if (data.recordedInbound() * 2 > supers) {
            return RECORDED_RECEIVER;
        }
        if (data.superOffloaded() * 2 < supers) {
            return NOT_OFFLOADED;
        }
        if (reverse == null || reverse.tcpFrames() == 0) {
            return UNKNOWN;
        }
        return reverse.offloadedFrames() * 2 < reverse.tcpFrames() ? SENDER : RECEIVER_OR_VIRTUAL;
    }
}
