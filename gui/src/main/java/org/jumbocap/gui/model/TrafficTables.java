package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.jumbocap.stats.Endpoints.Endpoint;
import org.jumbocap.stats.TrafficLayer;
import org.jumbocap.stats.TwoWayConversations.Conversation;

/**
 * The columns of the Conversations and Endpoints windows, per protocol tab, in Wireshark's order plus
 * the jumbo columns, and their CSV form.
 */
public final class TrafficTables {
    /** What the address columns hold for a tunnelled frame. */
    public static final String INNERMOST = "The innermost header of its kind: a tunnelled (VXLAN, Geneve, IP-in-IP)"
            + " frame counts under its inner addresses; the tunnel's outer ones count only frames with nothing"
            + " decoded inside (later IP fragments)";
    public static final String JUMBO_MEANING = "Jumbograms and BIG TCP super-packets: an IP header whose length comes"
            + " from the RFC 2675 Jumbo Payload option or is 0 with the real length taken from the frame";
    private static final String BYTES_MEANING = "Frame bytes: the length on the wire, as Wireshark counts them";

    private TrafficTables() {
    }

    public static List<TrafficColumn<Conversation>> conversationColumns(TrafficLayer layer, long captureStartNanos) {
        List<TrafficColumn<Conversation>> c = new ArrayList<>();
        c.add(text("Address A", INNERMOST + ". A is the source of the conversation's first frame", x -> x.a().address()));
        if (layer.hasPorts()) {
            c.add(port("Port A", x -> x.a().port()));
        }
        c.add(text("Address B", INNERMOST, x -> x.b().address()));
        if (layer.hasPorts()) {
            c.add(port("Port B", x -> x.b().port()));
        }
        c.add(count("Packets", null, Conversation::packets));
        c.add(count("Bytes", BYTES_MEANING, Conversation::bytes));
        c.add(count("Packets A \u2192 B", null, Conversation::packetsAtoB));
        c.add(count("Bytes A \u2192 B", BYTES_MEANING, Conversation::bytesAtoB));
        c.add(count("Packets B \u2192 A", null, Conversation::packetsBtoA));
        c.add(count("Bytes B \u2192 A", BYTES_MEANING, Conversation::bytesBtoA));
        c.add(new TrafficColumn<>("Rel Start", "Seconds from the capture's first frame to the conversation's first",
                TrafficColumn.Kind.SECONDS, x -> (x.firstNanos() - captureStartNanos) / 1e9));
        c.add(new TrafficColumn<>("Duration", "Seconds from the conversation's first frame to its last",
                TrafficColumn.Kind.SECONDS, x -> x.durationNanos() / 1e9));
        c.add(new TrafficColumn<>("bits/s A \u2192 B", "Frame bits from A to B over the duration (N/A: duration 0)",
                TrafficColumn.Kind.RATE, Conversation::bitsPerSecondAtoB));
        c.add(new TrafficColumn<>("bits/s B \u2192 A", "Frame bits from B to A over the duration (N/A: duration 0)",
                TrafficColumn.Kind.RATE, Conversation::bitsPerSecondBtoA));
        c.add(count("Jumbo Packets", JUMBO_MEANING, Conversation::jumboPackets));
        c.add(count("Jumbo Bytes", JUMBO_MEANING + ". " + BYTES_MEANING, Conversation::jumboBytes));
        return c;
    }

    public static List<TrafficColumn<Endpoint>> endpointColumns(TrafficLayer layer) {
        List<TrafficColumn<Endpoint>> c = new ArrayList<>();
        c.add(text("Address", INNERMOST, x -> x.address().address()));
        if (layer.hasPorts()) {
            c.add(port("Port", x -> x.address().port()));
        }
        c.add(count("Packets", null, Endpoint::packets));
        c.add(count("Bytes", BYTES_MEANING, Endpoint::bytes));
        c.add(count("Tx Packets", null, Endpoint::txPackets));
        c.add(count("Tx Bytes", BYTES_MEANING, Endpoint::txBytes));
        c.add(count("Rx Packets", null, Endpoint::rxPackets));
        c.add(count("Rx Bytes", BYTES_MEANING, Endpoint::rxBytes));
        c.add(count("Jumbo Packets", JUMBO_MEANING + " (sent or received)", Endpoint::jumboPackets));
        c.add(count("Jumbo Bytes", JUMBO_MEANING + ". " + BYTES_MEANING, Endpoint::jumboBytes));
        return c;
    }

    /** A header line of the titles, then one line per row, in the order given. */
    public static <T> String csv(List<TrafficColumn<T>> columns, List<T> rows) {
        StringBuilder out = new StringBuilder();
        StringJoiner header = new StringJoiner(",");
        for (TrafficColumn<T> c : columns) {
            header.add(TrafficColumn.Kind.TEXT.csv(c.title()));
        }
        out.append(header).append('\n');
        for (T row : rows) {
            StringJoiner line = new StringJoiner(",");
            for (TrafficColumn<T> c : columns) {
                line.add(c.kind().csv(c.value().apply(row)));
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    private static <T> TrafficColumn<T> text(String title, String meaning, java.util.function.Function<T, Object> v) {
        return new TrafficColumn<>(title, meaning, TrafficColumn.Kind.TEXT, v);
    }

    private static <T> TrafficColumn<T> port(String title, java.util.function.Function<T, Object> v) {
        return new TrafficColumn<>(title, null, TrafficColumn.Kind.PORT, v);
    }

    private static <T> TrafficColumn<T> count(String title, String meaning, java.util.function.Function<T, Object> v) {
        return new TrafficColumn<>(title, meaning, TrafficColumn.Kind.COUNT, v);
    }
}
