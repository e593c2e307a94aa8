package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.CaptureProperties;
import org.jumbocap.gui.model.ExpertInformation;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;
import org.jumbocap.io.InterfaceStatistics;
import org.jumbocap.stats.ProtocolHierarchy;

/**
 * The passes of the Expert Information, Protocol Hierarchy and Capture File Properties windows: each
 * the viewer's one frame loop ({@link FrameScan#all}, every frame in order, so the TCP analysis findings
 * are those of {@code read}) with a sink that counts the frames of a selection. Run in the background.
 */
public final class WindowScans {
    private WindowScans() {
    }

    /** Every expert item of the selected frames, with its frame, as {@code read -V} finds them. */
    public static ExpertInformation experts(CaptureBackend backend, FrameSelection selection, BooleanSupplier cancelled)
            throws IOException {
        ExpertInformation experts = new ExpertInformation();
        // checksums summed, as `read -V` and `stats` do: a super-packet's offloaded checksum is told
        // apart from one the capture did not keep whole
        FrameScan.all(backend, selection.store(), -1, true, cancelled, (index, frame) -> {
            if (selection.includes(index + 1L)) {
                experts.add(index + 1L, frame.tree().experts());
            }
        });
        return experts;
    }

    /** The protocol hierarchy of the selected frames, from their trees. */
    public static ProtocolHierarchy protocolHierarchy(CaptureBackend backend, FrameSelection selection,
                                                      BooleanSupplier cancelled) throws IOException {
        ProtocolHierarchy hierarchy = new ProtocolHierarchy();
        FrameScan.all(backend, selection.store(), -1, cancelled, (index, frame) -> {
            if (selection.includes(index + 1L)) {
                hierarchy.add(frame.tree());
            }
        });
        return hierarchy;
    }

    /**
     * The file's facts (format, interfaces, from its header) and the frames' totals: every frame, and
     * those of the selection when it is limited to a display filter.
     */
    public static CaptureProperties properties(CaptureBackend backend, FrameSelection selection, BooleanSupplier cancelled)
            throws IOException {
        String format = "";
        List<InterfaceInfo> interfaces = List.of();
        java.util.Map<Integer, List<String>> comments = new java.util.HashMap<>();
        List<InterfaceStatistics> statistics = List.of();
        long fileLength = -1;
        java.nio.file.Path path = selection.store() instanceof FileFrameStore file ? file.file() : null;
        if (path != null) {
            fileLength = java.nio.file.Files.size(path);
            try (CaptureReader reader = backend.open(path)) {
                format = reader.formatName();
                // statistics blocks follow the frames: read to the end (records only, no payload)
                FrameRecord record = new FrameRecord();
                try {
                    while (!cancelled.getAsBoolean() && reader.next(record)) {
                        // the headers are all this pass needs
                    }
                } catch (CaptureFormatException damaged) {
                    // the frames before the fault were listed; what the blocks before it said is kept
                }
                interfaces = List.copyOf(reader.interfaces());
                for (InterfaceInfo itf : interfaces) {
                    comments.put(itf.id(), reader.interfaceComments(itf.id()));
                }
                statistics = List.copyOf(reader.interfaceStatistics());
            }
        }
        CaptureProperties.Totals all = new CaptureProperties.Totals();
        CaptureProperties.Totals shown = selection.numbers() == null ? null : new CaptureProperties.Totals();
        FrameScan.all(backend, selection.store(), -1, cancelled, (index, frame) -> {
            all.add(frame.record(), frame.summary());
            if (shown != null && selection.includes(index + 1L)) {
                shown.add(frame.record(), frame.summary());
            }
        });
        return new CaptureProperties(path, selection.store().name(), fileLength, format, interfaces,
                id -> comments.getOrDefault(id, List.of()), statistics, all, shown,
                selection.filter());
    }
}
