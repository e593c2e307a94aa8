package org.jumbocap.proto.icmp;

import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.tree.FieldNode;

/** Decoder of the part of an ICMP message after type, code and checksum, for one message type. */
@FunctionalInterface
interface IcmpBody {
    /**
     * @param offset start of the ICMP message (its type byte)
     * @param length the message length as the IP layer gave it
     */
    void decode(DissectionContext ctx, FieldNode layer, int offset, long length);
}
