package org.jumbocap.capture;

import java.io.IOException;

/** A capture problem with a one-line message the user can act on. */
public final class CaptureException extends IOException {
    /** What went wrong, so callers can tell a vanished interface from a setup error. */
    public enum Kind {
        PERMISSION, NO_SUCH_INTERFACE, LIBPCAP_MISSING, FILTER, INTERFACE_GONE, OTHER
    }

    private final Kind kind;

    public CaptureException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public CaptureException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** Never advises capabilities on the system's java binary: that breaks it and arms every Java program. */
    static final String PERMISSION_TEXT = "capturing needs root or the capabilities CAP_NET_RAW and CAP_NET_ADMIN "
            + "(installed from the Debian package: membership in the group jumbocap, usermod -aG jumbocap USER)";
    public static final String LIBPCAP_TEXT = "libpcap was not found: install it (Debian/Ubuntu: apt-get install libpcap0.8)";

    /** A libpcap error that is not the caller's fault but its environment's: classify by libpcap's text. */
    static CaptureException classify(String device, String message, Throwable cause) {
        String m = message == null ? "" : message.replaceFirst("^Error occurred in pcap_next_ex\\(\\): ", "");
        String lower = m.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("permission") || lower.contains("operation not permitted")) {
            return new CaptureException(Kind.PERMISSION, device + ": " + PERMISSION_TEXT, cause);
        }
        if (lower.contains("no such device")) {
            return new CaptureException(Kind.NO_SUCH_INTERFACE, device + ": no such interface", cause);
        }
        if (lower.contains("went down") || lower.contains("disappeared") || lower.contains("enetdown")
                || lower.contains("network is down") || lower.contains("enodev")) {
            return new CaptureException(Kind.INTERFACE_GONE, device + ": the interface went away (" + m.trim() + ")",
                    cause);
        }
        return new CaptureException(Kind.OTHER, device + ": " + m.trim(), cause);
    }
}
