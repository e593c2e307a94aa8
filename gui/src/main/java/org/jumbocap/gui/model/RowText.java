package org.jumbocap.gui.model;

/**
 * The texts of one packet-list row, made from the frame's summary (or its tree where the summary cannot
 * say) by the core's summary text: what {@code jumbocap read} prints for the frame.
 *
 * @param sourcePort      TCP or UDP port of the innermost packet, or -1
 * @param destinationPort likewise
 */
public record RowText(String source, String destination, String info, int sourcePort, int destinationPort) {
}
