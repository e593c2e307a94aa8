package org.jumbocap.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.jumbocap.cli.engine.ErrorText;
import org.jumbocap.cli.engine.OutputClosedException;
import org.jumbocap.cli.engine.UserException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The root {@code jumbocap} command and the one factory that wires every subcommand, the exit codes
 * (0 ok, 1 bad input or I/O error, 2 usage error) and the error handlers.
 */
@Command(name = "jumbocap", mixinStandardHelpOptions = true, versionProvider = JumbocapCommand.Version.class,
        synopsisSubcommandLabel = "COMMAND",
        description = "Reads packet captures and dissects them, showing the real length of IPv6 jumbograms "
                + "(RFC 2675) and Linux BIG TCP super-packets (IPv6 or IPv4 length field 0).",
        footerHeading = "%nExamples:%n",
        footer = {
                "  jumbocap read samples/ipv6-bigtcp-veth.pcap | head",
                "  jumbocap read -Y 'tcp.port == 5201 && jumbo' -V capture.pcapng",
                "  jumbocap stats capture.pcap",
                "  jumbocap fields ipv6.",
                "  jumbocap export -w frames.parquet capture.pcap",
                "  source <(jumbocap completion)",
                "",
                "Exit status: 0 ok, 1 bad input or I/O error, 2 usage error."})
public final class JumbocapCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print the stack trace of an error.")
    boolean debug;

    @Option(names = "--no-color", scope = ScopeType.INHERIT,
            description = "Never colour the output (it is coloured only on a terminal anyway).")
    boolean noColor;

    private final boolean terminal;
    /** Standard output as bytes, for a capture written to {@code -w -}; the text goes through the command line's writer. */
    private final OutputStream stdout;

    JumbocapCommand(boolean terminal, OutputStream stdout) {
        this.terminal = terminal;
        this.stdout = stdout;
    }

    /** Standard output as bytes (a capture written with {@code -w -}); not buffered. */
    public OutputStream standardOutput() {
        return stdout;
    }

    /** True when output goes to a terminal and colour was not turned off. */
    public boolean color() {
        return terminal && !noColor;
    }

    public boolean debug() {
        return debug;
    }

    /** The root command object of any command's spec. */
    public static JumbocapCommand of(CommandSpec spec) {
        return (JumbocapCommand) spec.root().userObject();
    }

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        cl.getErr().println("jumbocap: missing command (see 'jumbocap --help')");
        return CommandLine.ExitCode.USAGE;
    }

    /**
     * Builds the command line with every subcommand. Subcommands are listed here, one line each.
     *
     * @param terminal whether standard output is a terminal (decides colour)
     */
    public static CommandLine create(PrintWriter out, PrintWriter err, boolean terminal) {
        return create(new FileOutputStream(FileDescriptor.out), out, err, terminal, null);
    }

    /**
     * Builds the command line with every subcommand, or with only the named one ({@code only}): picocli
     * reads the annotations of every subcommand it is given, and the six a {@code read} does not need
     * cost about a tenth of its start-up.
     */
    private static CommandLine create(OutputStream stdout, PrintWriter out, PrintWriter err, boolean terminal, String only) {
        JumbocapCommand root = new JumbocapCommand(terminal, stdout);
        CommandLine cl = new CommandLine(root);
        if (only == null || only.equals("read")) {
            cl.addSubcommand(new ReadCommand());
        }
        if (only == null || only.equals("stats")) {
            cl.addSubcommand(new StatsCommand());
        }
        if (only == null || only.equals("fields")) {
            cl.addSubcommand(new FieldsCommand());
        }
        if (only == null) {
            cl.addSubcommand(new SegmentCommand());
            cl.addSubcommand(new FollowCommand());
            cl.addSubcommand(new CaptureCommand());
            cl.addSubcommand(new InterfacesCommand());
            cl.addSubcommand(new FilterCommand());
            cl.addSubcommand(new CheckCommand());
            cl.addSubcommand(new CompletionCommand());
            cl.addSubcommand(new ExportCommand());
        }
        // every subcommand answers --version/-V like the root (read uses -V for its tree, --version only)
        Version version = new Version();
        cl.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(version));

        cl.setOut(out);
        cl.setErr(err);
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(
                terminal ? CommandLine.Help.Ansi.AUTO : CommandLine.Help.Ansi.OFF));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // --help and --version print inside the execution strategy, outside the error handler below
        CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
        cl.setExecutionStrategy(parseResult -> {
            try {
                return runLast.execute(parseResult);
            } catch (OutputClosedException e) {
                return report(e, err);
            }
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof OutputClosedException closed) {
                return report(closed, commandLine.getErr());
            }
            if (root.debug) {
                ex.printStackTrace(commandLine.getErr());
            }
            commandLine.getErr().println("jumbocap: " + ErrorText.clean(describe(ex)));
            commandLine.getErr().flush();
            return CommandLine.ExitCode.SOFTWARE;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine at = ex.getCommandLine();
            if (root.debug) {
                ex.printStackTrace(at.getErr());
            }
            String message = ErrorText.clean(brief(ex.getMessage()));
            at.getErr().println(at.getCommandName().equals("jumbocap") ? "jumbocap: " + message + rootHint(args)
                    : "jumbocap " + at.getCommandName() + ": " + message
                    + " (see 'jumbocap " + at.getCommandName() + " --help')");
            at.getErr().flush();
            return CommandLine.ExitCode.USAGE;
        });
        return cl;
    }

    /** The longest usage message printed whole; picocli quotes arguments, and a filter can be 100 KB. */
    static final int MESSAGE_LIMIT = 300;

    /** A usage message cut to one readable line, saying how long it was. */
    static String brief(String message) {
        if (message == null || message.length() <= MESSAGE_LIMIT) {
            return message;
        }
        return message.substring(0, MESSAGE_LIMIT) + "... (" + message.length() + " characters)";
    }

    /** tshark and tcpdump users type {@code -r FILE} first; point them at the command that does it. */
    static String rootHint(String[] args) {
        for (String a : args) {
            if (a.equals("-r") || a.equals("-Y") || a.equals("-V") && args.length > 1) {
                return " (to read a capture file: 'jumbocap read [-V] [-Y FILTER] FILE'; see 'jumbocap --help')";
            }
        }
        return "";
    }

    /**
     * Runs a command line to its exit code. When its first argument names {@code read}, {@code stats}
     * or {@code fields}, the root is built with that subcommand only: picocli then parses and runs
     * exactly as with all of them (the root has no positional parameters, so that argument always
     * selects the subcommand, and a subcommand's arguments never reach its siblings).
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err, boolean terminal) {
        return execute(args, new FileOutputStream(FileDescriptor.out), out, err, terminal);
    }

    /**
     * Runs a command line to its exit code, with standard output as bytes ({@code stdout}, for
     * {@code -w -}) besides the text writer ({@code out}) over the same output.
     */
    public static int execute(String[] args, OutputStream stdout, PrintWriter out, PrintWriter err, boolean terminal) {
        try {
            args = TsharkHabits.translate(args);
        } catch (TsharkHabits.Refusal e) {
            err.println("jumbocap: " + ErrorText.clean(brief(e.getMessage())));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        String first = args.length > 0 ? args[0] : "";
        String only = first.equals("read") || first.equals("stats") || first.equals("fields") ? first : null;
        return create(stdout, out, err, terminal, only).execute(args);
    }

    /**
     * Says once that standard output failed (nothing when its reader went away) and gives the exit status:
     * 0 for a reader gone, 1 otherwise.
     */
    static int report(OutputClosedException e, PrintWriter err) {
        if (!e.readerGone() && e.markReported()) {
            err.println("jumbocap: " + ErrorText.clean(e.line()));
            err.flush();
        }
        return e.exitCode();
    }

    /** The line for a heap too small for the input: how large it was and the setting that raises it. */
    static String outOfMemory() {
        long max = Runtime.getRuntime().maxMemory() >> 20;
        return "out of memory (the Java heap holds at most " + max + " MB): raise it, e.g. "
                + "JUMBOCAP_JAVA_OPTS=-Xmx" + Math.max(1024, 4 * max) + "m (java -Xmx... without the launcher), "
                + "or hold less (read and stats: --max-flows)";
    }

    /** One line for an error: the file and what is wrong, never an exception class unless it is a bug. */
    static String describe(Throwable ex) {
        if (ex instanceof UncheckedIOException u) {
            ex = u.getCause();
        }
        if (ex instanceof UserException) {
            return ex.getMessage();
        }
        if (ex instanceof NoSuchFileException e) {
            return e.getFile() + ": no such file";
        }
        if (ex instanceof AccessDeniedException e) {
            return e.getFile() + ": permission denied";
        }
        if (ex instanceof IOException) {
            return ex.getMessage() != null ? ex.getMessage() : ex.toString();
        }
        return "internal error: " + ex + " (run with --debug for details)";
    }

    /** The version, commit and capture library of the build. */
    static final class Version implements CommandLine.IVersionProvider {
        /** The abbreviated commit the jar was built from, "+changes" when the tree had uncommitted ones. */
        private static String commit(Properties p) {
            String id = p.getProperty("commit", "");
            if (id.isEmpty() || id.startsWith("${")) { // built outside a git clone
                return "unknown";
            }
            return "true".equals(p.getProperty("dirty")) ? id + "+changes" : id;
        }


        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (var in = JumbocapCommand.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"jumbocap " + p.getProperty("version", "unknown") + " (commit " + commit(p) + ")",
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                    org.jumbocap.capture.CaptureLibrary.versionLine()};
        }
    }
}
