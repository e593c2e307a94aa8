package org.jumbocap.io;

import java.util.Arrays;
import org.jumbocap.buffer.FrameBuffer;

/**
 * One captured frame as a capture file holds it. Readers fill a reusable record ({@link
 * CaptureReader#next}); {@link #copy} detaches one for keeping. The bytes are {@code data[0,
 * capturedLength)}; the array may be larger.
 *
 * <p>A record read from a regular file may hold only the first {@link #loadedLength} bytes of its frame
 * (the headers: {@link CaptureInput#EAGER_PREFIX_LENGTH}, for frames longer than that and not already in
 * the reader's buffer); the rest stays in the mapped file until something asks for it: {@link #data},
 * {@link #bytes}, {@link #copy}, {@link #load}, or a read of {@link #buffer} past the loaded bytes. That
 * works until the next {@link CaptureReader#next} on the record's reader (or on this record) and until the
 * reader is closed; after that it throws {@link IllegalStateException}. Callers that want speed read
 * through {@link #buffer} and leave {@link #data} to those that need every byte.
 */
public final class FrameRecord {
    private long number;
    private long timestampNanos;
    private int interfaceId;
    private int linkType;
    private int capturedLength;
    private long originalLength;
    private long fileOffset = -1;
    /** The snaplen the file declares when this record holds more than it, else 0. */
    private long exceededSnaplen;
    /** pcapng epb_flags, or {@link PacketFlags#NONE}. */
    private long packetFlags = PacketFlags.NONE;
    /** The kernel's offload facts for the frame, or null when the source or file recorded none. */
    private VnetHeader vnetHeader;
    /** What was wrong with a packet option the reader ignored, or null. */
    private String optionProblem;
    private byte[] data;
    /** Bytes of {@code data} that hold the frame, from 0; {@code capturedLength} when fully loaded. */
    private int loadedLength;
    /** Where the rest of a partly loaded frame lies, or null when the record is fully loaded. */
    private CaptureInput source;
    /** True when the frame's bytes were left where a capture library put them ({@link #prepareWithoutBytes}). */
    private boolean bytesElsewhere;
    /** File offset of the frame's first byte (for the lazy tail). */
    private long dataOffset;
    /** Changes whenever the record is refilled, so views of an earlier frame can tell. */
    private long stamp;
    /** The view {@link #buffer} hands out for this state of the record; null until asked for. */
    private FrameBuffer view;
    private final FrameBuffer.Tail tail = new FrameBuffer.Tail() {
        @Override
        public byte[] load(long viewStamp) {
            return loadFor(viewStamp);
        }

        @Override
        public long sum(long viewStamp, int from, int length) {
            CaptureInput in = source;
            if (viewStamp != stamp || in == null) {
                return -1; // refilled (loading says so) or loaded since: read the array as before
            }
            return in.sumTail(number, dataOffset + from, length);
        }
    };

    public FrameRecord() {
        this.data = new byte[2048];
    }

    public FrameRecord(long number, long timestampNanos, int linkType, byte[] bytes, long originalLength) {
        this.number = number;
        this.timestampNanos = timestampNanos;
        this.linkType = linkType;
        this.data = bytes;
        this.capturedLength = bytes.length;
        this.loadedLength = bytes.length;
        this.originalLength = Math.max(originalLength, bytes.length);
    }

    /** Bytes of memory the record holds for frame data (its buffer, whatever frame it holds now). */
    public int heldBytes() {
        return data.length;
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

    /**
     * Captured bytes held in memory now, from the start of the frame: {@link #capturedLength} for a fully
     * loaded record, less for one whose tail is still in the file.
     */
    public int loadedLength() {
        return loadedLength;
    }

    /** True when every captured byte is in memory. */
    public boolean isLoaded() {
        return source == null;
    }

    /** Length on the wire as the file reports it. */
    public long originalLength() {
        return originalLength;
    }

    /** Byte offset of this record's header in the file, or -1 when not from a file. */
    public long fileOffset() {
        return fileOffset;
    }

    /** Backing array; valid bytes are {@code [0, capturedLength)}. Loads the whole frame first. */
    public byte[] data() {
        load();
        return data;
    }

    /**
     * A bounds-checked view of the frame's bytes; reads past the loaded prefix load the rest. The same view
     * is returned until the record is refilled or loaded.
     */
    public FrameBuffer buffer() {
        FrameBuffer v = view;
        if (v == null) {
            v = new FrameBuffer(data, 0, capturedLength, originalLength, loadedLength, tail, stamp);
            view = v;
        }
        return v;
    }

    /**
     * The array whose first {@link #loadedLength} bytes are the frame's first bytes, without loading the rest:
     * for a reader of headers that must not bring a super-packet's payload into the heap. Valid until the
     * record is refilled or loaded.
     */
    public byte[] loadedBytes() {
        return data;
    }

    /** The captured bytes as a new array of exactly the captured length. */
    public byte[] bytes() {
        load();
        return Arrays.copyOf(data, capturedLength);
    }

    /** True when the snaplen cut the frame. */
    public boolean isCut() {
        return originalLength > capturedLength;
    }

    /**
     * The snaplen the file (or the frame's interface) declares when this record captured more bytes than
     * that, else 0. Such records are read whole: the snaplen is a claim of the tool that wrote the file.
     */
    public long exceededSnaplen() {
        return exceededSnaplen;
    }

    /**
     * The pcapng Enhanced Packet Block flags word ({@link PacketFlags}), or {@link PacketFlags#NONE} when
     * the file or the capture source recorded none.
     */
    public long packetFlags() {
        return packetFlags;
    }

    /** The kernel's offload facts ({@code virtio_net_hdr}) recorded for the frame, or null. */
    public VnetHeader vnetHeader() {
        return vnetHeader;
    }

    /** Sets the flags word ({@link PacketFlags#NONE} for none); readers and sources call it after filling the record. */
    public FrameRecord withPacketFlags(long flags) {
        if (flags < PacketFlags.NONE || flags > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("packet flags out of range: " + flags);
        }
        this.packetFlags = flags;
        return this;
    }

    /** Sets the kernel's offload facts (null for none); readers and sources call it after filling the record. */
    public FrameRecord withVnetHeader(VnetHeader h) {
        this.vnetHeader = h;
        return this;
    }

    /**
     * One line saying which of the frame's packet options the reader ignored and why (a flags option that is
     * not 4 bytes, jumbocap's option too short for its data, an option running past its block), or null.
     * The frame itself was read; the dissection shows the line as an expert item.
     */
    public String optionProblem() {
        return optionProblem;
    }

    /** Records an ignored option's problem (the first one of the frame is kept); readers call it after filling the record. */
    public FrameRecord withOptionProblem(String problem) {
        if (optionProblem == null) {
            this.optionProblem = problem;
        }
        return this;
    }

    /** Marks the record as holding more than the declared {@code snaplen}; readers call it after filling it. */
    public FrameRecord markExceededSnaplen(long snaplen) {
        this.exceededSnaplen = snaplen;
        return this;
    }

    /** A detached copy whose array holds exactly the captured bytes. */
    public FrameRecord copy() {
        FrameRecord r = new FrameRecord(number, timestampNanos, linkType, bytes(), originalLength);
        r.interfaceId = interfaceId;
        r.fileOffset = fileOffset;
        r.exceededSnaplen = exceededSnaplen;
        r.packetFlags = packetFlags;
        r.vnetHeader = vnetHeader;
        r.optionProblem = optionProblem;
        return r;
    }

    /**
     * Reads the part of the frame still in the file, if any.
     *
     * @throws IllegalStateException when the reader has moved on to another record or was closed
     * @throws java.io.UncheckedIOException when the file cannot be read
     */
    public FrameRecord load() {
        if (bytesElsewhere) {
            throw new IllegalStateException("frame " + number + ": its bytes were written from the capture"
                    + " library's buffer and never copied into the record");
        }
        CaptureInput in = source;
        if (in != null) {
            if (data.length < capturedLength) {
                data = Arrays.copyOf(data, grown(capturedLength));
            }
            in.readTail(number, dataOffset + loadedLength, data, loadedLength, capturedLength - loadedLength);
            loadedLength = capturedLength;
            source = null;
            view = null;
        }
        return this;
    }

    private byte[] loadFor(long viewStamp) {
        if (viewStamp != stamp) {
            throw new IllegalStateException("the frame's record was refilled with another frame before the rest of"
                    + " this frame was read; copy() a record to keep it");
        }
        load();
        return data;
    }

    private int grown(int needed) {
        return Math.max(needed, Math.min(data.length * 2, 1 << 30));
    }

    /**
     * Makes room for {@code capturedLength} bytes and returns the array to fill; used by readers, which
     * check the length against their caps before calling.
     */
    public byte[] prepare(long number, long timestampNanos, int interfaceId, int linkType, int capturedLength,
                          long originalLength, long fileOffset) {
        if (data.length < capturedLength) {
            data = new byte[grown(capturedLength)];
        }
        set(number, timestampNanos, interfaceId, linkType, capturedLength, originalLength, fileOffset);
        loadedLength = capturedLength;
        source = null;
        return data;
    }

    /**
     * Fills in a frame's number, time and lengths but none of its bytes, for a live capture that writes the
     * bytes to a file straight from the capture library's buffer: reading them ({@link #data}, {@link
     * #buffer}, {@link #bytes}, {@link #copy}) throws {@link IllegalStateException}.
     */
    public void prepareWithoutBytes(long number, long timestampNanos, int interfaceId, int linkType,
                                    int capturedLength, long originalLength) {
        set(number, timestampNanos, interfaceId, linkType, capturedLength, originalLength, -1);
        loadedLength = 0;
        source = null;
        bytesElsewhere = true;
    }

    /**
     * Like {@link #prepare} for a frame of which only the first {@code prefixLength} bytes are read now
     * (into the returned array); the rest is read from {@code in} at {@code dataOffset + prefixLength} when
     * asked for, while {@code in} is open.
     */
    byte[] prepareLazy(long number, long timestampNanos, int interfaceId, int linkType, int capturedLength,
                       long originalLength, long fileOffset, int prefixLength, CaptureInput in, long dataOffset) {
        if (data.length < prefixLength) {
            data = new byte[grown(prefixLength)];
        }
        set(number, timestampNanos, interfaceId, linkType, capturedLength, originalLength, fileOffset);
        loadedLength = prefixLength;
        source = in;
        this.dataOffset = dataOffset;
        return data;
    }

    private void set(long number, long timestampNanos, int interfaceId, int linkType, int capturedLength,
                     long originalLength, long fileOffset) {
        this.number = number;
        this.timestampNanos = timestampNanos;
        this.interfaceId = interfaceId;
        this.linkType = linkType;
        this.capturedLength = capturedLength;
        this.originalLength = Math.max(originalLength, capturedLength);
        this.fileOffset = fileOffset;
        this.exceededSnaplen = 0;
        this.packetFlags = PacketFlags.NONE;
        this.vnetHeader = null;
        this.optionProblem = null;
        this.bytesElsewhere = false;
        stamp++;
        view = null;
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
