package org.jumbocap.dissect;

import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** The {@code frame} pseudo-layer, undecoded data, and the findings the engine itself makes. */
public final class FrameFields {
    public static final FieldDef FRAME = FieldDef.protocol("frame", "Frame");
    public static final FieldDef NUMBER = FieldDef.of("frame.number", "Frame Number", FieldType.UINT64, "Frame number, from 1");
    public static final FieldDef TIME = FieldDef.of("frame.time", "Arrival Time", FieldType.TIMESTAMP, "Absolute arrival time");
    public static final FieldDef TIME_EPOCH = FieldDef.of("frame.time_epoch", "Epoch Arrival Time", FieldType.DOUBLE, "Seconds since the Unix epoch");
    public static final FieldDef TIME_RELATIVE = FieldDef.of("frame.time_relative", "Time since first frame", FieldType.DOUBLE, "Seconds since the first frame");
    public static final FieldDef TIME_DELTA = FieldDef.of("frame.time_delta", "Time delta from previous frame", FieldType.DOUBLE, "Seconds since the previous frame");
    public static final FieldDef INTERFACE_ID = FieldDef.of("frame.interface_id", "Interface id", FieldType.UINT32, "Capture interface within the file");
    public static final FieldDef LINK_TYPE = FieldDef.of("frame.link_type", "Link type", FieldType.UINT32, "LINKTYPE_ value of the frame");
    public static final FieldDef LEN = FieldDef.of("frame.len", "Frame Length", FieldType.UINT32, "Length on the wire as the capture reports it");
    public static final FieldDef CAP_LEN = FieldDef.of("frame.cap_len", "Capture Length", FieldType.UINT32, "Bytes captured");
    public static final FieldDef CUT = FieldDef.of("frame.cut", "Cut by snaplen", FieldType.BOOLEAN, "True when the capture kept fewer bytes than the frame had");
    public static final FieldDef SNAPLEN_EXCEEDED = FieldDef.of("frame.snaplen_exceeded", "Declared snaplen exceeded", FieldType.UINT32,
            "The snaplen the file declares, present when the record holds more bytes than it");
    public static final FieldDef PROTOCOLS = FieldDef.of("frame.protocols", "Protocols in frame", FieldType.STRING, "Layers found, colon separated");

    public static final FieldDef DATA = FieldDef.protocol("data", "Data");
    public static final FieldDef DATA_DATA = FieldDef.of("data.data", "Data", FieldType.BYTES, "Undecoded bytes");
    public static final FieldDef DATA_LEN = FieldDef.of("data.len", "Length", FieldType.UINT32, "Number of undecoded bytes");

    public static final ExpertDef CUT_BY_SNAPLEN = new ExpertDef("frame.cut_by_snaplen", ExpertGroup.TRUNCATED, Severity.NOTE,
            "Frame cut by the snaplen: %d of %d bytes captured");
    public static final ExpertDef OVER_SNAPLEN = new ExpertDef("frame.over_snaplen", ExpertGroup.MALFORMED, Severity.WARN,
            "Record holds %d bytes, more than the snaplen of %d bytes the file declares: read whole");
    public static final ExpertDef LAYER_TRUNCATED = new ExpertDef("frame.layer_truncated", ExpertGroup.TRUNCATED, Severity.NOTE,
            "%s cut by the snaplen at offset %d: the rest of the layer was not captured");
    public static final ExpertDef LAYER_MALFORMED = new ExpertDef("frame.malformed", ExpertGroup.MALFORMED, Severity.ERROR,
            "Malformed %s: needs bytes up to offset %d but the frame ends at %d");
    public static final ExpertDef DISSECTOR_BUG = new ExpertDef("frame.dissector_bug", ExpertGroup.MALFORMED, Severity.ERROR,
            "Dissector %s failed: %s");
    public static final ExpertDef TOO_DEEP = new ExpertDef("frame.too_deep", ExpertGroup.MALFORMED, Severity.ERROR,
            "Too many nested layers (more than %d): dissection stopped");

    private FrameFields() {
    }
}
