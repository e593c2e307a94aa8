package org.jumbocap.proto.icmp;

import java.util.Locale;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldNode;

/** What ICMPv4 and ICMPv6 show alike: the checksum verdict and an undecoded rest. */
final class IcmpChecksums {
    private IcmpChecksums() {
    }

    static void show(DissectionContext ctx, FieldNode checksum, ChecksumVerdict.Result r, FieldDef status, ExpertDef bad) {
        checksum.add(status, checksum.offset(), 0, (long) r.verdict().code()).generated();
        switch (r.verdict()) {
            case BAD -> {
                checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x incorrect, should be 0x%04x", r.field(), r.expected()));
                ctx.expert(checksum, bad, r.field(), r.expected());
            }
            case GOOD -> checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x [correct]", r.field()));
            default -> checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x [unverified]", r.field()));
        }
    }

    /** The captured part of the message's remaining bytes, as a node pointing at the frame (no copy). */
    static void rest(DissectionContext ctx, FieldNode layer, FieldDef data, int offset, long length) {
        int captured = (int) Math.min(ctx.buffer().remaining(offset), length);
        if (captured > 0) {
            layer.add(data, offset, captured, null).setText("Data (" + captured + " bytes)");
        }
    }
}
