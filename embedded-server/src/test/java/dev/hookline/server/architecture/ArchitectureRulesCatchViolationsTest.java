package dev.hookline.server.architecture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * Each rule of {@link ServerRules} fails on a violation planted for it under {@code architecture.planted} (classes
 * compiled with the tests, imported here on their own packages, and left out of {@link ServerArchitectureTest}'s
 * import), so a rule that passes on the server passes because the server keeps it, not because it checks nothing.
 */
class ArchitectureRulesCatchViolationsTest {

    private static final String PLANTED = "dev.hookline.server.architecture.planted";

    @Test
    void aRepositoryThatUsesAServiceIsReported() {
        assertViolated(ServerRules.repositoriesDoNotDependOnServices(), "repositoryservice", "PlantedService");
    }

    @Test
    void routesThatUseARepositoryAreReported() {
        assertViolated(ServerRules.routesDoNotDependOnRepositories(), "routesrepository", "PlantedRepository");
    }

    @Test
    void twoSiblingPackagesThatUseEachOtherAreReported() {
        assertViolated(ServerRules.noPackageCycles(PLANTED + ".cycle"), "cycle", "Cycle detected");
    }

    @Test
    void aRootPackageAndItsSubPackageThatUseEachOtherAreReported() {
        // the root is a slice of its own: the wiring must not be used back, even for a constant
        assertViolated(ServerRules.noPackageCycles(PLANTED + ".rootcycle"), "rootcycle", "Cycle detected");
    }

    @Test
    void aFeatureThatTakesTheRootsHolderIsReported() {
        assertViolated(ServerRules.nothingDependsOnTheRoot(PLANTED + ".root"), "root", "PlantedServer");
    }

    @Test
    void everyRulePassesOnPlantedCodeThatKeepsIt() {
        // routes -> service -> repository, the root using its sub-package only: what each rule asks for
        JavaClasses clean = planted("clean");
        for (ArchRule rule : new ArchRule[] {ServerRules.repositoriesDoNotDependOnServices(),
                ServerRules.routesDoNotDependOnRepositories(), ServerRules.noPackageCycles(PLANTED + ".clean"),
                ServerRules.nothingDependsOnTheRoot(PLANTED + ".clean")}) {
            assertFalse(rule.evaluate(clean).hasViolation(), rule.getDescription());
        }
    }

    private static void assertViolated(ArchRule rule, String plantedPackage, String expectedInReport) {
        EvaluationResult result = rule.evaluate(planted(plantedPackage));
        assertTrue(result.hasViolation(), "the rule missed the violation planted in " + plantedPackage);
        String report = result.getFailureReport().toString();
        assertTrue(report.contains(expectedInReport), "the report names the violation: " + report);
    }

    private static JavaClasses planted(String plantedPackage) {
        return new ClassFileImporter().importPackages(PLANTED + "." + plantedPackage);
    }
}
