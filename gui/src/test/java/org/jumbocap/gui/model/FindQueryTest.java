package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The find bar's hex values in the forms Wireshark accepts, and the byte search under them. */
class FindQueryTest {
    private static final byte[] JUMBO_OPTION = {(byte) 0xc2, 0x04, 0x00, 0x02, (byte) 0xcf, (byte) 0xfc};

    @Test
    void hexValuesAreReadWithSpacesColonsDashesOrA0xPrefix() {
        for (String form : new String[] {"c2 04 00 02 cf fc", "C2:04:00:02:CF:FC", "c2-04-00-02-cf-fc", "0xc20400 02cffc",
                "c2.04.00.02.cf.fc"}) {
            assertArrayEquals(JUMBO_OPTION, FindQuery.parseHex(form), form);
        }
        assertThrows(IllegalArgumentException.class, () -> FindQuery.parseHex("c2 0"));
        assertThrows(IllegalArgumentException.class, () -> FindQuery.parseHex("zz"));
        assertThrows(IllegalArgumentException.class, () -> FindQuery.parseHex("  "));
    }

    @Test
    void bytesAreFoundAnywhereInTheCapturedLengthOnly() {
        byte[] frame = new byte[64];
        System.arraycopy(JUMBO_OPTION, 0, frame, 56, 6);
        assertTrue(FindQuery.contains(frame, 64, JUMBO_OPTION, true));
        assertFalse(FindQuery.contains(frame, 61, JUMBO_OPTION, true), "bytes past the captured length are not searched");
        byte[] text = "xxGET /index".getBytes(StandardCharsets.US_ASCII);
        assertTrue(FindQuery.contains(text, text.length, "get /".getBytes(StandardCharsets.US_ASCII), false));
        assertFalse(FindQuery.contains(text, text.length, "get /".getBytes(StandardCharsets.US_ASCII), true));
        // only ASCII letters fold: 0xc2 is not 0xe2
        assertFalse(FindQuery.contains(new byte[] {(byte) 0xe2}, 1, new byte[] {(byte) 0xc2}, false));
    }
}
