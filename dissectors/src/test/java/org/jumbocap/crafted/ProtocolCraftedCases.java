package org.jumbocap.crafted;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.testing.Bytes;

/**
 * The application protocols' odd and malformed cases: ARP's relatives and address shapes, and packets
 * whose lengths, counts or pointers lie. Each must decode to the notes it names and never throw or hang.
 */
public final class ProtocolCraftedCases implements CraftedCaseSource {
    private static final String MAC_A = "020000000001";
    private static final String MAC_B = "020000000002";
    private static final String ZERO = "000000000000";
    private static final String IP_A = "0a000001";
    private static final String IP_B = "0a000002";

    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        arpCases(out);
        return out;
    }

    /** An ARP packet in an Ethernet frame from {@code sha}, broadcast. */
    public static byte[] arp(int hwType, int protoType, int hwSize, int protoSize, int opcode, String addresses) {
        return Bytes.of().hex("ffffffffffff").hex(MAC_A).u16(0x0806)
                .u16(hwType).u16(protoType).u8(hwSize).u8(protoSize).u16(opcode).hex(addresses).toArray();
    }

    private static void arpCases(List<CraftedCase> out) {
        List<byte[]> kinds = new ArrayList<>();
        kinds.add(arp(1, 0x0800, 6, 4, 3, MAC_A + IP_A + MAC_A + "00000000"));   // RARP request
        kinds.add(arp(1, 0x0800, 6, 4, 4, MAC_B + IP_B + MAC_A + IP_A));         // RARP reply
        kinds.add(arp(1, 0x0800, 6, 4, 5, MAC_A + IP_A + ZERO + IP_B));          // DRARP request
        kinds.add(arp(1, 0x0800, 6, 4, 8, MAC_A + IP_A + MAC_B + "00000000"));   // Inverse ARP request
        kinds.add(arp(1, 0x0800, 6, 4, 9, MAC_B + IP_B + MAC_A + IP_A));         // Inverse ARP reply
        kinds.add(arp(1, 0x0800, 6, 4, 77, MAC_A + IP_A + ZERO + IP_B));         // unknown opcode
        kinds.add(arp(1, 0x86DD, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B));          // protocol addresses not IPv4
        kinds.add(arp(6, 0x0800, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B));          // IEEE 802 hardware: still MACs
        kinds.add(arp(32, 0x00CC, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B));         // other hardware, AX.25's IPv4
        kinds.add(arp(1, 0x0800, 0, 0, 1, ""));                                  // no addresses at all
        kinds.add(arp(1, 0x0800, 6, 4, 1, "00000000000000000000" + ZERO + "0a000009")); // a probe whose sender MAC is zero too
        kinds.add(arp(1, 0x0800, 6, 4, 2, MAC_A + IP_A + ZERO + IP_A));         // gratuitous reply with a zero target MAC
        out.add(new CraftedCase("arp-opcodes", "ARP relatives (RARP, DRARP, Inverse ARP), an unknown opcode, addresses "
                + "that are not MAC/IPv4 and of size 0, a probe and a gratuitous reply", LinkTypes.ETHERNET, kinds, null, List.of()));
        byte[] request = arp(1, 0x0800, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B);
        out.add(new CraftedCase("arp-malformed", "ARP packets shorter than their address sizes: cut inside the target "
                + "address, and sizes of 200 bytes each (808 bytes claimed, 20 present)", LinkTypes.ETHERNET,
                List.of(java.util.Arrays.copyOf(request, 30), arp(1, 0x0800, 200, 200, 1, MAC_A + IP_A + ZERO + IP_B)),
                null, List.of("frame.malformed")));
    }
}
