package org.jumbocap.cli.tshark;

import java.util.Comparator;
import java.util.List;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.SafeText;
import org.jumbocap.stats.TrafficEndpoint;
import org.jumbocap.stats.TrafficLayer;
import org.jumbocap.stats.TwoWayConversations;
import org.jumbocap.stats.TwoWayConversations.Conversation;

/**
 * {@code -z conv,eth|ip|ipv6|tcp|udp[,FILTER]}: the core's two-way conversations (the viewer's table) in
 * tshark's layout (tap-iousers.c, relative times): most frames first, then in order of appearance; sizes
 * as format_size prints them. After tshark's columns, the jumbograms and BIG TCP super-packets among the
 * frames, which tshark does not count.
 */
final class ConversationReport implements TsharkStatistic {
    static final String RULE = "=".repeat(80);

    private final TrafficLayer layer;
    private final TapFilter filter;
    private final TwoWayConversations conversations = new TwoWayConversations();
    private boolean started;

    ConversationReport(TrafficLayer layer, TapFilter filter) {
        this.layer = layer;
        this.filter = filter;
    }

    @Override
    public void frame(FramePipeline frame, FrameContext context) {
        if (!started) {
            // Relative Start counts from the capture's first frame, whichever frames the table counts
            conversations.setCaptureStart(context.firstNanos());
            started = true;
        }
        if (filter.passes(frame)) {
            conversations.add(frame);
        }
    }

    @Override
    public void render(StringBuilder s) {
        String ports = layer.hasPorts() ? " ".repeat(12) : "";
        s.append(RULE).append('\n');
        s.append(layer.label()).append(" Conversations\n");
        s.append("Filter:").append(SafeText.of(filter.label())).append('\n');
        s.append(ports).append("                                               |       <-      | |       ->      | "
                + "|     Total     |    Relative    |   Duration   | | Super-packets |\n");
        s.append(ports).append("                                               | Frames  Bytes | | Frames  Bytes | "
                + "| Frames  Bytes |      Start     |              | | Frames  Bytes |\n");
        long start = conversations.captureStartNanos();
        for (Conversation c : byFramesDescending(conversations.at(layer))) {
            int width = layer.hasPorts() ? 26 : 20;
            s.append(CNumbers.left(name(c.a()), width)).append(" <-> ").append(CNumbers.left(name(c.b()), width));
            // "<-" is what B sent to A, "->" what A (the first frame's source) sent
            sizes(s, c.packetsBtoA(), c.bytesBtoA());
            sizes(s, c.packetsAtoB(), c.bytesAtoB());
            sizes(s, c.packets(), c.bytes());
            s.append("  ");
            long relStart = c.firstNanos() - start;
            long relStop = relStart + c.durationNanos();
            s.append(CNumbers.fixed(CNumbers.seconds(relStart), 14, 9));
            s.append("   ").append(CNumbers.fixed(CNumbers.seconds(relStop) - CNumbers.seconds(relStart), 12, 4));
            sizes(s, c.jumboPackets(), c.jumboBytes());
            stripTrailing(s);
            s.append('\n');
        }
        s.append(RULE).append('\n');
    }

    private static void sizes(StringBuilder s, long frames, long bytes) {
        s.append("  ").append(CNumbers.pad(Long.toString(frames), 6)).append(' ').append(CNumbers.left(CNumbers.size(bytes), 9));
    }

    static void stripTrailing(StringBuilder s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        s.setLength(end);
    }

    /** "2001:db8::1", or with a port "2001:db8::1:5201" (no brackets, as tshark writes it). */
    static String name(TrafficEndpoint e) {
        return e.port() >= 0 ? e.address() + ":" + e.port() : e.address();
    }

    /** tshark's order: the most frames first; equal counts in order of first appearance. */
    private static List<Conversation> byFramesDescending(List<Conversation> all) {
        return all.stream().sorted(Comparator.comparingLong(Conversation::packets).reversed()).toList();
    }
}
