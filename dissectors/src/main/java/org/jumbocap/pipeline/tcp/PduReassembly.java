package org.jumbocap.pipeline.tcp;

import java.util.Arrays;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.dissect.StreamPduDissector;

/**
 * TCP reassembly of one direction of a stream for the protocol above it (Wireshark's desegmentation):
 * fed each segment in capture order, it follows the message boundaries the protocol measures
 * ({@link StreamPduDissector#pduLength}), gathers a message that runs past its segment until the segment
 * that completes it, and tells each segment's decode what its payload holds ({@link SegmentPlan}).
 *
 * <p>A gap (a segment not captured, a payload cut by the snap length, a capture that began mid-stream)
 * drops the message being gathered; decoding resumes at the next boundary the protocol finds, and the
 * plan says how many bytes were passed over. A retransmission of bytes already seen is segment data:
 * its messages were decoded where they first came. What is held is bounded by {@link ReassemblyBudget}: a message longer
 * than the per-stream bound, or one that would pass the total, is passed over by its length and not
 * gathered. Nothing is ever allocated from a length read in a packet: the buffer grows with the bytes that
 * arrive.
 */
final class PduReassembly {
    /** Bytes appended at a time while a message's header is incomplete and its length unknown. */
    private static final int HEADER_CHUNK = 1024;
    /** Messages after a boundary candidate that make it one, so the search stays linear in the segment. */
    private static final int CHAIN = 4;

    private final ReassemblyBudget budget;
    /** The conversation's memory for the protocol, shared with the other direction; null until the protocol is known. */
    private final Object[] memory;
    private StreamPduDissector dissector;
    /** The protocol's memory for this direction alone ({@link StreamPduDissector#directionMemory}), or null. */
    private Object ownMemory;
    /** The next byte expected (raw sequence number); -1 before the first segment. */
    private long nextSeq = -1;
    /** The next byte in order starts a message or continues the one gathered or passed over. */
    private boolean synced;
    private byte[] pending = new byte[0];
    private int pendingLength;
    /** The gathered message's length once its header told it, else -1; 0 when none is gathered. */
    private long pendingTotal;
    private long[] frames = new long[0];
    private int[] frameBytes = new int[0];
    private int frameCount;
    /** Bytes of a message too long to gather still to pass over, and that message's length. */
    private long passOver;
    private long passOverLength = -1;
    /** Budget held: the buffer's and the segment list's capacity. */
    private long charged;

    /** @param memory a one-slot holder of the conversation's memory for the protocol, shared by both directions */
    PduReassembly(ReassemblyBudget budget, Object[] memory) {
        this.budget = budget;
        this.memory = memory;
    }

    private long measure(FrameBuffer b, int at, int available) {
        return dissector.pduLength(b, at, available, memory());
    }

    /** The memory the protocol reads and writes for this direction: its own, else the conversation's. */
    private Object memory() {
        return ownMemory != null ? ownMemory : memory[0];
    }

    /**
     * Takes the next segment of the direction.
     *
     * @param chosen   the protocol the segment's own decode chose for its payload, or null
     * @param payload  frame offset of the payload
     * @param length   the payload's length as the headers give it
     * @return the plan for the segment's decode, or null when its payload is decoded as it comes
     */
    SegmentPlan feed(StreamPduDissector chosen, FrameBuffer b, long frame, long seq, int payload, long length) {
        if (dissector == null) {
            if (chosen == null) {
                return null;
            }
            dissector = chosen;
            if (memory[0] == null) {
                memory[0] = chosen.conversationMemory();
            }
            ownMemory = chosen.directionMemory(memory[0]);
        }
        if (length <= 0) {
            return null;
        }
        if (nextSeq >= 0 && seq != nextSeq) {
            if (Seq.lt(seq, nextSeq)) {
                if (Seq.le(Seq.add(seq, length & Seq.MASK), nextSeq)) {
                    // a retransmission of bytes already followed: its messages were decoded where they first
                    // came, so the payload is segment data, as tshark shows it (TCP, not the protocol again)
                    return SegmentPlan.retransmission(dissector, dissector.conversationState(memory()));
                }
            }
            lose();
        }
        // taken after a gap was told (lost), so the segment's decode starts from what the protocol knows now
        Object state = dissector.conversationState(memory());
        if (nextSeq < 0) {
            synced = false;
        }
        nextSeq = Seq.add(seq, length & Seq.MASK);
        if (!synced && chosen == null && !dissector.searchesAfterGap()) {
            // out of step, and the segment's own decode did not take it for the protocol (a heuristic one that
            // found no message header at its start): the next boundary is looked for only where it does, so
            // a stream a heuristic once mistook is not searched byte by byte ever after
            return null;
        }
        int captured = (int) Math.min(Math.max(0, b.remaining(payload)), length);

        int pos = 0;
        byte[] reassembled = null;
        long[] fromFrames = null;
        int[] fromBytes = null;
        long tooLong = -1;
        if (passOver > 0) {
            long n = Math.min(passOver, captured);
            passOver -= n;
            pos = (int) n;
            tooLong = passOverLength;
        } else if (pendingTotal != 0) {
            int before = pendingLength;
            int took = gather(b, payload, captured, frame);
            long total = pendingTotal > 0 ? pendingTotal : measure(FrameBuffer.wrap(pending), 0, pendingLength);
            if (total == StreamPduDissector.NOT_A_BOUNDARY) {
                drop();
                synced = false;
                dissector.lost(memory());
            } else if (total == StreamPduDissector.NEED_MORE) {
                if (took < captured) {
                    // the bound stopped the header short: it cannot be measured
                    tooLong = pendingLength;
                    dissector.lost(memory());
                    drop();
                    synced = false;
                }
                pos = took;
            } else if (total > budget.perStream() || total > pending.length && !grow(total)) {
                tooLong = total;
                dissector.lost(memory());
                long used = Math.min(total - before, captured);
                passOver = total - before - used;
                passOverLength = total;
                pos = (int) used;
                drop();
            } else if (pendingLength + (captured - took) >= total || pendingLength >= total) {
                int used = (int) (total - before);
                if (took < used) {
                    copy(b, payload + took, pending, pendingLength, used - took);
                    pendingLength += used - took;
                }
                frameBytes[frameCount - 1] = used;
                reassembled = Arrays.copyOf(pending, (int) total);
                dissector.measured(FrameBuffer.wrap(reassembled), 0, reassembled.length, memory());
                fromFrames = Arrays.copyOf(frames, frameCount);
                fromBytes = Arrays.copyOf(frameBytes, frameCount);
                pos = used;
                drop();
            } else {
                pendingTotal = total;
                int more = captured - took;
                if (more > 0) {
                    copy(b, payload + took, pending, pendingLength, more);
                    pendingLength += more;
                    frameBytes[frameCount - 1] += more;
                }
                pos = captured;
            }
        }

        int skipped = 0;
        if (!synced && pos < captured && passOver == 0 && pendingTotal == 0) {
            int found = boundary(b, payload, pos, captured);
            skipped = (found < 0 ? captured : found) - pos;
            if (skipped > 0) {
                dissector.lost(memory());
            }
            pos = found < 0 ? captured : found;
            synced = found >= 0;
        }
        int ownStart = pos;
        long ownEnd = captured;
        if (synced && passOver == 0 && pendingTotal == 0) {
            long p = pos;
            while (p < captured) {
                long n = measure(b, payload + (int) p, (int) (captured - p));
                if (n == StreamPduDissector.NOT_A_BOUNDARY) {
                    // the stream no longer makes sense: the rest is not decoded, and the next segment looks
                    // for a boundary again
                    synced = false;
                    ownEnd = p;
                    dissector.lost(memory());
                    break;
                }
                if (n != StreamPduDissector.NEED_MORE && p + n <= captured) {
                    dissector.measured(b, payload + (int) p, (int) n, memory());
                    p += n;
                    continue;
                }
                ownEnd = p;
                if (n > budget.perStream()) {
                    tooLong = n;
                    dissector.lost(memory());
                    passOver = n - (captured - p);
                    passOverLength = n;
                } else {
                    pendingTotal = n == StreamPduDissector.NEED_MORE ? -1 : n;
                    if (gather(b, payload + (int) p, (int) (captured - p), frame) < captured - p) {
                        tooLong = Math.max(n, pendingLength);
                        dissector.lost(memory());
                        drop();
                        synced = false;
                    }
                }
                break;
            }
        }
        if (captured < length) {
            // the rest of the payload was not captured: whatever was being gathered cannot complete
            lose();
            ownEnd = Math.min(ownEnd, captured);
        }
        if (reassembled == null && ownStart == 0 && ownEnd >= length && skipped == 0 && tooLong < 0 && state == null) {
            return null;
        }
        return new SegmentPlan(dissector, ownStart, ownEnd, reassembled, fromFrames, fromBytes, skipped, tooLong, state);
    }

    /**
     * Appends the segment's bytes to the message being gathered: those it still needs when its length is
     * known, else up to the header's chunk (more while it cannot be measured); returns how many.
     */
    private int gather(FrameBuffer b, int at, int available, long frame) {
        if (frameCount == frames.length) {
            int more = Math.max(4, frameCount);
            if (!take((long) more * ReassemblyBudget.SEGMENT_COST)) {
                return 0;
            }
            frames = Arrays.copyOf(frames, frameCount + more);
            frameBytes = Arrays.copyOf(frameBytes, frameCount + more);
        }
        frames[frameCount] = frame;
        frameBytes[frameCount] = 0;
        frameCount++;
        int took = 0;
        while (took < available) {
            long want = pendingTotal > 0 ? Math.min(available - took, pendingTotal - pendingLength)
                    : Math.min(available - took, HEADER_CHUNK);
            if (want <= 0 || !grow((long) pendingLength + want)) {
                break;
            }
            copy(b, at + took, pending, pendingLength, (int) want);
            pendingLength += (int) want;
            took += (int) want;
            if (pendingTotal > 0) {
                break;
            }
            long n = measure(FrameBuffer.wrap(pending), 0, pendingLength);
            if (n != StreamPduDissector.NEED_MORE) {
                break;
            }
        }
        frameBytes[frameCount - 1] = took;
        return took;
    }

    /** Makes room for {@code size} bytes in the buffer, doubling within the budget; false past a bound. */
    private boolean grow(long size) {
        if (size <= pending.length) {
            return true;
        }
        long capacity = Math.min(Math.max(size, Math.max(64, 2L * pending.length)), budget.perStream());
        if (capacity < size || !take(capacity - pending.length)) {
            return false;
        }
        pending = Arrays.copyOf(pending, (int) capacity);
        return true;
    }

    private boolean take(long bytes) {
        if (!budget.take(charged, bytes)) {
            return false;
        }
        charged += bytes;
        return true;
    }

    private static void copy(FrameBuffer b, int at, byte[] to, int toAt, int n) {
        System.arraycopy(b.bytes(at, n), 0, to, toAt, n);
    }

    /**
     * The first offset from {@code from} where a message starts and is followed by messages up to the
     * segment's end, or by {@link #CHAIN} of them: one header-like run of bytes is not enough.
     */
    private int boundary(FrameBuffer b, int payload, int from, int captured) {
        for (int p = from; p < captured; p++) {
            long n = measure(b, payload + p, captured - p);
            if (n == StreamPduDissector.NEED_MORE) {
                // a header begun in the segment's last bytes: the next segment tells
                return p;
            }
            if (n < 0) {
                continue;
            }
            long q = p + n;
            boolean chained = true;
            for (int k = 0; k < CHAIN && q < captured; k++) {
                long m = measure(b, payload + (int) q, (int) (captured - q));
                if (m == StreamPduDissector.NOT_A_BOUNDARY) {
                    chained = false;
                    break;
                }
                if (m == StreamPduDissector.NEED_MORE) {
                    break;
                }
                q += m;
            }
            if (chained) {
                return p;
            }
        }
        return -1;
    }

    /** A gap: the message being gathered or passed over cannot complete. */
    private void lose() {
        if (dissector != null) {
            dissector.lost(memory());
        }
        drop();
        passOver = 0;
        passOverLength = -1;
        synced = false;
    }

    /** Forgets the message being gathered and gives its memory back. */
    private void drop() {
        pendingLength = 0;
        pendingTotal = 0;
        frameCount = 0;
        pending = new byte[0];
        frames = new long[0];
        frameBytes = new int[0];
        budget.give(charged);
        charged = 0;
    }

    /** Gives back what is held, when the stream is forgotten. */
    void release() {
        drop();
    }
}
