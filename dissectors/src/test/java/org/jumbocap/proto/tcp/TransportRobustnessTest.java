package org.jumbocap.proto.tcp;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.Random;
import org.jumbocap.crafted.CraftedCase;
import org.jumbocap.crafted.TransportCraftedCases;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** Damaged and cut copies of every transport crafted frame: the dissectors never fail on them. */
class TransportRobustnessTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    @Test
    void damagedFramesNeverBreakADissector() {
        Random random = new Random(8200);
        for (CraftedCase c : new TransportCraftedCases().cases()) {
            byte[] original = c.frames().get(0);
            // Headers sit in the first bytes; damage there, and cut anywhere.
            int headerArea = Math.min(original.length, 400);
            for (int i = 0; i < 300; i++) {
                byte[] frame = original.clone();
                for (int k = 0; k < 1 + random.nextInt(4); k++) {
                    frame[14 + random.nextInt(headerArea - 14)] = (byte) random.nextInt(256);
                }
                int keep = random.nextBoolean() ? frame.length : 14 + random.nextInt(Math.min(frame.length, 2000) - 14);
                byte[] kept = Arrays.copyOf(frame, keep);
                long wire = random.nextBoolean() ? kept.length : frame.length;
                FrameTree tree = DISSECTOR.dissect(new FrameRecord(1, 0, c.linkType(), kept, wire));
                assertFalse(tree.hasExpert("frame.dissector_bug"), () -> c.name() + ": " + tree.experts());
            }
        }
    }
}
