package org.jumbocap.proto.ipv4;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.proto.ip.IpProtocols;

/** IPv4 over EtherType 0x0800, and IPv4-in-IP (protocol 4). */
public final class Ipv4Module implements ProtocolModule {
    public static final int ETHERTYPE_IPV4 = 0x0800;

    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(Ipv4Fields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(Ipv4Fields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.ETHERTYPE, ETHERTYPE_IPV4, Ipv4Dissector.INSTANCE);
        registry.add(Tables.IP_PROTO, IpProtocols.IPIP, Ipv4Dissector.INSTANCE);
    }
}
