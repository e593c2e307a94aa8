package org.jumbocap.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.jumbocap.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The command line's packages have no cycles (commands in {@code cli}, the frame loop in {@code cli.engine},
 * renderers in {@code cli.render}) and it knows nothing of the viewer. (The core's rules, and a test that the
 * cycle rule fails on a cycle, are in the core's CoreArchitectureTest.)
 */
class CliArchitectureTest {
    private static final JavaClasses CLI = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.jumbocap.cli");

    @Test
    void noPackageCycles() {
        assertTrue(CLI.size() > 20, "the importer found the command-line classes: " + CLI.size());
        PackageCycles.rule("org.jumbocap.cli").check(CLI);
    }

    @Test
    void theCycleRuleSeesTheRootPackage() {
        PackageCycles.failsOnTheFixtures();
    }

    @Test
    void knowsNothingOfTheViewer() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.jumbocap.gui..", "javafx..")
                .check(CLI);
    }

    @Test
    void renderersAndTheFrameLoopAreNotCommands() {
        noClasses().that().resideInAnyPackage("org.jumbocap.cli.engine..", "org.jumbocap.cli.render..")
                .should().dependOnClassesThat().resideInAPackage("org.jumbocap.cli")
                .check(CLI);
    }
}
