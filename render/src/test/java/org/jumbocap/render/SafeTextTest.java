package org.jumbocap.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class SafeTextTest {
    @Test
    void ordinaryTextIsTheSameObject() {
        String s = "samples/ipv6-bigtcp-veth.pcap → Größe 日本 \uD83D\uDE00";
        assertSame(s, SafeText.of(s));
    }

    @Test
    void clearScreenAndClipboardSequencesBecomeVisible() {
        String name = "a\u001b[2Jb\u001b]52;c;ZXZpbA==\u0007.pcap";
        assertEquals("a\\e[2Jb\\e]52;c;ZXZpbA==\\x07.pcap", SafeText.of(name));
    }

    @Test
    void lineBreaksC1ControlsBidiOverridesAndLoneSurrogatesAreEscaped() {
        assertEquals("a\\nb\\rc\\td", SafeText.of("a\nb\rc\td"));
        assertEquals("\\u009b2J\\x7f", SafeText.of("\u009b2J\u007f"));
        assertEquals("x\\u202egnp.exe", SafeText.of("x\u202egnp.exe"));
        assertEquals("\\ud800x\\udc00", SafeText.of("\uD800x\uDC00"));
        assertEquals("\\ud83d", SafeText.of("\uD83D"));
    }

    @Test
    void appendEscapesTheSameWay() {
        assertEquals("[\\e[31m]", SafeText.append(new StringBuilder("["), "\u001b[31m").append(']').toString());
        // kept runs around escapes, a pair kept whole inside a run, a half alone at the end
        assertEquals("<ab\\tc\uD83D\uDE00d\\u0085\\x01\\ud83d>",
                SafeText.append(new StringBuilder("<"), "ab\tc\uD83D\uDE00d\u0085\u0001\uD83D").append('>').toString());
    }
}
