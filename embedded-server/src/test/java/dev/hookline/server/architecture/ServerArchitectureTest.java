package dev.hookline.server.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server's layering, checked on its compiled classes (docs/adr/0022, docs/adr/0041): routes in {@code http} call
 * services, never repositories; services and repositories never reach back into HTTP; repositories never call
 * services; no two packages form a cycle (the root and the nested {@code http.*} packages included); nothing depends
 * on the root package, the wiring; and no state lives in statics (it belongs to one database, so to an instance
 * built in {@code HooklineServer}).
 */
class ServerArchitectureTest {

    private static final String SERVER = "dev.hookline.server";
    private static final String HTTP = "dev.hookline.server.http..";
    /** Mutable holders that must not be created for a static field. */
    private static final Set<String> MUTABLE_HOLDERS = Set.of(
            "java.util.HashMap", "java.util.LinkedHashMap", "java.util.WeakHashMap", "java.util.TreeMap",
            "java.util.HashSet", "java.util.LinkedHashSet", "java.util.ArrayList", "java.util.LinkedList",
            "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentLinkedQueue",
            "java.util.concurrent.ConcurrentSkipListMap", "java.util.concurrent.CopyOnWriteArrayList",
            "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.atomic.AtomicInteger",
            "java.util.concurrent.atomic.AtomicBoolean", "java.util.concurrent.atomic.AtomicReference");

    private static JavaClasses server;

    @BeforeAll
    static void importServer() {
        server = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the planted violations that prove the rules fail (ArchitectureRulesCatchViolationsTest)
                .withImportOption(location -> !location.contains("/architecture/planted/"))
                .importPackages(SERVER);
    }

    @Test
    void onlyTheHttpLayerAndTheAssemblyKnowHttp() {
        ArchRule rule = noClasses().that().resideInAPackage(SERVER + "..")
                .and().resideOutsideOfPackage(HTTP)
                // the composition root (HooklineServer) wires routes to services; it is not a layer
                .and().resideOutsideOfPackage(SERVER)
                .should().dependOnClassesThat().resideInAPackage(HTTP)
                .because("services and repositories speak in domain exceptions; only routes know HTTP "
                        + "(docs/adr/0022)");
        rule.check(server);
    }

    @Test
    void noJavaFxInTheServer() {
        noClasses().that().resideInAPackage(SERVER + "..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..")
                .check(server);
    }

    @Test
    void featurePackagesFormNoCycle() {
        slices().matching(SERVER + ".(*)..").should().beFreeOfCycles().check(server);
    }

    @Test
    void repositoriesDoNotDependOnServices() {
        ServerRules.repositoriesDoNotDependOnServices().check(server);
    }

    @Test
    void routesDoNotDependOnRepositories() {
        ServerRules.routesDoNotDependOnRepositories().check(server);
    }

    @Test
    void noPackagesFormACycleRootAndNestedIncluded() {
        ServerRules.noPackageCycles(SERVER).check(server);
    }

    @Test
    void nothingDependsOnTheRootPackage() {
        ServerRules.nothingDependsOnTheRoot(SERVER).check(server);
    }

    @Test
    void noStaticFieldIsReassigned() {
        fields().that().areDeclaredInClassesThat().resideInAPackage(SERVER + "..")
                .and().areStatic()
                .should().beFinal()
                .because("state belongs to an instance built in HooklineServer, not to the process")
                .check(server);
    }

    @Test
    void noStaticFieldHoldsAMutableCollectionOrCounter() {
        classes().that().resideInAPackage(SERVER + "..")
                .should(new ArchCondition<JavaClass>("create no mutable collection or counter in a static initializer") {
                    @Override
                    public void check(JavaClass javaClass, ConditionEvents events) {
                        javaClass.getStaticInitializer().ifPresent(init -> init.getConstructorCallsFromSelf().stream()
                                .filter(call -> MUTABLE_HOLDERS.contains(call.getTargetOwner().getName()))
                                .forEach(call -> events.add(SimpleConditionEvent.violated(call,
                                        call.getDescription()))));
                    }
                })
                .because("a cache or counter in a static field is shared by every server in the process "
                        + "(docs/adr/0022); make it a field of the instance that owns it")
                .check(server);
    }
}
