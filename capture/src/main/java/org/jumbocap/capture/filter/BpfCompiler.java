package org.jumbocap.capture.filter;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles capture filters with the system libpcap ({@code pcap_compile} on a dead handle of a given link
 * type) and returns the BPF program as instructions with libpcap's own disassembly ({@code bpf_image}), the
 * text {@code tcpdump -d} prints. pcap4j does not expose the instructions, so this binds the few libpcap
 * functions it needs through JNA directly.
 */
public final class BpfCompiler {
    /** One BPF instruction and its disassembly. */
    public record Instruction(int code, int jt, int jf, int k, String text) {
    }

    /** A compile failure with libpcap's message. */
    public static final class CompileException extends Exception {
        public CompileException(String message) {
            super(message);
        }
    }

    /** Mirrors {@code struct bpf_program}. */
    public static final class BpfProgramStruct extends Structure {
        public int bf_len;
        public Pointer bf_insns;

        @Override
        protected List<String> getFieldOrder() {
            return List.of("bf_len", "bf_insns");
        }
    }

    interface LibPcap extends Library {
        Pointer pcap_open_dead(int linktype, int snaplen);

        int pcap_compile(Pointer p, BpfProgramStruct program, String filter, int optimize, int netmask);

        String pcap_geterr(Pointer p);

        void pcap_freecode(BpfProgramStruct program);

        void pcap_close(Pointer p);

        String bpf_image(Pointer instruction, int n);
    }

    private static final int NETMASK_UNKNOWN = 0xFFFFFFFF;
    private static volatile LibPcap lib;

    private BpfCompiler() {
    }

    static LibPcap lib() {
        LibPcap l = lib;
        if (l == null) {
            synchronized (BpfCompiler.class) {
                l = lib;
                if (l == null) {
                    l = Native.load(System.getProperty("org.pcap4j.core.pcapLibName", "pcap"), LibPcap.class);
                    lib = l;
                }
            }
        }
        return l;
    }

    /** The longest classic BPF program the Linux kernel takes (BPF_MAXINSNS); libpcap filters longer ones in user space. */
    public static final int KERNEL_MAX_INSTRUCTIONS = 4096;

    /** Compiles {@code filter} for a link type (LINKTYPE_ value) and snaplen, optimized like tcpdump. */
    public static List<Instruction> compile(String filter, int linkType, int snaplen) throws CompileException {
        return compile(filter, linkType, snaplen, true);
    }

    /**
     * The index of the first instruction that loads scratch memory ({@code ld M[k]}, {@code ldx M[k]}) not
     * stored on every path before it, or -1. The kernel refuses such a program (its classic BPF checker
     * runs the same test) and libpcap then filters in user space with whatever the slot holds. libpcap's
     * optimizer makes such programs of some deeply nested offsets (its dead-store elimination drops a
     * store a later block still reads).
     */
    public static int scratchLoadBeforeStore(List<Instruction> program) {
        int n = program.size();
        int[] valid = new int[n];
        boolean[] reached = new boolean[n];
        if (n > 0) {
            reached[0] = true;
        }
        for (int i = 0; i < n; i++) {
            if (!reached[i]) {
                continue;
            }
            Instruction insn = program.get(i);
            int code = insn.code();
            int cls = code & 0x07;
            int mem = valid[i];
            if ((cls == 0x00 || cls == 0x01) && (code & 0xe0) == 0x60) { // BPF_LD/LDX | BPF_MEM
                if (insn.k() < 0 || insn.k() >= 16 || (mem & (1 << insn.k())) == 0) {
                    return i;
                }
            } else if ((cls == 0x02 || cls == 0x03) && insn.k() >= 0 && insn.k() < 16) { // BPF_ST / BPF_STX
                mem |= 1 << insn.k();
            }
            int[] next;
            if (cls == 0x05) { // BPF_JMP: forward only
                next = (code & 0xf0) == 0x00 ? new int[] {i + 1 + insn.k()} : new int[] {i + 1 + insn.jt(), i + 1 + insn.jf()};
            } else if (cls == 0x06) { // BPF_RET
                next = new int[0];
            } else {
                next = new int[] {i + 1};
            }
            for (int j : next) {
                if (j > i && j < n) {
                    valid[j] = reached[j] ? valid[j] & mem : mem;
                    reached[j] = true;
                }
            }
        }
        return -1;
    }

    /** Compiles {@code filter}; without {@code optimize}, as libpcap generates it (quick, long, to check syntax). */
    public static List<Instruction> compile(String filter, int linkType, int snaplen, boolean optimize)
            throws CompileException {
        LibPcap pcap = lib();
        // pcap_open_dead takes a DLT_ value; raw IP is the one link type whose DLT_ differs on Linux.
        Pointer handle = pcap.pcap_open_dead(linkType == 101 ? 12 : linkType, snaplen);
        if (handle == null) {
            throw new CompileException("libpcap cannot open a handle for link type " + linkType);
        }
        try {
            BpfProgramStruct program = new BpfProgramStruct();
            if (pcap.pcap_compile(handle, program, filter, optimize ? 1 : 0, NETMASK_UNKNOWN) != 0) {
                throw new CompileException(pcap.pcap_geterr(handle));
            }
            program.read();
            try {
                List<Instruction> out = new ArrayList<>(program.bf_len);
                for (int i = 0; i < program.bf_len; i++) {
                    Pointer insn = program.bf_insns.share(8L * i);
                    out.add(new Instruction(insn.getShort(0) & 0xFFFF, insn.getByte(2) & 0xFF, insn.getByte(3) & 0xFF,
                            insn.getInt(4), pcap.bpf_image(insn, i)));
                }
                return out;
            } finally {
                pcap.pcap_freecode(program);
            }
        } finally {
            pcap.pcap_close(handle);
        }
    }

    /** The program as {@code tcpdump -d} prints it. */
    public static String disassemble(List<Instruction> program) {
        StringBuilder s = new StringBuilder();
        for (Instruction i : program) {
            s.append(i.text()).append('\n');
        }
        return s.toString();
    }
}
