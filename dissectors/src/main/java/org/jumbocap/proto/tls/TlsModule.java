package org.jumbocap.proto.tls;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** TLS on TCP port 443, and on any TCP port by its record header. */
public final class TlsModule implements ProtocolModule {
    /** Place among the TCP heuristics: tried first. */
    static final int HEURISTIC_ORDER = 100;

    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(TlsFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(TlsFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        TlsDissector tls = new TlsDissector();
        registry.add(Tables.TCP_PORT, TlsDissector.PORT, tls);
        registry.add(Tables.TCP_HEURISTIC, HEURISTIC_ORDER, tls);
    }
}
