package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.Pcaps;
import org.pcap4j.packet.namednumber.DataLinkType;

/**
 * The direct reader reaches pcap4j's private {@code PcapHandle.handle} (pcap4j has no public accessor for
 * the pcap_t). When a pcap4j upgrade renames or removes that field, live capture silently falls back to
 * pcap4j's slower copying reader; this test makes that loud instead. A dead handle needs no privileges.
 */
class DirectPcapReaderTest {
    @Test
    void reachesTheHandleOfThisPcap4j() throws Exception {
        try (PcapHandle dead = Pcaps.openDead(DataLinkType.EN10MB, 65535)) {
            assertNotNull(DirectPcapReader.of(dead),
                    "pcap4j's PcapHandle no longer has a private Pointer field 'handle': DirectPcapReader must "
                            + "follow the new pcap4j, or live capture copies every frame twice");
        }
    }
}
