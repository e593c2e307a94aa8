package org.jumbocap.dissect;

import org.jumbocap.tree.FieldNode;

/** Shows bytes no dissector claimed. Holds no copy: the node points at the frame's bytes. */
public final class DataDissector implements Dissector {
    public static final DataDissector INSTANCE = new DataDissector();

    private DataDissector() {
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        int captured = ctx.buffer().remaining(offset);
        if (captured <= 0) {
            return;
        }
        FieldNode layer = ctx.addLayer(FrameFields.DATA, offset, captured);
        if (ctx.hasTree()) {
            layer.add(FrameFields.DATA_DATA, offset, captured, null).setText(() -> "Data (" + captured + " bytes)");
        }
        layer.add(FrameFields.DATA_LEN, offset, 0, (long) captured).generated();
    }
}
