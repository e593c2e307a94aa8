package org.jumbocap.export.parquet.encoding;

/**
 * Parquet's RLE / bit-packing hybrid encoding (Encodings.md, "RLE"), of definition and repetition levels
 * and of dictionary indices: a value repeated at least eight times becomes one run-length run, everything
 * else goes in bit-packed runs of groups of eight values. This follows the reference writer's way of
 * choosing between the two (parquet-java's {@code RunLengthBitPackingHybridEncoder}) so the output is the
 * one every reader is tested against; the length prefix is the caller's (version 2 pages have none).
 */
public final class HybridEncoder {
    /** Groups of eight a bit-packed run may hold: its header must fit one byte, (63 << 1) | 1. */
    private static final int MAX_GROUPS_PER_RUN = 63;

    private ByteSink out;
    private int bitWidth;
    private final int[] buffered = new int[8];
    private int bufferedCount;
    private int previous;
    private int repeatCount;
    private int groupCount;
    private int headerAt = -1;

    /** Starts an encoding of values of {@code bitWidth} bits (0 to 32) at the end of {@code sink}. */
    public void start(ByteSink sink, int bitWidth) {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("bit width " + bitWidth);
        }
        this.out = sink;
        this.bitWidth = bitWidth;
        bufferedCount = 0;
        previous = 0;
        repeatCount = 0;
        groupCount = 0;
        headerAt = -1;
    }

    /** The number of bits the values 0 .. {@code max} need. */
    public static int bitWidth(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }

    /** The whole encoding of {@code values[0 .. n)}, at the end of {@code sink}. */
    public void encode(ByteSink sink, int[] values, int n, int bitWidth) {
        start(sink, bitWidth);
        for (int i = 0; i < n; i++) {
            write(values[i]);
        }
        finish();
    }

    /** The whole encoding of {@code count} (at least one) copies of {@code value}: one run-length run. */
    public void encodeRun(ByteSink sink, int value, int count, int bitWidth) {
        start(sink, bitWidth);
        sink.writeUnsignedVarLong((long) count << 1);
        for (int i = 0, bytes = (bitWidth + 7) / 8; i < bytes; i++) {
            sink.writeByte(value >>> (8 * i));
        }
        out = null;
    }

    /** The same for levels, which are bytes. */
    public void encode(ByteSink sink, byte[] values, int n, int bitWidth) {
        start(sink, bitWidth);
        for (int i = 0; i < n; i++) {
            write(values[i]);
        }
        finish();
    }

    public void write(int value) {
        if (value == previous) {
            repeatCount++;
            if (repeatCount >= 8) {
                return; // a run-length run, counted only
            }
        } else {
            if (repeatCount >= 8) {
                writeRunLengthRun();
            }
            repeatCount = 1;
            previous = value;
        }
        buffered[bufferedCount++] = value;
        if (bufferedCount == 8) {
            writeBitPackedGroup();
        }
    }

    /** Writes what is held back; the encoding then ends. */
    public void finish() {
        if (repeatCount >= 8) {
            writeRunLengthRun();
        } else if (bufferedCount > 0) {
            for (int i = bufferedCount; i < 8; i++) {
                buffered[i] = 0; // the last group is padded; readers stop at the value count
            }
            writeBitPackedGroup();
        }
        endBitPackedRun();
        out = null;
    }

    private void writeBitPackedGroup() {
        if (groupCount >= MAX_GROUPS_PER_RUN) {
            endBitPackedRun();
        }
        if (headerAt < 0) {
            headerAt = out.size();
            out.writeByte(0); // the run's header, set when the run ends
        }
        int w = bitWidth;
        if (w <= 8) {
            // levels and most dictionary indices: the eight values fit one long, written w bytes at once
            long acc = 0;
            for (int i = 0; i < 8; i++) {
                acc |= (long) buffered[i] << (i * w);
            }
            out.writeLittleEndian(acc, w);
        } else {
            long acc = 0;
            int bits = 0;
            for (int i = 0; i < 8; i++) {
                acc |= (buffered[i] & 0xFFFF_FFFFL) << bits;
                bits += w;
                while (bits >= 8) {
                    out.writeByte((int) acc);
                    acc >>>= 8;
                    bits -= 8;
                }
            }
        }
        bufferedCount = 0;
        repeatCount = 0;
        groupCount++;
    }

    private void writeRunLengthRun() {
        endBitPackedRun();
        out.writeUnsignedVarLong((long) repeatCount << 1);
        for (int i = 0, bytes = (bitWidth + 7) / 8; i < bytes; i++) {
            out.writeByte(previous >>> (8 * i));
        }
        repeatCount = 0;
        bufferedCount = 0;
    }

    private void endBitPackedRun() {
        if (headerAt < 0) {
            return;
        }
        out.setByte(headerAt, (groupCount << 1) | 1);
        headerAt = -1;
        groupCount = 0;
    }
}
