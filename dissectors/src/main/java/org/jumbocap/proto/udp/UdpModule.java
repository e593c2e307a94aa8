package org.jumbocap.proto.udp;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** UDP: its fields and its entry in the IP protocol table. */
public final class UdpModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(UdpFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(UdpFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.IP_PROTO, UdpDissector.IP_PROTOCOL, new UdpDissector());
    }
}
