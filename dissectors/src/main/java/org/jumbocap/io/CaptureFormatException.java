package org.jumbocap.io;

import java.io.IOException;

/**
 * A capture file that cannot be read further. The message is one line naming the file, the record or
 * block number and the byte offset; every frame returned before it was good.
 */
public final class CaptureFormatException extends IOException {
    private final String file;
    private final long recordNumber;
    private final long byteOffset;

    /**
     * @param file         file name as the user gave it
     * @param unit         "record" (pcap) or "block" (pcapng) or "frame"
     * @param recordNumber 1-based number of the record or block at fault
     * @param byteOffset   file offset where it starts or where the fault is
     * @param problem      what is wrong
     */
    public CaptureFormatException(String file, String unit, long recordNumber, long byteOffset, String problem) {
        super(file + ": " + unit + " " + recordNumber + " at byte offset " + byteOffset + ": " + problem);
        this.file = file;
        this.recordNumber = recordNumber;
        this.byteOffset = byteOffset;
    }

    /** A fault outside any record: the file header, the magic number, an empty file. */
    public CaptureFormatException(String file, long byteOffset, String problem) {
        super(file + ": at byte offset " + byteOffset + ": " + problem);
        this.file = file;
        this.recordNumber = 0;
        this.byteOffset = byteOffset;
    }

    public String file() {
        return file;
    }

    /** 1-based record or block number, 0 when the fault is outside any record. */
    public long recordNumber() {
        return recordNumber;
    }

    public long byteOffset() {
        return byteOffset;
    }
}
