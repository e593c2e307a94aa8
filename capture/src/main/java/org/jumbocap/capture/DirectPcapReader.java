package org.jumbocap.capture;

import com.sun.jna.Callback;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import org.jumbocap.io.FrameRecord;
import org.pcap4j.core.PcapHandle;

/**
 * Reads frames of a pcap4j handle with one direct {@code pcap_next_ex} call straight into the caller's
 * reusable record: no per-frame array, timestamp object or thread-local as pcap4j's
 * {@code getNextRawPacketEx} makes, which at BIG TCP rates (hundreds of KB per frame, tens of thousands of
 * frames a second) is garbage the capture cannot afford. pcap4j still opens, filters, counts, interrupts
 * and closes the handle.
 *
 * <p>pcap4j (1.8.2) gives no public access to the pcap_t, so {@link #of} reads the private field
 * {@code PcapHandle.handle}; the only reach into pcap4j's internals. DirectPcapReaderTest fails when a
 * pcap4j upgrade breaks it; at run time a missing field (or a 32-bit JVM, where libpcap's callback would
 * not take its pointers as longs) means pcap4j's copying reader, not an error.
 */
final class DirectPcapReader {
    /** Result codes of pcap_next_ex. */
    static final int FRAME = 1;
    static final int TIMEOUT = 0;
    static final int ERROR = -1;
    static final int BREAK = -2;

    private static final int TIMEVAL_BYTES = 2 * NativeLong.SIZE;
    private final Pointer handle;
    private final PointerByReference header = new PointerByReference();
    private final PointerByReference data = new PointerByReference();
    private final InPlace inPlace = new InPlace();

    private DirectPcapReader(Pointer handle) {
        this.handle = handle;
    }

    /** A reader of the handle, or null when this pcap4j build does not let jumbocap reach the pcap_t. */
    static DirectPcapReader of(PcapHandle h) {
        try {
            Field f = PcapHandle.class.getDeclaredField("handle");
            f.setAccessible(true);
            Pointer p = (Pointer) f.get(h);
            if (p == null || Native.POINTER_SIZE != 8) {
                return null;
            }
            Binding.ensureLoaded();
            return new DirectPcapReader(p);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /**
     * Reads the next frame into {@code into}; the handle must be set to nanosecond timestamps.
     *
     * @return {@link #FRAME}, {@link #TIMEOUT}, {@link #ERROR} or {@link #BREAK}
     */
    int next(FrameRecord into, long number, int linkType) {
        int rc = Binding.pcap_next_ex(handle, header, data);
        if (rc != FRAME) {
            return rc < 0 && rc != BREAK ? ERROR : rc == 0 ? TIMEOUT : BREAK;
        }
        Pointer h = header.getValue();
        int caplen = capturedLength(h);
        if (caplen < 0) {
            return ERROR;
        }
        byte[] bytes = into.prepare(number, timestampNanos(h), 0, linkType, caplen, originalLength(h), -1);
        data.getValue().read(0, bytes, 0, caplen);
        return FRAME;
    }

    /**
     * Hands up to {@code maxFrames} frames to {@code sink}, each inside libpcap's own buffer, through one
     * {@code pcap_dispatch}: {@code pcap_next_ex} first copies every frame into a buffer of libpcap's (on
     * Linux's packet ring) and {@link #next} then copies it into the record, two copies of up to 256 KiB a
     * frame that a capture straight to a file does not need. One call serves every frame the ring holds
     * ready, up to {@code maxFrames}, so the cost of crossing into libpcap is paid once for many frames.
     * The frames are numbered from {@code firstNumber}; {@link #delivered} tells how many went to the sink,
     * also when the call ends in an error or a break. When the sink throws, libpcap is told to stop after
     * that frame, so it is the last one handed over.
     *
     * @return {@link #FRAME} when at least one frame went to the sink, {@link #TIMEOUT}, {@link #ERROR} or
     *         {@link #BREAK}
     * @throws IOException what the sink threw
     */
    int dispatch(FrameRecord into, long firstNumber, int linkType, int maxFrames, CaptureSource.FrameBytesSink sink)
            throws IOException {
        if (maxFrames < 1) {
            throw new IllegalArgumentException("maxFrames " + maxFrames);
        }
        InPlace cb = inPlace;
        cb.start(into, firstNumber, linkType, sink);
        int rc = Binding.pcap_dispatch(handle, maxFrames, cb, null);
        cb.sink = null;
        Throwable failure = cb.failure;
        if (failure != null) {
            cb.failure = null;
            if (failure instanceof IOException e) {
                throw e;
            }
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            throw (Error) failure;
        }
        if (cb.badHeader) {
            return ERROR;
        }
        if (rc > 0) {
            return FRAME;
        }
        return rc == 0 ? TIMEOUT : rc == BREAK ? BREAK : ERROR;
    }

    /** Frames the last {@link #dispatch} handed to its sink. */
    int delivered() {
        return inPlace.delivered;
    }

    /**
     * libpcap's per-frame callback for {@link #dispatch}; a field, so the native side's reference stays
     * alive. Its arguments are plain addresses (not JNA Pointers, which JNA would make three of for every
     * frame), read through two reused Pointers; the frame's bytes are handed over as a slice of one direct
     * buffer spanning the memory around them ({@link #view}), not as a new buffer per frame.
     */
    private final class InPlace implements Binding.Handler {
        /** Span of {@link #window}: the most a direct buffer holds; a frame lies in its first half. */
        private static final long WINDOW = Integer.MAX_VALUE;
        private static final long WINDOW_ALIGN = 1L << 30;
        private final Pointer header = new Pointer(0);
        private final Pointer windowStart = new Pointer(0);
        private ByteBuffer window;
        private long windowBase;
        private FrameRecord into;
        private long number;
        private int linkType;
        CaptureSource.FrameBytesSink sink;
        Throwable failure;
        boolean badHeader;
        int delivered;

        void start(FrameRecord into, long firstNumber, int linkType, CaptureSource.FrameBytesSink sink) {
            this.into = into;
            this.number = firstNumber;
            this.linkType = linkType;
            this.sink = sink;
            this.delivered = 0;
            this.badHeader = false;
        }

        @Override
        public void invoke(long user, long h, long bytes) {
            // an exception must not unwind through libpcap: it is kept and thrown by dispatch, and libpcap
            // stops after this frame
            if (failure != null || badHeader) {
                return;
            }
            try {
                Pointer.nativeValue(header, h);
                int caplen = capturedLength(header);
                if (caplen < 0) {
                    badHeader = true;
                    Binding.pcap_breakloop(handle);
                    return;
                }
                into.prepareWithoutBytes(number, timestampNanos(header), 0, linkType, caplen, originalLength(header));
                number++;
                delivered++;
                sink.accept(into, view(bytes, caplen));
            } catch (Throwable t) {
                failure = t;
                Binding.pcap_breakloop(handle);
            }
        }

        /**
         * The {@code length} bytes at {@code address} as the position-to-limit slice of a direct buffer that
         * spans 2 GiB from a 1 GiB boundary at or below them. The buffer is made again only when a frame lies
         * outside it, which for libpcap's ring (one mapping) is about never; nothing reads the buffer outside
         * the slice, so memory around the frame that is not mapped is never touched.
         */
        private ByteBuffer view(long address, int length) {
            if (window == null || address < windowBase || address + length > windowBase + WINDOW) {
                // never a buffer at address 0, which JNI need not take
                windowBase = (address & -WINDOW_ALIGN) != 0 ? address & -WINDOW_ALIGN : address;
                Pointer.nativeValue(windowStart, windowBase);
                window = windowStart.getByteBuffer(0, WINDOW);
            }
            int offset = (int) (address - windowBase);
            window.clear();
            window.position(offset).limit(offset + length);
            return window;
        }
    }

    /** A pcap_pkthdr's time (the handle is set to nanosecond timestamps). */
    private static long timestampNanos(Pointer h) {
        return h.getNativeLong(0).longValue() * 1_000_000_000L + h.getNativeLong(NativeLong.SIZE).longValue();
    }

    /** A pcap_pkthdr's caplen, or -1 when it is beyond any snaplen libpcap allows. */
    private static int capturedLength(Pointer h) {
        int caplen = h.getInt(TIMEVAL_BYTES);
        return caplen < 0 || caplen > CaptureSource.MAX_SNAPLEN ? -1 : caplen;
    }

    private static long originalLength(Pointer h) {
        return Integer.toUnsignedLong(h.getInt(TIMEVAL_BYTES + 4));
    }

    /**
     * libpcap writing this handle's frames to {@code file} itself ({@code pcap_dump_open}: classic pcap,
     * the handle's nanosecond timestamps), or null when libpcap cannot create it ({@link #error} says why).
     */
    PcapDumpFile openDump(java.nio.file.Path file) throws IOException {
        java.nio.channels.FileChannel readBack = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE);
        Pointer dumper = Binding.pcap_dump_open(handle, file.toString());
        if (dumper == null) {
            readBack.close();
            return null;
        }
        return new PcapDumpFile(this, dumper, file, readBack);
    }

    /** One {@code pcap_dispatch} with libpcap's {@code pcap_dump} as the callback: frames written, or a code. */
    int dispatchToDumper(Pointer dumper, int maxFrames) {
        return Binding.pcap_dispatch(handle, maxFrames, Binding.PCAP_DUMP, dumper);
    }

    /** The error text of the last failed call. */
    String error() {
        return Binding.pcap_geterr(handle);
    }

    /** Direct-mapped libpcap functions, bound on first use. */
    static final class Binding {
        /** The address of libpcap's {@code pcap_dump}, the callback that writes a frame to a dumper. */
        static final Pointer PCAP_DUMP;

        static {
            NativeLibrary pcap = NativeLibrary.getInstance(System.getProperty("org.pcap4j.core.pcapLibName", "pcap"));
            Native.register(pcap);
            PCAP_DUMP = pcap.getFunction("pcap_dump");
        }

        private Binding() {
        }

        static void ensureLoaded() {
            // the static initializer did the work
        }

        static native int pcap_next_ex(Pointer p, PointerByReference header, PointerByReference data);

        /** libpcap's pcap_handler. */
        interface Handler extends Callback {
            /** The three pointers come as addresses; {@link #of} takes only 64-bit JVMs, where they are longs. */
            void invoke(long user, long header, long bytes);
        }

        static native int pcap_dispatch(Pointer p, int count, Handler callback, Pointer user);

        /** pcap_dispatch with a native callback: libpcap's own {@code pcap_dump}, its user argument the dumper. */
        static native int pcap_dispatch(Pointer p, int count, Pointer callback, Pointer user);

        static native Pointer pcap_dump_open(Pointer p, String file);

        static native int pcap_dump_flush(Pointer dumper);

        static native Pointer pcap_dump_file(Pointer dumper);

        static native void pcap_dump_close(Pointer dumper);

        static native void pcap_breakloop(Pointer p);

        static native String pcap_geterr(Pointer p);
    }
}
