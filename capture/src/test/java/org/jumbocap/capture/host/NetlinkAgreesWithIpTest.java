package org.jumbocap.capture.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rtnetlink dump {@code check} reads agrees with {@code ip -d -j link show} on this host, attribute for
 * attribute, and also holds the IPv4 BIG TCP sizes iproute2 before 6.3 does not print.
 */
class NetlinkAgreesWithIpTest {
    @Test
    void everyAttributeIpPrintsIsTheSame() {
        Map<String, LinkSettings.Link> fromIp = LinkSettings.fromIpCommand();
        assumeTrue(fromIp != null, "ip (iproute2) is not installed");
        List<RtnetlinkLinks.Link> links = RtnetlinkLinks.dump();
        assertFalse(links.isEmpty());
        assertEquals(fromIp.keySet(), links.stream().map(RtnetlinkLinks.Link::name).collect(java.util.stream.Collectors.toSet()));
        int compared = 0;
        for (RtnetlinkLinks.Link l : links) {
            LinkSettings.Link ip = fromIp.get(l.name());
            assertEquals(ip.mtu(), l.mtu(), l.name());
            for (Map.Entry<String, Long> e : ip.sizes().entrySet()) {
                assertEquals(e.getValue(), l.attributes().get(e.getKey()), l.name() + " " + e.getKey());
                compared++;
            }
            if (KernelVersion.running().ipv4BigTcp()) {
                assertTrue(l.attributes().containsKey("gso_ipv4_max_size") && l.attributes().containsKey("gro_ipv4_max_size"),
                        l.toString());
            }
        }
        assertTrue(compared > 0);
        assertTrue(links.stream().anyMatch(l -> l.name().equals("lo") && l.up() && l.arphrdType() == 772));
    }
}
