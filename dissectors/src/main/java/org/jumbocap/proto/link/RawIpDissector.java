package org.jumbocap.proto.link;

import java.util.Map;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.tree.FieldNode;

/**
 * Raw IP link types. LINKTYPE_RAW (and BSD's 12 and 14) say only "IP": the version nibble picks IPv4 or
 * IPv6. LINKTYPE_IPV4 and LINKTYPE_IPV6 name the version and add no layer of their own.
 */
final class RawIpDissector implements Dissector {
    private static final Map<Integer, Integer> VERSION_TO_ETHERTYPE = Map.of(4, 0x0800, 6, 0x86DD);

    /** The EtherType the link type fixes, or 0 when the version nibble decides. */
    private final int fixedEthertype;

    private RawIpDissector(int fixedEthertype) {
        this.fixedEthertype = fixedEthertype;
    }

    static RawIpDissector byVersionNibble() {
        return new RawIpDissector(0);
    }

    static RawIpDissector fixed(int ethertype) {
        return new RawIpDissector(ethertype);
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        if (fixedEthertype != 0) {
            ctx.handoff(Tables.ETHERTYPE, fixedEthertype, offset, length);
            return;
        }
        FieldNode layer = ctx.addLayer(LinkFields.RAW, offset, 0);
        if (ctx.buffer().remaining(offset) == 0) {
            return;
        }
        int version = ctx.buffer().u8(offset) >>> 4;
        Integer ethertype = VERSION_TO_ETHERTYPE.get(version);
        if (ethertype == null) {
            ctx.expert(layer, LinkFields.RAW_UNKNOWN_VERSION, version);
            ctx.call(DataDissector.INSTANCE, offset, length);
            return;
        }
        ctx.handoff(Tables.ETHERTYPE, ethertype, offset, length);
    }
}
