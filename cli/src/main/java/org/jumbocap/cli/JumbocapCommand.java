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
import java.util.Set;
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
@Command(name = "jumbocap", addMethodSubcommands = false, mixinStandardHelpOptions = true, versionProvider = JumbocapCommand.Version.class,
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
     * Builds the command line with every subcommand (listed in {@link #SUBCOMMANDS} and made by {@link #subcommand}).
     *
     * @param terminal whether standard output is a terminal (decides colour)
     */
    public static CommandLine create(PrintWriter out, PrintWriter err, boolean terminal) {
        return create(new FileOutputStream(FileDescriptor.out), out, err, terminal, null);
    }

    /** The subcommands, in the order of the root's help; a new one goes here and in {@link #subcommand}. */
    private static final String[] SUBCOMMANDS = {"read", "stats", "fields", "segment", "follow", "capture",
        "interfaces", "filter", "check", "completion", "export"};

    private static Object subcommand(String name) {
        return switch (name) {
            case "read" -> new ReadCommand();
            case "stats" -> new StatsCommand();
            case "fields" -> new FieldsCommand();
            case "segment" -> new SegmentCommand();
            case "follow" -> new FollowCommand();
            case "capture" -> new CaptureCommand();
            case "interfaces" -> new InterfacesCommand();
            case "filter" -> new FilterCommand();
            case "check" -> new CheckCommand();
            case "completion" -> new CompletionCommand();
            case "export" -> new ExportCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    /**
     * Builds the command line with every subcommand ({@code only} null), with only the named one, or with
     * none ({@code only} empty): picocli reads the annotations of every subcommand it is given, by
     * reflection, before it parses, and that was most of the start-up of a command that needs one.
     */
    private static CommandLine create(OutputStream stdout, PrintWriter out, PrintWriter err, boolean terminal, String only) {
        JumbocapCommand root = new JumbocapCommand(terminal, stdout);
        CommandLine cl = new CommandLine(root);
        for (String name : SUBCOMMANDS) {
            if (only == null || only.equals(name)) {
                cl.addSubcommand(subcommand(name));
            }
        }
        // every subcommand answers --version/-V like the root (read uses -V for its tree, --version only)
        Version version = new Version();
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(version);
        }

        cl.setOut(out);
        cl.setErr(err);
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(
                terminal ? CommandLine.Help.Ansi.AUTO : CommandLine.Help.Ansi.OFF));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        Handlers handlers = new Handlers(root, err);
        cl.setExecutionStrategy(handlers);
        cl.setExecutionExceptionHandler(handlers);
        cl.setParameterExceptionHandler(handlers);
        return cl;
    }

    /**
     * How a command runs and how its errors are said. A class, not lambdas: picocli's interfaces are Java 5
     * class files, and the JDK 17 class-data sharing archive leaves out an old interface that a lambda
     * implements ("Old class has been linked"), with RunLast and picocli's own handlers behind it; they
     * were then looked up in the class path on every start, opening the jars before picocli's, one by one.
     */
    private static final class Handlers implements CommandLine.IExecutionStrategy,
            CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
        private final JumbocapCommand root;
        private final PrintWriter err;
        private final CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();

        Handlers(JumbocapCommand root, PrintWriter err) {
            this.root = root;
            this.err = err;
        }

        @Override
        public int execute(CommandLine.ParseResult parseResult) {
            // --help and --version print inside the execution strategy, outside the error handler below
            try {
                return runLast.execute(parseResult);
            } catch (OutputClosedException e) {
                return report(e, err);
            }
        }

        @Override
        public int handleExecutionException(Exception ex, CommandLine commandLine, CommandLine.ParseResult parseResult) {
            if (ex instanceof OutputClosedException closed) {
                return report(closed, commandLine.getErr());
            }
            if (root.debug) {
                ex.printStackTrace(commandLine.getErr());
            }
            commandLine.getErr().println("jumbocap: " + ErrorText.clean(describe(ex)));
            commandLine.getErr().flush();
            return CommandLine.ExitCode.SOFTWARE;
        }

        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] args) {
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
        }
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
     * Runs a command line to its exit code. The root is built with the one subcommand the line names, or
     * with none for the version alone: picocli then parses and runs exactly as with all of them (the root
     * has no positional parameters, so the first argument that is no root option always selects the
     * subcommand, and a subcommand's arguments never reach its siblings). Every other line (the root's
     * help, an unknown word, a usage error at the root) gets all of them, and so does {@code completion},
     * which lists them.
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
        return create(stdout, out, err, terminal, needed(args)).execute(args);
    }

    /** The root's own options, which may come before the command. */
    private static final Set<String> ROOT_OPTIONS = Set.of("--debug", "--no-color");

    /**
     * The subcommand a command line needs: its name, "" for none (the version alone), null for all of them.
     */
    static String needed(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return "";
        }
        int at = 0;
        while (at < args.length && ROOT_OPTIONS.contains(args[at])) {
            at++;
        }
        if (at < args.length && !args[at].equals("completion")) {
            for (String name : SUBCOMMANDS) {
                if (name.equals(args[at])) {
                    return name;
                }
            }
        }
        return null;
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
