package org.jumbocap.gui.model;

import org.jumbocap.expert.Severity;
import org.jumbocap.jumbo.JumboKind;

/**
 * One line of the packet list: a view of a frame's packed row in the {@link RowStore}, made when the list
 * asks for it and dropped after. Its texts (source, destination, info) come from {@link RowTexts}, which
 * makes them off the UI thread for the rows on screen; until then they are empty. Two views of the same
 * frame are equal.
 */
public final class PacketRow {
    private final RowStore store;
    private final RowTexts texts;
    private final int index;

    PacketRow(RowStore store, RowTexts texts, int index) {
        this.store = store;
        this.texts = texts;
        this.index = index;
    }

    /** The packed rows this row reads. */
    public RowStore rowStore() {
        return store;
    }

    boolean sameStore(RowStore other) {
        return store == other;
    }

    RowStore store() {
        return store;
    }

    /** Position in the store: frame number less one. */
    public int index() {
        return index;
    }

    public long number() {
        return index + 1L;
    }

    public long timestampNanos() {
        return store.timestampNanos(index);
    }

    /** Nanoseconds since the first frame of the capture. */
    public long relativeNanos() {
        return store.timestampNanos(index) - store.firstNanos();
    }

    public double relativeSeconds() {
        return relativeNanos() / 1e9;
    }

    /** Frame length on the wire as the capture reports it. */
    public long length() {
        return store.originalLength(index);
    }

    public int capturedLength() {
        return store.capturedLength(index);
    }

    public String protocol() {
        return store.protocol(index);
    }

    /** Null for an ordinary packet. */
    public JumboKind jumboKind() {
        return store.jumboKind(index);
    }

    public boolean isJumbo() {
        return store.jumboKind(index) != null;
    }

    /** Real layer-3 payload length as {@code JumboRules} decided it (-1 without IP). */
    public long realLength() {
        return store.realLength(index);
    }

    /** A header the summary needed ran past the captured bytes. */
    public boolean isTruncated() {
        return store.truncated(index);
    }

    /** Where the record starts in its file, or -1 for frames kept in memory. */
    public long fileOffset() {
        return store.fileOffset(index);
    }

    /** Worst expert severity once the expert scan has seen the frame, else null. */
    public Severity worstExpert() {
        return store.worstExpert(index);
    }

    /** The texts of this row once made, else null (and they are asked for). */
    /** tcp.stream, or -1 when the frame is not a TCP segment the conversations follow. */
    public int tcpStream() {
        return store.tcpStream(index);
    }

    /** The TCP analysis findings (bits of TcpAnalysisFlag), 0 for none. */
    public int tcpAnalysisFlags() {
        return store.tcpAnalysisFlags(index);
    }

    public RowText text() {
        return texts.get(index);
    }

    /** Source address as {@code jumbocap read} writes it (without the port), or empty until made. */
    public String source() {
        RowText t = text();
        return t == null ? "" : t.source();
    }

    public String destination() {
        RowText t = text();
        return t == null ? "" : t.destination();
    }

    /** The info text of the frame's summary line, as {@code jumbocap read} prints it, or empty until made. */
    public String info() {
        RowText t = text();
        return t == null ? "" : t.info();
    }

    /** TCP or UDP source port, or -1 (also until the texts are made). */
    public int sourcePort() {
        RowText t = text();
        return t == null ? -1 : t.sourcePort();
    }

    public int destinationPort() {
        RowText t = text();
        return t == null ? -1 : t.destinationPort();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PacketRow r && r.store == store && r.index == index;
    }

    @Override
    public int hashCode() {
        return index;
    }

    @Override
    public String toString() {
        return number() + " " + source() + " -> " + destination() + " " + protocol() + " " + length() + " " + info();
    }
}
