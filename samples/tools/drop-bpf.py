#!/usr/bin/env python3
"""Load a tiny tc (cls_bpf, direct-action) eBPF program that drops packets at random, and pin it.

This kernel has no netem (sch_netem), so loss is made with eBPF instead:

    drop: if ((bpf_get_prandom_u32() & MASK) == 0) return TC_ACT_SHOT; return TC_ACT_OK

MASK = 2^k - 1, so one packet in 2^k is dropped on average. Attach the pinned program with
    tc qdisc add dev X clsact
    tc filter add dev X egress bpf direct-action object-pinned DIR/drop

usage: drop-bpf.py BPFFS_DIR K   (BPFFS_DIR must be on a mounted bpf fs; one in 2^K dropped)
"""
import ctypes, os, struct, sys

SYS_BPF = 321                      # x86_64
BPF_PROG_LOAD, BPF_OBJ_PIN = 5, 6
BPF_PROG_TYPE_SCHED_CLS = 3
FN_GET_PRANDOM_U32 = 7
TC_ACT_OK, TC_ACT_SHOT = 0, 2

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def insn(code, dst=0, src=0, off=0, imm=0):
    return struct.pack("<BBhi", code, (src << 4) | dst, off, imm)


MOV64_IMM, AND64_IMM, JNE_IMM, CALL, EXIT = 0xb7, 0x57, 0x55, 0x85, 0x95


def bpf(cmd, attr):
    buf = ctypes.create_string_buffer(attr, 128)
    rc = libc.syscall(SYS_BPF, cmd, buf, 128)
    if rc < 0:
        e = ctypes.get_errno()
        raise OSError(e, f"bpf cmd {cmd}: {os.strerror(e)}")
    return rc


def load(name, code):
    insns = ctypes.create_string_buffer(code, len(code))
    lic = ctypes.create_string_buffer(b"GPL")
    log = ctypes.create_string_buffer(65536)
    attr = struct.pack("<IIQQIIQII16s", BPF_PROG_TYPE_SCHED_CLS, len(code) // 8,
                       ctypes.addressof(insns), ctypes.addressof(lic),
                       1, len(log), ctypes.addressof(log), 0, 0, name.encode())
    try:
        return bpf(BPF_PROG_LOAD, attr)
    except OSError:
        sys.stderr.write(log.value.decode(errors="replace"))
        raise


def pin(fd, path):
    p = ctypes.create_string_buffer(path.encode())
    bpf(BPF_OBJ_PIN, struct.pack("<QII", ctypes.addressof(p), fd, 0))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    d, k = sys.argv[1], int(sys.argv[2])
    mask = (1 << k) - 1
    code = (insn(CALL, imm=FN_GET_PRANDOM_U32) +           # r0 = random
            insn(AND64_IMM, dst=0, imm=mask) +               # r0 &= mask
            insn(JNE_IMM, dst=0, off=2, imm=0) +             # if r0 != 0 skip 2
            insn(MOV64_IMM, dst=0, imm=TC_ACT_SHOT) + insn(EXIT) +
            insn(MOV64_IMM, dst=0, imm=TC_ACT_OK) + insn(EXIT))
    path = os.path.join(d, "drop")
    if os.path.exists(path):
        os.unlink(path)
    pin(load("drop", code), path)
    print("pinned", path)


if __name__ == "__main__":
    main()
