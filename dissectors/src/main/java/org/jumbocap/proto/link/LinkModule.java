package org.jumbocap.proto.link;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.LinkTypes;

/** Link layers: Ethernet II with VLAN tags, Linux cooked SLL/SLL2, BSD null/loopback and raw IP. */
public final class LinkModule implements ProtocolModule {
    public static final int ETHERTYPE_VLAN = 0x8100;
    public static final int ETHERTYPE_QINQ = 0x88A8;
    /** Pre-standard QinQ outer tag still seen on some switches. */
    public static final int ETHERTYPE_QINQ_LEGACY = 0x9100;

    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(LinkFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(LinkFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.LINK_TYPE, LinkTypes.ETHERNET, new EthernetDissector());
        registry.add(Tables.LINK_TYPE, LinkTypes.LINUX_SLL, new SllDissector(false));
        registry.add(Tables.LINK_TYPE, LinkTypes.LINUX_SLL2, new SllDissector(true));
        registry.add(Tables.LINK_TYPE, LinkTypes.NULL, new NullDissector(true));
        registry.add(Tables.LINK_TYPE, LinkTypes.LOOP, new NullDissector(false));
        RawIpDissector raw = RawIpDissector.byVersionNibble();
        registry.add(Tables.LINK_TYPE, LinkTypes.RAW, raw);
        registry.add(Tables.LINK_TYPE, LinkTypes.RAW_12, raw);
        registry.add(Tables.LINK_TYPE, LinkTypes.RAW_14, raw);
        registry.add(Tables.LINK_TYPE, LinkTypes.IPV4, RawIpDissector.fixed(0x0800));
        registry.add(Tables.LINK_TYPE, LinkTypes.IPV6, RawIpDissector.fixed(0x86DD));
        VlanDissector vlan = new VlanDissector();
        registry.add(Tables.ETHERTYPE, ETHERTYPE_VLAN, vlan);
        registry.add(Tables.ETHERTYPE, ETHERTYPE_QINQ, vlan);
        registry.add(Tables.ETHERTYPE, ETHERTYPE_QINQ_LEGACY, vlan);
    }
}
