package org.jumbocap.gui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which program the viewer runs to capture, and the options it hands it. */
class CaptureCommandTest {
    private static final LiveInterface ETH = new LiveInterface("eth0", "ether", 0, 0, 0, 0);

    @Test
    void thePropertyComesFirst() {
        String before = System.getProperty(CaptureCommand.PROPERTY);
        System.setProperty(CaptureCommand.PROPERTY, "  /opt/x/jumbocap   capture ");
        try {
            assertEquals(List.of("/opt/x/jumbocap", "capture"), CaptureCommand.prefix());
        } finally {
            if (before == null) {
                System.clearProperty(CaptureCommand.PROPERTY);
            } else {
                System.setProperty(CaptureCommand.PROPERTY, before);
            }
        }
    }

    @Test
    void withoutItThePackagedLauncherElseThisJavaAndClassPath() {
        if (System.getProperty(CaptureCommand.PROPERTY) != null || System.getenv(CaptureCommand.ENVIRONMENT) != null) {
            return;
        }
        List<String> prefix = CaptureCommand.prefix();
        if (Files.isExecutable(Path.of(CaptureCommand.PACKAGED))) {
            assertEquals(List.of(CaptureCommand.PACKAGED), prefix);
            return;
        }
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), prefix.get(0));
        assertEquals(List.of("-cp", System.getProperty("java.class.path"), CaptureCommand.MAIN_CLASS), prefix.subList(1, 4));
    }

    @Test
    void theCaptureWritesRawPcapngWithTheRewrittenFilterAsItIs() {
        Path file = Path.of("/tmp/x/capture.pcapng");
        List<String> line = new ProcessCaptureProvider().command(ETH, "ip6 and tcp port 5201", 524288, file);
        String tail = String.join(" ", line.subList(line.indexOf("-i"), line.size()));
        assertEquals("-i eth0 --raw -q -w /tmp/x/capture.pcapng -s 524288 --stop-when-stdin-closes -f ip6 and tcp port 5201 --raw-filter", tail);
        List<String> noFilter = new ProcessCaptureProvider().command(ETH, "", 524288, file);
        assertTrue(!noFilter.contains("-f"), noFilter.toString());
        List<String> replay = ProcessCaptureProvider.replaying(Path.of("/s/a.pcap"), 2).command(ETH, "", 65535, file);
        assertEquals("--replay /s/a.pcap --replay-speed 2.0 --raw", String.join(" ",
                replay.subList(replay.indexOf("--replay"), replay.indexOf("--raw") + 1)));
    }
}
