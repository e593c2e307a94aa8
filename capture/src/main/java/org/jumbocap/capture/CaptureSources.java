package org.jumbocap.capture;

import java.util.Locale;

/**
 * Opens a capture device through the source asked for: by default jumbocap's AF_PACKET source, which keeps
 * super-packets whole and records the kernel's facts about them, and libpcap's where AF_PACKET is refused
 * (not Linux, no permission for it, an old kernel, another link type), saying why in one line.
 * The one place the command line and the viewer choose a live source.
 */
public final class CaptureSources {
    /** Which source to open. */
    public enum Preference {
        /** AF_PACKET, else libpcap. */
        AUTO,
        /** AF_PACKET only: a refusal is an error. */
        AFPACKET,
        /** libpcap only. */
        LIBPCAP;

        /** "auto", "afpacket" or "libpcap" (any case); null for anything else. */
        public static Preference of(String name) {
            return switch (name == null ? "" : name.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "afpacket", "af_packet" -> AFPACKET;
                case "libpcap", "pcap" -> LIBPCAP;
                default -> null;
            };
        }
    }

    /**
     * An open source, and the line that says why it is libpcap's when AF_PACKET was wanted (else null).
     */
    public record Opened(CaptureSource source, String fallback) {
    }

    private CaptureSources() {
    }

    /**
     * Opens {@code options.device()}; with {@link Preference#AUTO}, libpcap's source when the AF_PACKET
     * source refuses.
     *
     * @throws CaptureException when the chosen source cannot open (with {@link Preference#AFPACKET}, also
     *                          when it refuses: the refusal's reason is the message; when libpcap's source
     *                          fails after a refusal, the message ends with the refusal's reason)
     */
    public static Opened open(CaptureSource.Options options, Preference preference) throws CaptureException {
        if (preference == Preference.LIBPCAP) {
            return new Opened(Pcap4jCaptureSource.open(options), null);
        }
        try {
            return new Opened(AfPacketCaptureSource.open(options), null);
        } catch (AfPacketCaptureSource.Refused r) {
            if (preference == Preference.AFPACKET) {
                throw new CaptureException(r.kind(), options.device() + ": AF_PACKET capture refused: " + r.getMessage(), r);
            }
            CaptureSource libpcap;
            try {
                libpcap = Pcap4jCaptureSource.open(options);
            } catch (CaptureException e) {
                throw new CaptureException(e.kind(), e.getMessage() + " (AF_PACKET was refused first: " + r.getMessage()
                        + ")", e);
            }
            return new Opened(libpcap, "capturing through libpcap, which cuts frames at "
                    + String.format(Locale.ROOT, "%,d", CaptureSource.MAX_SNAPLEN) + " bytes: " + r.getMessage());
        }
    }
}
