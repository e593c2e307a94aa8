package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.junit.jupiter.api.Test;

/** The Expert Information window's findings: by id, every frame kept, each message up to a bound. */
class ExpertInformationTest {
    private static final ExpertDef DUP = new ExpertDef("tcp.analysis.duplicate_ack", ExpertGroup.SEQUENCE, Severity.NOTE,
            "Duplicate ACK (#%d)");
    private static final ExpertDef FULL = new ExpertDef("tcp.analysis.window_full", ExpertGroup.SEQUENCE, Severity.WARN,
            "TCP window specified by the receiver is now completely full (100%%)");

    @Test
    void keepsEveryFrameAndTheFirstMessages() {
        ExpertInformation info = new ExpertInformation();
        int n = ExpertInformation.MESSAGES_KEPT + 5;
        for (int i = 1; i <= n; i++) {
            info.add(10L + i, List.of(ExpertItem.of(DUP, FieldNode.OFF, i)));
        }
        info.add(3, List.of(ExpertItem.of(FULL, FieldNode.OFF)));
        ExpertInformation.Finding dup = info.finding(DUP.id());
        assertEquals(n, dup.count());
        assertEquals(11, dup.frame(0));
        assertEquals(10L + n, dup.frame(n - 1));
        assertEquals("Duplicate ACK (#1)", dup.message(0));
        assertEquals("Duplicate ACK (#" + ExpertInformation.MESSAGES_KEPT + ")", dup.message(ExpertInformation.MESSAGES_KEPT - 1));
        assertEquals("Duplicate ACK (#\u2026)", dup.message(n - 1), "beyond the bound, the summary");
        assertEquals("Duplicate ACK (#\u2026)", dup.summary());
        assertEquals("TCP window specified by the receiver is now completely full (100%)", info.finding(FULL.id()).summary());
        assertEquals("expert.id == \"tcp.analysis.duplicate_ack\"", dup.filter());
        assertEquals(List.of(Severity.NOTE, Severity.WARN), List.copyOf(info.bySeverity().keySet()));
        assertEquals(n, info.count(Severity.NOTE));
        assertEquals("Sequence", dup.group());
        assertEquals("tcp", dup.protocol());
    }
}
