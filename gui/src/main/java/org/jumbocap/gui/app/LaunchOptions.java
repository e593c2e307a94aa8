package org.jumbocap.gui.app;

import java.nio.file.Path;
import java.util.List;

/**
 * Command line of the viewer: {@code [--select N] [--filter EXPR] [--theme light|dark] [--statistics] [FILE]}.
 *
 * @param file       capture to open, or null
 * @param select     frame to select once the file is read, or 0
 * @param filter     display filter to apply, or null
 * @param theme      "light" or "dark"
 * @param statistics open the statistics window once the file is read
 */
public record LaunchOptions(Path file, long select, String filter, String theme, boolean statistics) {
    public static final String USAGE = "usage: jumbocap gui [--select N] [--filter EXPR] [--theme light|dark] [--statistics] [FILE]";

    public static LaunchOptions parse(List<String> args) {
        Path file = null;
        long select = 0;
        String filter = null;
        String theme = "light";
        boolean statistics = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--select" -> select = Long.parseLong(value(args, ++i, a));
                case "--filter" -> filter = value(args, ++i, a);
                case "--theme" -> theme = value(args, ++i, a);
                case "--statistics" -> statistics = true;
                default -> {
                    if (a.startsWith("--")) {
                        throw new IllegalArgumentException("unknown option " + a + "\n" + USAGE);
                    }
                    if (file != null) {
                        throw new IllegalArgumentException("one capture file at a time\n" + USAGE);
                    }
                    file = Path.of(a);
                }
            }
        }
        return new LaunchOptions(file, select, filter, theme, statistics);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
        }
        return args.get(i);
    }
}
