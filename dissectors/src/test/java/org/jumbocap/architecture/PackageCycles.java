package org.jumbocap.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The package-cycle rule of every module's architecture test: one slice per package under a module's root,
 * the root package's own classes included. {@code slices().matching("org.jumbocap.cli.(**)")} would leave
 * them out (its pattern needs a package below the root), and with them any cycle through a command.
 */
public final class PackageCycles {
    private PackageCycles() {
    }

    /** Every package under {@code root}, and {@code root} itself, one slice each, free of cycles. */
    public static ArchRule rule(String root) {
        return slices().assignedFrom(packagesUnder(root)).should().beFreeOfCycles();
    }

    private static SliceAssignment packagesUnder(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                if (p.equals(root)) {
                    return SliceIdentifier.of(root);
                }
                if (p.startsWith(root + ".")) {
                    return SliceIdentifier.of(p);
                }
                return SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of " + root + ", its own classes included";
            }
        };
    }

    /**
     * Checks that the rule fails on the fixtures: two packages that use each other, and a root-package class
     * in a cycle with a package below it. A module's test calls it so that its own rule is seen to fail.
     */
    public static void failsOnTheFixtures() {
        for (String fixture : new String[] {"org.jumbocap.architecture.cyclefixture",
                "org.jumbocap.architecture.rootcyclefixture"}) {
            JavaClasses cycle = new ClassFileImporter().importPackages(fixture);
            assertTrue(cycle.size() >= 2, "the fixture's classes are on the class path: " + fixture);
            AssertionError e = assertThrows(AssertionError.class, () -> rule(fixture).check(cycle), fixture);
            assertTrue(e.getMessage().contains("Cycle detected"), e.getMessage());
        }
    }
}
