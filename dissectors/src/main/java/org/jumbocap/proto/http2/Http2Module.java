package org.jumbocap.proto.http2;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** HTTP/2 and gRPC on any TCP port, by the connection prefaces (no port is HTTP/2's, as in Wireshark). */
public final class Http2Module implements ProtocolModule {
    /** Place among the TCP heuristics: after TLS. */
    static final int HEURISTIC_ORDER = 200;

    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(Http2Fields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(Http2Fields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.TCP_HEURISTIC, HEURISTIC_ORDER, new Http2Dissector());
    }
}
