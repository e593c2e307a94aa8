package org.jumbocap.proto.arp;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** ARP and RARP, by their EtherTypes. */
public final class ArpModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(ArpFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(ArpFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        ArpDissector arp = new ArpDissector();
        registry.add(Tables.ETHERTYPE, ArpDissector.ETHERTYPE_ARP, arp);
        registry.add(Tables.ETHERTYPE, ArpDissector.ETHERTYPE_RARP, arp);
    }
}
