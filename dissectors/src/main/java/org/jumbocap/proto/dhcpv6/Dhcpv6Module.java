package org.jumbocap.proto.dhcpv6;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** DHCPv6 on UDP ports 546 (client) and 547 (servers and relays). */
public final class Dhcpv6Module implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(Dhcpv6Fields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(Dhcpv6Fields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        Dhcpv6Dissector dhcpv6 = new Dhcpv6Dissector();
        registry.add(Tables.UDP_PORT, Dhcpv6Dissector.CLIENT_PORT, dhcpv6);
        registry.add(Tables.UDP_PORT, Dhcpv6Dissector.SERVER_PORT, dhcpv6);
    }
}
