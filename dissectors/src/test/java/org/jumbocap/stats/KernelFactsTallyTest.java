package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import org.jumbocap.crafted.KernelFactsSample;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.junit.jupiter.api.Test;

/** Super-packets per recorded direction, and GSO super-packets by kind, from summaries and from trees alike. */
class KernelFactsTallyTest {
    private static KernelFactsTally tally(Path file, boolean trees) throws IOException {
        CaptureStatistics st = new CaptureStatistics();
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, false);
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                pipeline.accept(rec, 0, 0);
                if (trees) {
                    st.add(pipeline.tree());
                } else {
                    st.add(pipeline);
                }
            }
        }
        return st.kernelFacts();
    }

    @Test
    void superPacketsPerDirectionAndGsoKind() throws IOException {
        for (boolean trees : new boolean[] {false, true}) {
            KernelFactsTally k = tally(KernelFactsSample.file(), trees);
            String how = trees ? "from trees" : "from summaries";
            assertEquals(5, k.recordedFrames(), how);
            assertEquals(3, k.frames(PacketFlags.DIRECTION_OUTBOUND), how);
            assertEquals(3, k.superPackets(PacketFlags.DIRECTION_OUTBOUND), "TCPv6, TCPv4, UDP GSO " + how);
            assertEquals(2, k.frames(PacketFlags.DIRECTION_INBOUND), how);
            assertEquals(1, k.superPackets(PacketFlags.DIRECTION_INBOUND), "the GRO packet, not the ACK " + how);
            assertEquals(KernelFactsSample.frames().get(4).originalLength(),
                    k.superPacketBytes(PacketFlags.DIRECTION_INBOUND), how);
            assertEquals(3, k.tcpGsoSuperPackets(), how);
            assertEquals(50 + 49 + 50, k.tcpGsoSegments(), how);
            assertEquals(1, k.udpGsoSuperPackets(), how);
            assertEquals(12, k.udpGsoDatagrams(), "14,000 bytes at 1200 " + how);
        }
    }

    @Test
    void aFileWithoutFactsRecordsNothing() throws IOException {
        KernelFactsTally k = tally(StatsSamples.SAMPLES.resolve("ipv6-bigtcp-veth.pcapng"), false);
        assertEquals(0, k.recordedFrames());
        assertEquals(0, k.superPackets(PacketFlags.DIRECTION_OUTBOUND));
    }
}
