package org.jumbocap.io;

/** LINKTYPE_ values jumbocap dissects (tcpdump.org link-layer header types). */
public final class LinkTypes {
    public static final int NULL = 0;
    public static final int ETHERNET = 1;
    public static final int RAW = 101;
    /** Raw IP as some BSDs number it in pcap files (DLT_RAW 12 and 14). */
    public static final int RAW_12 = 12;
    public static final int RAW_14 = 14;
    public static final int LOOP = 108;
    public static final int LINUX_SLL = 113;
    public static final int IPV4 = 228;
    public static final int IPV6 = 229;
    public static final int LINUX_SLL2 = 276;

    private LinkTypes() {
    }

    public static String name(int linkType) {
        return switch (linkType) {
            case NULL -> "NULL";
            case ETHERNET -> "EN10MB";
            case RAW, RAW_12, RAW_14 -> "RAW";
            case LOOP -> "LOOP";
            case LINUX_SLL -> "LINUX_SLL";
            case IPV4 -> "IPV4";
            case IPV6 -> "IPV6";
            case LINUX_SLL2 -> "LINUX_SLL2";
            default -> "LINKTYPE_" + linkType;
        };
    }
}
