package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The root tests' way of running the machine's tools (ip, tc, python3) and of waiting for a started
 * process to say it is ready; shared with the command line's live tests through this module's test jar.
 */
public final class TestCommands {
    private TestCommands() {
    }

    /** A command's exit status, or -1 when it cannot run or takes more than 30 s. */
    public static int run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Runs a command that must succeed. */
    public static void must(String... cmd) {
        assertEquals(0, run(cmd), String.join(" ", cmd));
    }

    /** Waits up to 20 s for {@code text} in the file a process writes its messages to, then a moment more. */
    public static void waitForText(Path file, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).contains(text)) {
                Thread.sleep(300);
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no '" + text + "' in " + file + ": "
                + (Files.exists(file) ? Files.readString(file) : "no output"));
    }
}
