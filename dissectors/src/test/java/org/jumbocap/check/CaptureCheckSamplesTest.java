package org.jumbocap.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.jumbocap.check.CaptureCheck.FlowCheck;
import org.junit.jupiter.api.Test;

/**
 * {@link CaptureCheck} on the kernel-made samples, whose setup samples/README.md records: gso/gro max size
 * 185000 on both veth ends (IPv4 sizes too for the IPv4 files), MTU 1500 (segments of 1428 for IPv6 and 1448
 * for IPv4 with timestamps), loopback MTU 65536, a VXLAN overlay with 185000 and one with 65536, and a
 * capture with snaplen 1500. Sizes and counts are cross-checked against the tshark fields recorded in
 * samples/expected/tshark-fields, so they follow a regeneration of the samples.
 */
class CaptureCheckSamplesTest {

    /** tshark's view of the bulk direction: frames, payload, and the frames longer than one segment. */
    private record TsharkDirection(long frames, long payload, long superPackets, long maxJumbo, long maxIpLen, long cut) {
    }

    private static TsharkDirection tshark(String sample, FlowCheck flow, int segment) {
        int src = flow.data().key().srcPort();
        int dst = flow.data().key().dstPort();
        long frames = 0;
        long payload = 0;
        long supers = 0;
        long maxJumbo = -1;
        long maxIpLen = -1;
        long cut = 0;
        for (Map<String, String> row : CheckSamples.tshark(sample)) {
            if (CheckSamples.number(row, "tcp.srcport") != src || CheckSamples.number(row, "tcp.dstport") != dst) {
                continue;
            }
            frames++;
            long len = CheckSamples.number(row, "tcp.len");
            payload += Math.max(0, len);
            if (len > segment) {
                supers++;
                maxJumbo = Math.max(maxJumbo, CheckSamples.number(row, "ipv6.opt.jumbo"));
                maxIpLen = Math.max(maxIpLen, CheckSamples.number(row, "ip.len"));
            }
            if (CheckSamples.number(row, "frame.cap_len") < CheckSamples.number(row, "frame.len")) {
                cut++;
            }
        }
        return new TsharkDirection(frames, payload, supers, maxJumbo, maxIpLen, cut);
    }

    @Test
    void ipv6VethSenderCaptureIsOnAtTheConfigured185000() {
        CaptureCheck check = CheckSamples.check("ipv6-bigtcp-veth.pcap");
        FlowCheck bulk = CheckSamples.bulk(check);
        DirectionCheck d = bulk.data();
        TsharkDirection ts = tshark("ipv6-bigtcp-veth.pcap", bulk, 1428);
        assertEquals(ts.frames(), d.stats().frames());
        assertEquals(ts.payload(), d.stats().payloadBytes());
        assertEquals(ts.superPackets(), d.sizes().count());
        assertEquals(ts.superPackets(), d.hopByHop(), "every super-packet has tshark's ipv6.opt.jumbo");
        // the IP packet length of an RFC 2675 jumbogram is the fixed header plus the Jumbo Payload length
        assertEquals(40 + ts.maxJumbo(), d.sizes().max());

        assertEquals(FlowVerdict.Status.BIG_TCP_ON, bulk.verdict().status());
        assertTrue(bulk.verdict().healthy());
        SizeCeiling c = d.ceiling();
        assertEquals(1428, c.segmentSize());
        assertEquals(129, c.segments(), "184,212 bytes of payload: 129 segments of 1428");
        assertEquals(SizeCeiling.Reason.SIZE_SETTING, c.reason());
        assertEquals(185_000, c.likelySetting(), "the setting samples/generate.sh made");
        assertTrue(c.settingLow() <= 185_000 && 185_000 < c.settingHigh());
        assertTrue(bulk.verdict().line().startsWith("BIG TCP on: super-packets up to 184,292 B (129 segments of 1,428)"),
                bulk.verdict().line());
        assertTrue(d.superPacketShare() > 0.99, "the transfer rides in super-packets: " + d.superPacketShare());
        assertEquals(d.sizes().count(), d.superOffloaded(), "captured where they were built: pseudo-header checksums");
        // over veth the acknowledgements keep pseudo-header checksums too, so sender and receiver look alike
        assertEquals(CapturePoint.RECEIVER_OR_VIRTUAL, bulk.capturePoint());
        assertTrue(check.healthy());
        // the iperf3 control connection carries too little to judge, and is no problem
        assertTrue(check.flows().stream().anyMatch(f -> f.verdict().status() == FlowVerdict.Status.LITTLE_DATA));
    }

    @Test
    void ipv4VethSuperPacketsHaveTotalLengthZeroAndStopAt127Segments() {
        CaptureCheck check = CheckSamples.check("ipv4-bigtcp-veth.pcap");
        FlowCheck bulk = CheckSamples.bulk(check);
        DirectionCheck d = bulk.data();
        TsharkDirection ts = tshark("ipv4-bigtcp-veth.pcap", bulk, 1448);
        assertEquals(ts.payload(), d.stats().payloadBytes());
        assertEquals(ts.superPackets(), d.zeroLengthIpv4());
        // tshark's ip.len is the length it presumes for a total length of 0: the same as jumbocap's
        assertEquals(ts.maxIpLen(), d.sizes().max());
        assertEquals(0, d.hopByHop());
        assertEquals(FlowVerdict.Status.BIG_TCP_ON, bulk.verdict().status());
        assertEquals(127, d.ceiling().segments());
        assertEquals(185_000, d.ceiling().likelySetting());
        assertTrue(bulk.verdict().line().contains("gso_ipv4_max_size"), bulk.verdict().line());
    }

    @Test
    void loopbackSuperPacketsAreTwoSegmentsOfTheLoopbackMss() {
        FlowCheck bulk = CheckSamples.bulk(CheckSamples.check("ipv6-bigtcp-loopback.pcap"));
        SizeCeiling c = bulk.data().ceiling();
        assertEquals(65464, c.segmentSize());
        assertEquals(2, c.segments());
        assertEquals(FlowVerdict.Status.BIG_TCP_ON, bulk.verdict().status());
        assertTrue(c.settingLow() <= 185_000 && 185_000 < c.settingHigh(), c.toString());
    }

    @Test
    void vxlanOverlayAt64KIsOffAndSaysSo() {
        CaptureCheck check = CheckSamples.check("ipv6-vxlan-gso64k.pcap");
        FlowCheck bulk = CheckSamples.bulk(check);
        SizeCeiling c = bulk.data().ceiling();
        assertEquals(FlowVerdict.Status.BIG_TCP_OFF, bulk.verdict().status());
        assertEquals(SizeCeiling.Reason.LEGACY_64K, c.reason());
        assertEquals(SizeCeiling.LEGACY_MAX, c.likelySetting());
        assertTrue(c.ipLength() < 65536 && c.ipLength() > 65536 - c.segmentSize() - 400, c.toString());
        assertTrue(bulk.verdict().line().contains("ip link set dev DEV gso_max_size 185000 gro_max_size 185000"));
        assertFalse(check.healthy());
    }

    @Test
    void vxlanBigTcpSegmentsThatKeptTheJumboOptionAreAProblem() {
        CaptureCheck check = CheckSamples.check("ipv6-bigtcp-vxlan.pcap");
        FlowCheck bulk = CheckSamples.bulk(check);
        // tshark's expert "When IPv6 payload length does not equal 0 a Jumbo Payload option must not be present"
        long flagged = CheckSamples.tshark("ipv6-bigtcp-vxlan.pcap").stream()
                .filter(r -> r.get("_ws.expert.message").contains("Jumbo Payload option must not be present")).count();
        assertTrue(flagged > 0);
        assertEquals(flagged, check.flows().stream().mapToLong(f -> f.data().jumboOptionInSegments()
                + (f.reverse() == null ? 0 : f.reverse().jumboOptionInSegments())).sum());
        assertTrue(bulk.verdict().warnings().stream().anyMatch(w -> w.contains("UDP tunnel")), bulk.verdict().toString());
        assertFalse(bulk.verdict().healthy());
        assertTrue(bulk.data().sizes().max() < 65536, "no super-packet passes 64 KB through the tunnel");
    }

    @Test
    void snaplenCutSuperPacketsKeepTheirSizesAndWarn() {
        CaptureCheck check = CheckSamples.check("ipv6-bigtcp-snaplen.pcap");
        FlowCheck bulk = CheckSamples.bulk(check);
        DirectionCheck d = bulk.data();
        TsharkDirection ts = tshark("ipv6-bigtcp-snaplen.pcap", bulk, 1428);
        assertEquals(ts.cut(), d.cutFrames());
        assertEquals(ts.superPackets(), d.cutSuperPackets(), "every super-packet was cut at 1500 bytes");
        assertEquals(40 + ts.maxJumbo(), d.sizes().max(), "sizes come from the Jumbo option, not the captured bytes");
        assertEquals(FlowVerdict.Status.BIG_TCP_ON, bulk.verdict().status());
        assertTrue(bulk.verdict().warnings().get(0).contains("cut by the snaplen"), bulk.verdict().warnings().toString());
        assertFalse(check.healthy());
    }

    @Test
    void everyKernelSampleIsCheckedWithoutAnError() {
        for (String s : List.of("ipv6-bigtcp-veth.pcapng", "ipv6-bigtcp-veth-nsec.pcap", "ipv4-bigtcp-veth.pcapng",
                "ipv6-bigtcp-any-sll2.pcap", "ipv6-bigtcp-vlan.pcap")) {
            FlowCheck bulk = CheckSamples.bulk(CheckSamples.check(s));
            assertEquals(FlowVerdict.Status.BIG_TCP_ON, bulk.verdict().status(), s);
            assertNotNull(bulk.data().ceiling(), s);
            assertEquals(185_000, bulk.data().ceiling().likelySetting(), s);
        }
    }
}
