package org.jumbocap.stats;

import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.field.FieldDef;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.tree.FieldNode;

/**
 * What each small value of a checksum status field means, worked out once from the field's value names
 * instead of from its text on every frame.
 */
final class ChecksumStatuses {
    static final ChecksumStatuses TCP = new ChecksumStatuses(TcpFields.CHECKSUM_STATUS);
    static final ChecksumStatuses UDP = new ChecksumStatuses(UdpFields.CHECKSUM_STATUS);

    private static final int CACHED = 16;
    private final FieldDef def;
    private final ChecksumState[] byValue = new ChecksumState[CACHED];

    private ChecksumStatuses(FieldDef def) {
        this.def = def;
        for (int v = 0; v < CACHED; v++) {
            byValue[v] = ChecksumState.of(def.valueNames().get((long) v), v);
        }
    }

    /** The state of a summary's checksum verdict. */
    ChecksumState of(ChecksumVerdict verdict) {
        if (verdict == null) {
            return ChecksumState.NOT_CHECKED;
        }
        int code = verdict.code();
        return code >= 0 && code < CACHED ? byValue[code] : ChecksumState.of(def.valueNames().get((long) code), code);
    }

    /** The state a tree's checksum status field shows. */
    ChecksumState of(FieldNode status) {
        if (status == null || !(status.value() instanceof Long v)) {
            return ChecksumState.NOT_CHECKED;
        }
        if (status.def() == def && v >= 0 && v < CACHED) {
            return byValue[(int) (long) v];
        }
        return ChecksumState.of(status.def().valueNames().get(v), v);
    }
}
