package org.jumbocap.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jumbocap.gui.live.CaptureFilterRewriter;
import org.jumbocap.gui.live.LiveCaptureProvider;
import org.jumbocap.gui.live.LiveInterface;
import org.jumbocap.gui.live.LiveSource;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;

/** A live capture that replays a sample file's frames from its own thread, reusing one record as pcap4j does. */
final class FakeLiveProvider implements LiveCaptureProvider {
    static final LiveInterface VETH = new LiveInterface("veth-a", "fake replay", 185000, 185000, 185000, 185000);

    private final Path sample;
    final List<String> openedFilters = new ArrayList<>();
    /** When set, a source ends by itself with this failure once the sample is replayed, as if the interface went away. */
    volatile String endWith;

    FakeLiveProvider(Path sample) {
        this.sample = sample;
    }

    @Override
    public List<LiveInterface> interfaces() {
        return List.of(new LiveInterface("lo", "loopback", 65536, 65536, 65536, 65536), VETH);
    }

    @Override
    public CaptureFilterRewriter rewriter(LiveInterface itf) {
        return expression -> {
            if (expression.contains("((")) {
                throw new IllegalArgumentException("column 1: unbalanced parenthesis");
            }
            return expression.isEmpty() ? "" : "(" + expression + ") or (ip6 and ip6[6] == 0)";
        };
    }

    @Override
    public LiveSource open(LiveInterface itf, String captureFilter, int snaplen) {
        openedFilters.add(captureFilter);
        return new ReplaySource(sample, endWith);
    }

    static final class ReplaySource implements LiveSource {
        private final Path sample;
        private final String endWith;
        private volatile String failure;
        private final AtomicBoolean running = new AtomicBoolean();
        private final AtomicLong received = new AtomicLong();
        private Thread thread;

        ReplaySource(Path sample, String endWith) {
            this.sample = sample;
            this.endWith = endWith;
        }

        @Override
        public void start(Consumer<FrameRecord> sink) {
            running.set(true);
            thread = new Thread(() -> {
                FrameRecord reused = new FrameRecord();
                try (CaptureReader reader = CaptureFiles.open(sample)) {
                    while (running.get() && reader.next(reused)) {
                        sink.accept(reused);
                        received.incrementAndGet();
                        Thread.sleep(2);
                    }
                    if (running.get() && endWith != null) {
                        failure = endWith;
                        running.set(false);
                    }
                } catch (IOException | InterruptedException e) {
                    running.set(false);
                }
            }, "fake-live");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void stop() {
            running.set(false);
            if (thread != null) {
                try {
                    thread.join(5000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public long received() {
            return received.get();
        }

        @Override
        public long dropped() {
            return 0;
        }

        @Override
        public String failure() {
            return failure;
        }
    }
}
