package org.jumbocap.proto.dhcp;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** DHCP on UDP ports 67 (server) and 68 (client). */
public final class DhcpModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(DhcpFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(DhcpFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        DhcpDissector dhcp = new DhcpDissector();
        registry.add(Tables.UDP_PORT, DhcpDissector.SERVER_PORT, dhcp);
        registry.add(Tables.UDP_PORT, DhcpDissector.CLIENT_PORT, dhcp);
    }
}
