package org.jumbocap.proto.ipv6;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.proto.ip.IpProtocols;
import org.jumbocap.proto.ipv6.ext.ExtFields;
import org.jumbocap.proto.ipv6.ext.OptionFields;

/**
 * IPv6 over EtherType 0x86DD and IPv6-in-IP (41). The extension headers are walked inside the IPv6
 * dissector (a bounded loop), so none is registered in {@link Tables#IPV6_EXT}.
 */
public final class Ipv6Module implements ProtocolModule {
    public static final int ETHERTYPE_IPV6 = 0x86DD;

    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(Ipv6Fields.class, ExtFields.class, OptionFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(Ipv6Fields.class, ExtFields.class, OptionFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.ETHERTYPE, ETHERTYPE_IPV6, Ipv6Dissector.INSTANCE);
        registry.add(Tables.IP_PROTO, IpProtocols.IPV6, Ipv6Dissector.INSTANCE);
    }
}
