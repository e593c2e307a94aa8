package org.jumbocap.checksum;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.jumbocap.buffer.FrameBuffer;

/**
 * The Internet checksum (RFC 1071) of transport layers and the verdict on it, jumbo-aware.
 *
 * <p>The pseudo-header length is added as a 32-bit value for IPv6 (RFC 2675 section 4, RFC 8200
 * section 8.1) and for IPv4 too: the Linux kernel's {@code csum_tcpudp_nofold} adds the length as a
 * 32-bit number, so an IPv4 BIG TCP super-packet longer than 65535 bytes is summed with its real length
 * and folded, which is what {@link #pseudoHeaderSum} does.
 *
 * <p>A sending host with checksum offload leaves in a TCP or UDP super-packet's checksum field only the
 * folded pseudo-header sum (the kernel's CHECKSUM_PARTIAL state: {@code th->check = ~tcp_v6_check(len,
 * saddr, daddr, 0)}), for the NIC or the segmentation code to finish. A capture taken on that host sees
 * that value; {@link #OFFLOADED} names it instead of calling it bad.
 *
 * <p>When the snaplen cut the segment, the payload cannot be summed, but the offload judgement does not need
 * it: the partial state depends only on the addresses, the protocol and the real upper-layer length, all
 * known. {@link #check(FrameBuffer, int, long, int, long, boolean, boolean)} therefore says {@link #OFFLOADED}
 * for a cut segment whose field is that sum, but only on a super-packet, one whose IP length field could
 * not hold its length ({@code JumboRules} found it: RFC 2675, IPv6 payload length 0, IPv4 total length 0).
 * Why only there: a checksum completed by a NIC or by software is {@code ~fold(pseudo + segment)}, which
 * for arbitrary payload bytes equals {@code fold(pseudo)} about once in 65535 segments. That is rare but not
 * astronomically so: on an ordinary cut frame (a receiving host, a snaplen of 96) a capture of a few
 * million frames would label dozens of complete checksums "offloaded" without a byte to support it. A
 * super-packet never crosses a wire in that form: it exists only before segmentation (GSO/TSO, the kernel
 * writes {@code ~tcp_v6_check(len, saddr, daddr, 0)}) or after aggregation (GRO, whose {@code
 * tcp6_gro_complete} and {@code tcp4_gro_complete} write the same value), so its field is the pseudo-header
 * sum by construction and a coincidence needs a real RFC 2675 jumbogram with a complete checksum on a link
 * with an MTU above 64 KiB as well as the 1-in-65535 draw. A cut segment whose field is any other value
 * stays {@link #NOT_CHECKED}: a complete checksum cannot be told from a wrong one without the payload.
 *
 * <p>The integer codes are Wireshark's {@code checksum.status} values; {@link #OFFLOADED} is jumbocap's own.
 */
public enum ChecksumVerdict {
    BAD(0, "Bad"),
    GOOD(1, "Good"),
    /** Not all the bytes the checksum covers were captured, or no IP layer gave a pseudo-header. */
    NOT_CHECKED(2, "Unverified"),
    /** The sender chose not to compute one (IPv4 UDP checksum 0). */
    NOT_PRESENT(3, "Not present"),
    /** The field holds the pseudo-header sum a NIC or the segmentation code completes later. */
    OFFLOADED(5, "Offloaded (left for the NIC to complete)");

    /** Ranges up to this many bytes (IP headers, pseudo-header addresses) are summed through the view. */
    private static final int SMALL_SUM = 64;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final int code;
    private final String label;

    ChecksumVerdict(int code, String label) {
        this.code = code;
        this.label = label;
    }

    /** The {@code *.checksum.status} value. */
    public int code() {
        return code;
    }

    public String label() {
        return label;
    }

    /** Names of the status codes, for the {@code *.checksum.status} fields. */
    public static java.util.Map<Long, String> valueNames() {
        java.util.Map<Long, String> names = new java.util.HashMap<>();
        for (ChecksumVerdict v : values()) {
            names.put((long) v.code, v.label);
        }
        return names;
    }

    /**
     * The outcome of checking one checksum field.
     *
     * @param verdict  the verdict
     * @param field    the value found in the checksum field
     * @param expected the value a complete checksum would have (meaningful for GOOD, BAD and OFFLOADED); -1
     *                 when it could not be computed (not all bytes captured)
     */
    public record Result(ChecksumVerdict verdict, int field, int expected) {
    }

    /**
     * Unfolded one's-complement sum of {@code length} captured bytes from {@code offset}, as big-endian
     * 16-bit words counted from {@code offset} (an odd last byte is the high half of a word). Reads the
     * frame's array in place, eight bytes a step, summing 32-bit halves: the result is not the word-by-word
     * total but folds ({@link #fold}) to the same 16 bits, since 2^16 is 1 modulo 0xFFFF. The caller checks
     * {@link FrameBuffer#has} first.
     */
    public static long sum(FrameBuffer buffer, int offset, int length) {
        if (length <= 0) {
            return 0;
        }
        if (!buffer.has(offset, length)) {
            throw new IllegalArgumentException("range [" + offset + ", +" + length + ") not captured");
        }
        if (length <= SMALL_SUM) {
            // headers and addresses: read through the view, so a frame's unread tail stays unread
            long total = 0;
            int i = offset;
            for (int end = offset + length; i <= end - 2; i += 2) {
                total += buffer.u16(i);
            }
            if (i < offset + length) {
                total += buffer.u8(i) << 8;
            }
            return total;
        }
        if (buffer.loadedLength() < offset + length) {
            // a frame whose tail is still in the file (a super-packet): summed where it lies, so the payload
            // is never copied into the heap
            long inPlace = buffer.sumInPlace(offset, length);
            if (inPlace >= 0) {
                return inPlace;
            }
        }
        return sum(buffer.array(), buffer.arrayOffset() + offset, length);
    }

    /** Unfolded one's-complement sum of {@code data[from, from + length)}; see {@link #sum(FrameBuffer, int, int)}. */
    public static long sum(byte[] data, int from, int length) {
        long high = 0;
        long low = 0;
        int i = from;
        int end = from + length;
        // Each step adds two values below 2^32 to each accumulator; 2^30 steps (8 GiB) cannot overflow.
        for (; i <= end - 16; i += 16) {
            long a = (long) LONGS.get(data, i);
            long b = (long) LONGS.get(data, i + 8);
            high += (a >>> 32) + (b >>> 32);
            low += (a & 0xFFFFFFFFL) + (b & 0xFFFFFFFFL);
        }
        for (; i <= end - 8; i += 8) {
            long a = (long) LONGS.get(data, i);
            high += a >>> 32;
            low += a & 0xFFFFFFFFL;
        }
        long total = high + low;
        for (; i <= end - 2; i += 2) {
            total += ((data[i] & 0xFF) << 8) | (data[i + 1] & 0xFF);
        }
        if (i < end) {
            total += (data[i] & 0xFF) << 8;
        }
        return total;
    }

    /** Folds a sum to 16 bits with end-around carry (not complemented). */
    public static int fold(long sum) {
        return FrameBuffer.fold(sum);
    }

    /**
     * Unfolded sum of the pseudo-header: source and destination addresses (4 or 16 bytes each), the
     * protocol, and the upper-layer length as a 32-bit value.
     */
    public static long pseudoHeaderSum(byte[] source, byte[] destination, int protocol, long upperLayerLength) {
        return sum(source, 0, source.length) + sum(destination, 0, destination.length)
                + pseudoHeaderSum(protocol, upperLayerLength);
    }

    /** The pseudo-header's protocol and 32-bit length words, without the addresses. */
    public static long pseudoHeaderSum(int protocol, long upperLayerLength) {
        return (protocol & 0xFF) + ((upperLayerLength >>> 16) & 0xFFFF) + (upperLayerLength & 0xFFFF);
    }

    /**
     * Checks a checksum covering {@code length} bytes from {@code offset} (the checksum field among them
     * at {@code fieldOffset}) plus a pseudo-header sum (0 when the protocol has none).
     *
     * @param offloadable true for TCP and UDP, whose senders may leave the pseudo-header sum for the NIC
     */
    public static Result check(FrameBuffer buffer, int offset, long length, int fieldOffset, long pseudoSum,
                               boolean offloadable) {
        return check(buffer, offset, length, fieldOffset, pseudoSum, offloadable, false);
    }

    /**
     * As {@link #check(FrameBuffer, int, long, int, long, boolean)}, and when the bytes were not all captured,
     * {@link #OFFLOADED} (with no expected value, -1) if the packet is a super-packet and the field is the
     * folded pseudo-header sum; see the class comment for why only super-packets.
     *
     * @param superPacket the IP layer could not state the length in its own field (a jumbo kind)
     */
    public static Result check(FrameBuffer buffer, int offset, long length, int fieldOffset, long pseudoSum,
                               boolean offloadable, boolean superPacket) {
        int field = buffer.u16(fieldOffset);
        if (length < 0 || length > Integer.MAX_VALUE || !buffer.has(offset, (int) length)) {
            boolean partialState = offloadable && superPacket && sameOnesComplement(field, fold(pseudoSum));
            return new Result(partialState ? OFFLOADED : NOT_CHECKED, field, -1);
        }
        long total = pseudoSum + sum(buffer, offset, (int) length);
        int withField = fold(total);
        // The sum without the field: adding the one's complement of a value subtracts it.
        int expected = ~fold(total + (~field & 0xFFFF)) & 0xFFFF;
        return new Result(verdict(field, withField, pseudoSum, offloadable), field, expected);
    }

    /**
     * The verdict that needs no byte of the covered data: OFFLOADED when the field holds the folded
     * pseudo-header sum (CHECKSUM_PARTIAL, left for the NIC), else NOT_CHECKED. {@link #check} would say
     * GOOD or BAD for the latter and, for a payload that sums to zero, GOOD where this says OFFLOADED.
     */
    public static Result judgeOffload(FrameBuffer buffer, int fieldOffset, long pseudoSum, boolean offloadable) {
        int field = buffer.u16(fieldOffset);
        return new Result(offloadable && isOffloaded(field, pseudoSum) ? OFFLOADED : NOT_CHECKED, field, -1);
    }

    /** True when a checksum field holds the folded pseudo-header sum: left for the NIC to complete. */
    public static boolean isOffloaded(int field, long pseudoSum) {
        return sameOnesComplement(field, fold(pseudoSum));
    }

    /**
     * Whether a checksum judged {@link #BAD} becomes right once one 16-bit word it covers changes, as an
     * outer tunnel checksum computed with local checksum offload (LCO) is right only for the packet the NIC
     * will send, after it completes the inner offloaded checksum.
     *
     * @param oddAlignment the word starts an odd number of bytes after the first byte the checksum covers
     */
    public static boolean goodAfterReplacing(Result r, int oldWord, int newWord, boolean oddAlignment) {
        if (r.expected() < 0) {
            return false;
        }
        int from = oddAlignment ? FrameBuffer.swapBytes(oldWord) : oldWord;
        int to = oddAlignment ? FrameBuffer.swapBytes(newWord) : newWord;
        long sumWithoutField = ~r.expected() & 0xFFFF;
        return fold(sumWithoutField + r.field() + (~from & 0xFFFF) + to) == 0xFFFF;
    }

    /**
     * A 16-bit word with its bytes exchanged: the folded sum of bytes that start an odd number of bytes
     * into a checksummed range, as that range's words see them (RFC 1071 section 2(B)).
     */
    public static int swapBytes(int word) {
        return FrameBuffer.swapBytes(word);
    }

    /**
     * The verdict from the folded sum over everything including the field ({@code 0xFFFF} when right).
     */
    static ChecksumVerdict verdict(int field, int foldedWithField, long pseudoSum, boolean offloadable) {
        if (foldedWithField == 0xFFFF) {
            return GOOD;
        }
        if (offloadable && sameOnesComplement(field, fold(pseudoSum))) {
            return OFFLOADED;
        }
        return BAD;
    }

    /** 0x0000 and 0xFFFF are both zero in one's complement. */
    static boolean sameOnesComplement(int a, int b) {
        return a == b || (a == 0 || a == 0xFFFF) && (b == 0 || b == 0xFFFF);
    }
}
