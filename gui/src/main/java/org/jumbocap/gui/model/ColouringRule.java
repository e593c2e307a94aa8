package org.jumbocap.gui.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One colouring rule of the packet list: a display filter and the colours of the rows it selects, as
 * Wireshark's View → Coloring Rules. The first enabled rule whose filter selects a frame colours its row.
 *
 * @param foreground text colour, {@code #rrggbb}
 * @param background row colour, {@code #rrggbb}
 */
public record ColouringRule(String name, String filter, String foreground, String background, boolean enabled) {
    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");
    private static final String DARK = "#12272e";

    public ColouringRule {
        name = name == null ? "" : name.strip();
        filter = filter == null ? "" : filter.strip();
        if (foreground == null || !COLOUR.matcher(foreground).matches()) {
            throw new IllegalArgumentException("not a #rrggbb colour: " + foreground);
        }
        if (background == null || !COLOUR.matcher(background).matches()) {
            throw new IllegalArgumentException("not a #rrggbb colour: " + background);
        }
        foreground = foreground.toLowerCase(java.util.Locale.ROOT);
        background = background.toLowerCase(java.util.Locale.ROOT);
    }

    public ColouringRule withEnabled(boolean on) {
        return new ColouringRule(name, filter, foreground, background, on);
    }

    /**
     * Wireshark's default rules for the protocols jumbocap dissects, in Wireshark's order and colours,
     * with jumbocap's own rule for jumbograms and BIG TCP super-packets (the viewer's super-packet colour)
     * ahead of the HTTP, TCP and UDP rules, so a super-packet reads as one whatever it carries. Wireshark
     * writes the ICMP error types as sets ({@code icmp.type in {3..5, 11}}); here they are spelt out.
     */
    public static List<ColouringRule> defaults() {
        return List.of(
                new ColouringRule("Bad TCP", "tcp.analysis.flags && !tcp.analysis.window_update"
                        + " && !tcp.analysis.keep_alive && !tcp.analysis.keep_alive_ack", "#f78787", DARK, true),
                new ColouringRule("ICMP errors", "icmp.type == 3 || icmp.type == 4 || icmp.type == 5 || icmp.type == 11"
                        + " || icmpv6.type == 1 || icmpv6.type == 2 || icmpv6.type == 3 || icmpv6.type == 4",
                        "#b7f774", DARK, true),
                new ColouringRule("ARP", "arp", DARK, "#faf0d7", true),
                new ColouringRule("ICMP", "icmp || icmpv6", DARK, "#fce0ff", true),
                new ColouringRule("TCP RST", "tcp.flags.reset eq 1", "#fffc9c", "#a40000", true),
                new ColouringRule("Jumbogram", "jumbo", "#2e1a66", "#e8dfff", true),
                new ColouringRule("HTTP", "http || tcp.port == 80", DARK, "#e4ffc7", true),
                new ColouringRule("TCP SYN/FIN", "tcp.flags & 0x02 || tcp.flags.fin == 1", DARK, "#a0a0a0", true),
                new ColouringRule("TCP", "tcp", DARK, "#e7e6ff", true),
                new ColouringRule("UDP", "udp", DARK, "#daeeff", true));
    }
}
