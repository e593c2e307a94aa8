package org.jumbocap.proto.quic;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** QUIC on UDP port 443, and by heuristic (a version 1 or 2 long header) on any UDP port. */
public final class QuicModule implements ProtocolModule {
    /** The QUIC heuristic's place in the UDP heuristic table. */
    private static final int HEURISTIC_ORDER = 100;

    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(QuicFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(QuicFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        QuicDissector quic = new QuicDissector();
        registry.add(Tables.UDP_PORT, QuicDissector.PORT, quic);
        registry.add(Tables.UDP_HEURISTIC, HEURISTIC_ORDER, quic);
    }
}
