package org.jumbocap.jumbo;

import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.ext.ExtFields;
import org.jumbocap.tree.FieldNode;

/**
 * Whether a transport checksum can cover what the frame holds. It cannot when an enclosing IP layer is a
 * first fragment (the frame carries only the start of the datagram, and of any tunnelled packet in it),
 * nor inside an ICMP error, which quotes only the start of the invoking packet.
 */
public final class ChecksumCoverage {
    private ChecksumCoverage() {
    }

    /**
     * True when a layer dissected so far says the bytes below it are incomplete. Call it before adding
     * the layer being dissected when that layer is an ICMP one.
     */
    public static boolean isPartialDatagram(DissectionContext ctx) {
        for (FieldNode layer : ctx.tree().layers()) {
            switch (layer.name()) {
                case "icmp", "icmpv6" -> {
                    return true;
                }
                case "ip" -> {
                    if (flagSet(layer.find(Ipv4Fields.FLAGS_MF))) {
                        return true;
                    }
                }
                case "ipv6" -> {
                    if (flagSet(layer.find(ExtFields.FRAGHDR_MORE))) {
                        return true;
                    }
                }
                default -> {
                }
            }
        }
        return false;
    }

    private static boolean flagSet(FieldNode node) {
        return node != null && node.longValue() == 1;
    }
}
