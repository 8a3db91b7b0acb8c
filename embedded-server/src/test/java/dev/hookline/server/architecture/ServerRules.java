package dev.hookline.server.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The rules of docs/adr/0022 and docs/adr/0041 that go by class names and package structure, written once so that
 * {@link ServerArchitectureTest} checks them on the server and {@link ArchitectureRulesCatchViolationsTest} proves
 * each one fails on a planted violation.
 */
final class ServerRules {

    /** A repository, or a type nested in one (its rows, its filters). */
    private static final String REPOSITORY = ".*Repository(\\$.*)?";
    private static final String SERVICE = ".*Service(\\$.*)?";
    private static final String ROUTES = ".*Routes(\\$.*)?";

    private ServerRules() {
    }

    /** Repositories are SQL only: they never call up into the use cases. */
    static ArchRule repositoriesDoNotDependOnServices() {
        return noClasses().that().haveNameMatching(REPOSITORY)
                .should().dependOnClassesThat().haveNameMatching(SERVICE)
                .because("a repository is the SQL a service composes; a type both use lives in the feature package "
                        + "(docs/adr/0022, docs/adr/0041)");
    }

    /** Routes read the request, call one service and write the envelope; the service owns the repositories. */
    static ArchRule routesDoNotDependOnRepositories() {
        return noClasses().that().haveNameMatching(ROUTES)
                .should().dependOnClassesThat().haveNameMatching(REPOSITORY)
                .because("routes get services, never repositories (docs/adr/0022)");
    }

    /**
     * No cycle between any two packages under {@code base}: the root package and every nested package (the
     * {@code http.*} route packages, the brokers' sub-packages) are slices of their own.
     */
    static ArchRule noPackageCycles(String base) {
        return slices().matching(parentOf(base) + ".(**)").should().beFreeOfCycles()
                .because("every package, the root and http.* included, depends one way (docs/adr/0041)");
    }

    /**
     * The root package is the wiring: it may use every package, so no package under it may use the root back (which
     * would also let a service reach a holder of everything).
     */
    static ArchRule nothingDependsOnTheRoot(String root) {
        return noClasses().that().resideInAPackage(root + "..").and().resideOutsideOfPackage(root)
                .should().dependOnClassesThat().resideInAPackage(root)
                .because("the root package wires the server; what it wires takes its parts through constructors "
                        + "(docs/adr/0041)");
    }

    private static String parentOf(String pkg) {
        return pkg.substring(0, pkg.lastIndexOf('.'));
    }
}
