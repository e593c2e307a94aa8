package org.jumbocap.dissect;

/**
 * A dissector that can tell from the bytes whether they are its protocol, tried on a payload no port
 * claimed (Wireshark's heuristic dissectors). {@link #accepts} only looks: it adds nothing to the tree or
 * the summary, and reads only captured bytes.
 */
public interface HeuristicDissector extends Dissector {
    /** True when the payload at {@code offset} ({@code length} bytes as the layer below says) is this protocol. */
    boolean accepts(DissectionContext ctx, int offset, long length);
}
