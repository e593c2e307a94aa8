package org.jumbocap.proto.ipv6;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jumbocap.crafted.CraftedCase;
import org.jumbocap.crafted.IpCraftedCases;
import org.jumbocap.expert.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * Bad input never breaks the link and IP dissectors: every crafted frame cut at every length of its first
 * 160 bytes, and with bytes of its headers overwritten at random (fixed seed), dissects without a
 * dissector failure.
 */
class MalformedInputTest {
    private static final int HEADER_BYTES = 160;
    private static final int MUTATIONS_PER_FRAME = 120;

    @Test
    void truncatedAndMutatedFramesNeverFailADissector() {
        Random random = new Random(2675);
        List<String> failures = new ArrayList<>();
        int dissected = 0;
        for (CraftedCase c : new IpCraftedCases().cases()) {
            for (byte[] frame : c.frames()) {
                int headerBytes = Math.min(frame.length, HEADER_BYTES);
                for (int cut = 0; cut <= headerBytes; cut++) {
                    byte[] head = Arrays.copyOf(frame, cut);
                    check(c, Dissect.frame(c.linkType(), head), "cut at " + cut, failures);
                    check(c, Dissect.cutFrame(c.linkType(), head, frame.length), "snaplen " + cut, failures);
                    dissected += 2;
                }
                byte[] mutated = Arrays.copyOf(frame, Math.min(frame.length, 4096));
                for (int i = 0; i < MUTATIONS_PER_FRAME; i++) {
                    byte[] copy = mutated.clone();
                    for (int k = 0; k < 3; k++) {
                        copy[random.nextInt(headerBytes)] = (byte) random.nextInt(256);
                    }
                    check(c, Dissect.frame(c.linkType(), copy), "mutation " + i, failures);
                    dissected++;
                }
            }
        }
        assertEquals(List.of(), failures, "dissector failures in " + dissected + " frames");
    }

    private static void check(CraftedCase c, FrameTree tree, String how, List<String> failures) {
        for (ExpertItem e : tree.experts()) {
            if (e.id().equals("frame.dissector_bug") || e.id().equals("frame.too_deep")) {
                failures.add(c.name() + " " + how + ": " + e.message());
            }
        }
    }
}
