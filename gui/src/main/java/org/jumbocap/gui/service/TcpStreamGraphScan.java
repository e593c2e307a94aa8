package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.TcpStreamGraph;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.stats.FlowKey;

/**
 * The data segments of one TCP stream, from the viewer's frame loop ({@link FrameScan}, which follows the
 * conversations as {@code read} does): relative sequence numbers and the wire segments of each super-packet
 * come from the core's TCP analysis. The side drawn is the one that sent more payload. Runs in the background.
 */
public final class TcpStreamGraphScan {
    private TcpStreamGraphScan() {
    }

    public static TcpStreamGraph over(CaptureBackend backend, FrameStore store, long stream, long firstNanos,
                                      BooleanSupplier cancelled) throws IOException {
        Map<FlowKey, List<TcpStreamGraph.Segment>> bySide = new LinkedHashMap<>();
        FrameScan.all(backend, store, -1, cancelled, (index, frame) -> {
            TcpAnalysis a = frame.analysis();
            FrameSummary s = frame.summary();
            if (a == null || a.stream != stream || s.transportPayloadLength <= 0 || a.seq < 0) {
                return;
            }
            VnetHeader vnet = frame.record().vnetHeader();
            boolean recorded = vnet != null && vnet.isSuperPacket();
            int size = recorded ? vnet.gsoSize() : a.effectiveMss > 0 ? a.effectiveMss : a.mssInForce;
            long wire = recorded ? vnet.segments(s.transportPayloadLength) : Math.max(1, a.wireSegments);
            bySide.computeIfAbsent(FlowKey.of(s), k -> new ArrayList<>()).add(new TcpStreamGraph.Segment(index + 1L,
                    (frame.record().timestampNanos() - firstNanos) / 1e9, a.seq, s.transportPayloadLength, wire, size,
                    recorded));
        });
        FlowKey sender = null;
        long most = -1;
        for (Map.Entry<FlowKey, List<TcpStreamGraph.Segment>> e : bySide.entrySet()) {
            long bytes = e.getValue().stream().mapToLong(TcpStreamGraph.Segment::length).sum();
            if (bytes > most) {
                most = bytes;
                sender = e.getKey();
            }
        }
        if (sender == null) {
            return new TcpStreamGraph(stream, "", List.of());
        }
        return new TcpStreamGraph(stream, sender.toString(), bySide.get(sender));
    }
}
