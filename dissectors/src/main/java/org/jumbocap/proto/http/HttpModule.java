package org.jumbocap.proto.http;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** HTTP/1.x on Wireshark's default HTTP TCP ports. */
public final class HttpModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(HttpFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(HttpFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        HttpDissector http = new HttpDissector();
        for (int port : HttpDissector.PORTS) {
            registry.add(Tables.TCP_PORT, port, http);
        }
    }
}
