package org.jumbocap.proto.http2;

import java.util.Map;
import java.util.Set;

/**
 * What one direction of an HTTP/2 connection carries from one TCP segment to the next, as an immutable
 * value a segment's plan holds ({@code StreamPduDissector.conversationState}): whether anything of it was
 * followed yet, whether its HPACK state is
 * known (the direction was followed from its connection preface and every header block decoded), its
 * dynamic table, the decoding side's SETTINGS_HEADER_TABLE_SIZE, a header block still awaiting its
 * CONTINUATION frames, each open stream's media type (for the Info column when the stream ends), the
 * streams that carry gRPC and where each stream's current gRPC message stands.
 */
record Http2State(boolean started, boolean hpackKnown, Hpack.Table table, long peerTableSetting, byte[] pendingBlock, int pendingStream,
                  Map<Integer, String> mediaTypes, Set<Integer> grpcStreams, Map<Integer, GrpcProgress> grpc) {

    /** A direction nothing of which was followed yet: its first frame tells whether it is its start. */
    static final Http2State NOT_STARTED = new Http2State(false, false, Hpack.Table.INITIAL, Hpack.DEFAULT_TABLE_SIZE, null, 0,
            Map.of(), Set.of(), Map.of());
    /** A direction whose start was not seen: nothing is known of its header compression. */
    static final Http2State UNKNOWN = new Http2State(true, false, Hpack.Table.INITIAL, Hpack.DEFAULT_TABLE_SIZE, null, 0,
            Map.of(), Set.of(), Map.of());
    /** A direction from its connection preface on. */
    static final Http2State START = new Http2State(true, true, Hpack.Table.INITIAL, Hpack.DEFAULT_TABLE_SIZE, null, 0,
            Map.of(), Set.of(), Map.of());

    /**
     * Where a gRPC message stands at the end of a DATA frame: the prefix bytes read so far (up to 5), and
     * once the prefix is whole, the message's flag, length and the bytes of it still to come.
     */
    record GrpcProgress(int prefixRead, long prefix, int flag, long length, long remaining) {
    }
}
