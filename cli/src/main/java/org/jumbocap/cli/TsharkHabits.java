package org.jumbocap.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * tshark's and tcpdump's options as their users type them, turned into jumbocap's before the command line
 * is parsed: accepted where they mean something here ({@code -n}, {@code -l}, {@code -t ud}, {@code -o
 * tcp.relative_sequence_numbers:FALSE}, {@code -2 -R}, a top-level {@code -r}), refused with the jumbocap
 * command that does it where not ({@code -G values}: {@code jumbocap fields}).
 */
final class TsharkHabits {
    /** An option jumbocap has no meaning for: the message names what does it here. */
    static final class Refusal extends RuntimeException {
        Refusal(String message) {
            super(message);
        }
    }

    /** read's options that take a value, copied with it untouched. */
    private static final Set<String> READ_VALUED = Set.of("-Y", "--display-filter", "-c", "--count", "-e", "-E", "-T",
            "-w", "-r", "--max-hex-bytes", "--threads", "--max-flows", "-F", "-z", "-d");

    /** The root command's options, which apply to every command. */
    private static final Set<String> ROOT_OPTIONS = Set.of("--debug", "--no-color");

    private TsharkHabits() {
    }

    /**
     * The arguments jumbocap's parser takes for these. A command line that starts with a subcommand other
     * than {@code read} is returned as it is.
     *
     * @throws Refusal for an option jumbocap does not have, naming the equivalent
     */
    static String[] translate(String[] args) {
        if (args.length == 0) {
            return args;
        }
        // the root's own options may come before the command: --debug read -r FILE
        int at = 0;
        while (at < args.length && ROOT_OPTIONS.contains(args[at])) {
            at++;
        }
        if (at > 0) {
            String[] rest = translate(java.util.Arrays.copyOfRange(args, at, args.length));
            String[] out = java.util.Arrays.copyOf(args, at + rest.length);
            System.arraycopy(rest, 0, out, at, rest.length);
            return out;
        }
        String first = args[0];
        if (first.equals("read")) {
            return read(args, 1, "read");
        }
        if (!first.startsWith("-") || first.equals("--help") || first.equals("-h") || first.equals("--version")
                || first.equals("-V") && args.length == 1) {
            return args;
        }
        List<String> all = List.of(args);
        if (all.contains("-D")) {
            return new String[] {"interfaces"};
        }
        int g = all.indexOf("-G");
        if (g >= 0) {
            String report = g + 1 < args.length ? args[g + 1] : "fields";
            if (!report.equals("fields")) {
                throw new Refusal("-G " + report + ": jumbocap lists its fields only: see 'jumbocap fields' "
                        + "(-G fields for tshark's layout)");
            }
            return new String[] {"fields", "--tshark-layout"};
        }
        if (all.contains("-i")) {
            throw new Refusal("-i: to capture from an interface see 'jumbocap capture -i IF' "
                    + "(and 'jumbocap interfaces' for their list)");
        }
        if (all.contains("-r")) {
            return read(args, 0, "read");
        }
        refuseStatistics(all);
        return args;
    }

    /** {@code -z} without a file to read: read makes them ({@code jumbocap read -q -z conv,tcp FILE}). */
    private static void refuseStatistics(List<String> args) {
        int z = args.indexOf("-z");
        if (z < 0) {
            return;
        }
        String what = z + 1 < args.size() ? args.get(z + 1) : "";
        throw new Refusal("-z " + what + " needs a file: 'jumbocap read -q -z " + what + " FILE' "
                + "(or 'jumbocap stats FILE' for jumbocap's own report)");
    }

    /** read's arguments from {@code from} on, behind {@code command}. */
    private static String[] read(String[] args, int from, String command) {
        List<String> all = List.of(args).subList(from, args.length);
        boolean twoPass = all.contains("-2");
        boolean displayFilter = all.contains("-Y") || all.contains("--display-filter");
        List<String> out = new ArrayList<>();
        out.add(command);
        for (int i = 0; i < all.size(); i++) {
            String a = all.get(i);
            String value = i + 1 < all.size() ? all.get(i + 1) : null;
            if (a.equals("--")) {
                out.addAll(all.subList(i, all.size()));
                break;
            }
            if (a.equals("-e") && (value == null || value.startsWith("-"))) {
                // no field name follows: tcpdump's -e, the link-level header on each line
                out.add("--link-header");
                continue;
            }
            if (READ_VALUED.contains(a) && value != null) {
                out.add(a);
                out.add(value);
                i++;
                continue;
            }
            switch (a) {
                case "-n", "-nn", "-N" -> {
                    // jumbocap never resolves names: addresses and ports are always numbers
                }
                case "--color" -> {
                    // tshark colours only when asked; jumbocap colours a terminal's lines unless --no-color
                }
                case "-2" -> out.add("-2");
                case "-R" -> {
                    if (!twoPass) {
                        throw new Refusal("-R is tshark's second-pass filter and needs -2; a display filter is -Y FILTER");
                    }
                    if (value == null) {
                        throw new Refusal("-R needs a filter");
                    }
                    out.add("-Y");
                    out.add(value);
                    i++;
                }
                case "-tt", "-ttt", "-tttt", "-ttttt" -> {
                    // tcpdump's: seconds since the epoch, since the previous frame, date and time, since the first
                    out.add("-t");
                    out.add(switch (a) {
                        case "-tt" -> "e";
                        case "-ttt" -> "d";
                        case "-tttt" -> "a";
                        default -> "r";
                    });
                }
                case "-t" -> {
                    if (value == null || value.startsWith("-")) {
                        throw new Refusal("-t with no format is tcpdump's 'no time'; jumbocap prints one: -t r|a|d|e "
                                + "(tcpdump's -ttttt|-tttt|-ttt|-tt)");
                    }
                    out.add("-t");
                    out.add(timeFormat(value, displayFilter));
                    if (value != null && value.matches("a|ad|ud|adoy|udoy")) {
                        // -z io,stat shows its rows in tshark's format as typed
                        out.add("--tshark-time");
                        out.add(value);
                    }
                    i++;
                }
                case "-o" -> {
                    out.addAll(preference(value));
                    i++;
                }
                case "-s" -> {
                    if (!"0".equals(value)) {
                        throw new Refusal("-s " + value + ": read keeps every captured byte; to capture at most N "
                                + "bytes per frame see 'jumbocap capture -s N'");
                    }
                    i++;
                }
                case "-X", "-XX", "-A", "-AA" -> out.add("-x"); // tcpdump: hex and ASCII (jumbocap prints both)
                case "-v", "-vv", "-vvv" -> out.add("-V"); // tcpdump: more of each packet, here the field tree
                default -> out.add(a);
            }
        }
        return out.toArray(String[]::new);
    }

    /** tshark's {@code -t} formats onto read's: jumbocap prints times in UTC. */
    private static String timeFormat(String value, boolean displayFilter) {
        if (value == null) {
            throw new Refusal("-t needs a format: a, ad, ud, r, d, dd or e");
        }
        return switch (value) {
            case "a", "ad", "ud", "adoy", "udoy" -> "a";
            case "r", "d", "e" -> value;
            case "dd" -> {
                if (displayFilter) {
                    throw new Refusal("-t dd: jumbocap's -t d is the time since the previous frame read, "
                            + "which is tshark's -t dd only when every frame is shown; use -t d");
                }
                yield "d";
            }
            case "u" -> throw new Refusal("-t u: jumbocap prints UTC with the date: -t ud (or -t a)");
            default -> value; // read's own message lists its formats
        };
    }

    /** tshark's {@code -o name:value} preferences jumbocap has a switch for. */
    private static List<String> preference(String value) {
        if (value == null) {
            throw new Refusal("-o needs name:value");
        }
        int colon = value.indexOf(':');
        String name = colon < 0 ? value : value.substring(0, colon);
        String setting = colon < 0 ? "" : value.substring(colon + 1).trim().toUpperCase(java.util.Locale.ROOT);
        boolean on = setting.equals("TRUE");
        boolean off = setting.equals("FALSE");
        switch (name) {
            case "tcp.relative_sequence_numbers" -> {
                if (on || off) {
                    return off ? List.of("--raw-sequence-numbers") : List.of();
                }
            }
            case "tcp.check_checksum", "udp.check_checksum", "ip.check_checksum" -> {
                if (on || off) {
                    return List.of(on ? "--verify-checksums" : "--no-verify-checksums");
                }
            }
            case "ip.defragment", "ipv6.defragment", "tcp.desegment_tcp_streams" -> {
                if (off) {
                    return List.of(); // jumbocap never reassembles
                }
                throw new Refusal("-o " + value + ": jumbocap never reassembles; 'jumbocap follow' rebuilds a TCP stream");
            }
            default -> {
            }
        }
        throw new Refusal("-o " + value + ": jumbocap's preferences are tcp.relative_sequence_numbers (--raw-sequence-"
                + "numbers), tcp|udp|ip.check_checksum (--verify-checksums) and ip|ipv6.defragment:FALSE");
    }
}
