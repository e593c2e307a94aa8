package org.jumbocap.cli.tshark;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.cli.engine.FrameLoop;
import org.jumbocap.expert.Severity;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;
import org.jumbocap.stats.TrafficLayer;

/**
 * read's {@code -z} reports, parsed from tshark's arguments ({@code conv,tcp}, {@code endpoints,ipv6,FILTER},
 * {@code expert}, {@code follow,tcp,ascii,0}, {@code io,stat,0.1,tcp}), fed every frame read and written, as tshark does, in the
 * reverse order of the command line.
 */
public final class TsharkStatistics {
    private final List<TsharkStatistic> reports = new ArrayList<>();

    /**
     * @throws IllegalArgumentException for a report jumbocap does not make, with what does it here, or for a
     *                                  filter that does not compile (the message says where)
     */
    public TsharkStatistics(List<String> arguments) {
        this(arguments, "r");
    }

    /**
     * @param time tshark's {@code -t} word, which io,stat shows its rows with (r, a, ad, adoy, ud, udoy)
     */
    public TsharkStatistics(List<String> arguments, String time) {
        for (String a : arguments) {
            try {
                reports.add(parse(a, time));
            } catch (IllegalArgumentException e) {
                throw e.getMessage().startsWith("-z ") ? e : new IllegalArgumentException("-z " + a + ": " + e.getMessage(), e);
            }
        }
    }

    public boolean isEmpty() {
        return reports.isEmpty();
    }

    /** Counts a frame read (after -Y) in every report. */
    public void frame(FramePipeline frame, FrameContext context) {
        for (TsharkStatistic r : reports) {
            r.frame(frame, context);
        }
    }

    /** The frames to {@code sink} as before, each counted here first. */
    public FrameLoop.Sink around(FrameLoop.Sink sink) {
        return new FrameLoop.Sink() {
            @Override
            public void startFile(String file) {
                sink.startFile(file);
            }

            @Override
            public void frame(FramePipeline frame, FrameContext context) {
                TsharkStatistics.this.frame(frame, context);
                sink.frame(frame, context);
            }
        };
    }

    public String render() {
        StringBuilder s = new StringBuilder(4096);
        for (int i = reports.size() - 1; i >= 0; i--) {
            reports.get(i).render(s);
        }
        return s.toString();
    }

    private static TsharkStatistic parse(String argument, String time) {
        String[] parts = argument.split(",", -1);
        String kind = parts[0];
        switch (kind) {
            case "conv", "endpoints" -> {
                if (parts.length < 2) {
                    throw new IllegalArgumentException("-z " + argument + ": expected " + kind + ",eth|ip|ipv6|tcp|udp[,FILTER]");
                }
                TrafficLayer layer = layer(parts[1], argument);
                TapFilter filter = TapFilter.of(rest(parts, 2));
                return kind.equals("conv") ? new ConversationReport(layer, filter) : new EndpointReport(layer, filter);
            }
            case "expert" -> {
                // tshark takes an optional level (error, warn, note, chat, comment) before the filter: that level and above
                Severity least = parts.length > 1 ? switch (parts[1]) {
                    case "error" -> Severity.ERROR;
                    case "warn" -> Severity.WARN;
                    case "note" -> Severity.NOTE;
                    case "chat", "comment" -> Severity.CHAT;
                    default -> null;
                } : null;
                return least == null ? new ExpertReport(TapFilter.of(rest(parts, 1)), Severity.CHAT)
                        : new ExpertReport(TapFilter.of(rest(parts, 2)), least);
            }
            case "follow" -> {
                if (parts.length != 4 || !parts[1].equals("tcp")
                        || !List.of("raw", "ascii", "hex", "yaml").contains(parts[2]) || !parts[3].matches("[0-9]{1,18}")) {
                    throw new IllegalArgumentException("-z " + argument + ": jumbocap follows tcp streams by number: "
                            + "follow,tcp,raw|ascii|hex|yaml,N (or 'jumbocap follow tcp N FILE')");
                }
                return new FollowReport(Long.parseLong(parts[3]), parts[2]);
            }
            case "io" -> {
                if (parts.length >= 2 && parts[1].equals("phs")) {
                    String text = rest(parts, 2);
                    return new ProtocolHierarchyReport(TapFilter.of(text), text);
                }
                if (parts.length >= 3 && parts[1].equals("stat")) {
                    List<String> columns = parts.length == 3 ? List.of("") : java.util.Arrays.asList(parts).subList(3, parts.length);
                    IoStatReport.RowTime rowTime = IoStatReport.RowTime.of(time);
                    if (rowTime == null) {
                        throw new IllegalArgumentException("-z " + argument + ": io,stat shows its rows with -t r, a, ad, adoy, ud or udoy, as tshark's");
                    }
                    return new IoStatReport(parts[2], columns, rowTime);
                }
                throw new IllegalArgumentException("-z " + argument + ": jumbocap makes io,stat,INTERVAL[,FILTER...] and io,phs[,FILTER]");
            }
            case "ptype" -> throw new IllegalArgumentException("-z " + argument + ": jumbocap prints the protocol "
                    + "hierarchy as tshark's -z io,phs");
            default -> throw new IllegalArgumentException("-z " + argument + ": jumbocap makes conv, endpoints, expert, "
                    + "io,phs, io,stat and follow,tcp; 'jumbocap stats' has the rest");
        }
    }

    private static TrafficLayer layer(String name, String argument) {
        return switch (name) {
            case "eth" -> TrafficLayer.ETHERNET;
            case "ip" -> TrafficLayer.IPV4;
            case "ipv6" -> TrafficLayer.IPV6;
            case "tcp" -> TrafficLayer.TCP;
            case "udp" -> TrafficLayer.UDP;
            default -> throw new IllegalArgumentException("-z " + argument + ": jumbocap counts eth, ip, ipv6, tcp and udp");
        };
    }

    /** The filter after the report's own words, which may itself hold commas. */
    private static String rest(String[] parts, int from) {
        return from >= parts.length ? null : String.join(",", java.util.Arrays.asList(parts).subList(from, parts.length));
    }
}
