package org.jumbocap.cli;

import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT and SIGTERM as the end of a capture, not of the process, as tcpdump treats them: the capture
 * stops, drains, closes its file, prints its summary and exits 0. Without this the JVM would run its
 * shutdown hooks and exit 130 or 143 whatever the capture then reported. Where the JVM does not let a
 * program handle a signal (started with -Xrs), that signal keeps its default meaning, and the shutdown
 * hook still stops the capture cleanly.
 */
final class StopSignals {
    private static final List<String> NAMES = List.of("INT", "TERM");

    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private StopSignals() {
    }

    /** Makes SIGINT and SIGTERM call {@code stop} until {@link #restore}. */
    static StopSignals install(Runnable stop) {
        StopSignals installed = new StopSignals();
        SignalHandler handler = signal -> stop.run();
        for (String name : NAMES) {
            try {
                Signal signal = new Signal(name);
                installed.previous.add(Signal.handle(signal, handler));
                installed.signals.add(signal);
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the JVM keeps this signal (e.g. -Xrs): its default stays, the shutdown hook stops the capture
            }
        }
        return installed;
    }

    /** Gives the signals back their meaning from before {@link #install}. */
    void restore() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
