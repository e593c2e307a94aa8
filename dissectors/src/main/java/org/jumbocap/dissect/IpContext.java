package org.jumbocap.dissect;

import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.tree.FieldNode;

/**
 * What the innermost IP layer tells the transport above it: addresses for the checksum pseudo-header,
 * the upper-layer length (32-bit for jumbograms, RFC 2675 section 4), and how that length was found.
 *
 * @param version          4 or 6
 * @param source           4 or 16 bytes
 * @param destination      4 or 16 bytes
 * @param upperLayerLength bytes of the transport header and payload as the IP layer computed them
 * @param jumboKind        null for an ordinary packet
 * @param layer            the IP layer's node
 */
public record IpContext(int version, byte[] source, byte[] destination, long upperLayerLength, JumboKind jumboKind,
                        FieldNode layer) {
    public boolean isJumbo() {
        return jumboKind != null;
    }
}
