package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Utf8WriterTest {
    /** Text from every range: ASCII, two- and three-byte characters, surrogate pairs, lone surrogates. */
    private static String randomText(Random r, int length) {
        StringBuilder s = new StringBuilder(length);
        char[] samples = {'a', ' ', '\n', '\u00e9', '\u07ff', '\u0800', '\u2192', '\uffff', '\ud800', '\udbff', '\udc00', '\udfff'};
        for (int i = 0; i < length; i++) {
            if (r.nextInt(4) == 0) {
                s.appendCodePoint(0x10000 + r.nextInt(0x100000)); // a valid pair
            } else {
                s.append(r.nextBoolean() ? (char) r.nextInt(0x10000) : samples[r.nextInt(samples.length)]);
            }
        }
        return s.toString();
    }

    @Test
    void encodesAsTheJdkDoesAcrossBufferAndCallBoundaries() throws IOException {
        Random r = new Random(7);
        for (int round = 0; round < 300; round++) {
            String text = randomText(r, r.nextInt(400));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (Utf8Writer w = new Utf8Writer(bytes, 16 + r.nextInt(40))) {
                int at = 0;
                while (at < text.length()) {
                    // pieces of any size, so a surrogate pair is often split between two calls
                    int n = Math.min(text.length() - at, 1 + r.nextInt(9));
                    switch (r.nextInt(3)) {
                        case 0 -> w.write(text, at, n);
                        case 1 -> w.write(text.toCharArray(), at, n);
                        default -> w.append(text.subSequence(at, at + n));
                    }
                    at += n;
                }
            }
            assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), bytes.toByteArray(), "round " + round);
        }
    }
}
