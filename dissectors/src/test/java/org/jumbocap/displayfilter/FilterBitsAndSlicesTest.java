package org.jumbocap.displayfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.fast.Frames;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.testing.Bytes;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Wireshark's bitwise and ({@code tcp.flags & 0x02}), slices ({@code eth[0:3] == 01:00:5e}) and byte
 * searches of layers and payloads ({@code frame contains "GET"}) on dissected frames built from bytes.
 */
class FilterBitsAndSlicesTest {
    private static final byte[] REQUEST = "GET /iperf HTTP/1.1".getBytes(StandardCharsets.US_ASCII);

    private final FrameDissector dissector = new FrameDissector();
    private final FrameDissector decoder = new FrameDissector();

    /** Ethernet 02:00:00:00:00:02 ← :01, IPv4 198.51.100.1 → 203.0.113.2 with DF, TCP 40000 → 80, a request. */
    private FrameTree request(int tcpFlags, int fragmentField) {
        return dissector.dissect(record(requestBytes(tcpFlags, fragmentField), -1));
    }

    private static byte[] requestBytes(int tcpFlags, int fragmentField) {
        Bytes b = Frames.ethernet(Bytes.of(), 0x0800);
        Frames.ipv4(b, 40 + REQUEST.length, 6, fragmentField);
        Frames.tcp(b, 40000, 80, 1000, tcpFlags);
        return b.bytes(REQUEST).toArray();
    }

    /**
     * IPv6 Hop-by-Hop jumbogram, TCP 5201 → 40000, {@code payload} bytes of 'a' ending in "ZZTOP";
     * {@code captured} bytes of it kept (all when negative).
     */
    private FrameTree jumbogram(int payload, int captured) {
        Bytes b = Frames.ethernet(Bytes.of(), 0x86DD);
        Frames.ipv6(b, 0, 0);
        Frames.hopByHopJumbo(b, 6, 8 + 20 + payload);
        Frames.tcp(b, 5201, 40000, 7, 0x18);
        byte[] all = b.fill(payload - 5, 'a').bytes("ZZTOP".getBytes(StandardCharsets.US_ASCII)).toArray();
        byte[] kept = captured < 0 ? all : java.util.Arrays.copyOf(all, captured);
        return dissector.dissect(record(kept, all.length));
    }

    private static FrameRecord record(byte[] bytes, long originalLength) {
        return new FrameRecord(1, 0, 1, bytes, originalLength < 0 ? bytes.length : originalLength);
    }

    private static boolean matches(String filter, FrameTree tree) {
        return DisplayFilter.compile(filter).matches(tree);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "tcp.flags & 0x02", "tcp.flags & 0x12 == 0x12", "tcp.flags bitand 0x02", "tcp.flags&0x02", "ip.flags & 0x4",
            "tcp.flags & 0x12 in {0x02 0x12}", "!(tcp.flags & 0x04)", "tcp.flags & 0x02 != 0", "eth.dst[0] & 1",
            "eth.dst & 01:00:00:00:00:00", "tcp[0:2] == 00:50", "eth[0:3] == 01:00:5e", "frame[12:2] == 86:dd",
            "frame[12:2] == 86dd", "frame[12:2] == 86-dd", "frame[12-13] == 86.dd", "ipv6[40] == 0xc2", "frame[:2]",
            "frame[2:]", "frame[-4:]", "frame[-4--1]", "frame[0:2,12:2] == 02:00:08:00", "ip.src[0:2] == c6:33",
            "ipv6.src[0:4] == 20:01:0d:b8", "eth.src[3:3] == 00:00:01", "jumbo.kind[0:4] == \"ipv6\"",
            "tcp.payload[0:4] == \"GET \"", "tcp.payload[0] == 47", "frame contains \"GET\"", "frame contains 41:42",
            "tcp contains 00:50", "tcp.payload contains \"iperf\"", "frame matches \"get /\"", "tcp.payload matches \"^GET\"",
            "frame[0:2] > 01:00", "frame[12:2] in {08:00 86:dd}", "eth[0:3] contains 00", "frame[0:4] matches \"^\\x02\"", "frame[0:6] == eth.dst"})
    void compiles(String filter) {
        assertEquals(filter, DisplayFilter.compile(filter).text());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // filter | column | message fragment
            "tcp.port[0] == 00 | 9 | tcp.port is uint16 and cannot be sliced",
            "frame[0:0] == 00 | 7 | slice length must be at least 1",
            "frame[5-2] == 00 | 7 | ends before it starts",
            "frame[0:2 | 6 | '[' is not closed",
            "frame[0:2 == 00 | 11 | unexpected '==' in a slice",
            "frame[a] == 00 | 7 | bad slice range 'a'",
            "frame[] == 00 | 7 | empty slice range",
            "frame[0:2 4:2] | 11 | separate ranges with ','",
            "frame[0:2] == zz | 15 | 'zz' is not a byte string",
            "frame[0] == 0x100 | 13 | is not a byte string",
            "frame[0:2] == 256 | 15 | is not a byte string",
            "tcp.flags.syn & 1 | 17 | test it alone or with == 1",
            "ip.src & 1 | 10 | '&' (bitwise and) needs an integer or bytes field",
            "tcp.flags & 0x10000 | 13 | out of range for tcp.flags",
            "tcp.flags & | 12 | expected a value after '&'",
            "tcp.flags & 0x02 == 0x10000 | 21 | out of range",
            "tcp == 00:50 | 5 | is a protocol or label without a value",
            "tcp.port contains 80 | 19 | 'contains' needs a string or bytes field",
            "tcp.port matches \"8\" | 18 | 'matches' needs a string field",
            "tcp.port == 0x | 13 | a leading 0 is decimal, not octal"})
    void reportsColumnAndMessage(String filter, int column, String fragment) {
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile(filter), filter);
        assertTrue(e.detail().contains(fragment), "'" + e.detail() + "' should contain '" + fragment + "'");
        assertEquals(column, e.column(), e.getMessage());
    }

    @Test
    void aLeadingZeroIsDecimal() {
        FrameTree t = request(0x18, 0x4000);
        assertTrue(matches("tcp.srcport == 040000", t));
        assertTrue(matches("tcp.dstport == 080", t));
        assertFalse(matches("tcp.dstport == 0120", t), "0120 would be 80 in octal");
    }

    @Test
    void bitwiseAndTestsTheMaskedBits() {
        FrameTree synAck = request(0x12, 0x4000);
        FrameTree syn = request(0x02, 0x4000);
        FrameTree ack = request(0x10, 0);
        assertTrue(matches("tcp.flags & 0x02", synAck));
        assertTrue(matches("tcp.flags bitand 0x02", syn));
        assertFalse(matches("tcp.flags & 0x02", ack));
        assertTrue(matches("!(tcp.flags & 0x04)", ack));
        assertTrue(matches("tcp.flags & 0x12 == 0x12", synAck));
        assertFalse(matches("tcp.flags & 0x12 == 0x12", syn));
        assertTrue(matches("tcp.flags & 0x12 == 0x02", syn));
        assertTrue(matches("tcp.flags & 0x12 != 0x12", ack));
        assertTrue(matches("tcp.flags & 0x12 in {0x10 0x12}", ack));
        assertFalse(matches("tcp.flags & 0x12 in {0x02 0x12}", ack));
        assertTrue(matches("tcp.flags & 0x0f < 3", syn));
        // ip.flags holds the three flag bits: 0x2 is don't fragment
        assertTrue(matches("ip.flags & 0x2", synAck));
        assertFalse(matches("ip.flags & 0x2", ack));
        // the masks agree with the flag fields the dissector sets
        for (FrameTree t : List.of(synAck, syn, ack)) {
            assertEquals(matches("tcp.flags.syn == 1", t), matches("tcp.flags & 0x02", t));
            assertEquals(matches("tcp.flags.ack == 1", t), matches("tcp.flags & 0x10 == 0x10", t));
            assertEquals(matches("ip.flags.df == 1", t), matches("ip.flags & 0x2", t));
        }
        // a mask on a frame without the field is false whatever the operator
        FrameTree udp = dissector.dissect(record(Frames.ethernetIpv4Udp(10, 1, 2), -1));
        assertFalse(matches("tcp.flags & 0x02 == 0", udp));
        assertFalse(matches("tcp.flags & 0x02 != 2", udp));
    }

    @Test
    void bitwiseAndOnBytes() {
        FrameTree t = request(0x10, 0x4000);
        // 02:00:00:00:00:02: a locally administered unicast address
        assertTrue(matches("eth.dst[0] & 2", t));
        assertFalse(matches("eth.dst[0] & 1", t));
        assertTrue(matches("eth.dst[0] & 0x03 == 02", t));
        assertTrue(matches("eth.dst & ff:00:00:00:00:ff == 02:00:00:00:00:02", t));
    }

    @Test
    void bitwiseAndOnIntegersUsesTheFastPath() {
        for (String f : List.of("tcp.flags & 0x02", "tcp.flags & 0x12 == 0x12", "tcp.flags bitand 0x10 != 0",
                "tcp.flags & 0x12 in {0x02 0x12}")) {
            assertTrue(DisplayFilter.compile(f).canUseFastPath(), f);
        }
        for (String f : List.of("tcp[0:2] == 00:50", "frame contains \"GET\"", "tcp.payload contains 00",
                "eth.dst[0] & 1", "tcp.flags & 0x02 && frame[12:2] == 08:00", "frame[0:2]", "frame matches \"x\"")) {
            assertFalse(DisplayFilter.compile(f).canUseFastPath(), f);
        }
        FrameSummary s = new FrameSummary();
        for (int flags : new int[] {0x02, 0x12, 0x10, 0x18, 0x11, 0x04, 0x1ff}) {
            byte[] frame = requestBytes(flags, 0x4000);
            FrameRecord rec = record(frame, -1);
            decoder.summarize(rec, s);
            FrameTree tree = dissector.dissect(rec);
            for (String f : List.of("tcp.flags & 0x02", "tcp.flags & 0x12 == 0x12", "tcp.flags & 0x17 == 0x10",
                    "tcp.flags & 0x100", "tcp.flags & 0x12 in {0x02 0x12}", "tcp.flags & 0x06 != 0")) {
                CompiledFilter c = DisplayFilter.compile(f);
                assertTrue(c.canDecide(s), f);
                assertEquals(c.matches(tree), c.matches(s), f + " on flags " + Integer.toHexString(flags));
            }
        }
    }

    @Test
    void slicesOfProtocolsReadTheLayersBytes() {
        FrameTree t = request(0x12, 0x4000);
        assertTrue(matches("eth[0:3] == 02:00:00", t));
        assertTrue(matches("frame[12:2] == 08:00", t));
        assertTrue(matches("frame[12:2] == 0800", t));
        assertTrue(matches("frame[12-13] == 08-00", t));
        assertTrue(matches("frame[12] == 08", t));
        assertTrue(matches("frame[12] == 0x08", t));
        assertFalse(matches("frame[12:2] == 86:dd", t));
        // 40000 = 0x9c40, 80 = 0x0050, flags at TCP offset 13
        assertTrue(matches("tcp[0:2] == 9c:40", t));
        assertTrue(matches("tcp[2:2] == 00:50", t));
        assertTrue(matches("tcp[13] == 0x12", t));
        assertTrue(matches("ip[9] == 06", t));
        assertTrue(matches("ip[12:4] == c6:33:64:01", t));
        assertTrue(matches("frame[0:1,12:2] == 02:08:00", t));
        assertTrue(matches("frame[:2] == 02:00", t));
        assertTrue(matches("frame[-3:] == \"1.1\"", t));
        assertTrue(matches("frame[-3--1] == \"1.1\"", t));
        assertTrue(matches("frame[-1] == \"1\"", t));
        assertTrue(matches("frame[12:2] in {86:dd 08:00}", t));
        assertTrue(matches("frame[12:2] < 08:01", t));
        assertFalse(matches("frame[12:2] > 08:00", t));
    }

    @Test
    void slicesOfFieldsReadTheirValues() {
        FrameTree t = request(0x12, 0x4000);
        assertTrue(matches("ip.src[0:2] == c6:33", t));
        assertTrue(matches("ip.src[3] == 01", t));
        assertTrue(matches("ip.dst[-1] == 02", t));
        assertTrue(matches("eth.src[3:3] == 00:00:01", t));
        assertTrue(matches("tcp.payload[0:4] == \"GET \"", t));
        assertTrue(matches("tcp.payload[0:3] == 47:45:54", t));
        assertTrue(matches("tcp.payload[4:] contains \"iperf\"", t));
        assertFalse(matches("tcp.payload[5:] contains \"GET\"", t));
        FrameTree jumbo = jumbogram(1000, -1);
        assertTrue(matches("ipv6.src[0:4] == 20:01:0d:b8", jumbo));
        assertTrue(matches("jumbo.kind[0:4] == \"ipv6\"", jumbo));
        assertTrue(matches("tcp.payload[-5:] == \"ZZTOP\"", jumbo));
        // the Hop-by-Hop header follows the fixed header: next header 6, length 0, Jumbo Payload option c2
        assertTrue(matches("ipv6.hopopts[2] == c2", jumbo));
    }

    @Test
    void aSliceComparesWithAnotherFieldsBytes() {
        FrameTree t = request(0x12, 0x4000);
        assertTrue(matches("frame[6:6] == eth.src", t));
        assertTrue(matches("frame[0:6] == eth.dst", t));
        assertFalse(matches("frame[0:6] == eth.src", t));
        assertTrue(matches("frame[0:6] != eth.src", t));
        assertTrue(matches("ip[12:4] == ip.src", t));
        assertTrue(matches("ip[16:4] > ip.src", t));
        assertTrue(matches("tcp.payload[0:3] < tcp.payload", t));
        assertFalse(matches("frame[5000:6] == eth.src", t));
        assertFalse(DisplayFilter.compile("frame[6:6] == eth.src").canUseFastPath());
    }

    @Test
    void aSliceOutsideTheBytesHasNoValue() {
        FrameTree t = request(0x12, 0x4000);
        int length = t.frame().capturedLength();
        assertTrue(matches("frame[" + (length - 1) + "]", t));
        assertFalse(matches("frame[" + length + "]", t));
        assertFalse(matches("frame[" + (length - 1) + ":2]", t));
        assertFalse(matches("frame[-" + (length + 1) + ":]", t));
        assertTrue(matches("frame[-" + length + ":]", t));
        // as in Wireshark 4: no slice value equals, so == is false and != true
        assertFalse(matches("frame[5000:2] == 00:00", t));
        assertTrue(matches("frame[5000:2] != 00:00", t));
        assertFalse(matches("frame[0:2,5000:2] == 02:00", t));
        // a frame without the field still never matches
        assertFalse(matches("udp[0:2] != 00:00", t));
    }

    @Test
    void containsAndMatchesSearchLayersAndPayloadsInTheFrame() {
        FrameTree t = request(0x18, 0x4000);
        assertTrue(matches("frame contains \"iperf\"", t));
        assertTrue(matches("frame contains 69:70:65:72:66", t));
        assertTrue(matches("frame contains 47", t));
        assertFalse(matches("frame contains \"IPERF\"", t));
        assertTrue(matches("tcp.payload contains \"iperf\"", t));
        assertTrue(matches("ip contains c6:33:64:01", t));
        assertFalse(matches("eth contains c6:33:64:01", t));
        assertTrue(matches("frame matches \"get /IPERF\"", t));
        assertTrue(matches("tcp.payload matches \"(?-i)^GET /\"", t));
        assertFalse(matches("tcp.payload matches \"(?-i)^get\"", t));
        assertFalse(matches("eth matches \"iperf\"", t));
        assertTrue(matches("frame[0:2] matches \"^\\x02\\x00$\"", t));
    }

    @Test
    void aJumbogramIsSearchedToItsLastCapturedByte() {
        FrameTree whole = jumbogram(185_000, -1);
        assertTrue(whole.frame().capturedLength() > 185_000);
        assertTrue(matches("frame contains \"ZZTOP\"", whole));
        assertTrue(matches("tcp.payload contains \"ZZTOP\"", whole));
        assertTrue(matches("frame[-5:] == \"ZZTOP\"", whole));
        assertTrue(matches("frame matches \"aaz+top$\"", whole));
        assertTrue(matches("ipv6[0] == 60", whole));
        // cut by the snaplen: the marker was not captured, and no slice reaches past the captured bytes
        FrameTree cut = jumbogram(185_000, 1500);
        assertTrue(matches("frame.len > frame.cap_len", cut));
        assertFalse(matches("frame contains \"ZZTOP\"", cut));
        assertFalse(matches("tcp.payload contains \"ZZTOP\"", cut));
        assertTrue(matches("tcp.payload contains \"aaaa\"", cut));
        assertTrue(matches("frame[1499] == \"a\"", cut));
        assertFalse(matches("frame[1500]", cut));
        assertFalse(matches("tcp.payload[-5:] == \"ZZTOP\"", cut));
    }

    @Test
    void aBacktrackingPatternAnswersAtOnce() {
        // (.*a){12}b over 20000 'a's without a 'b': a backtracking engine tries some 20000^12 splits;
        // the linear-time one answers no, and right
        FrameTree t = jumbogram(20_000, 20_000);
        assertFalse(matches("tcp.payload matches \"(.*a){12}b\"", t));
        assertFalse(matches("frame matches \"(.*a){10}c\"", t));
        assertTrue(matches("tcp.payload matches \"(.*a){12}\"", t));
        assertTrue(matches("tcp.payload matches \"(a{100}){10}\"", t));
    }

    @Test
    void slicesAgreeWithTheTreeOnTheSamples() throws Exception {
        List<String> mismatches = new ArrayList<>();
        int payloads = 0;
        int frames = 0;
        CompiledFilter ethIpv6 = DisplayFilter.compile("eth[12:2] == 86:dd");
        CompiledFilter typeIpv6 = DisplayFilter.compile("eth.type == 0x86dd");
        CompiledFilter synMask = DisplayFilter.compile("tcp.flags & 0x02");
        CompiledFilter syn = DisplayFilter.compile("tcp.flags.syn == 1");
        CompiledFilter dfMask = DisplayFilter.compile("ip.flags & 0x2");
        CompiledFilter df = DisplayFilter.compile("ip.flags.df == 1");
        for (var file : SampleFrames.files()) {
            List<FrameRecord> records = SampleFrames.read(file);
            for (int i = 0; i < records.size(); i += 7) {
                FrameRecord rec = records.get(i);
                FrameTree tree = dissector.dissect(rec);
                String where = file.getFileName() + " frame " + rec.number() + ": ";
                frames++;
                if (tree.find("eth") != null && tree.findAll("eth").size() == 1) {
                    check(mismatches, where + "eth[12:2]", typeIpv6.matches(tree), ethIpv6.matches(tree));
                }
                check(mismatches, where + "tcp.flags & 0x02", syn.matches(tree), synMask.matches(tree));
                check(mismatches, where + "ip.flags & 0x2", df.matches(tree), dfMask.matches(tree));
                byte[] data = rec.bytes();
                String last = hex(data, data.length - 4, 4);
                check(mismatches, where + "frame[-4:]", true, matches("frame[-4:] == " + last, tree));
                check(mismatches, where + "frame contains last", true, matches("frame contains " + last, tree));
                FieldNode tcp = tree.find("tcp");
                if (tcp != null && tcp.child(org.jumbocap.proto.tcp.TcpFields.SRCPORT) != null) {
                    long port = tcp.child(org.jumbocap.proto.tcp.TcpFields.SRCPORT).longValue();
                    String bytes = hex(new byte[] {(byte) (port >> 8), (byte) port}, 0, 2);
                    check(mismatches, where + "tcp[0:2]", true, matches("tcp[0:2] == " + bytes, tree));
                }
                FieldNode payload = tree.find("tcp.payload");
                if (payload != null && payload.length() >= 4 && payload.offset() + 4 <= data.length) {
                    payloads++;
                    String first = hex(data, payload.offset(), 4);
                    check(mismatches, where + "tcp.payload[0:4]", true, matches("tcp.payload[0:4] == " + first, tree));
                    check(mismatches, where + "tcp.payload contains", true, matches("tcp.payload contains " + first, tree));
                }
            }
        }
        assertTrue(frames > 100, "frames " + frames);
        assertTrue(payloads > 20, "payloads " + payloads);
        assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())), mismatches.size() + " mismatches");
    }

    private static void check(List<String> out, String what, boolean expected, boolean actual) {
        if (expected != actual) {
            out.add(what + " expected " + expected);
        }
    }

    private static String hex(byte[] b, int from, int length) {
        return HexFormat.ofDelimiter(":").formatHex(b, from, from + length);
    }
}
