package org.jumbocap.displayfilter;

import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;
import org.jumbocap.field.FieldType;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * A small field table with Wireshark's names and builders for crafted trees, so evaluation tests do not
 * depend on how the protocol dissectors lay out their trees.
 */
final class TestTrees {
    static final FieldDef ETH = FieldDef.protocol("eth", "Ethernet II");
    static final FieldDef ETH_SRC = FieldDef.of("eth.src", "Source", FieldType.ETHER, "");
    static final FieldDef ETH_ADDR = FieldDef.of("eth.addr", "Address", FieldType.ETHER, "");
    static final FieldDef IP = FieldDef.protocol("ip", "Internet Protocol Version 4");
    static final FieldDef IP_SRC = FieldDef.of("ip.src", "Source", FieldType.IPV4, "");
    static final FieldDef IP_DST = FieldDef.of("ip.dst", "Destination", FieldType.IPV4, "");
    static final FieldDef IP_ADDR = FieldDef.of("ip.addr", "Address", FieldType.IPV4, "");
    static final FieldDef IP_PROTO = FieldDef.of("ip.proto", "Protocol", FieldType.UINT8, "")
            .withValueNames(Map.of(6L, "TCP", 17L, "UDP"));
    static final FieldDef IPV6 = FieldDef.protocol("ipv6", "Internet Protocol Version 6");
    static final FieldDef IPV6_SRC = FieldDef.of("ipv6.src", "Source", FieldType.IPV6, "");
    static final FieldDef IPV6_ADDR = FieldDef.of("ipv6.addr", "Address", FieldType.IPV6, "");
    static final FieldDef IPV6_JUMBO = FieldDef.of("ipv6.opt.jumbo", "Payload Length", FieldType.UINT32, "");
    static final FieldDef TCP = FieldDef.protocol("tcp", "Transmission Control Protocol");
    static final FieldDef TCP_PORT = FieldDef.of("tcp.port", "Port", FieldType.UINT16, "");
    static final FieldDef TCP_SRCPORT = FieldDef.of("tcp.srcport", "Source Port", FieldType.UINT16, "");
    static final FieldDef TCP_DSTPORT = FieldDef.of("tcp.dstport", "Destination Port", FieldType.UINT16, "");
    static final FieldDef TCP_SYN = FieldDef.of("tcp.flags.syn", "Syn", FieldType.BOOLEAN, "");
    static final FieldDef TCP_LEN = FieldDef.of("tcp.len", "TCP Segment Len", FieldType.UINT32, "");
    static final FieldDef TCP_SEQ_RAW = FieldDef.of("tcp.seq_raw", "Sequence Number (raw)", FieldType.UINT32, "");
    static final FieldDef UDP = FieldDef.protocol("udp", "User Datagram Protocol");
    static final FieldDef UDP_PORT = FieldDef.of("udp.port", "Port", FieldType.UINT16, "");
    static final FieldDef VXLAN_VNI = FieldDef.of("vxlan.vni", "VNI", FieldType.UINT24, Base.DEC, "");
    static final FieldDef OFFSET = FieldDef.of("test.offset", "Signed offset", FieldType.INT32, "");
    static final FieldDef BIG = FieldDef.of("test.big", "Unsigned 64", FieldType.UINT64, "");

    static final FieldRegistry FIELDS = new FieldRegistry(List.of(
            FrameFields.FRAME, FrameFields.LEN, FrameFields.CAP_LEN, FrameFields.TIME, FrameFields.TIME_RELATIVE,
            FrameFields.PROTOCOLS, FrameFields.DATA, FrameFields.DATA_DATA,
            ETH, ETH_SRC, ETH_ADDR, IP, IP_SRC, IP_DST, IP_ADDR, IP_PROTO, IPV6, IPV6_SRC, IPV6_ADDR, IPV6_JUMBO,
            TCP, TCP_PORT, TCP_SRCPORT, TCP_DSTPORT, TCP_SYN, TCP_LEN, TCP_SEQ_RAW, UDP, UDP_PORT, VXLAN_VNI,
            OFFSET, BIG, JumboFields.JUMBO, JumboFields.KIND, JumboFields.LENGTH));

    private TestTrees() {
    }

    static CompiledFilter compile(String filter) {
        return DisplayFilter.compile(filter, FIELDS);
    }

    /** A tree with the frame layer holding frame.len and frame.cap_len. */
    static FrameTree frame(long length) {
        FrameTree t = new FrameTree(new FrameRecord(1, 0, 1, new byte[64], length));
        FieldNode f = t.addLayer(FrameFields.FRAME, 0, 64);
        f.add(FrameFields.LEN, 0, 0, length);
        f.add(FrameFields.CAP_LEN, 0, 0, 64L);
        return t;
    }

    static byte[] v4(int a, int b, int c, int d) {
        return new byte[] {(byte) a, (byte) b, (byte) c, (byte) d};
    }

    static FieldNode ipv4(FrameTree t, byte[] src, byte[] dst, int proto) {
        FieldNode ip = t.addLayer(IP, 14, 20);
        ip.add(IP_PROTO, 23, 1, (long) proto);
        ip.add(IP_SRC, 26, 4, src);
        ip.add(IP_DST, 30, 4, dst);
        ip.add(IP_ADDR, 26, 4, src).hidden();
        ip.add(IP_ADDR, 30, 4, dst).hidden();
        return ip;
    }

    static FieldNode tcp(FrameTree t, int src, int dst, boolean syn, long len) {
        FieldNode tcp = t.addLayer(TCP, 34, 20);
        tcp.add(TCP_SRCPORT, 34, 2, (long) src);
        tcp.add(TCP_DSTPORT, 36, 2, (long) dst);
        tcp.add(TCP_PORT, 34, 2, (long) src).hidden();
        tcp.add(TCP_PORT, 36, 2, (long) dst).hidden();
        tcp.add(TCP_SYN, 47, 1, (Object) syn);
        tcp.add(TCP_LEN, 34, 0, len).generated();
        return tcp;
    }
}
