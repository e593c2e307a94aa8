package org.jumbocap.dissect;

import java.util.List;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/**
 * One protocol's contribution: its declared fields and expert items, and the table entries of its
 * dissectors. {@link Declarations} collects the declarations from a holder class's constants.
 */
public interface ProtocolModule {
    List<FieldDef> fields();

    List<ExpertDef> experts();

    void register(DissectorRegistry.Builder registry);
}
