package org.jumbocap.gui.live;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A viewer reduced to its live capture, run by {@link CaptureEndsWithTheViewerTest} as a process of its own
 * so that the test can kill it: starts the capture process through {@link ProcessCaptureProvider} on a slow
 * replay of the file given, prints the file it follows and, once a frame came, {@code following}; then waits.
 */
public final class ViewerStandIn {
    private ViewerStandIn() {
    }

    public static void main(String[] args) throws Exception {
        ProcessCaptureProvider provider = ProcessCaptureProvider.replaying(Path.of(args[0]), Double.parseDouble(args[1]));
        LiveSource source = provider.open(provider.interfaces().get(0), null, 262144);
        System.out.println("file: " + source.file());
        AtomicLong frames = new AtomicLong();
        source.start(frame -> frames.incrementAndGet());
        while (frames.get() == 0) {
            if (source.failure() != null) {
                System.out.println("failure: " + source.failure());
                return;
            }
            Thread.sleep(20);
        }
        System.out.println("following");
        Thread.sleep(Long.MAX_VALUE);
    }
}
