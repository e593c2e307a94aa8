package org.jumbocap.cli.tshark;

import java.util.Comparator;
import java.util.List;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.SafeText;
import org.jumbocap.stats.Endpoints;
import org.jumbocap.stats.Endpoints.Endpoint;
import org.jumbocap.stats.TrafficLayer;

/**
 * {@code -z endpoints,eth|ip|ipv6|tcp|udp[,FILTER]}: the core's endpoints (the viewer's table) in tshark's
 * layout (tap-endpoints.c): most packets first, then in order of appearance. After tshark's columns, the
 * jumbograms and BIG TCP super-packets each endpoint sent or received.
 */
final class EndpointReport implements TsharkStatistic {
    private final TrafficLayer layer;
    private final TapFilter filter;
    private final Endpoints endpoints = new Endpoints();

    EndpointReport(TrafficLayer layer, TapFilter filter) {
        this.layer = layer;
        this.filter = filter;
    }

    @Override
    public void frame(FramePipeline frame, FrameContext context) {
        if (filter.passes(frame)) {
            endpoints.add(frame);
        }
    }

    @Override
    public void render(StringBuilder s) {
        s.append(ConversationReport.RULE).append('\n');
        s.append(layer.label()).append(" Endpoints\n");
        s.append("Filter:").append(SafeText.of(filter.label())).append('\n');
        s.append("                       |  ").append(layer.hasPorts() ? "Port  ||  " : "")
                .append("Packets  | |  Bytes  | | Tx Packets | | Tx Bytes | | Rx Packets | | Rx Bytes | "
                        + "| Super-packets | | Super Bytes |\n");
        List<Endpoint> sorted = endpoints.at(layer).stream()
                .sorted(Comparator.comparingLong(Endpoint::packets).reversed()).toList();
        for (Endpoint e : sorted) {
            s.append(CNumbers.left(e.address().address(), 20)).append("      ");
            if (layer.hasPorts()) {
                s.append(CNumbers.pad(Integer.toString(e.address().port()), 5)).append("     ");
            }
            s.append(CNumbers.pad(Long.toString(e.packets()), 6)).append("     ")
                    .append(CNumbers.pad(Long.toString(e.bytes()), 9)).append("     ")
                    .append(CNumbers.pad(Long.toString(e.txPackets()), 6)).append("       ")
                    .append(CNumbers.pad(Long.toString(e.txBytes()), 9)).append("      ")
                    .append(CNumbers.pad(Long.toString(e.rxPackets()), 6)).append("       ")
                    .append(CNumbers.pad(Long.toString(e.rxBytes()), 9)).append("   ");
            s.append("     ").append(CNumbers.pad(Long.toString(e.jumboPackets()), 6)).append("       ")
                    .append(CNumbers.pad(Long.toString(e.jumboBytes()), 9)).append('\n');
        }
        s.append(ConversationReport.RULE).append('\n');
    }
}
