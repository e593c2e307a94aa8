package org.jumbocap.proto.ip;

import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.jumbo.JumboRules;
import org.jumbocap.tree.FieldNode;

/**
 * Adds the generated {@code jumbo} verdict under an IP layer, so every jumbogram or BIG TCP super-packet
 * carries {@code jumbo}, {@code jumbo.kind} and {@code jumbo.length} whichever way its length was found.
 */
public final class JumboMarks {
    private JumboMarks() {
    }

    /**
     * @param ctx        the frame being dissected
     * @param ipLayer    the IP layer node the verdict belongs to
     * @param kind       how the real length was found (from {@link JumboRules})
     * @param realLength real layer-3 payload length: bytes after the fixed IPv6 header, or after the IPv4
     *                   header
     * @return the {@code jumbo} node
     */
    public static FieldNode mark(DissectionContext ctx, FieldNode ipLayer, JumboKind kind, long realLength) {
        if (!ctx.hasTree()) {
            return FieldNode.OFF;
        }
        FieldNode jumbo = ipLayer.add(JumboFields.JUMBO, ipLayer.offset(), 0, null).generated();
        jumbo.setText(() -> JumboFields.JUMBO.label() + " (" + kind.label() + ", " + realLength + " bytes)");
        jumbo.add(JumboFields.KIND, ipLayer.offset(), 0, kind.label()).generated();
        jumbo.add(JumboFields.LENGTH, ipLayer.offset(), 0, realLength).generated();
        return jumbo;
    }
}
