package org.jumbocap.capture;

import java.io.IOException;
import java.nio.file.Path;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;
import org.pcap4j.packet.namednumber.DataLinkType;

/**
 * Replays a capture file as a live source: for tests, demos and the viewer's capture mode without
 * privileges. Frames come as fast as asked, or paced by their timestamps ({@code speed} 1.0 = real time).
 * A capture filter is applied with libpcap's own filter machine on the original length, as a live capture
 * would; frames are never dropped, so the drop counters stay 0.
 */
public final class ReplayCaptureSource implements CaptureSource {
    private final CaptureReader reader;
    private final String name;
    private final int snaplen;
    private final double speed;
    private final int timeoutMillis;
    private BpfProgram filter;
    private final FrameRecord pending = new FrameRecord();
    private boolean havePending;
    private boolean ended;
    private volatile boolean broken;
    private long firstFileNanos = Long.MIN_VALUE;
    private long startWallNanos;
    private long received;
    private long number;
    private int linkType;

    /**
     * @param speed 0 for as fast as possible, otherwise a factor of real time
     */
    public ReplayCaptureSource(Path file, Options options, double speed) throws CaptureException {
        try {
            this.reader = CaptureFiles.open(file);
        } catch (IOException e) {
            throw new CaptureException(CaptureException.Kind.OTHER, FileErrors.reading(file, e), e);
        }
        this.name = file.toString();
        // a file holds frames of any length: keep as much as the AF_PACKET source would, not libpcap's 262,144
        this.snaplen = Math.min(options.snaplen(), AF_PACKET_MAX_SNAPLEN);
        this.speed = speed;
        this.timeoutMillis = Math.max(1, options.timeoutMillis());
        try {
            havePending = reader.next(pending);
        } catch (IOException e) {
            closeQuietly();
            throw new CaptureException(CaptureException.Kind.OTHER, FileErrors.reading(file, e), e);
        }
        this.linkType = havePending ? pending.linkType() : Math.max(reader.linkType(), 0);
        if (options.filter() != null) {
            try {
                setFilter(options.filter());
            } catch (CaptureException e) {
                closeQuietly();
                throw e;
            }
        }
    }

    @Override
    public void setFilter(String text) throws CaptureException {
        BpfProgram program = null;
        if (text != null && !text.isBlank()) {
            try {
                program = Pcaps.compileFilter(snaplen, DataLinkType.getInstance(linkType == LinkTypes.RAW ? 12 : linkType),
                        text, BpfProgram.BpfCompileMode.OPTIMIZE, PcapHandle.PCAP_NETMASK_UNKNOWN);
            } catch (PcapNativeException e) {
                throw new CaptureException(CaptureException.Kind.FILTER, "capture filter: " + e.getMessage(), e);
            } catch (LinkageError e) {
                throw new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, CaptureException.LIBPCAP_TEXT, e);
            }
        }
        if (filter != null && !filter.isFreed()) {
            filter.free();
        }
        filter = program;
    }

    @Override
    public Status next(FrameRecord into) throws CaptureException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            if (broken || ended) {
                return Status.END;
            }
            if (!havePending) {
                ended = true;
                return Status.END;
            }
            long wait = pacingDelayNanos(pending.timestampNanos());
            if (wait > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return Status.TIMEOUT;
                }
                sleepNanos(Math.min(wait, left));
                continue;
            }
            int cap = Math.min(pending.capturedLength(), snaplen);
            boolean pass = filter == null || filter.applyFilter(pending.data(), (int) Math.min(pending.originalLength(),
                    Integer.MAX_VALUE), cap);
            if (pass) {
                received++;
                byte[] data = into.prepare(++number, pending.timestampNanos(), 0, pending.linkType(), cap,
                        pending.originalLength(), -1);
                System.arraycopy(pending.data(), 0, data, 0, cap);
            }
            try {
                havePending = reader.next(pending);
            } catch (IOException e) {
                havePending = false;
                throw new CaptureException(CaptureException.Kind.OTHER, FileErrors.reading(Path.of(name), e), e);
            }
            if (pass) {
                return Status.FRAME;
            }
            if (System.nanoTime() - deadline > 0) {
                return Status.TIMEOUT;
            }
        }
    }

    private long pacingDelayNanos(long frameNanos) {
        if (speed <= 0) {
            return 0;
        }
        long now = System.nanoTime();
        if (firstFileNanos == Long.MIN_VALUE) {
            firstFileNanos = frameNanos;
            startWallNanos = now;
            return 0;
        }
        long due = startWallNanos + (long) ((frameNanos - firstFileNanos) / speed);
        return due - now;
    }

    private static void sleepNanos(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
        return name;
    }

    @Override
    public Stats stats() {
        return new Stats(received, 0, 0);
    }

    @Override
    public void breakLoop() {
        broken = true;
    }

    @Override
    public void close() {
        if (filter != null && !filter.isFreed()) {
            filter.free();
        }
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            reader.close();
        } catch (IOException e) {
            // closing a reader only releases the file
        }
    }
}
