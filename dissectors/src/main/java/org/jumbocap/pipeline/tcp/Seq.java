package org.jumbocap.pipeline.tcp;

/** 32-bit sequence-number arithmetic (RFC 1982 style comparisons, as Wireshark's GT_SEQ and LT_SEQ). */
final class Seq {
    static final long MASK = 0xFFFFFFFFL;

    private Seq() {
    }

    static long add(long a, long b) {
        return (a + b) & MASK;
    }

    static long sub(long a, long b) {
        return (a - b) & MASK;
    }

    static boolean gt(long a, long b) {
        return (int) (a - b) > 0;
    }

    static boolean lt(long a, long b) {
        return (int) (a - b) < 0;
    }

    static boolean le(long a, long b) {
        return (int) (a - b) <= 0;
    }
}
