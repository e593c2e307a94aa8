package org.jumbocap.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one-line verdict on a TCP flow's super-packets, the problems found (each a sentence saying what to
 * do) and notes that need no action.
 */
public record FlowVerdict(Status status, String line, List<String> warnings, List<String> notes) {
    /** Payload a direction must carry before the absence of super-packets means something. */
    static final long ENOUGH_PAYLOAD = 4 * SizeCeiling.LEGACY_MAX;
    /** libpcap's largest snapshot length on Linux. */
    public static final long LIBPCAP_MAX_SNAPLEN = 262_144;

    /** What the flow shows. */
    public enum Status {
        /** Super-packets longer than 64 KB: BIG TCP works on this path. */
        BIG_TCP_ON(false),
        /** Super-packets stop at the legacy 64 KB limit. */
        BIG_TCP_OFF(true),
        /** Bulk data without any super-packet: no GSO/TSO/GRO where it was captured. */
        NO_SUPER_PACKETS(true),
        /** Super-packets, but below 64 KB for another reason: BIG TCP cannot be judged from this flow. */
        UNDECIDED(false),
        /** Too little data to tell. */
        LITTLE_DATA(false);

        private final boolean problem;

        Status(boolean problem) {
            this.problem = problem;
        }

        public boolean problem() {
            return problem;
        }

        /** The stable name used in JSON. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** True when neither the status nor a warning is a problem. */
    public boolean healthy() {
        return !status.problem && warnings.isEmpty();
    }

    static FlowVerdict of(DirectionCheck data, DirectionCheck reverse, CapturePoint point) {
        List<String> warnings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        SizeCeiling c = data.ceiling();
        boolean v6 = data.key().ipVersion() == 6;
        String gso = v6 ? "gso_max_size" : "gso_ipv4_max_size";
        String gro = v6 ? "gro_max_size" : "gro_ipv4_max_size";
        boolean sender = point.sender();
        java.util.function.LongFunction<String> setting = v -> {
            String value = v < 0 ? "" : " " + group(v);
            return sender ? gso + value + " on the sender" : gso + value + " on the sender (or " + gro + value
                    + " where GRO merged them)";
        };
        Status status;
        String line;
        if (c == null) {
            if (data.stats().payloadBytes() >= ENOUGH_PAYLOAD) {
                status = Status.NO_SUPER_PACKETS;
                line = String.format(Locale.ROOT, "no super-packets in %s B of payload: TSO/GSO off on the sender "
                        + "and GRO off on the receiver, or captured on the wire (another host, a mirror port)",
                        group(data.stats().payloadBytes()));
            } else {
                status = Status.LITTLE_DATA;
                line = String.format(Locale.ROOT, "too little data to tell (%s B of payload)", group(data.stats().payloadBytes()));
            }
        } else if (c.beyondLegacy()) {
            status = Status.BIG_TCP_ON;
            line = String.format(Locale.ROOT, "BIG TCP on: super-packets up to %s B%s, %s", group(c.ipLength()),
                    segmentsText(c), explain(c, setting));
        } else if (c.reason() == SizeCeiling.Reason.LEGACY_64K
                || c.reason() == SizeCeiling.Reason.UNKNOWN_SEGMENT && c.likelySetting() == SizeCeiling.LEGACY_MAX) {
            status = Status.BIG_TCP_OFF;
            line = String.format(Locale.ROOT, "BIG TCP off: super-packets stop at %s B%s, just under 65,536: "
                    + "the legacy limit, %s; to turn it on: ip link set dev DEV %s 185000 %s 185000",
                    group(c.ipLength()), segmentsText(c), setting.apply(SizeCeiling.LEGACY_MAX), gso, gro);
        } else {
            status = Status.UNDECIDED;
            line = String.format(Locale.ROOT, "super-packets up to %s B%s, below 64 KB: %s; whether BIG TCP is on "
                    + "cannot be told from this flow", group(c.ipLength()), segmentsText(c), explain(c, setting));
        }
        if (data.cutSuperPackets() > 0) {
            warnings.add(String.format(Locale.ROOT, "%s of %s super-packets cut by the snaplen: their sizes are known "
                    + "from the headers but their payload is lost; capture with a snaplen of %s (jumbocap capture and "
                    + "tcpdump -s 0 do)", group(data.cutSuperPackets()), group(data.sizes().count()),
                    group(LIBPCAP_MAX_SNAPLEN)));
        } else if (data.cutFrames() > 0) {
            warnings.add(String.format(Locale.ROOT, "%s frames cut by the snaplen", group(data.cutFrames())));
        }
        if (data.largestFrame() > LIBPCAP_MAX_SNAPLEN) {
            warnings.add(String.format(Locale.ROOT, "frames up to %s B: libpcap keeps at most %s bytes of a frame on "
                    + "Linux, so longer super-packets are always cut; keep %s at or below %s to capture them whole",
                    group(data.largestFrame()), group(LIBPCAP_MAX_SNAPLEN), gso, group(LIBPCAP_MAX_SNAPLEN - 64)));
        }
        if (data.jumboOptionInSegments() > 0) {
            warnings.add(String.format(Locale.ROOT, "%s segments kept the Jumbo Payload option of the super-packet they "
                    + "were cut from (payload length not 0): Linux segments BIG TCP super-packets this way when they "
                    + "enter a UDP tunnel (VXLAN, Geneve), the segments outgrow the tunnel's MTU and are fragmented; "
                    + "keep %s at 65536 on the tunnel device", group(data.jumboOptionInSegments()), gso));
        }
        if (data.hopByHop() > 0) {
            notes.add(String.format(Locale.ROOT, "%s super-packets carry the Hop-by-Hop Jumbo Payload option "
                    + "(made by a kernel before 7.0); libpcap's 'tcp' filters miss them", group(data.hopByHop())));
        }
        if (data.zeroLengthIpv6() > 0) {
            notes.add(String.format(Locale.ROOT, "%s IPv6 super-packets have payload length 0 without a Hop-by-Hop "
                    + "header (made by Linux 7.0 or later)", group(data.zeroLengthIpv6())));
        }
        if (data.zeroLengthIpv4() > 0) {
            notes.add(String.format(Locale.ROOT, "%s IPv4 super-packets have total length 0 (tcpdump prints them as "
                    + "'IP bad-len 0')", group(data.zeroLengthIpv4())));
        }
        return new FlowVerdict(status, line, List.copyOf(warnings), List.copyOf(notes));
    }

    private static String segmentsText(SizeCeiling c) {
        return c.segments() > 0 ? String.format(Locale.ROOT, " (%s segments of %s)", group(c.segments()),
                group(c.segmentSize())) : "";
    }

    private static String explain(SizeCeiling c, java.util.function.LongFunction<String> setting) {
        return switch (c.reason()) {
            case LEGACY_64K, SIZE_SETTING -> c.likelySetting() > 0
                    ? String.format(Locale.ROOT, "as %s makes them (any setting from %s to %s would)",
                    setting.apply(c.likelySetting()), group(c.settingLow()), group(c.settingHigh()))
                    : String.format(Locale.ROOT, "as %s between %s and %s makes them", setting.apply(-1),
                    group(c.settingLow()), group(c.settingHigh()));
            case WRITE_SIZE -> String.format(Locale.ROOT, "stopping at %s B of payload, not a whole number of "
                    + "segments: the sender's writes or window end them (iperf3 writes 131,072 B by default), the "
                    + "kernel's limit is at least %s", group(c.payload()), group(c.settingLow()));
            case NO_CEILING -> String.format(Locale.ROOT, "no size repeats at the top (pacing or a slow sender "
                    + "sized them); the kernel's limit is at least %s", group(c.settingLow()));
            case UNKNOWN_SEGMENT -> "segment size unknown (the handshake was not captured)";
        };
    }

    static String group(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
