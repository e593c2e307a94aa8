package org.jumbocap.io;

import java.util.Arrays;
import org.jumbocap.buffer.FrameBuffer;

/**
 * One captured frame as a capture file holds it. Readers fill a reusable record ({@link
 * CaptureReader#next}); {@link #copy} detaches one for keeping. The bytes are {@code data[0,
 * capturedLength)}; the array may be larger.
 */
public final class FrameRecord {
    private long number;
    private long timestampNanos;
    private int interfaceId;
    private int linkType;
    private int capturedLength;
    private long originalLength;
    private long fileOffset = -1;
    private byte[] data;

    public FrameRecord() {
        this.data = new byte[2048];
    }

    public FrameRecord(long number, long timestampNanos, int linkType, byte[] bytes, long originalLength) {
        this.number = number;
        this.timestampNanos = timestampNanos;
        this.linkType = linkType;
        this.data = bytes;
        this.capturedLength = bytes.length;
        this.originalLength = Math.max(originalLength, bytes.length);
    }

    /** Frame number, 1-based, across the whole file. */
    public long number() {
        return number;
    }

    /** Timestamp in nanoseconds since the Unix epoch. */
    public long timestampNanos() {
        return timestampNanos;
    }

    /** Capture interface within the file (pcapng IDB index; 0 for pcap). */
    public int interfaceId() {
        return interfaceId;
    }

    /** LINKTYPE_ value (1 Ethernet, 113 SLL, 276 SLL2, ...). */
    public int linkType() {
        return linkType;
    }

    public int capturedLength() {
        return capturedLength;
    }

    /** Length on the wire as the file reports it. */
    public long originalLength() {
        return originalLength;
    }

    /** Byte offset of this record's header in the file, or -1 when not from a file. */
    public long fileOffset() {
        return fileOffset;
    }

    /** Backing array; valid bytes are {@code [0, capturedLength)}. */
    public byte[] data() {
        return data;
    }

    /** A bounds-checked view of the frame's bytes. */
    public FrameBuffer buffer() {
        return new FrameBuffer(data, 0, capturedLength, originalLength);
    }

    /** The captured bytes as a new array of exactly the captured length. */
    public byte[] bytes() {
        return Arrays.copyOf(data, capturedLength);
    }

    /** True when the snaplen cut the frame. */
    public boolean isCut() {
        return originalLength > capturedLength;
    }

    /** A detached copy whose array holds exactly the captured bytes. */
    public FrameRecord copy() {
        FrameRecord r = new FrameRecord(number, timestampNanos, linkType, bytes(), originalLength);
        r.interfaceId = interfaceId;
        r.fileOffset = fileOffset;
        return r;
    }

    /**
     * Makes room for {@code capturedLength} bytes and returns the array to fill; used by readers, which
     * check the length against their caps before calling.
     */
    public byte[] prepare(long number, long timestampNanos, int interfaceId, int linkType, int capturedLength,
                          long originalLength, long fileOffset) {
        if (data.length < capturedLength) {
            data = new byte[Math.max(capturedLength, Math.min(data.length * 2, 1 << 30))];
        }
        this.number = number;
        this.timestampNanos = timestampNanos;
        this.interfaceId = interfaceId;
        this.linkType = linkType;
        this.capturedLength = capturedLength;
        this.originalLength = Math.max(originalLength, capturedLength);
        this.fileOffset = fileOffset;
        return data;
    }

    public FrameRecord withNumber(long n) {
        this.number = n;
        return this;
    }

    public FrameRecord withInterface(int id) {
        this.interfaceId = id;
        return this;
    }

    public FrameRecord withFileOffset(long offset) {
        this.fileOffset = offset;
        return this;
    }

    @Override
    public String toString() {
        return "frame " + number + " (" + capturedLength + "/" + originalLength + " bytes, linktype " + linkType + ")";
    }
}
