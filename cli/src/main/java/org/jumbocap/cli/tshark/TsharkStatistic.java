package org.jumbocap.cli.tshark;

import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;

/** One {@code -z} report of read: fed every frame read, then written in tshark's layout. */
public interface TsharkStatistic {
    void frame(FramePipeline frame, FrameContext context);

    /** Appends the report as tshark prints it at the end of a file. */
    void render(StringBuilder out);
}
