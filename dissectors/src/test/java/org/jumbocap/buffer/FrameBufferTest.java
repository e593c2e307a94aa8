package org.jumbocap.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Consumer;
import org.jumbocap.fast.SampleFrames;
import org.junit.jupiter.api.Test;

class FrameBufferTest {
    private static final int CAPTURED = 1000;
    private static final int PREFIX = 64;

    private static byte[] frame() {
        byte[] b = new byte[CAPTURED];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 7 + 3);
        }
        return b;
    }

    /** A view holding the first {@link #PREFIX} bytes; its tail counts the loads. */
    private static final class Lazy implements FrameBuffer.Tail {
        final byte[] whole = frame();
        int loads;
        long stampSeen = -1;
        final FrameBuffer view = new FrameBuffer(Arrays.copyOf(whole, PREFIX), 0, CAPTURED, 5000, PREFIX, this, 42);

        @Override
        public byte[] load(long stamp) {
            loads++;
            stampSeen = stamp;
            return whole;
        }
    }

    @Test
    void readsInsideThePrefixDoNotLoad() {
        Lazy l = new Lazy();
        FrameBuffer b = l.view;
        assertEquals(PREFIX, b.loadedLength());
        assertEquals(CAPTURED, b.capturedLength());
        assertEquals(5000, b.originalLength());
        assertTrue(b.isCut());
        assertEquals(l.whole[0] & 0xFF, b.u8(0));
        assertEquals(((l.whole[62] & 0xFF) << 8) | (l.whole[63] & 0xFF), b.u16(62));
        b.u32(60);
        b.u64(56);
        b.u24(61);
        b.u16le(10);
        b.u32le(20);
        assertArrayEquals(Arrays.copyOfRange(l.whole, 0, 64), b.bytes(0, 64));
        b.string(0, 64);
        assertTrue(b.has(0, CAPTURED));
        assertEquals(CAPTURED - 10, b.remaining(10));
        assertEquals(l.whole[63], b.rawByte(63));
        assertEquals(l.whole[20] & 0xFF, b.slice(10).u8(10));
        assertEquals(0, b.arrayOffset());
        assertEquals(0, l.loads);
    }

    @Test
    void readsPastTheCapturedEndThrowWithoutLoading() {
        Lazy l = new Lazy();
        FrameBuffer b = l.view;
        assertThrows(TruncatedException.class, () -> b.u8(CAPTURED));
        assertThrows(TruncatedException.class, () -> b.u32(CAPTURED - 3));
        assertThrows(TruncatedException.class, () -> b.u8(-1));
        assertThrows(TruncatedException.class, () -> b.bytes(0, -1));
        assertThrows(TruncatedException.class, () -> b.slice(900).u16(99));
        assertEquals(0, l.loads);
    }

    @Test
    void everyReadPastThePrefixLoadsTheRestOnce() {
        for (Consumer<FrameBuffer> read : java.util.List.<Consumer<FrameBuffer>>of(
                b -> b.u8(PREFIX), b -> b.u16(PREFIX - 1), b -> b.u24(PREFIX - 2), b -> b.u32(PREFIX - 3),
                b -> b.u16le(500), b -> b.u32le(996), b -> b.u64(PREFIX - 4), b -> b.bytes(0, CAPTURED),
                b -> b.string(PREFIX, 1), b -> b.rawByte(CAPTURED - 1), FrameBuffer::array,
                b -> b.slice(PREFIX).u8(0), b -> b.slice(PREFIX - 1).u16(0), b -> b.slice(999).array(),
                b -> b.slice(500).slice(100).rawByte(0))) {
            Lazy l = new Lazy();
            read.accept(l.view);
            assertEquals(1, l.loads);
            assertEquals(42, l.stampSeen);
            FrameBuffer b = l.view;
            b.u8(CAPTURED - 1);
            int loads = l.loads;
            assertSame(l.whole, b.array());
            assertEquals(CAPTURED, b.loadedLength());
            assertEquals(loads, l.loads, "a loaded view never loads again");
            assertEquals(l.whole[777] & 0xFF, b.u8(777));
        }
    }

    @Test
    void slicesCarryTheTail() {
        Lazy l = new Lazy();
        FrameBuffer s = l.view.slice(600);
        assertEquals(0, s.loadedLength());
        assertEquals(400, s.capturedLength());
        assertEquals(4400, s.originalLength());
        assertEquals(600, s.arrayOffset());
        assertEquals(l.whole[600] & 0xFF, s.u8(0));
        assertEquals(1, l.loads);
        assertEquals(400, s.loadedLength());
        assertEquals(PREFIX, l.view.loadedLength(), "the parent view loads on its own");
        FrameBuffer inPrefix = l.view.slice(10);
        assertEquals(PREFIX - 10, inPrefix.loadedLength());
        assertEquals(l.whole[10] & 0xFF, inPrefix.u8(0));
        assertEquals(1, l.loads);
    }

    @Test
    void fullyLoadedViewsAreAsBefore() {
        byte[] b = frame();
        FrameBuffer v = FrameBuffer.wrap(b);
        assertEquals(CAPTURED, v.loadedLength());
        assertSame(b, v.array());
        assertEquals(b[999] & 0xFF, v.u8(999));
        assertThrows(TruncatedException.class, () -> v.u8(1000));
        assertThrows(IllegalArgumentException.class, () -> new FrameBuffer(b, 1, CAPTURED, CAPTURED));
        assertThrows(IllegalArgumentException.class, () -> new FrameBuffer(b, 0, 2000, 2000, 100, null, 0));
        assertThrows(IllegalArgumentException.class, () -> new FrameBuffer(new byte[10], 0, 2000, 2000, 100, s -> b, 0));
        FrameBuffer complete = new FrameBuffer(b, 0, CAPTURED, CAPTURED, CAPTURED, s -> {
            throw new AssertionError("never called");
        }, 0);
        complete.array();
        assertFalse(complete.isCut());
    }

    @Test
    void aFailingTailLeavesThePrefixReadable() {
        byte[] whole = frame();
        FrameBuffer b = new FrameBuffer(Arrays.copyOf(whole, PREFIX), 0, CAPTURED, CAPTURED, PREFIX, s -> {
            throw new IllegalStateException("gone");
        }, 1);
        assertThrows(IllegalStateException.class, () -> b.u8(PREFIX));
        assertThrows(IllegalStateException.class, b::array);
        assertEquals(whole[5] & 0xFF, b.u8(5));
        assertEquals(PREFIX, b.loadedLength());
    }

    /** The one's-complement sum word by word, big-endian, folded: RFC 1071's definition. */
    private static int referenceSum(byte[] b, int from, int length) {
        long sum = 0;
        for (int i = 0; i < length; i += 2) {
            int hi = b[from + i] & 0xFF;
            int lo = i + 1 < length ? b[from + i + 1] & 0xFF : 0;
            sum += hi << 8 | lo;
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) sum;
    }

    private static int folded(long sum) {
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) sum;
    }

    @Test
    void aByteBufferSumsTheSameInEitherByteOrder() throws IOException {
        // a real capture's bytes (a super-packet sample, headers and payload), and the two values that fold to zero
        byte[] file = Files.readAllBytes(SampleFrames.directory().resolve("ipv6-bigtcp-veth.pcap"));
        byte[] zeros = new byte[300];
        byte[] ones = new byte[300];
        Arrays.fill(ones, (byte) 0xFF);
        Random random = new Random(26);
        int checked = 0;
        for (byte[] bytes : new byte[][] {file, zeros, ones}) {
            ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes);
            for (int k = 0; k < 300; k++) {
                int from = random.nextInt(Math.min(bytes.length, 1 << 16));
                int length = k < 20 ? Math.min(k, bytes.length - from) : random.nextInt(Math.min(bytes.length - from, 200_000) + 1);
                int expected = referenceSum(bytes, from, length);
                for (ByteBuffer b : new ByteBuffer[] {ByteBuffer.wrap(bytes), direct}) {
                    for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                        b.order(order);
                        assertEquals(expected, folded(FrameBuffer.onesComplementSum(b, from, length)),
                                (b.isDirect() ? "direct " : "heap ") + order + " [" + from + ", +" + length + ")");
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked >= 3 * 300 * 4);
    }
}
