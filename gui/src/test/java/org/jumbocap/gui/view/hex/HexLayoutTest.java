package org.jumbocap.gui.view.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HexLayoutTest {
    @Test
    void everyByteColumnMapsBackToItsByte() {
        for (int i = 0; i < HexView.BYTES_PER_LINE; i++) {
            assertEquals(i, HexLayout.byteAtColumn(HexLayout.hexColumn(i)), "first digit of byte " + i);
            assertEquals(i, HexLayout.byteAtColumn(HexLayout.hexColumn(i) + 1), "second digit of byte " + i);
            assertEquals(i, HexLayout.byteAtColumn(HexLayout.asciiColumn(i)), "ascii of byte " + i);
        }
        assertEquals(-1, HexLayout.byteAtColumn(0), "offset column");
        assertEquals(-1, HexLayout.byteAtColumn(HexLayout.hexColumn(7) + 2), "gap after byte 7");
    }

    @Test
    void lineTextPlacesDigitsAndAsciiWhereTheLayoutSays() {
        byte[] bytes = new byte[20];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (0x41 + i);
        }
        bytes[3] = 0x0a;
        String line = HexLayout.line(bytes, bytes.length, 0);
        assertEquals(HexLayout.LINE_COLUMNS, line.length());
        assertEquals("00000000", line.substring(0, 8));
        assertEquals("41", line.substring(HexLayout.hexColumn(0), HexLayout.hexColumn(0) + 2));
        assertEquals("0a", line.substring(HexLayout.hexColumn(3), HexLayout.hexColumn(3) + 2));
        assertEquals('.', line.charAt(HexLayout.asciiColumn(3)));
        assertEquals('P', line.charAt(HexLayout.asciiColumn(15)));
        String second = HexLayout.line(bytes, bytes.length, 1);
        assertEquals("00000010", second.substring(0, 8));
        assertEquals("51", second.substring(HexLayout.hexColumn(0), HexLayout.hexColumn(0) + 2));
        assertEquals(' ', second.charAt(HexLayout.hexColumn(4)), "past the end is blank");
        assertEquals(' ', second.charAt(HexLayout.asciiColumn(4)));
    }
}
