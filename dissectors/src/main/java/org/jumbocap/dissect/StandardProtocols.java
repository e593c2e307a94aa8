package org.jumbocap.dissect;

import java.util.List;

/** The protocol modules jumbocap ships, in registration order. One line per module. */
final class StandardProtocols {
    private StandardProtocols() {
    }

    static List<ProtocolModule> modules() {
        return List.of(
                new org.jumbocap.proto.link.LinkModule(),
                new org.jumbocap.proto.ipv4.Ipv4Module(),
                new org.jumbocap.proto.ipv6.Ipv6Module(),
                new org.jumbocap.proto.tcp.TcpModule(),
                new org.jumbocap.proto.udp.UdpModule(),
                new org.jumbocap.proto.icmp.IcmpModule(),
                new org.jumbocap.proto.tunnel.TunnelModule()
        );
    }
}
