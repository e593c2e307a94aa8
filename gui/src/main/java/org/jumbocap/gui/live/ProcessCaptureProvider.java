package org.jumbocap.gui.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The viewer's live capture, as Wireshark's through dumpcap: the capture process ({@link CaptureCommand})
 * opens the device and writes a temporary pcapng file under {@code java.io.tmpdir}; the viewer follows
 * that file ({@link ProcessLiveSource}) and never needs privileges itself. The interface list and the
 * capture-filter preview are the command line's ({@link Pcap4jLiveProvider}), which need none either; the
 * preview's rewritten expression is handed to the process as it is ({@code --raw-filter}).
 *
 * <p>{@link #replaying} runs {@code capture --replay FILE} instead of {@code -i IF}, so a live capture can
 * be driven without root (tests, demonstrations).
 */
public final class ProcessCaptureProvider implements LiveCaptureProvider {
    private final Pcap4jLiveProvider devices = new Pcap4jLiveProvider();
    private final Path replay;
    private final double replaySpeed;

    public ProcessCaptureProvider() {
        this(null, 0);
    }

    private ProcessCaptureProvider(Path replay, double replaySpeed) {
        this.replay = replay;
        this.replaySpeed = replaySpeed;
    }

    /** A provider whose one interface replays {@code file} at {@code speed} times real time (0: at once). */
    public static ProcessCaptureProvider replaying(Path file, double speed) {
        return new ProcessCaptureProvider(file.toAbsolutePath(), speed);
    }

    @Override
    public List<LiveInterface> interfaces() throws IOException {
        if (replay != null) {
            return List.of(new LiveInterface("replay:" + replay.getFileName(), "replayed file", 0, 0, 0, 0));
        }
        return devices.interfaces();
    }

    @Override
    public CaptureFilterRewriter rewriter(LiveInterface itf) {
        return replay != null ? CaptureFilterRewriter.IDENTITY : devices.rewriter(itf);
    }

    @Override
    public LiveSource open(LiveInterface itf, String captureFilter, int snaplen) throws IOException {
        Path dir = Files.createTempDirectory("jumbocap-capture-");
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT));
        String name = (replay != null ? "replay" : itf.name()).replaceAll("[^A-Za-z0-9._-]", "_");
        Path file = dir.resolve("jumbocap_" + name + "_" + stamp + ".pcapng");
        // the viewer removes both when the capture is discarded or replaced; this is for an exit it did not see
        dir.toFile().deleteOnExit();
        file.toFile().deleteOnExit();
        return new ProcessLiveSource(command(itf, captureFilter, snaplen, file), file);
    }

    /** {@code jumbocap capture --raw -q -w FILE -i IF -s N --stop-when-stdin-closes [-f FILTER --raw-filter]}. */
    List<String> command(LiveInterface itf, String captureFilter, int snaplen, Path file) {
        List<String> line = CaptureCommand.prefix();
        if (replay != null) {
            line.addAll(List.of("--replay", replay.toString(), "--replay-speed", Double.toString(replaySpeed)));
        } else {
            line.addAll(List.of("-i", itf.name()));
        }
        // the process watches the pipe ProcessLiveSource holds, so it ends with the viewer however the viewer ends
        line.addAll(List.of("--raw", "-q", "-w", file.toString(), "-s", Integer.toString(snaplen), "--stop-when-stdin-closes"));
        if (captureFilter != null && !captureFilter.isBlank()) {
            line.addAll(List.of("-f", captureFilter.strip(), "--raw-filter"));
        }
        return line;
    }
}
