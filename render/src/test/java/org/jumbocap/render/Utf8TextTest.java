package org.jumbocap.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The UTF-8 bytes of {@link Utf8Text} against the JDK's encoder, and SafeText's escaping in both forms. */
class Utf8TextTest {
    /** Characters of every UTF-8 length, controls, bidirectional overrides, and surrogates paired and alone. */
    private static final char[] PICKS = {'a', 'Z', ' ', '\t', '\n', '\r', 0x1b, 0x7f, 0x85, 0x9b, 0xe9, 0xff, 0x100,
            0x7ff, 0x800, 0x2192, 0x200e, 0x202e, 0x2028, 0x2066, 0xfffd, 0xd83d, 0xde00, 0xdbff, 0xdc00};

    private static String randomText(Random random, int length) {
        char[] c = new char[length];
        for (int i = 0; i < length; i++) {
            c[i] = random.nextInt(3) == 0 ? PICKS[random.nextInt(PICKS.length)] : (char) (0x20 + random.nextInt(0x5f));
        }
        return new String(c);
    }

    @Test
    void bytesAreTheJdkEncodersAndSafeTextEscapesAsBefore() {
        Random random = new Random(3);
        for (int n = 0; n < 20_000; n++) {
            String text = randomText(random, random.nextInt(n % 10 == 0 ? 1500 : 40)); // longer ones go in pieces
            Utf8Text plain = new Utf8Text(1).append("x ");
            plain.append(text);
            // the JDK's encoder writes '?' for a surrogate alone, as Utf8Text does
            assertArrayEquals(("x " + text).getBytes(StandardCharsets.UTF_8),
                    Arrays.copyOf(plain.array(), plain.length()), text);

            Utf8Text safe = SafeText.append(new Utf8Text(1).append("→ "), text);
            String expected = "→ " + SafeText.of(text);
            assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), Arrays.copyOf(safe.array(), safe.length()),
                    expected);
            assertEquals(expected, safe.toString());
        }
    }

    @Test
    void escapesAreVisibleAndLengthCanBeCut() {
        Utf8Text t = SafeText.append(new Utf8Text(4), "a\u001b[2J\r\u202e\ud800b");
        assertEquals("a\\e[2J\\r\\u202e\\ud800b", t.toString());
        t.setLength(1);
        assertEquals("a", t.append(42L).append(-7L).toString().substring(0, 1));
        assertEquals("a42-7", t.toString());
    }

    @Test
    void numbersAreLongToStringsAtEveryLength() {
        Random random = new Random(7);
        long[] edges = {0, 9, 10, 99, 100, 999, 1_000, 99_999, 100_000, 9_999_999, 10_000_000, 999_999_999,
                1_000_000_000, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 4_294_967_295L, Long.MAX_VALUE, -1, -10,
                Integer.MIN_VALUE, Long.MIN_VALUE};
        for (int n = 0; n < 50_000; n++) {
            long v = n < edges.length ? edges[n] : random.nextLong() >> random.nextInt(64);
            Utf8Text t = new Utf8Text(1).append('x');
            t.append(v);
            assertEquals("x" + v, t.toString());
            Utf8Text asInfo = new Utf8Text(1);
            asInfo.appendNumber(v);
            assertEquals(Long.toString(v), asInfo.toString());
        }
    }

    @Test
    void hexWordsAreIntegerToHexStrings() {
        for (int w = 0; w < 0x10000; w++) {
            assertEquals("-" + Integer.toHexString(w), new Utf8Text(1).append('-').appendHex(w).toString());
        }
    }

    @Test
    void asciiGoesInAsItIsAndAnythingElseEncoded() {
        Utf8Text t = new Utf8Text(1);
        t.appendAscii("[PSH, ACK] Seq=");
        t.appendAscii("caf\u00e9 \u2192 x");
        assertEquals("[PSH, ACK] Seq=caf\u00e9 \u2192 x", t.toString());
        assertArrayEquals("[PSH, ACK] Seq=caf\u00e9 \u2192 x".getBytes(StandardCharsets.UTF_8), Arrays.copyOf(t.array(), t.length()));
    }
}
