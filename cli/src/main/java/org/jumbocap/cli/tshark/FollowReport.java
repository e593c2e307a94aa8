package org.jumbocap.cli.tshark;

import org.jumbocap.cli.render.FollowText;
import org.jumbocap.follow.TcpFollow;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;

/** {@code -z follow,tcp,raw|ascii|hex|yaml,N}: what {@code jumbocap follow tcp N -T MODE} prints. */
final class FollowReport implements TsharkStatistic {
    private final TcpFollow follow;
    private final String mode;

    FollowReport(long stream, String mode) {
        this.follow = new TcpFollow(stream);
        this.mode = mode;
    }

    @Override
    public void frame(FramePipeline frame, FrameContext context) {
        follow.observe(frame.summary(), frame.tcpAnalysis(), frame.frame());
    }

    @Override
    public void render(StringBuilder s) {
        FollowText.render(follow, mode, s);
    }
}
