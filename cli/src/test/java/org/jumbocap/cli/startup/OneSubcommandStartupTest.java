package org.jumbocap.cli.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.cli.JumbocapCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * {@link JumbocapCommand#execute} builds only the subcommand a command line names, and none for the
 * version alone (a start-up saving); it must answer exactly like the full command line of
 * {@link JumbocapCommand#create}: same exit code, same output, same errors, same help. Every subcommand
 * the full command line has is tried, so one added later is covered too. (Not with --debug: a stack
 * trace shows its caller.)
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
                List.of("fields", "completion"),
                List.of("--version"),
                List.of("-V"),
                List.of("--version", "read"),
                List.of("-V", SAMPLE),
                List.of("--help"),
                List.of("-h"),
                List.of(),
                List.of("bogus"),
                List.of("reed", SAMPLE),
                List.of("--bogus"),
                List.of("--no-color"),
                List.of("--no-color", "read", "-c", "1", SAMPLE),
                List.of("--no-color", "stats", "--help"),
                List.of("--no-color", "--version"),
                List.of("completion"),
                List.of("completion", "--help"),
                List.of("segment", "--help"),
                List.of("segment", "--bogus", SAMPLE),
                List.of("follow", "--bogus", SAMPLE),
                List.of("follow", "--help"),
                List.of("capture", "--help"),
                List.of("capture", "-i"),
                List.of("interfaces", "--bogus"),
                List.of("filter", "tcp.port == 5201 && jumbo"),
                List.of("filter", "tcp.port =="),
                List.of("filter", "--help"),
                List.of("check", "--help"),
                List.of("check", "--bogus"),
                List.of("export", "--help"),
                List.of("export", "--bogus", SAMPLE));
    }

    /** Every subcommand of the full command line, with its help, its version, an unknown option and no argument. */
    static List<List<String>> everySubcommand() {
        List<List<String>> lines = new ArrayList<>();
        CommandLine full = JumbocapCommand.create(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false);
        for (String name : full.getSubcommands().keySet()) {
            lines.add(List.of(name, "--help"));
            lines.add(List.of(name, "--version"));
            lines.add(List.of(name, "--no-such-option"));
            lines.add(List.of("--no-color", name, "-h"));
        }
        assertTrue(lines.size() >= 4 * 11, "subcommands: " + full.getSubcommands().keySet());
        return lines;
    }

    @ParameterizedTest
    @MethodSource("everySubcommand")
    void everySubcommandAnswersLikeInTheFullCommandLine(List<String> line) {
        answersLikeTheFullCommandLine(line);
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
