package org.jumbocap.dissect;

import org.jumbocap.buffer.FrameBuffer;

/**
 * A protocol over TCP whose messages (PDUs) may run across segments and super-packets: it tells where a
 * message ends from its header, so TCP reassembly can gather a message whole and decode it once, in the
 * frame that completes it (Wireshark's {@code tcp_dissect_pdus} with its {@code get_pdu_len}). The
 * reassembly itself is TCP's; the protocol only measures.
 */
public interface StreamPduDissector extends Dissector {
    /** {@link #pduLength}: the bytes at hand do not hold enough of the header to tell. */
    long NEED_MORE = 0;
    /** {@link #pduLength}: the bytes do not start a message of this protocol. */
    long NOT_A_BOUNDARY = -1;

    /**
     * The length of the message that starts at {@code offset}, its header included, read from the first of
     * the {@code available} captured bytes; {@link #NEED_MORE} or {@link #NOT_A_BOUNDARY}. Reads only
     * those bytes and adds nothing anywhere.
     */
    long pduLength(FrameBuffer b, int offset, int available);

    /**
     * What the protocol keeps per conversation to measure its messages, shared by both directions (HTTP: the
     * requests not yet answered, as the response to a HEAD has no body); null, the default, for nothing.
     */
    default Object conversationMemory() {
        return null;
    }

    /**
     * What the protocol keeps for one direction of the conversation, made once per direction from the
     * conversation's memory (which it may hold on to, to see the other direction's); when not null it is
     * the {@code memory} given to this direction's {@link #pduLength}, {@link #measured} and
     * {@link #conversationState} instead of the shared one (HTTP/2: each direction's HPACK table). Null, the
     * default, for nothing of its own.
     */
    default Object directionMemory(Object conversationMemory) {
        return null;
    }

    /** {@link #pduLength(FrameBuffer, int, int)} with the conversation's memory (null when it keeps none). */
    default long pduLength(FrameBuffer b, int offset, int available, Object memory) {
        return pduLength(b, offset, available);
    }

    /**
     * Tells the protocol a message of the conversation was taken whole, in stream order ({@code available}
     * of its first bytes at {@code offset}), so it can update the memory later measures read.
     */
    default void measured(FrameBuffer b, int offset, int available, Object memory) {
    }

    /**
     * True when, out of step after a gap, the next message boundary is looked for in every later segment,
     * not only in one the protocol's heuristic takes (HTTP/2: a frame header does not say HTTP/2 as a TLS
     * record header says TLS; only the connection's preface did, so a segment after a gap is never taken).
     * False, the default: a stream a heuristic once mistook is not searched byte by byte ever after.
     */
    default boolean searchesAfterGap() {
        return false;
    }

    /**
     * Tells the protocol bytes of the direction were passed over without being measured (a segment not
     * captured, a message longer than the reassembly's bound, bytes that were no message), so what its memory
     * draws from the stream may no longer hold (HTTP/2: the HPACK table a lost header block changed).
     */
    default void lost(Object memory) {
    }

    /**
     * What the conversation's memory tells the decode of a segment, as an immutable value taken before the
     * segment's own messages are measured (TLS: the version the Server Hello chose, which the later records'
     * headers do not say); null, the default, for nothing. A segment given a state gets a plan, so its decode
     * sees it on whatever thread and whenever it runs.
     */
    default Object conversationState(Object memory) {
        return null;
    }
}
