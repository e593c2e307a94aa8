package org.jumbocap.proto.ntp;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldNode;

/**
 * The NTP header (RFC 5905 section 7.3): flags, stratum, poll, precision, root delay and dispersion, the
 * reference id and the four timestamps. Extension fields and the MAC after the 48 bytes are not decoded.
 * A packet shorter than the header is decoded field by field as far as its bytes go, with a note. The Info
 * column is tshark's ("NTP Version 4, client").
 */
final class NtpDissector implements Dissector {
    static final int PORT = 123;
    static final int HEADER = 48;
    /** Seconds from the NTP epoch (1900) to the Unix epoch (1970). */
    private static final long EPOCH_OFFSET = 2_208_988_800L;
    private static final DateTimeFormatter TREE_TIME =
            DateTimeFormatter.ofPattern("MMM ppd, yyyy HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int available = (int) Math.min(length, HEADER);
        FieldNode ntp = ctx.addLayer(NtpFields.NTP, offset, Math.min(available, b.remaining(offset)));
        if (length < HEADER) {
            ctx.expert(ntp, NtpFields.SHORT, length, (long) HEADER);
        }
        if (available < 1) {
            return;
        }
        int flags = b.u8(offset);
        int version = (flags >>> 3) & 7;
        int mode = flags & 7;
        if (ctx.hasTree()) {
            String info = NtpFields.VERSIONS.get((long) version) + ", " + NtpFields.MODES.get((long) mode);
            ctx.setInfo(() -> info);
            ntp.setText(NtpFields.NTP.label() + " (" + info + ")");
        }
        FieldNode f = ntp.add(NtpFields.FLAGS, offset, 1, flags);
        f.add(NtpFields.FLAGS_LI, offset, 1, flags >>> 6);
        f.add(NtpFields.FLAGS_VN, offset, 1, version);
        f.add(NtpFields.FLAGS_MODE, offset, 1, mode);
        if (available < 2) {
            return;
        }
        ntp.add(NtpFields.STRATUM, offset + 1, 1, b.u8(offset + 1));
        if (available < 3) {
            return;
        }
        int poll = b.u8(offset + 2);
        FieldNode pollNode = ntp.add(NtpFields.PPOLL, offset + 2, 1, poll);
        if (available < 4) {
            return;
        }
        int precision = b.u8(offset + 3);
        FieldNode precisionNode = ntp.add(NtpFields.PRECISION, offset + 3, 1, precision);
        if (ctx.hasTree()) {
            pollNode.setText(() -> NtpFields.PPOLL.label() + ": " + poll + (poll < 64 ? " (" + (1L << poll) + " seconds)" : ""));
            precisionNode.setText(() -> String.format(Locale.ROOT, "%s: %.6f seconds", NtpFields.PRECISION.label(),
                    Math.pow(2, (byte) precision)));
        }
        fixedPoint(ctx, ntp, NtpFields.ROOTDELAY, offset + 4, available);
        fixedPoint(ctx, ntp, NtpFields.ROOTDISPERSION, offset + 8, available);
        if (available < 16) {
            return;
        }
        ntp.add(NtpFields.REFID, offset + 12, 4, ctx.treeBytes(offset + 12, 4));
        timestamp(ctx, ntp, NtpFields.REFTIME, offset + 16, offset + available);
        timestamp(ctx, ntp, NtpFields.ORG, offset + 24, offset + available);
        timestamp(ctx, ntp, NtpFields.REC, offset + 32, offset + available);
        timestamp(ctx, ntp, NtpFields.XMT, offset + 40, offset + available);
    }

    private static void fixedPoint(DissectionContext ctx, FieldNode ntp, FieldDef def, int at, int available) {
        if (at + 4 > ntp.offset() + available) {
            return;
        }
        long raw = ctx.buffer().u32(at);
        FieldNode node = ntp.add(def, at, 4, raw);
        if (ctx.hasTree()) {
            node.setText(() -> String.format(Locale.ROOT, "%s: %.6f seconds", def.label(), raw / 65536.0));
        }
    }

    /**
     * A 64-bit NTP timestamp as nanoseconds since the Unix epoch; all zeros is "not set" (tshark's NULL) and
     * has no value. Era 0 (1900 to 2036) only, as tshark 4.0 reads it.
     */
    private static void timestamp(DissectionContext ctx, FieldNode ntp, FieldDef def, int at, int end) {
        if (at + 8 > end) {
            return;
        }
        FrameBuffer b = ctx.buffer();
        long seconds = b.u32(at);
        long fraction = b.u32(at + 4);
        if (seconds == 0 && fraction == 0) {
            ntp.add(def, at, 8, null).setText(def.label() + ": NULL");
            return;
        }
        long nanos = (fraction * 1_000_000_000L) >>> 32;
        long epochNanos = (seconds - EPOCH_OFFSET) * 1_000_000_000L + nanos;
        FieldNode node = ntp.add(def, at, 8, epochNanos);
        if (ctx.hasTree()) {
            node.setText(() -> String.format(Locale.ROOT, "%s: %s.%09d UTC", def.label(),
                    TREE_TIME.format(Instant.ofEpochSecond(seconds - EPOCH_OFFSET)), nanos));
        }
    }
}
