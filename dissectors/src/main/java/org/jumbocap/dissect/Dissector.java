package org.jumbocap.dissect;

/**
 * Decodes one protocol layer into the frame's tree and hands the rest to the next dissector through a
 * {@link DissectorTable}. A dissector never aborts on bad input: it records an expert item and goes on or
 * stops its layer. Reads past the captured bytes throw {@link org.jumbocap.buffer.TruncatedException},
 * which {@link DissectionContext#handoff} turns into a truncation note.
 */
@FunctionalInterface
public interface Dissector {
    /**
     * @param ctx    the frame being dissected
     * @param offset frame offset where this layer starts
     * @param length bytes this layer and its payload occupy as the layer below says (may exceed what was
     *               captured; 32-bit for jumbograms, hence a long)
     */
    void dissect(DissectionContext ctx, int offset, long length);
}
