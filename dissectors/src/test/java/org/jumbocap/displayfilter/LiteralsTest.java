package org.jumbocap.displayfilter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LiteralsTest {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    @ParameterizedTest
    @CsvSource({
            "::, 00000000000000000000000000000000",
            "::1, 00000000000000000000000000000001",
            "1::, 00010000000000000000000000000000",
            "2001:db8::1, 20010db8000000000000000000000001",
            "2001:DB8:0:0:1:0:0:1, 20010db8000000000001000000000001",
            "1:2:3:4:5:6:7::, 00010002000300040005000600070000",
            "::ffff:198.51.100.1, 00000000000000000000ffffc6336401",
            "fe80::1:2:3:4, fe800000000000000001000200030004"})
    void parsesIpv6(String text, String bytes) {
        assertArrayEquals(hex(bytes), Literals.ipv6(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ":", ":::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "12345::", "g::1", "1::2::3",
            "198.51.100.1", "::1.2.3", "1:2:3:4:5:6:7:8::"})
    void rejectsBadIpv6(String text) {
        assertNull(Literals.ipv6(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.2.3", "1.2.3.4.5", "256.1.1.1", "1..2.3", "a.b.c.d", "1.2.3.4/8", "-1.2.3.4"})
    void rejectsBadIpv4(String text) {
        assertNull(Literals.ipv4(text), text);
    }

    @ParameterizedTest
    @CsvSource({"aa:bb:cc:dd:ee:ff, aabbccddeeff", "AA-BB-CC-dd-ee-ff, aabbccddeeff", "aabb.ccdd.eeff, aabbccddeeff",
            "0a, 0a", "0a0b0c, 0a0b0c", "1:2:3, 010203"})
    void parsesBytes(String text, String bytes) {
        assertArrayEquals(hex(bytes), Literals.bytes(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "abc", "aa:bbb", "zz", "aa::bb"})
    void rejectsBadBytes(String text) {
        assertNull(Literals.bytes(text), text);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "80, 80", "0x50, 80", "0X1F, 31", "-5, -5", "4294967295, 4294967295",
            "18446744073709551615, -1"})
    void parsesIntegers(String text, long value) {
        assertEquals(value, Literals.integer(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0x", "1.5", "80a", "18446744073709551616", "--1", "0xg"})
    void rejectsBadIntegers(String text) {
        assertNull(Literals.integer(text), text);
    }
}
