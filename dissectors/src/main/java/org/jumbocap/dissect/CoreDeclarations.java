package org.jumbocap.dissect;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertFields;
import org.jumbocap.field.FieldDef;
import org.jumbocap.jumbo.JumboFields;

/** Declarations that belong to no single protocol: the frame, data, the jumbogram verdict, expert items. */
final class CoreDeclarations {
    private CoreDeclarations() {
    }

    static List<FieldDef> fields() {
        List<FieldDef> out = new ArrayList<>(Declarations.fields(FrameFields.class));
        out.addAll(Declarations.fields(JumboFields.class));
        out.addAll(ExpertFields.all());
        return out;
    }

    static List<ExpertDef> experts() {
        List<ExpertDef> out = new ArrayList<>(Declarations.experts(FrameFields.class));
        out.addAll(Declarations.experts(JumboFields.class));
        return out;
    }
}
