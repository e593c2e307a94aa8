package org.jumbocap.cli.tshark;

import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;
import org.jumbocap.stats.ProtocolHierarchy;

/**
 * {@code -z io,phs[,FILTER]}: the core's {@link ProtocolHierarchy} (the viewer's Protocol Hierarchy window
 * counts with the same class), fed each frame's protocols from its tree, printed as tshark prints it.
 */
final class ProtocolHierarchyReport implements TsharkStatistic {
    private final TapFilter filter;
    private final String filterText;
    private final ProtocolHierarchy hierarchy = new ProtocolHierarchy();

    ProtocolHierarchyReport(TapFilter filter, String filterText) {
        this.filter = filter;
        this.filterText = filterText == null ? "" : filterText;
    }

    @Override
    public void frame(FramePipeline frame, FrameContext context) {
        if (filter.passes(frame)) {
            hierarchy.add(frame.tree());
        }
    }

    @Override
    public void render(StringBuilder out) {
        out.append(hierarchy.format(filterText));
    }
}
