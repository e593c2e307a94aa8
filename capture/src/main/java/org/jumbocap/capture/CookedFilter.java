package org.jumbocap.capture;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.capture.filter.BpfCompiler;

/**
 * A capture filter compiled for LINKTYPE_LINUX_SLL2, moved to run in the kernel on the "any" socket, as
 * libpcap's {@code fix_program} moves it: the kernel runs the filter on a cooked socket's packet from its
 * network header, where the SLL2 header the file gets does not exist. A load from past that header is moved
 * back by its 20 bytes; a load of the header's protocol, interface index or packet type becomes the kernel's
 * ancillary load of the same (SKF_AD_PROTOCOL, SKF_AD_IFINDEX, SKF_AD_PKTTYPE); any other load of the header
 * cannot run in the kernel.
 */
final class CookedFilter {
    private static final int BPF_LD = 0x00;
    private static final int BPF_LDX = 0x01;
    private static final int BPF_ABS = 0x20;
    private static final int BPF_IND = 0x40;
    private static final int BPF_MSH = 0xa0;
    /** The kernel's ancillary loads: SKF_AD_OFF plus the item. */
    static final int SKF_AD_OFF = -0x1000;
    static final int SKF_AD_PROTOCOL = 0;
    static final int SKF_AD_PKTTYPE = 4;
    static final int SKF_AD_IFINDEX = 8;
    /** Offsets in the SLL2 header: protocol, interface index, packet type. */
    private static final int SLL2_PROTOCOL = 0;
    private static final int SLL2_IFINDEX = 4;
    private static final int SLL2_PKTTYPE = 10;

    private CookedFilter() {
    }

    /** The program for the kernel, or null when it reads a part of the SLL2 header the kernel cannot give. */
    static List<BpfCompiler.Instruction> forCookedSocket(List<BpfCompiler.Instruction> program) {
        List<BpfCompiler.Instruction> out = new ArrayList<>(program.size());
        for (BpfCompiler.Instruction insn : program) {
            int cls = insn.code() & 0x07;
            int mode = insn.code() & 0xe0;
            boolean load = (cls == BPF_LD || cls == BPF_LDX) && (mode == BPF_ABS || mode == BPF_IND || mode == BPF_MSH);
            if (!load) {
                out.add(insn);
                continue;
            }
            int k = insn.k();
            int moved;
            if (k >= AfPacketCaptureSource.SLL2_HEADER_BYTES) {
                moved = k - AfPacketCaptureSource.SLL2_HEADER_BYTES;
            } else if (k == SLL2_PROTOCOL) {
                moved = SKF_AD_OFF + SKF_AD_PROTOCOL;
            } else if (k == SLL2_IFINDEX) {
                moved = SKF_AD_OFF + SKF_AD_IFINDEX;
            } else if (k == SLL2_PKTTYPE) {
                moved = SKF_AD_OFF + SKF_AD_PKTTYPE;
            } else if (k > 0) {
                return null;
            } else {
                moved = k; // already one of the kernel's special offsets
            }
            out.add(new BpfCompiler.Instruction(insn.code(), insn.jt(), insn.jf(), moved, insn.text()));
        }
        return out;
    }
}
