package org.jumbocap.crafted;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.expert.Severity;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Each crafted case: its committed file is what the generator makes, and it shows its exact expert items. */
class CraftedSamplesTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    @TestFactory
    Stream<DynamicTest> committedFilesMatchTheGenerator() throws IOException {
        Path dir = CraftedSamples.directory();
        if (Boolean.getBoolean("jumbocap.regenerate")) {
            Files.createDirectories(dir);
            for (CraftedCase c : CraftedSamples.all()) {
                Files.write(dir.resolve(c.name() + ".pcap"), CraftedSamples.pcapBytes(c));
            }
        }
        return CraftedSamples.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Path file = dir.resolve(c.name() + ".pcap");
            assertTrue(Files.exists(file), file + " missing: run with -Djumbocap.regenerate=true");
            assertArrayEquals(CraftedSamples.pcapBytes(c), Files.readAllBytes(file), file + " differs from its generator");
        }));
    }

    @TestFactory
    Stream<DynamicTest> eachCaseShowsItsExpertItems() {
        return CraftedSamples.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            List<String> warnings = new ArrayList<>();
            TreeSet<String> seen = new TreeSet<>();
            for (int i = 0; i < c.frames().size(); i++) {
                byte[] f = c.frames().get(i);
                long orig = c.originalLengths() == null ? f.length : c.originalLengths()[i];
                FrameTree tree = DISSECTOR.dissect(new FrameRecord(i + 1, 0, c.linkType(), f, orig));
                for (ExpertItem e : tree.experts()) {
                    seen.add(e.id());
                    if (e.severity().compareTo(Severity.WARN) >= 0) {
                        warnings.add(e.id());
                    }
                }
            }
            for (String expected : c.expectedExperts()) {
                assertTrue(seen.contains(expected), c.name() + ": expected " + expected + ", saw " + seen);
            }
            List<String> unexpected = warnings.stream().filter(w -> !c.expectedExperts().contains(w)).distinct().toList();
            assertEquals(List.of(), unexpected, c.name() + ": warnings or errors not declared by the case");
        }));
    }
}
