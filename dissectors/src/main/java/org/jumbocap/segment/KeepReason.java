package org.jumbocap.segment;

/** Why a frame that could have been split was written as it came. */
public enum KeepReason {
    CUT("cut by the snaplen: the payload to rebuild was not captured"),
    NOT_TCP("a jumbogram or BIG TCP packet that carries no TCP segment (UDP, ICMP...)"),
    SYN_OR_RST("a SYN or RST segment, which TSO never splits"),
    FRAGMENT("an IP fragment"),
    LENGTH_MISMATCH("its IP or UDP lengths disagree with the bytes the frame carries"),
    BAD_CHECKSUM("its TCP (or UDP GSO) checksum is wrong (neither complete nor left for the NIC): new checksums would hide that"),
    MALFORMED("a header is malformed (an error the dissectors found)"),
    SEGMENT_SIZE("no segment size of at least one byte fits its headers");

    private final String description;

    KeepReason(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** The lower-case name used in reports ("length-mismatch"). */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
