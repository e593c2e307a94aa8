package org.jumbocap.dissect;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.jumbo.JumboKind;

/**
 * What the innermost IP layer tells the transport above it: where its addresses are (for the checksum
 * pseudo-header, read from the frame, not copied), the upper-layer length (32-bit for jumbograms, RFC 2675
 * section 4), how that length was found, and whether the packet is a first fragment. One instance per
 * {@link DissectionContext}, overwritten by each IP layer ({@link DissectionContext#setIp}): the transport
 * reads the innermost, and nothing reads an outer one after the inner is set.
 */
public final class IpContext {
    private int version;
    private int sourceOffset;
    private int destinationOffset;
    private long upperLayerLength;
    private JumboKind jumboKind;
    private boolean moreFragments;

    void set(int version, int sourceOffset, int destinationOffset, long upperLayerLength, JumboKind jumboKind,
             boolean moreFragments) {
        this.version = version;
        this.sourceOffset = sourceOffset;
        this.destinationOffset = destinationOffset;
        this.upperLayerLength = upperLayerLength;
        this.jumboKind = jumboKind;
        this.moreFragments = moreFragments;
    }

    /** 4 or 6. */
    public int version() {
        return version;
    }

    /** Frame offset of the source address (4 or 16 bytes). */
    public int sourceOffset() {
        return sourceOffset;
    }

    public int destinationOffset() {
        return destinationOffset;
    }

    /** Bytes of the transport header and payload as the IP layer computed them. */
    public long upperLayerLength() {
        return upperLayerLength;
    }

    /** Null for an ordinary packet. */
    public JumboKind jumboKind() {
        return jumboKind;
    }

    /** The packet is a fragment with more to follow (IPv4 MF, IPv6 fragment header M). */
    public boolean moreFragments() {
        return moreFragments;
    }

    public boolean isJumbo() {
        return jumboKind != null;
    }

    /** Bytes of one address: 4 or 16. */
    public int addressLength() {
        return version == 4 ? 4 : 16;
    }

    /** The one's complement sum of the pseudo-header (RFC 9293 3.1, RFC 8200 8.1) for a transport. */
    public long pseudoHeaderSum(FrameBuffer b, int protocol, long length) {
        return ChecksumVerdict.sum(b, sourceOffset, addressLength()) + ChecksumVerdict.sum(b, destinationOffset, addressLength())
                + ChecksumVerdict.pseudoHeaderSum(protocol, length);
    }
}
