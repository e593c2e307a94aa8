package org.jumbocap.gui.live;

import java.io.IOException;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Where live capture comes from. The viewer's own is {@link Pcap4jLiveProvider} (libpcap through the
 * command line's capture engine), registered for {@link ServiceLoader}; tests hand in a fake directly.
 */
public interface LiveCaptureProvider {
    List<LiveInterface> interfaces() throws IOException;

    /** Opens a capture; {@code captureFilter} is already rewritten (may be empty). */
    LiveSource open(LiveInterface itf, String captureFilter, int snaplen) throws IOException;

    /** The rewriter for an interface (BPF offsets depend on its link type). */
    default CaptureFilterRewriter rewriter(LiveInterface itf) {
        return CaptureFilterRewriter.IDENTITY;
    }

    /** The first provider on the class path, or null when live capture is not available. */
    static LiveCaptureProvider discover() {
        return ServiceLoader.load(LiveCaptureProvider.class).findFirst().orElse(null);
    }
}
