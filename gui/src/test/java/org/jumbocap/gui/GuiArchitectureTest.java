package org.jumbocap.gui;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.jumbocap.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The viewer's packages have no cycles and it knows nothing of the command line: live capture comes from
 * the capture module. (The core's rules, and a test that the cycle rule fails on a cycle, are in the
 * core's CoreArchitectureTest.)
 */
class GuiArchitectureTest {
    private static final JavaClasses GUI = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.jumbocap.gui");

    @Test
    void noPackageCycles() {
        assertTrue(GUI.size() > 20, "the importer found the viewer classes: " + GUI.size());
        PackageCycles.rule("org.jumbocap.gui").check(GUI);
    }

    @Test
    void theCycleRuleSeesTheRootPackage() {
        PackageCycles.failsOnTheFixtures();
    }

    @Test
    void knowsNothingOfTheCommandLine() {
        noClasses().should().dependOnClassesThat().resideInAPackage("org.jumbocap.cli..").check(GUI);
    }

    /** picocli reads the launch options and nothing else: the windows never see an argument list. */
    @Test
    void onlyTheLauncherReadsArguments() {
        noClasses().that().resideOutsideOfPackage("org.jumbocap.gui.app")
                .should().dependOnClassesThat().resideInAPackage("picocli..").check(GUI);
    }

    /** Stores hold frames and rows; the tasks, the view model and the views use them, never the reverse. */
    @Test
    void storesKnowNoTaskOrView() {
        noClasses().that().resideInAPackage("org.jumbocap.gui.store")
                .should().dependOnClassesThat().resideInAnyPackage("org.jumbocap.gui.service", "org.jumbocap.gui.viewmodel",
                        "org.jumbocap.gui.view..", "javafx..")
                .check(GUI);
    }
}
