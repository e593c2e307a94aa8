package org.jumbocap.expert;

/** What kind of finding an expert item is. */
public enum ExpertGroup {
    CHECKSUM,
    SEQUENCE,
    MALFORMED,
    PROTOCOL,
    /** Jumbogram and BIG TCP findings: real lengths, RFC 2675 rules. */
    JUMBO,
    /** Bytes the capture did not keep. */
    TRUNCATED,
    UNDECODED,
    COMMENTS;

    public String filterName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
