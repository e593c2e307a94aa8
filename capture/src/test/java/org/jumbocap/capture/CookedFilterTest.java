package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jumbocap.capture.filter.BpfCompiler;
import org.jumbocap.io.LinkTypes;
import org.junit.jupiter.api.Test;

/**
 * Filters libpcap compiles for LINKTYPE_LINUX_SLL2, moved for the "any" socket the way libpcap's
 * fix_program moves them: every load of the packet is 20 bytes earlier (the kernel's filter starts at the
 * network header), the header's protocol, interface index and packet type become the kernel's ancillary loads.
 */
class CookedFilterTest {
    private static final int LOAD_ABS_HALF = 0x28;
    private static final int ANCILLARY_PROTOCOL = CookedFilter.SKF_AD_OFF + CookedFilter.SKF_AD_PROTOCOL;

    private static List<BpfCompiler.Instruction> compiled(String filter) throws BpfCompiler.CompileException {
        return BpfCompiler.compile(filter, LinkTypes.LINUX_SLL2, 524_288);
    }

    @Test
    void loadsMoveToTheNetworkHeaderAndTheProtocolToTheKernelsAncillaryLoad() throws Exception {
        List<BpfCompiler.Instruction> sll2 = compiled("ip6 and udp port 5313");
        List<BpfCompiler.Instruction> moved = CookedFilter.forCookedSocket(sll2);
        assertNotNull(moved);
        assertEquals(sll2.size(), moved.size());
        // libpcap reads the SLL2 protocol first ("ldh [0]"): the kernel's skb->protocol instead
        assertEquals(LOAD_ABS_HALF, sll2.get(0).code(), sll2.get(0).text());
        assertEquals(0, sll2.get(0).k());
        assertEquals(ANCILLARY_PROTOCOL, moved.get(0).k());
        int loads = 0;
        for (int i = 1; i < sll2.size(); i++) {
            BpfCompiler.Instruction before = sll2.get(i);
            BpfCompiler.Instruction after = moved.get(i);
            boolean absolute = (before.code() & 0x07) <= 1 && (before.code() & 0xe0) == 0x20;
            if (absolute) {
                loads++;
                assertTrue(before.k() >= 20, before.text());
                assertEquals(before.k() - 20, after.k(), before.text());
            } else {
                assertEquals(before.k(), after.k(), before.text());
            }
            assertEquals(before.code(), after.code());
            assertEquals(before.jt(), after.jt());
            assertEquals(before.jf(), after.jf());
        }
        assertTrue(loads >= 2, "the next header and the ports are loaded: " + sll2);
    }

    @Test
    void thePacketTypeBecomesTheKernelsToo() throws Exception {
        List<BpfCompiler.Instruction> moved = CookedFilter.forCookedSocket(compiled("inbound"));
        assertNotNull(moved);
        assertTrue(moved.stream().anyMatch(i -> i.k() == CookedFilter.SKF_AD_OFF + CookedFilter.SKF_AD_PKTTYPE), moved.toString());
    }

    /** The link-layer address in the SLL2 header has no ancillary load: such a filter cannot run in the kernel. */
    @Test
    void aLoadOfTheLinkAddressCannotMove() throws Exception {
        List<BpfCompiler.Instruction> sll2 = compiled("ether[12] == 1");
        assertNull(CookedFilter.forCookedSocket(sll2), sll2.toString());
    }
}
