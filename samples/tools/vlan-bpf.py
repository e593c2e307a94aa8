#!/usr/bin/env python3
"""Load two tiny tc (cls_bpf, direct-action) eBPF programs and pin them.

This kernel is built without CONFIG_VLAN_8021Q (no 'type vlan' links) and
without CONFIG_BRIDGE_VLAN_FILTERING or act_vlan, so 802.1Q tagging is done
by eBPF helpers instead:

    vlan_push: bpf_skb_vlan_push(skb, htons(0x8100), VID); return TC_ACT_OK
    vlan_pop:  bpf_skb_vlan_pop(skb);                       return TC_ACT_OK

Attach the pinned programs with
    tc filter add dev X egress  bpf direct-action object-pinned DIR/vlan_push
    tc filter add dev X ingress bpf direct-action object-pinned DIR/vlan_pop

usage: vlan-bpf.py BPFFS_DIR VID   (BPFFS_DIR must be on a mounted bpf fs)
"""
import ctypes, os, struct, sys

SYS_BPF = 321                      # x86_64
BPF_PROG_LOAD, BPF_OBJ_PIN = 5, 6
BPF_PROG_TYPE_SCHED_CLS = 3
FN_SKB_VLAN_PUSH, FN_SKB_VLAN_POP = 18, 19

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def insn(code, dst=0, src=0, off=0, imm=0):
    return struct.pack("<BBhi", code, (src << 4) | dst, off, imm)


MOV64_IMM, CALL, EXIT = 0xb7, 0x85, 0x95


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
    d, vid = sys.argv[1], int(sys.argv[2])
    # r1 = skb (ctx on entry); r2 = vlan_proto (be16 0x8100); r3 = vid
    push = (insn(MOV64_IMM, dst=2, imm=0x0081) + insn(MOV64_IMM, dst=3, imm=vid) +
            insn(CALL, imm=FN_SKB_VLAN_PUSH) + insn(MOV64_IMM, dst=0, imm=0) + insn(EXIT))
    pop = insn(CALL, imm=FN_SKB_VLAN_POP) + insn(MOV64_IMM, dst=0, imm=0) + insn(EXIT)
    for name, code in (("vlan_push", push), ("vlan_pop", pop)):
        path = os.path.join(d, name)
        if os.path.exists(path):
            os.unlink(path)
        pin(load(name, code), path)
        print("pinned", path)


if __name__ == "__main__":
    main()
