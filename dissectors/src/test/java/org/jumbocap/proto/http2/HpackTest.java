package org.jumbocap.proto.http2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The HPACK decoder on RFC 7541's own examples (Appendix C.4 and C.6: Huffman-coded requests, and
 * responses through a 256-byte dynamic table that evicts), then hostile blocks, each a {@link Hpack.Failure}
 * with its reason and never an exception of another kind.
 */
class HpackTest {
    /** The fields decoded as "name: value", and the table's entries after, newest first. */
    private static List<String> decode(Hpack.Decoder decoder, String hex) throws Hpack.Failure {
        byte[] block = HexFormat.of().parseHex(hex.replace(" ", ""));
        List<String> fields = new ArrayList<>();
        decoder.decode(block, 0, block.length, Hpack.DEFAULT_TABLE_SIZE, new Hpack.Sink() {
            @Override
            public void field(String representation, long index, String name, String value, int at, int length) {
                fields.add(name + ": " + value);
            }

            @Override
            public void sizeUpdate(long size, int at, int length) {
                fields.add("size update " + size);
            }

            @Override
            public void sizeOverSetting(long size, long setting) {
                fields.add("over setting " + size + " > " + setting);
            }
        });
        return fields;
    }

    private static List<String> table(Hpack.Decoder decoder) {
        List<String> out = new ArrayList<>();
        Hpack.Table t = decoder.table();
        for (Hpack.Entry e : t.entries) {
            out.add(e.name() + ": " + e.value());
        }
        out.add("size " + t.size);
        return out;
    }

    @Test
    void requestsWithHuffmanC4() throws Exception {
        Hpack.Decoder d = new Hpack.Decoder(Hpack.Table.INITIAL);
        assertEquals(List.of(":method: GET", ":scheme: http", ":path: /", ":authority: www.example.com"),
                decode(d, "8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff"));
        assertEquals(List.of(":authority: www.example.com", "size 57"), table(d));
        assertEquals(List.of(":method: GET", ":scheme: http", ":path: /", ":authority: www.example.com",
                "cache-control: no-cache"), decode(d, "8286 84be 5886 a8eb 1064 9cbf"));
        assertEquals(List.of(":method: GET", ":scheme: https", ":path: /index.html", ":authority: www.example.com",
                "custom-key: custom-value"), decode(d, "8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf"));
        assertEquals(List.of("custom-key: custom-value", "cache-control: no-cache", ":authority: www.example.com", "size 164"),
                table(d));
    }

    @Test
    void responsesWithHuffmanThroughA256ByteTableC6() throws Exception {
        Hpack.Decoder d = new Hpack.Decoder(new Hpack.Table(new Hpack.Entry[0], 0, 256));
        assertEquals(List.of(":status: 302", "cache-control: private", "date: Mon, 21 Oct 2013 20:13:21 GMT",
                "location: https://www.example.com"), decode(d, "4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005"
                + " 9504 0b81 66e0 82a6 2d1b ff6e 919d 29ad 1718 63c7 8f0b 97c8 e9ae 82ae 43d3"));
        assertEquals(List.of("location: https://www.example.com", "date: Mon, 21 Oct 2013 20:13:21 GMT",
                "cache-control: private", ":status: 302", "size 222"), table(d));
        // ":status: 307" does not fit beside the four: the oldest (":status: 302") is evicted
        assertEquals(List.of(":status: 307", "cache-control: private", "date: Mon, 21 Oct 2013 20:13:21 GMT",
                "location: https://www.example.com"), decode(d, "4883 640e ffc1 c0bf"));
        assertEquals(List.of(":status: 307", "location: https://www.example.com", "date: Mon, 21 Oct 2013 20:13:21 GMT",
                "cache-control: private", "size 222"), table(d));
        assertEquals(List.of(":status: 200", "cache-control: private", "date: Mon, 21 Oct 2013 20:13:22 GMT",
                "location: https://www.example.com", "content-encoding: gzip",
                "set-cookie: foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1"),
                decode(d, "88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab 77ad 94e7 821d"
                        + " d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07"));
        assertEquals(List.of("set-cookie: foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1", "content-encoding: gzip",
                "date: Mon, 21 Oct 2013 20:13:22 GMT", "size 215"), table(d));
    }

    private static String failure(String hex) {
        Hpack.Failure f = assertThrows(Hpack.Failure.class, () -> decode(new Hpack.Decoder(Hpack.Table.INITIAL), hex));
        return f.getMessage();
    }

    @Test
    void hostileBlocksAreFailuresWithTheirReason() throws Exception {
        assertEquals("index 0", failure("80"));
        assertTrue(failure("ff49").startsWith("index 200 past the tables"));
        assertEquals("integer overflow", failure("ff ffffffffffff 01"));
        assertEquals("integer cut at the block's end", failure("ff ff"));
        // a Huffman name of four 0xff bytes holds EOS (30 ones)
        assertEquals("EOS symbol in a Huffman string", failure("00 84 ffffffff 00"));
        // '0' is 00000 (5 bits); the 3 bits after it must be ones
        assertEquals("Huffman padding is not the prefix of EOS", failure("00 81 00 00"));
        // 'a' (00011) then 8 one bits: padding longer than 7 bits
        assertEquals("Huffman padding longer than 7 bits", failure("00 82 1fff 00"));
        assertTrue(failure("00 7f 00 6162").startsWith("string of 127 bytes past"));
        assertEquals("dynamic table size update after a header field", failure("82 3f e1 1f"));
        assertEquals("dynamic table size update to 65537, past the 65536 bytes followed here", failure("3f e2 ff 03"));
        assertEquals("string cut at the block's end", failure("00"));
    }

    @Test
    void aSizeUpdatePastThePeersSettingIsReportedAndFollowed() throws Exception {
        Hpack.Decoder d = new Hpack.Decoder(Hpack.Table.INITIAL);
        assertEquals(List.of("size update 8192", "over setting 8192 > 4096", ":method: GET"), decode(d, "3fe13f 82"));
        assertEquals(8192, d.table().maxSize);
    }
}
