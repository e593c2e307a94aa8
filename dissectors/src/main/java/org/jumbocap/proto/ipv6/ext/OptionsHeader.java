package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldNode;

/** Hop-by-Hop Options (0) and Destination Options (60): next header, length, then a list of options. */
final class OptionsHeader implements ExtensionHeader {
    static final OptionsHeader HOP_BY_HOP = new OptionsHeader(true, ExtFields.HOPOPTS, ExtFields.HOPOPTS_NXT,
            ExtFields.HOPOPTS_LEN, ExtFields.HOPOPTS_LEN_OCT);
    static final OptionsHeader DESTINATION = new OptionsHeader(false, ExtFields.DSTOPTS, ExtFields.DSTOPTS_NXT,
            ExtFields.DSTOPTS_LEN, ExtFields.DSTOPTS_LEN_OCT);

    private final boolean hopByHop;
    private final FieldDef protocol;
    private final FieldDef nxt;
    private final FieldDef len;
    private final FieldDef lenOctets;

    private OptionsHeader(boolean hopByHop, FieldDef protocol, FieldDef nxt, FieldDef len, FieldDef lenOctets) {
        this.hopByHop = hopByHop;
        this.protocol = protocol;
        this.nxt = nxt;
        this.len = len;
        this.lenOctets = lenOctets;
    }

    @Override
    public int length(FrameBuffer b, int offset) {
        return (b.u8(offset + 1) + 1) * 8;
    }

    @Override
    public int dissect(ChainState s, FieldNode ipLayer, int offset, int length) {
        FrameBuffer b = s.ctx().buffer();
        FieldNode header = ipLayer.add(protocol, offset, length, null);
        int next = b.u8(offset);
        header.add(nxt, offset, 1, next);
        header.add(len, offset + 1, 1, b.u8(offset + 1));
        if (!header.isOff()) { // the text's lambda would be made for nothing on the summary pass
            header.add(lenOctets, offset + 1, 1, length).generated().setText(() -> "Length: " + length + " bytes");
        }
        if (hopByHop) {
            s.setHopByHop(header, offset, length);
            if (s.index() != 0) {
                s.ctx().expert(header, ExtFields.HOPOPTS_NOT_FIRST, s.index() + 1);
            }
        }
        Ipv6Options.dissect(s, header, offset, offset + 2, offset + length, hopByHop);
        return next;
    }
}
