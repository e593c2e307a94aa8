package org.jumbocap.io;

/**
 * Caps checked against lengths read from capture files before anything is allocated.
 *
 * <p>A jumbogram may be up to 4 GiB on the wire and Linux BIG TCP builds GSO/GRO packets of up to
 * 512 KiB, but no capture tool records more than libpcap's maximum snapshot length of 262144 bytes.
 * Hand-made or converted files may still hold whole BIG TCP packets, so the frame cap is 16 MiB: 32
 * times the largest BIG TCP packet, yet small enough that one corrupt length cannot exhaust the heap.
 */
public final class CaptureLimits {
    /** Largest captured length of one frame that readers accept. */
    public static final int MAX_CAPTURED_LENGTH = 16 << 20;
    /** Largest pcapng block: a maximal frame plus room for a packet block's header and options. */
    public static final int MAX_BLOCK_LENGTH = MAX_CAPTURED_LENGTH + (1 << 20);

    private CaptureLimits() {
    }
}
