package org.jumbocap.capture;

import java.io.EOFException;
import java.io.IOException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.jumbocap.io.FrameRecord;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapStat;
import org.pcap4j.core.Pcaps;

/**
 * A live capture through libpcap (via pcap4j), used only as a byte pump: frames are taken raw with their
 * timestamp and original length, never parsed by pcap4j (whose packet classes cannot represent
 * jumbograms).
 */
public final class Pcap4jCaptureSource implements CaptureSource {
    private final PcapHandle handle;
    private final String device;
    private final int linkType;
    private final int snaplen;
    private final DirectPcapReader direct;
    private long number;

    private Pcap4jCaptureSource(PcapHandle handle, String device, int snaplen) {
        this.handle = handle;
        this.device = device;
        this.linkType = linkTypeOfDlt(handle.getDlt().value());
        this.snaplen = snaplen;
        this.direct = DirectPcapReader.of(handle);
    }

    /** Opens a device; the filter, if any, is set before the first frame is read. */
    public static Pcap4jCaptureSource open(Options options) throws CaptureException {
        String device = options.device();
        List<String> names = deviceNames();
        if (!names.contains(device)) {
            throw new CaptureException(CaptureException.Kind.NO_SUCH_INTERFACE, device
                    + ": no such capture interface (interfaces: " + String.join(", ", names) + ")");
        }
        PcapHandle handle;
        try {
            handle = new PcapHandle.Builder(device)
                    .snaplen(Math.min(options.snaplen(), MAX_SNAPLEN))
                    .bufferSize(options.bufferBytes())
                    .timeoutMillis(options.timeoutMillis())
                    .immediateMode(options.immediate())
                    .promiscuousMode(options.promiscuous() ? PcapNetworkInterface.PromiscuousMode.PROMISCUOUS
                            : PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS)
                    .timestampPrecision(PcapHandle.TimestampPrecision.NANO)
                    .build();
        } catch (PcapNativeException e) {
            throw CaptureException.classify(device, e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, CaptureException.LIBPCAP_TEXT, e);
        }
        Pcap4jCaptureSource source = new Pcap4jCaptureSource(handle, device, Math.min(options.snaplen(), MAX_SNAPLEN));
        if (options.filter() != null) {
            try {
                source.setFilter(options.filter());
            } catch (CaptureException e) {
                handle.close();
                throw e;
            }
        }
        return source;
    }

    @Override
    public void setFilter(String filter) throws CaptureException {
        try {
            handle.setFilter(filter == null ? "" : filter, BpfProgram.BpfCompileMode.OPTIMIZE);
        } catch (PcapNativeException | NotOpenException e) {
            throw new CaptureException(CaptureException.Kind.FILTER, "capture filter: " + e.getMessage(), e);
        }
    }

    /** The LINKTYPE_ value files record for a libpcap DLT_ value: they differ only for raw IP. */
    public static int linkTypeOfDlt(int dlt) {
        return dlt == 12 || dlt == 14 ? org.jumbocap.io.LinkTypes.RAW : dlt;
    }

    /** Names of every capture device libpcap knows, in its order. */
    public static List<String> deviceNames() throws CaptureException {
        List<String> names = new ArrayList<>();
        for (PcapNetworkInterface nif : devices()) {
            names.add(nif.getName());
        }
        return names;
    }

    public static List<PcapNetworkInterface> devices() throws CaptureException {
        try {
            return Pcaps.findAllDevs();
        } catch (PcapNativeException e) {
            throw CaptureException.classify("capture devices", e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, CaptureException.LIBPCAP_TEXT, e);
        }
    }

    @Override
    public Status next(FrameRecord into) throws CaptureException {
        if (direct != null) {
            return directStatus(direct.next(into, number + 1, linkType));
        }
        byte[] raw;
        try {
            raw = handle.getNextRawPacketEx();
        } catch (TimeoutException e) {
            return Status.TIMEOUT;
        } catch (EOFException e) {
            return Status.END;
        } catch (PcapNativeException e) {
            throw CaptureException.classify(device, e.getMessage(), e);
        } catch (NotOpenException e) {
            return Status.END;
        }
        Timestamp ts = handle.getTimestamp();
        Integer original = handle.getOriginalLength();
        long nanos = Math.floorDiv(ts.getTime(), 1000L) * 1_000_000_000L + ts.getNanos();
        byte[] data = into.prepare(++number, nanos, 0, linkType, raw.length,
                original == null ? raw.length : Integer.toUnsignedLong(original), -1);
        System.arraycopy(raw, 0, data, 0, raw.length);
        return Status.FRAME;
    }

    @Override
    public Status next(FrameRecord into, int maxFrames, FrameBytesSink sink) throws CaptureException, IOException {
        if (direct == null) {
            return CaptureSource.super.next(into, maxFrames, sink);
        }
        int rc;
        try {
            rc = direct.dispatch(into, number + 1, linkType, maxFrames, sink);
        } finally {
            number += direct.delivered();
        }
        return rc == DirectPcapReader.FRAME ? Status.FRAME : directStatus(rc);
    }

    /**
     * libpcap's own {@code pcap_dump} writing the frames ({@link LibraryDump}), as {@code tcpdump -w} does;
     * null when jumbocap cannot reach the pcap_t (then {@link LiveFileWriter} writes them).
     */
    @Override
    public LibraryDump openLibraryDump(java.nio.file.Path file) throws IOException {
        if (direct == null) {
            return null;
        }
        // created here first, so that a file that cannot be written fails with the JDK's exception and reason
        java.nio.file.Files.newByteChannel(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING).close();
        PcapDumpFile dump = direct.openDump(file);
        if (dump == null) {
            throw new IOException(direct.error());
        }
        return dump;
    }

    /** What a direct read's result code means; a frame read counts. */
    private Status directStatus(int rc) throws CaptureException {
        switch (rc) {
            case DirectPcapReader.FRAME:
                number++;
                return Status.FRAME;
            case DirectPcapReader.TIMEOUT:
                return Status.TIMEOUT;
            case DirectPcapReader.BREAK:
                return Status.END;
            default:
                throw CaptureException.classify(device, direct.error(), null);
        }
    }

    @Override
    public int linkType() {
        return linkType;
    }

    @Override
    public int snaplen() {
        return snaplen;
    }

    @Override
    public String name() {
        return device;
    }

    @Override
    public Stats stats() throws CaptureException {
        try {
            PcapStat s = handle.getStats();
            return new Stats(s.getNumPacketsReceived(), s.getNumPacketsDropped(), s.getNumPacketsDroppedByIf());
        } catch (PcapNativeException | NotOpenException e) {
            throw CaptureException.classify(device, e.getMessage(), e);
        }
    }

    @Override
    public void breakLoop() {
        try {
            handle.breakLoop();
        } catch (NotOpenException e) {
            // already closed: nothing to interrupt
        }
    }

    @Override
    public void close() {
        handle.close();
    }
}
