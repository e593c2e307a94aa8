package org.jumbocap.crafted;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;

/**
 * HTTP/2's hostile cases: HPACK blocks that must fail (bad index, integer overflow, Huffman EOS and bad
 * padding, strings past the block, size updates out of place or past the cap), frames whose lengths lie,
 * padding as long as the frame, a header block over CONTINUATION frames past the bound and one that
 * decodes to more than the shown bound, both in BIG TCP super-packets; and gRPC messages across DATA frames.
 * Every segment starts with the client's connection preface, so a frame decoded alone knows its HPACK state.
 */
public final class Http2CraftedCases implements CraftedCaseSource {
    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int SERVER_PORT = 50051;

    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        hpackCases(out);
        frameCases(out);
        boundCases(out);
        grpcCases(out);
        return out;
    }

    /** An HTTP/2 frame. */
    public static byte[] frame(int type, int flags, int stream, byte[] payload) {
        return Bytes.of().u8(payload.length >>> 16).u16(payload.length & 0xFFFF).u8(type).u8(flags).u32(stream)
                .bytes(payload).toArray();
    }

    private static byte[] hex(String hex) {
        return java.util.HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    /** The client's side of its own connection: a TCP segment from {@code clientPort} to 50051 over IPv4. */
    public static byte[] segment(int clientPort, byte[]... parts) {
        Bytes payload = Bytes.of();
        for (byte[] p : parts) {
            payload.bytes(p);
        }
        byte[] seg = withChecksum(tcp(clientPort, SERVER_PORT, 1, 1, 0x018, new byte[0], payload.toArray()), 16, TCP, V4_SRC,
                V4_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV4, ipv4(TCP, V4_SRC, V4_DST, seg, false));
    }

    /** As {@link #segment}, an IPv6 BIG TCP super-packet (a jumbogram). */
    public static byte[] superPacket(int clientPort, byte[]... parts) {
        Bytes payload = Bytes.of();
        for (byte[] p : parts) {
            payload.bytes(p);
        }
        byte[] seg = withChecksum(tcp(clientPort, SERVER_PORT, 1, 1, 0x018, new byte[0], payload.toArray()), 16, TCP, V6_SRC,
                V6_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV6, ipv6(TCP, V6_SRC, V6_DST, seg, true));
    }

    private static byte[] settings() {
        return frame(4, 0, 0, new byte[0]);
    }

    /** A request whose header block is {@code block} (stream 1), then a good one (stream 3) that needs the state. */
    private static byte[] request(int port, String block) {
        return segment(port, PREFACE, settings(), frame(1, 0x5, 1, hex(block)), frame(1, 0x5, 3, hex("82 86 84 41 8c f1e3 c2e5 f23a 6ba0 ab90 f4ff")));
    }

    private static void hpackCases(List<CraftedCase> out) {
        String[] blocks = {
                "80",                       // index 0
                "ff49",                     // index 200: past the static and the (empty) dynamic table
                "ff ffffffffffff 01",       // an integer of more than 28 bits
                "00 84 ffffffff 00",        // a Huffman name holding EOS
                "00 81 00 00",              // Huffman padding of zeros
                "00 82 1fff 00",            // Huffman padding of 11 bits
                "00 7f 00 6162",            // a name of 127 bytes in a block of 6
                "82 3fe11f",                // a size update after a field
                "3f e2 ff 03",              // a size update to 65,537, past the cap
        };
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < blocks.length; i++) {
            frames.add(request(51000 + i, blocks[i]));
        }
        // a size update to 8,192 over the default SETTINGS_HEADER_TABLE_SIZE of 4,096: reported, and followed
        frames.add(segment(51100, PREFACE, settings(), frame(1, 0x5, 1, hex("3fe13f 82 86 84"))));
        out.add(new CraftedCase("http2-hpack-hostile", "HTTP/2 requests whose HPACK blocks fail (index 0, index 200, an "
                + "integer past 2^28, Huffman EOS, Huffman padding of zeros and of 11 bits, a string past the block, a size "
                + "update after a field and one past 64 KiB), each followed by a good request the lost state cannot decode, "
                + "and a size update past the peer's setting", LinkTypes.ETHERNET, frames, null,
                List.of("http2.hpack.error", "http2.hpack.state_unknown", "http2.hpack.table_size_over_setting")));
    }

    private static void frameCases(List<CraftedCase> out) {
        List<byte[]> frames = new ArrayList<>();
        int port = 52000;
        frames.add(segment(port++, PREFACE, frame(6, 0, 0, hex("0102030405"))));              // PING of 5 bytes
        frames.add(segment(port++, PREFACE, frame(4, 0, 0, hex("00010000100000"))));          // SETTINGS of 7 bytes
        frames.add(segment(port++, PREFACE, frame(8, 0, 1, hex("000001"))));                  // WINDOW_UPDATE of 3
        frames.add(segment(port++, PREFACE, frame(3, 0, 1, new byte[0])));                    // RST_STREAM of 0
        frames.add(segment(port++, PREFACE, frame(2, 0, 1, hex("00000003"))));                // PRIORITY of 4
        frames.add(segment(port++, PREFACE, frame(7, 0, 0, hex("00000001"))));                // GOAWAY of 4
        frames.add(segment(port++, PREFACE, frame(0, 0x8, 1, hex("c8 616263646566676869")))); // DATA: pad 200 of 10
        frames.add(segment(port++, PREFACE, frame(1, 0x0c, 1, hex("05 8286")))); // HEADERS: pad 5 of 3
        frames.add(segment(port++, PREFACE, frame(1, 0x24, 1, hex("000003"))));  // HEADERS: PRIORITY in 3 bytes
        frames.add(segment(port++, PREFACE, frame(9, 0x4, 1, hex("828684"))));   // CONTINUATION with no HEADERS
        frames.add(segment(port++, PREFACE, frame(0, 0, 1, new byte[40]), hex("004000 00 00 00000001 0102030405"))); // 16 KB claimed, 5 here
        frames.add(segment(port++, PREFACE, hex("000000")));                     // a frame header cut after 3 bytes
        frames.add(segment(port, PREFACE, frame(0x0f, 0xff, 7, hex("deadbeef")))); // an unknown type, every flag
        out.add(new CraftedCase("http2-frames-lie", "HTTP/2 frames whose lengths are wrong for their type (PING of 5, "
                + "SETTINGS of 7, WINDOW_UPDATE of 3, RST_STREAM of 0, PRIORITY of 4, GOAWAY of 4), padding as long as the "
                + "frame (DATA, HEADERS), a HEADERS whose priority fields pass its end, a CONTINUATION with no HEADERS "
                + "before it, a frame running past the segment, a header cut after 3 bytes, and a frame of an unknown type",
                LinkTypes.ETHERNET, frames, null, List.of("http2.length.bad", "http2.padding.bad",
                "http2.hpack.state_unknown", "http2.frame.continues")));
    }

    private static void boundCases(List<CraftedCase> out) {
        // a header block of 16,384 + 4 x 16,384 bytes: literal fields without indexing, 'x' names of 16,000-byte values
        Bytes fragment = Bytes.of();
        while (fragment.size() + 16_006 <= 16_384) {
            fragment.bytes(hex("00 01 78 7f 81 7c")).bytes(new byte[16_000]);
        }
        byte[] piece = java.util.Arrays.copyOf(fragment.toArray(), 16_384);
        List<byte[]> parts = new ArrayList<>(List.of(PREFACE, settings(), frame(1, 0x1, 1, piece)));
        for (int i = 0; i < 4; i++) {
            parts.add(frame(9, i == 3 ? 0x4 : 0, 1, piece));
        }
        // the block lost, the next request's cannot be decoded
        parts.add(frame(1, 0x5, 3, hex("828684")));
        byte[] tooLongBlock = superPacket(53000, parts.toArray(new byte[0][]));
        // a block of 600 bytes that decodes to 403,300: one 4,000-byte value indexed, then named 99 times
        Bytes big = Bytes.of().bytes(hex("40 01 78 7f a1 1e")).bytes(new byte[4000]);
        for (int i = 0; i < 99; i++) {
            big.u8(0xbe);
        }
        byte[] tooLongList = segment(53001, PREFACE, settings(), frame(1, 0x5, 1, big.toArray()));
        out.add(new CraftedCase("http2-header-bounds", "A BIG TCP super-packet whose header block runs over four "
                + "CONTINUATION frames to 81,920 bytes, past the 64 KiB gathered (the next request's block then undecodable), and a 4,105-byte block that decodes to "
                + "403 KB of header list (a 4,000-byte value indexed and named 99 times), past the 256 KiB shown",
                LinkTypes.ETHERNET, List.of(tooLongBlock, tooLongList), null,
                List.of("http2.header.block_too_large", "http2.header.too_large", "http2.hpack.state_unknown")));
    }

    /** A gRPC message: flag, 32-bit length, {@code length} bytes of a counting pattern. */
    static byte[] grpcMessage(int flag, int length) {
        Bytes b = Bytes.of().u8(flag).u32(length);
        for (int i = 0; i < length; i++) {
            b.u8(i * 7 + 1);
        }
        return b.toArray();
    }

    private static void grpcCases(List<CraftedCase> out) {
        // :method POST, :scheme http, :path /echo.Echo/Say (literal), content-type application/grpc (literal, indexed name 31)
        byte[] block = Bytes.of().hex("83 86 44 0e").bytes("/echo.Echo/Say".getBytes(StandardCharsets.US_ASCII))
                .hex("5f 10").bytes("application/grpc".getBytes(StandardCharsets.US_ASCII)).toArray();
        byte[] messages = Bytes.of().bytes(grpcMessage(0, 3)).bytes(grpcMessage(1, 10)).bytes(grpcMessage(0, 300)).toArray();
        byte[] first = java.util.Arrays.copyOf(messages, 120);
        byte[] rest = java.util.Arrays.copyOfRange(messages, 120, messages.length);
        byte[] frames = Bytes.of().bytes(PREFACE).bytes(settings()).bytes(frame(1, 0x4, 1, block)).bytes(frame(0, 0, 1, first))
                .bytes(frame(0, 0x1, 1, rest)).toArray();
        out.add(new CraftedCase("http2-grpc-messages", "A gRPC request in one segment: HEADERS with content-type "
                + "application/grpc, then three length-prefixed messages (3 bytes, 10 bytes marked compressed, 300 bytes) "
                + "over two DATA frames, the third running from the first into the second", LinkTypes.ETHERNET,
                List.of(segment(54000, frames)), null, List.of()));
    }
}
