package org.jumbocap.proto.tcp;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** TCP: its fields (with those of conversation analysis) and its entry in the IP protocol table. */
public final class TcpModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(TcpFields.class, TcpAnalysisFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(TcpFields.class, TcpAnalysisFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.IP_PROTO, TcpDissector.IP_PROTOCOL, new TcpDissector());
    }
}
