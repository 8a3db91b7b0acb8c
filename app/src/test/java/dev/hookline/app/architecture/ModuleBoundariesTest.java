package dev.hookline.app.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph's promises, checked on the compiled classes of all three modules (the console's tests see them
 * all): the wire model knows neither server nor console, and the console reaches the server only through its public
 * facade, so it talks to an embedded server exactly as it talks to a remote Convoy (DESIGN.md, docs/adr/0022).
 */
class ModuleBoundariesTest {

    /** What the console may use of the server: start it, configure it, run it headless. */
    private static final Set<String> SERVER_FACADE = Set.of("dev.hookline.server.EmbeddedServer",
            "dev.hookline.server.ServerConfig", "dev.hookline.server.ServerMain");

    private static JavaClasses production;

    @BeforeAll
    static void importModules() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.hookline");
    }

    @Test
    void theWireModelKnowsNeitherServerNorConsole() {
        noClasses().that().resideInAPackage("dev.hookline.api..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.hookline.server..", "dev.hookline.app..",
                        "javafx..")
                .check(production);
    }

    @Test
    void theConsoleUsesOnlyTheServersFacade() {
        noClasses().that().resideInAPackage("dev.hookline.app..")
                .should().dependOnClassesThat(resideInAPackage("dev.hookline.server..").and(not(belongToAnyOf(facade()))))
                .because("the console talks to the embedded server over HTTP like to a remote Convoy")
                .check(production);
    }

    private static Class<?>[] facade() {
        return SERVER_FACADE.stream().map(name -> {
            try {
                return Class.forName(name, false, ModuleBoundariesTest.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the server facade class " + name + " is gone", e);
            }
        }).toArray(Class<?>[]::new);
    }
}
