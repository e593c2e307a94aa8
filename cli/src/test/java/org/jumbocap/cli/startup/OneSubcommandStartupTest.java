package org.jumbocap.cli.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.cli.JumbocapCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link JumbocapCommand#execute} builds only the subcommand a {@code read}, {@code stats} or
 * {@code fields} command line names (a start-up saving); it must answer exactly like the full command
 * line of {@link JumbocapCommand#create}: same exit code, same output, same errors, same help. (Not
 * with --debug: a stack trace shows its caller.)
 */
class OneSubcommandStartupTest {
    private static final String SAMPLE = Path.of("../samples/ipv6-bigtcp-veth.pcap").toString();

    static List<List<String>> commandLines() {
        return List.of(
                List.of("read", SAMPLE),
                List.of("read", "-V", "-x", "-c", "2", SAMPLE),
                List.of("read", "-T", "json", "-c", "1", SAMPLE),
                List.of("read", "-Y", "tcp.port == 5201 && jumbo", "-c", "3", SAMPLE),
                List.of("read", "-Y", "tcp.port ==", SAMPLE),
                List.of("read", "--help"),
                List.of("read", "-h"),
                List.of("read", "--version"),
                List.of("read", "--bogus", SAMPLE),
                List.of("read", "--max-hex", "3", SAMPLE),
                List.of("read", "-c", "x", SAMPLE),
                List.of("read", "-T", "yaml", SAMPLE),
                List.of("read", "-T", "JSON", "-c", "1", SAMPLE),
                List.of("read"),
                List.of("read", "no-such-file.pcap"),
                List.of("read", "--no-color", "-c", "1", SAMPLE),
                List.of("read", "stats", SAMPLE),
                List.of("read", "--", "--help"),
                List.of("stats", SAMPLE),
                List.of("stats", "-T", "json", SAMPLE),
                List.of("stats", "--help"),
                List.of("stats", "-V"),
                List.of("stats", "--bogus"),
                List.of("stats", "read", SAMPLE),
                List.of("stats"),
                List.of("fields", "ipv6."),
                List.of("fields"),
                List.of("fields", "--help"),
                List.of("fields", "-r"),
                List.of("fields", "completion"));
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void answersLikeTheFullCommandLine(List<String> line) {
        String[] args = line.toArray(String[]::new);
        StringWriter fullOut = new StringWriter();
        StringWriter fullErr = new StringWriter();
        int fullCode = JumbocapCommand.create(new PrintWriter(fullOut), new PrintWriter(fullErr), false).execute(args);

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = JumbocapCommand.execute(args, new PrintWriter(out), new PrintWriter(err), false);

        assertEquals(fullErr.toString(), err.toString(), "errors of: " + line);
        assertEquals(fullOut.toString(), out.toString(), "output of: " + line);
        assertEquals(fullCode, code, "exit code of: " + line);
    }
}
