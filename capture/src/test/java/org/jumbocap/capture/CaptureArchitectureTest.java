package org.jumbocap.capture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.jumbocap.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The capture module sits between the core and the front ends: it knows pcap4j and JNA, never a command
 * line or a user interface, and its packages have no cycles. (The core's own rules, and a test that the
 * cycle rule fails on a cycle, are in the core's CoreArchitectureTest.)
 */
class CaptureArchitectureTest {
    private static final JavaClasses CAPTURE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.jumbocap.capture");

    @Test
    void noPackageCycles() {
        assertTrue(CAPTURE.size() > 20, "the importer found the capture classes: " + CAPTURE.size());
        PackageCycles.rule("org.jumbocap.capture").check(CAPTURE);
    }

    @Test
    void theCycleRuleSeesTheRootPackage() {
        PackageCycles.failsOnTheFixtures();
    }

    @Test
    void knowsNoFrontEnd() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("picocli..", "javafx..", "org.jumbocap.cli..", "org.jumbocap.gui..")
                .check(CAPTURE);
    }
}
