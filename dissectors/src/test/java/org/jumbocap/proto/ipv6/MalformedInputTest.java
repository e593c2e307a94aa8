package org.jumbocap.proto.ipv6;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.jumbocap.crafted.CraftedCase;
import org.jumbocap.crafted.CraftedSamples;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * Bad input never breaks a dissector: every crafted frame of every family ({@link CraftedSamples#all()}:
 * link, IP, transport, tunnel, ICMP and audit cases) cut at every length of its first 160 bytes, both as
 * a short frame and as a snaplen cut of its real length, and with bytes of its headers overwritten at
 * random (fixed seed), dissects without a dissector failure.
 */
class MalformedInputTest {
    private static final int HEADER_BYTES = 160;
    private static final int MUTATIONS_PER_FRAME = 120;
    /** Mutated frames keep at most this many bytes: enough for every header stack, cheap to copy. */
    private static final int MUTATED_BYTES = 4096;

    @Test
    void truncatedAndMutatedFramesNeverFailADissector() {
        Random random = new Random(2675);
        List<String> failures = new ArrayList<>();
        Set<String> families = new HashSet<>();
        int dissected = 0;
        for (CraftedCase c : CraftedSamples.all()) {
            families.add(c.name().substring(0, c.name().indexOf('-') + 1));
            for (int f = 0; f < c.frames().size(); f++) {
                byte[] frame = c.frames().get(f);
                long original = c.originalLengths() == null ? frame.length : c.originalLengths()[f];
                int headerBytes = Math.min(frame.length, HEADER_BYTES);
                for (int cut = 0; cut <= headerBytes; cut++) {
                    byte[] head = Arrays.copyOf(frame, cut);
                    check(c, Dissect.frame(c.linkType(), head), "cut at " + cut, failures);
                    check(c, Dissect.cutFrame(c.linkType(), head, original), "snaplen " + cut, failures);
                    dissected += 2;
                }
                if (headerBytes == 0) {
                    continue;
                }
                byte[] kept = Arrays.copyOf(frame, Math.min(frame.length, MUTATED_BYTES));
                for (int i = 0; i < MUTATIONS_PER_FRAME; i++) {
                    byte[] copy = kept.clone();
                    for (int k = 0; k < 3; k++) {
                        copy[random.nextInt(headerBytes)] = (byte) random.nextInt(256);
                    }
                    // Alternately as a whole frame and as a snaplen cut of the real length.
                    FrameTree tree = (i & 1) == 0 ? Dissect.frame(c.linkType(), copy)
                            : Dissect.cutFrame(c.linkType(), copy, Math.max(original, copy.length));
                    check(c, tree, "mutation " + i, failures);
                    dissected++;
                }
            }
        }
        assertTrue(families.containsAll(List.of("link-", "ipv4-", "ipv6-", "transport-")),
                "the fuzz covers the IP and transport families, saw " + families);
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
