package org.jumbocap.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The core's layering, written once (docs/architecture.md explains it): lowest first, buffer; checksum and
 * io (records and the reader and writer contracts), then the pcap and pcapng formats, then io.files (opening
 * a file by its magic number, creating one by its name); field, expert, tree and jumbo; dissect; the
 * protocols; the display filter; the pipeline; statistics, the capture check, re-segmentation and export
 * rows. No package depends on one above it, no two packages depend on each other, and the core needs
 * nothing but the JDK.
 */
class CoreArchitectureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.jumbocap");

    /** Every package of the core, one slice each, the root's own classes included, free of cycles. */
    static ArchRule noPackageCycles(String root) {
        return PackageCycles.rule(root);
    }

    @Test
    void corePackagesHaveNoCycles() {
        assertTrue(CORE.size() > 100, "the importer found the core's classes: " + CORE.size());
        noPackageCycles("org.jumbocap").check(CORE);
    }

    @Test
    void theCycleRuleFailsOnACycle() {
        // cyclefixture.a and cyclefixture.b use each other; rootcyclefixture's root class and its leaf package too
        PackageCycles.failsOnTheFixtures();
    }

    @Test
    void layersPointDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("buffer").definedBy("org.jumbocap.buffer..")
                .layer("checksum").definedBy("org.jumbocap.checksum..")
                .layer("io").definedBy("org.jumbocap.io")
                .layer("formats").definedBy("org.jumbocap.io.pcap..", "org.jumbocap.io.pcapng..")
                .layer("files").definedBy("org.jumbocap.io.files..")
                .layer("declarations").definedBy("org.jumbocap.field..", "org.jumbocap.expert..")
                .layer("tree").definedBy("org.jumbocap.tree..")
                .layer("jumbo").definedBy("org.jumbocap.jumbo..")
                .layer("dissect").definedBy("org.jumbocap.dissect..")
                .layer("protocols").definedBy("org.jumbocap.proto..")
                // TCP conversation state sits below the display filter, which decides tcp.stream and
                // tcp.analysis.* from it; the pipeline that runs both is above them
                .layer("conversations").definedBy("org.jumbocap.pipeline.tcp..")
                .layer("display filter").definedBy("org.jumbocap.displayfilter..")
                .layer("pipeline").definedBy("org.jumbocap.pipeline")
                .layer("consumers").definedBy("org.jumbocap.stats..", "org.jumbocap.check..", "org.jumbocap.segment..",
                        "org.jumbocap.export..")
                .whereLayer("consumers").mayOnlyBeAccessedByLayers("consumers")
                .whereLayer("pipeline").mayOnlyBeAccessedByLayers("consumers")
                .whereLayer("display filter").mayOnlyBeAccessedByLayers("pipeline", "consumers")
                .whereLayer("conversations").mayOnlyBeAccessedByLayers("display filter", "pipeline", "consumers")
                .whereLayer("protocols").mayOnlyBeAccessedByLayers("conversations", "display filter", "pipeline", "consumers")
                .whereLayer("dissect").mayOnlyBeAccessedByLayers("protocols", "conversations", "display filter", "pipeline",
                        "consumers")
                .whereLayer("jumbo").mayOnlyBeAccessedByLayers("dissect", "protocols", "conversations", "display filter",
                        "pipeline", "consumers")
                .whereLayer("tree").mayOnlyBeAccessedByLayers("dissect", "protocols", "conversations", "display filter",
                        "pipeline", "consumers")
                .whereLayer("declarations").mayOnlyBeAccessedByLayers("tree", "jumbo", "dissect", "protocols",
                        "conversations", "display filter", "pipeline", "consumers")
                .whereLayer("files").mayOnlyBeAccessedByLayers("pipeline", "consumers")
                .whereLayer("formats").mayOnlyBeAccessedByLayers("files", "pipeline", "consumers")
                .whereLayer("io").mayOnlyBeAccessedByLayers("formats", "files", "tree", "dissect", "protocols",
                        "conversations", "display filter", "pipeline", "consumers")
                .whereLayer("checksum").mayOnlyBeAccessedByLayers("dissect", "protocols", "conversations",
                        "display filter", "pipeline", "consumers")
                .check(CORE);
    }

    /** One folder per protocol: protocols share only the IP base package (protocol numbers, geometry). */
    @Test
    void protocolsShareOnlyTheIpBase() {
        slices().matching("org.jumbocap.proto.(*)..").should().notDependOnEachOther()
                .ignoreDependency(alwaysTrue(), resideInAPackage("org.jumbocap.proto.ip"))
                .check(CORE);
    }

    /**
     * The core is the JDK and one library, RE2/J, which only the display filter's regexes use: no front
     * end, no capture library, no UI toolkit.
     */
    @Test
    void coreNeedsOnlyTheJdk() {
        classes().should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.jumbocap..", "com.google.re2j..")
                .andShould().onlyDependOnClassesThat()
                .resideOutsideOfPackages("org.jumbocap.cli..", "org.jumbocap.gui..", "org.jumbocap.capture..")
                .check(CORE);
        classes().that().resideOutsideOfPackage("org.jumbocap.displayfilter").should().onlyDependOnClassesThat()
                .resideOutsideOfPackage("com.google.re2j..").check(CORE);
    }
}
