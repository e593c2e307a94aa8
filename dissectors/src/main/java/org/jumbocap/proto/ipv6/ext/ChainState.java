package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.tree.FieldNode;

/** What the walk over one packet's extension headers has found so far; one per IPv6 layer. */
public final class ChainState {
    /** How the walk ended. */
    public enum End {
        /** At a header that is not an extension header (a transport, or No Next Header). */
        UPPER_LAYER,
        /** At bytes that cannot be read further (ESP, a non-first fragment): shown as data. */
        OPAQUE,
        /** A header was cut by the snaplen or ran past the packet: nothing more is decoded. */
        STOPPED
    }

    /**
     * The first Jumbo Payload option of a Hop-by-Hop header in the chain. One per state, refilled by each walk as
     * the state itself is (see {@link ExtensionChain#walk}): valid until the next walk on the thread, so a
     * jumbogram's walk allocates nothing for it.
     */
    public static final class JumboOption {
        private FieldNode node;
        private int offset;
        private long value;

        private JumboOption() {
        }

        /** The option's value field in the tree ({@link FieldNode#OFF} without a tree). */
        public FieldNode node() {
            return node;
        }

        /** Frame offset of the option's type byte. */
        public int offset() {
            return offset;
        }

        /** The Jumbo Payload Length. */
        public long value() {
            return value;
        }
    }

    private DissectionContext ctx;
    private FieldNode ipLayer;
    private int offset;
    private int nextHeader;
    private int index;
    private End end = End.UPPER_LAYER;
    /** The first Jumbo Payload option inside a Hop-by-Hop header, the only one that counts (RFC 2675), when found. */
    private final JumboOption firstHopByHopJumbo = new JumboOption();
    private boolean hopByHopJumboFound;
    private boolean moreFragments;
    private FieldNode hopByHop;
    private int hopByHopOffset = -1;
    private int hopByHopLength;
    private boolean hopByHopOtherOptions;
    private FieldNode fragment;

    ChainState() {
    }

    /** Starts a walk; the state is reused from packet to packet, see {@link ExtensionChain#walk}. */
    ChainState start(DissectionContext ctx, FieldNode ipLayer, int firstNextHeader, int firstOffset) {
        this.ctx = ctx;
        this.ipLayer = ipLayer;
        this.nextHeader = firstNextHeader;
        this.offset = firstOffset;
        this.index = 0;
        this.end = End.UPPER_LAYER;
        this.hopByHopJumboFound = false;
        this.moreFragments = false;
        this.hopByHop = null;
        this.hopByHopOffset = -1;
        this.hopByHopLength = 0;
        this.hopByHopOtherOptions = false;
        this.fragment = null;
        return this;
    }

    public DissectionContext ctx() {
        return ctx;
    }

    public FieldNode ipLayer() {
        return ipLayer;
    }

    /** Frame offset of the header after the chain walked so far. */
    public int offset() {
        return offset;
    }

    /** Next-header value after the chain walked so far. */
    public int nextHeader() {
        return nextHeader;
    }

    /** Position of the header being decoded: 0 for the one right after the fixed header. */
    public int index() {
        return index;
    }

    public End end() {
        return end;
    }

    public FieldNode hopByHop() {
        return hopByHop;
    }

    /** Frame offset of the first Hop-by-Hop header, or -1. */
    public int hopByHopOffset() {
        return hopByHopOffset;
    }

    /** Length in bytes of the first Hop-by-Hop header, or 0. */
    public int hopByHopLength() {
        return hopByHopLength;
    }

    /**
     * True when the first Hop-by-Hop header holds a Jumbo Payload option and otherwise only padding: the
     * header exists for the jumbogram alone (segmenting the packet removes it).
     */
    public boolean hopByHopOnlyJumbo() {
        return hopByHopOffset >= 0 && !hopByHopOtherOptions && firstHopByHopJumboOption() != null;
    }

    /** An option other than padding and Jumbo Payload was found in the first Hop-by-Hop header. */
    public void noteHopByHopOption(int headerOffset) {
        if (headerOffset == hopByHopOffset) {
            hopByHopOtherOptions = true;
        }
    }

    public FieldNode fragment() {
        return fragment;
    }

    /**
     * A Jumbo Payload option the walk found at frame offset {@code offset}; one outside a Hop-by-Hop header, or a
     * second one, has its expert item and is not kept.
     */
    public void addJumboOption(FieldNode node, int offset, long value, boolean inHopByHop) {
        if (inHopByHop && !hopByHopJumboFound) {
            firstHopByHopJumbo.node = node;
            firstHopByHopJumbo.offset = offset;
            firstHopByHopJumbo.value = value;
            hopByHopJumboFound = true;
        }
    }

    /** The first Jumbo Payload option inside a Hop-by-Hop header, or null; valid until the next walk. */
    public JumboOption firstHopByHopJumboOption() {
        return hopByHopJumboFound ? firstHopByHopJumbo : null;
    }

    /** True when a fragment header says more fragments follow: this packet is a first fragment. */
    public boolean moreFragments() {
        return moreFragments;
    }

    void setMoreFragments() {
        moreFragments = true;
        ctx.markPartialDatagram();
    }

    void setHopByHop(FieldNode node, int offset, int length) {
        if (hopByHop == null) {
            hopByHop = node;
            hopByHopOffset = offset;
            hopByHopLength = length;
        }
    }

    void setFragment(FieldNode node) {
        if (fragment == null) {
            fragment = node;
        }
    }

    void advance(int headerLength, int next) {
        offset += headerLength;
        nextHeader = next;
        index++;
    }

    void end(End how) {
        end = how;
    }

    /** Bytes of extension headers walked, from the first one's offset. */
    public int bytesFrom(int firstOffset) {
        return offset - firstOffset;
    }
}
