package org.jumbocap.proto.tunnel;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** UDP tunnels: VXLAN and Geneve, by their IANA ports. */
public final class TunnelModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(TunnelFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(TunnelFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.UDP_PORT, VxlanDissector.UDP_PORT, new VxlanDissector());
        registry.add(Tables.UDP_PORT, GeneveDissector.UDP_PORT, new GeneveDissector());
    }
}
