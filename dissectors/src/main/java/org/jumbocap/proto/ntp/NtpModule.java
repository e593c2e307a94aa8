package org.jumbocap.proto.ntp;

import java.util.List;
import org.jumbocap.dissect.Declarations;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.ProtocolModule;
import org.jumbocap.dissect.Tables;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/** NTP on UDP port 123. */
public final class NtpModule implements ProtocolModule {
    @Override
    public List<FieldDef> fields() {
        return Declarations.fields(NtpFields.class);
    }

    @Override
    public List<ExpertDef> experts() {
        return Declarations.experts(NtpFields.class);
    }

    @Override
    public void register(DissectorRegistry.Builder registry) {
        registry.add(Tables.UDP_PORT, NtpDissector.PORT, new NtpDissector());
    }
}
