package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class FlowKeyTest {
    private static final byte[] A6 = {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    private static final byte[] B6 = {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};
    private static final byte[] A4 = {(byte) 198, 51, 100, 1};
    private static final byte[] B4 = {(byte) 198, 51, 100, (byte) 200};

    @Test
    void bothDirectionsShareTheCanonicalKey() {
        FlowKey ab = FlowKey.of(B6, A6, 6, 5201, 42790);
        FlowKey ba = ab.reversed();
        assertNotEquals(ab, ba);
        assertEquals(ab.canonical(), ba.canonical());
        assertEquals(ab, ab.reversed().reversed());
        assertEquals("[2001:db8:1::1]:42790", ab.canonical().sourceEndpoint());
    }

    @Test
    void ipv4AddressesAboveTheSignBitCompareUnsigned() {
        FlowKey k = FlowKey.of(B4, A4, 17, 4789, 4789);
        assertEquals("198.51.100.1", k.canonical().sourceAddress());
        assertEquals("198.51.100.200", k.canonical().destinationAddress());
        assertEquals("udp 198.51.100.200:4789 -> 198.51.100.1:4789", k.toString());
    }

    @Test
    void mismatchedAddressesGiveNoKey() {
        assertNull(FlowKey.of(A4, B6, 6, 1, 2));
        assertNull(FlowKey.of(null, B6, 6, 1, 2));
        assertNull(FlowKey.of(new byte[5], new byte[5], 6, 1, 2));
    }
}
