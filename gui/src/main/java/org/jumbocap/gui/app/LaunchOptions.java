package org.jumbocap.gui.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Command line of the viewer: {@code [--select N] [--filter EXPR] [--theme light|dark] [--statistics] [FILE]},
 * read by picocli with the command line's help conventions. A mistake is an {@link IllegalArgumentException}
 * whose message is one line naming it.
 *
 * @param file       capture to open, or null
 * @param select     frame to select once the file is read, or 0
 * @param filter     display filter to apply, or null
 * @param theme      "light" or "dark", or null when not given
 * @param statistics open the statistics window once the file is read
 * @param help       print the usage and do nothing else
 * @param version    print the version and do nothing else
 */
public record LaunchOptions(Path file, long select, String filter, String theme, boolean statistics, boolean help,
                            boolean version) {

    /**
     * The lines {@code --version} prints, as the command line's: jumbocap's version and commit (from the
     * build), Java's, and JavaFX's when its jar says.
     */
    public static List<String> versionLines() {
        java.util.Properties p = new java.util.Properties();
        try (var in = LaunchOptions.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (java.io.IOException e) {
            // the lines say "unknown"
        }
        String commit = p.getProperty("commit", "");
        if (commit.isEmpty() || commit.startsWith("${")) {
            commit = "unknown"; // built outside a git clone
        } else if ("true".equals(p.getProperty("dirty"))) {
            commit += "+changes";
        }
        String version = p.getProperty("version", "unknown");
        List<String> lines = new java.util.ArrayList<>(List.of(
                "jumbocap " + (version.startsWith("${") ? "unknown" : version) + " (commit " + commit + ")",
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"));
        String javafx = javafx.application.Application.class.getPackage().getImplementationVersion();
        if (javafx != null) {
            lines.add("JavaFX " + javafx);
        }
        return lines;
    }

    /** The usage text {@code --help} prints. */
    public static String usage() {
        return commandLine().getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
    }

    public static LaunchOptions parse(List<String> args) {
        CommandLine cl = commandLine();
        try {
            cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage().lines().findFirst().orElse("bad arguments"));
        }
        if (cl.isUsageHelpRequested()) {
            return new LaunchOptions(null, 0, null, "light", false, true, false);
        }
        if (cl.isVersionHelpRequested()) {
            return new LaunchOptions(null, 0, null, "light", false, false, true);
        }
        Spec s = cl.getCommand();
        return new LaunchOptions(s.file, s.select, s.filter, s.theme, s.statistics, false, false);
    }

    private static CommandLine commandLine() {
        return new CommandLine(new Spec()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    /** The options as picocli reads them. */
    @Command(name = "jumbocap gui", sortOptions = false,
            description = "Opens the jumbocap viewer, with FILE (pcap or pcapng) if given.",
            footer = {"", "Needs a display: a desktop session, or xvfb-run."})
    static final class Spec {
        @Option(names = "--select", paramLabel = "N", converter = FrameNumber.class,
                description = "Select frame N once the file is read.")
        long select;

        @Option(names = "--filter", paramLabel = "EXPR", description = "Apply this display filter once the file is read.")
        String filter;

        @Option(names = "--theme", paramLabel = "light|dark", converter = Theme.class,
                description = "Colour theme for this run (default: the one chosen in Preferences, else light).")
        String theme;

        @Option(names = "--statistics", description = "Open the statistics window once the file is read.")
        boolean statistics;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
        boolean help;

        @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print version information and exit.")
        boolean version;

        @Parameters(arity = "0..1", paramLabel = "FILE", description = "The capture to open.")
        Path file;
    }

    static final class FrameNumber implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String s) {
            try {
                long n = Long.parseLong(s);
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // the message below says what is expected
            }
            throw new CommandLine.TypeConversionException("expected a frame number (1 or more), not '" + s + "'");
        }
    }

    static final class Theme implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String s) {
            String t = s.toLowerCase(Locale.ROOT);
            if (!t.equals("light") && !t.equals("dark")) {
                throw new CommandLine.TypeConversionException("expected light or dark, not '" + s + "'");
            }
            return t;
        }
    }
}
