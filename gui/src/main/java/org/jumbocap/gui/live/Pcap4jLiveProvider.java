package org.jumbocap.gui.live;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureFilters;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.CaptureSources;
import org.jumbocap.capture.Pcap4jCaptureSource;
import org.jumbocap.capture.filter.ExtensionHeaderRewriter;
import org.jumbocap.capture.host.LinkSettings;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;

/**
 * Live capture through the command line's capture engine: the device list (libpcap's) and BIG TCP sizes of
 * {@code jumbocap interfaces}, the capture-filter rewriter of {@code jumbocap capture}, and its choice of
 * source ({@link CaptureSources}: jumbocap's AF_PACKET ring, or libpcap where that is refused), run on a
 * thread of its own.
 */
public final class Pcap4jLiveProvider implements LiveCaptureProvider {
    /** How long {@link LiveSource#stop()} waits for the capture thread to leave libpcap. */
    private static final long STOP_WAIT_MILLIS = 5000;
    /** How often the capture thread refreshes the kernel counters. */
    private static final long STATS_PERIOD_NANOS = 250_000_000L;

    @Override
    public List<LiveInterface> interfaces() throws IOException {
        List<String> names = Pcap4jCaptureSource.deviceNames();
        Map<String, LinkSettings.Link> links = LinkSettings.read();
        List<LiveInterface> out = new ArrayList<>(names.size());
        for (String name : names) {
            out.add(describe(name, links.get(name)));
        }
        return out;
    }

    static LiveInterface describe(String name, LinkSettings.Link link) {
        if (link == null) {
            return new LiveInterface(name, "", 0, 0, 0, 0);
        }
        Map<String, Long> sizes = link.sizes();
        StringBuilder description = new StringBuilder();
        if (link.linkType() != null) {
            description.append(link.linkType());
        }
        if (link.mtu() != null) {
            description.append(description.length() == 0 ? "" : ", ").append("mtu ").append(link.mtu());
        }
        return new LiveInterface(name, description.toString(), sizes.getOrDefault("gso_max_size", 0L),
                sizes.getOrDefault("gro_max_size", 0L), sizes.getOrDefault("gso_ipv4_max_size", 0L),
                sizes.getOrDefault("gro_ipv4_max_size", 0L));
    }

    /**
     * The command line's rewriter, compiled for the interface's likely link type: libpcap compiles the
     * text again for the real link type when the capture opens, so a wrong guess only affects the preview.
     */
    @Override
    public CaptureFilterRewriter rewriter(LiveInterface itf) {
        int linkType = likelyLinkType(itf.name(), itf.description());
        return expression -> {
            if (expression == null || expression.isBlank()) {
                return "";
            }
            try {
                return CaptureFilters.prepare(expression.strip(), false, ExtensionHeaderRewriter.DEFAULT_MAX_HEADERS,
                        linkType, CaptureSource.AF_PACKET_MAX_SNAPLEN).text();
            } catch (CaptureException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        };
    }

    /** The LINKTYPE_ libpcap gives a Linux device, judged from its name and {@code ip}'s link type. */
    static int likelyLinkType(String name, String description) {
        if (name.equals("any")) {
            return LinkTypes.LINUX_SLL;
        }
        String type = description == null ? "" : description;
        return type.startsWith("none") ? LinkTypes.RAW : LinkTypes.ETHERNET;
    }

    @Override
    public LiveSource open(LiveInterface itf, String captureFilter, int snaplen) throws IOException {
        CaptureSource.Options options = CaptureSource.Options.defaults(itf.name())
                .withSnaplen(Math.max(1, Math.min(snaplen, CaptureSource.AF_PACKET_MAX_SNAPLEN)))
                .withFilter(captureFilter == null || captureFilter.isBlank() ? null : captureFilter);
        CaptureSources.Opened opened = CaptureSources.open(options, CaptureSources.Preference.AUTO);
        if (opened.fallback() != null) {
            System.err.println("jumbocap: " + itf.name() + ": " + opened.fallback());
        }
        return new PcapLiveSource(opened.source());
    }

    /**
     * Runs a {@link CaptureSource} on its own thread. Only that thread reads frames and counters from
     * libpcap; other threads see the counters it last stored and may only ask the loop to break.
     */
    static final class PcapLiveSource implements LiveSource {
        private final CaptureSource source;
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final AtomicBoolean closed = new AtomicBoolean();
        private volatile Thread thread;
        private volatile long delivered;
        private volatile long kernelDropped;
        private volatile String failure;

        PcapLiveSource(CaptureSource source) {
            this.source = source;
        }

        @Override
        public synchronized void start(Consumer<FrameRecord> sink) throws IOException {
            if (thread != null || stopped.get()) {
                throw new IOException(source.name() + ": capture already started or stopped");
            }
            Thread t = new Thread(() -> pump(sink), "jumbocap-live-" + source.name());
            t.setDaemon(true);
            thread = t;
            t.start();
        }

        private void pump(Consumer<FrameRecord> sink) {
            FrameRecord record = new FrameRecord();
            long nextStats = System.nanoTime() + STATS_PERIOD_NANOS;
            try {
                while (!stopped.get()) {
                    CaptureSource.Status status = source.next(record);
                    if (status == CaptureSource.Status.END) {
                        break;
                    }
                    if (status == CaptureSource.Status.FRAME) {
                        sink.accept(record);
                        delivered++;
                    }
                    if (System.nanoTime() - nextStats >= 0) {
                        refreshStats();
                        nextStats = System.nanoTime() + STATS_PERIOD_NANOS;
                    }
                }
            } catch (CaptureException e) {
                failure = e.getMessage();
            } catch (RuntimeException e) {
                failure = source.name() + ": " + e;
            } finally {
                refreshStats();
                closeOnce();
            }
        }

        private void refreshStats() {
            if (closed.get()) {
                return;
            }
            try {
                CaptureSource.Stats s = source.stats();
                kernelDropped = s.droppedByKernel() + s.droppedByInterface();
            } catch (CaptureException e) {
                // counters stay as last read; frames still flow
            }
        }

        private void closeOnce() {
            if (closed.compareAndSet(false, true)) {
                source.close();
            }
        }

        @Override
        public void stop() {
            stopped.set(true);
            Thread t;
            synchronized (this) {
                t = thread;
            }
            if (t == null) {
                closeOnce();
                return;
            }
            if (closed.get()) {
                return;
            }
            source.breakLoop();
            try {
                t.join(STOP_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // a thread still in libpcap after the wait closes the handle itself when its read returns:
            // closing from here would wait on the handle's lock that the read holds
        }

        /**
         * Frames handed to the viewer. libpcap's own received count is not shown: on Linux it also counts
         * frames it discards itself, such as the loopback interface's outgoing copy of every packet.
         */
        @Override
        public long received() {
            return delivered;
        }

        /** Frames the kernel dropped for want of buffer space, and those the interface dropped. */
        @Override
        public long dropped() {
            return kernelDropped;
        }

        @Override
        public String failure() {
            return failure;
        }

        boolean running() {
            Thread t = thread;
            return t != null && t.isAlive();
        }
    }
}
