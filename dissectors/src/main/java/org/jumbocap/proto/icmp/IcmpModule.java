package org.jumbocap.proto.icmp;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** ICMP for IPv4 and ICMPv6: their fields and their entries in the IP protocol table. */
public final class IcmpModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(IcmpFields.class, Icmpv6Fields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(IcmpFields.class, Icmpv6Fields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.IP_PROTO, IcmpDissector.IP_PROTOCOL, new IcmpDissector());
        registry.add(Tables.IP_PROTO, Icmpv6Dissector.IP_PROTOCOL, new Icmpv6Dissector());
    }
}
