package org.jumbocap.proto.tcp;

/** Names of the TCP flag bits, shared by the tree's flags text and every front end's summary line. */
public final class TcpFlags {
    /** Bit 0 (FIN) to bit 8 (AE, RFC 9768; formerly NS). */
    public static final int FIN = 0x001;
    public static final int SYN = 0x002;
    public static final int RST = 0x004;
    public static final int ACK = 0x010;
    private static final String[] NAMES = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR", "AE"};

    private TcpFlags() {
    }

    /** The set flags, lowest bit first: "SYN, ACK"; empty when none is set. Reserved bits are not named. */
    public static StringBuilder appendNames(int flags, StringBuilder s) {
        int written = 0;
        for (int bit = 0; bit < NAMES.length; bit++) {
            if ((flags & (1 << bit)) != 0) {
                if (written++ > 0) {
                    s.append(", ");
                }
                s.append(NAMES[bit]);
            }
        }
        return s;
    }
}
