package org.jumbocap.gui.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Command line of the viewer: {@code [--select N] [--filter EXPR] [--theme light|dark] [--statistics] [FILE]}.
 * A mistake is an {@link IllegalArgumentException} whose message is one line naming it.
 *
 * @param file       capture to open, or null
 * @param select     frame to select once the file is read, or 0
 * @param filter     display filter to apply, or null
 * @param theme      "light" or "dark"
 * @param statistics open the statistics window once the file is read
 * @param help       print the usage and do nothing else
 */
public record LaunchOptions(Path file, long select, String filter, String theme, boolean statistics, boolean help) {
    public static final String USAGE = "Usage: jumbocap gui [--select N] [--filter EXPR] [--theme light|dark] [--statistics] [FILE]";
    public static final String HELP = USAGE + "\n"
            + "Opens the jumbocap viewer, with FILE (pcap or pcapng) if given.\n"
            + "      --select N            select frame N once the file is read\n"
            + "      --filter EXPR         apply this display filter once the file is read\n"
            + "      --theme light|dark    colour theme (default light)\n"
            + "      --statistics          open the statistics window once the file is read\n"
            + "  -h, --help                show this help and exit\n"
            + "Needs a display: a desktop session, or xvfb-run.";

    public static LaunchOptions parse(List<String> args) {
        Path file = null;
        long select = 0;
        String filter = null;
        String theme = "light";
        boolean statistics = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-h", "--help" -> {
                    return new LaunchOptions(null, 0, null, "light", false, true);
                }
                case "--select" -> select = frameNumber(value(args, ++i, a));
                case "--filter" -> filter = value(args, ++i, a);
                case "--theme" -> theme = theme(value(args, ++i, a));
                case "--statistics" -> statistics = true;
                default -> {
                    if (a.startsWith("-") && a.length() > 1) {
                        throw new IllegalArgumentException("unknown option " + a);
                    }
                    if (file != null) {
                        throw new IllegalArgumentException("one capture file at a time (" + file + " and " + a + ")");
                    }
                    file = Path.of(a);
                }
            }
        }
        return new LaunchOptions(file, select, filter, theme, statistics, false);
    }

    private static long frameNumber(String s) {
        try {
            long n = Long.parseLong(s);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new IllegalArgumentException("--select " + s + ": expected a frame number (1 or more)");
    }

    private static String theme(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        if (!t.equals("light") && !t.equals("dark")) {
            throw new IllegalArgumentException("--theme " + s + ": expected light or dark");
        }
        return t;
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(i);
    }
}
