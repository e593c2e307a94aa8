package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Another tool's standard output (tshark, editcap, ...), for the tests that take it as the oracle. */
final class ToolOutput {
    /** What tshark is run with where jumbocap's choices are compared: no name resolution, no IP reassembly. */
    static final List<String> TSHARK = List.of("tshark", "-n", "-o", "ip.defragment:FALSE", "-o", "ipv6.defragment:FALSE");

    private ToolOutput() {
    }

    /**
     * Runs the command to its end and gives its standard output; the test is skipped where the tool is not
     * installed, and fails where it does not exit 0.
     */
    static String of(String... command) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, command[0] + " is installed");
            throw e;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", command));
        assertEquals(0, p.exitValue(), String.join(" ", command));
        return out;
    }

    /** tshark as {@link #TSHARK}, then {@code options} and {@code args}. */
    static String tshark(List<String> options, String... args) throws Exception {
        List<String> command = new ArrayList<>(TSHARK);
        command.addAll(options);
        command.addAll(List.of(args));
        return of(command.toArray(String[]::new));
    }
}
