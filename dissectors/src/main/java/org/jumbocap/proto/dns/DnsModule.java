package org.jumbocap.proto.dns;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** DNS on UDP and TCP port 53, multicast DNS on UDP port 5353. */
public final class DnsModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(DnsFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(DnsFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.UDP_PORT, DnsDissector.PORT, new DnsDissector(false, false));
        registry.add(Tables.UDP_PORT, DnsDissector.MDNS_PORT, new DnsDissector(false, true));
        registry.add(Tables.TCP_PORT, DnsDissector.PORT, new DnsDissector(true, false));
    }
}
