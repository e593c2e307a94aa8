package org.jumbocap.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jumbocap.check.CaptureCheck.FlowCheck;
import org.jumbocap.crafted.KernelFactsSample;
import org.jumbocap.io.VnetHeader;
import org.junit.jupiter.api.Test;

/**
 * The side of a capture, from the directions the kernel recorded (samples/crafted/kernel-facts.pcapng): no
 * checksum reasoning and no hedge. Without the record, the same frames are judged from their checksums.
 */
class CaptureCheckKernelFactsTest {
    @Test
    void recordedDirectionsNameTheSideAndTheGsoSize() {
        CaptureCheck check = CheckSamples.check("crafted/" + KernelFactsSample.NAME);
        List<FlowCheck> tcp = check.flows();
        assertEquals(3, tcp.size(), "IPv6 sent, IPv4 sent, IPv6 received");
        FlowCheck v6 = tcp.get(0);
        assertEquals(CapturePoint.RECORDED_SENDER, v6.capturePoint());
        assertEquals("sender", v6.capturePoint().key());
        assertEquals(1, v6.data().recordedOutbound());
        assertEquals(KernelFactsSample.V6_GSO, v6.data().minGsoSize());
        assertEquals(KernelFactsSample.V6_GSO, v6.data().maxGsoSize());
        assertEquals(VnetHeader.GSO_TCPV6, v6.data().gsoType());
        FlowCheck v4 = tcp.get(1);
        assertEquals(CapturePoint.RECORDED_SENDER, v4.capturePoint());
        assertEquals(KernelFactsSample.V4_GSO, v4.data().maxGsoSize());
        FlowCheck received = tcp.get(2);
        assertEquals(CapturePoint.RECORDED_RECEIVER, received.capturePoint());
        assertEquals("receiver", received.capturePoint().key());
        assertEquals(1, received.data().recordedInbound());
        assertEquals(KernelFactsSample.V6_GSO, received.data().minGsoSize());
    }

    /** The kernel samples recorded nothing: the checksum judgement stands, and nothing is counted as recorded. */
    @Test
    void withoutRecordedFactsTheChecksumsStillDecide() {
        FlowCheck bulk = CheckSamples.bulk(CheckSamples.check("ipv6-bigtcp-veth.pcapng"));
        assertEquals(CapturePoint.RECEIVER_OR_VIRTUAL, bulk.capturePoint());
        assertEquals(0, bulk.data().recordedOutbound() + bulk.data().recordedInbound() + bulk.data().recordedGso());
        assertEquals(-1, bulk.data().minGsoSize());
    }
}
