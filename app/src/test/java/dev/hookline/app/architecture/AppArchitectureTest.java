package dev.hookline.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The console's layering, checked on its compiled classes (DESIGN.md, "Console"): its packages form no cycle (the
 * root package, where the console is assembled and launched, counts as one of them), view models hold no controls,
 * and one feature never reaches into another feature's screen.
 *
 * <p>A feature's <em>internals</em> are its screen: its views, panes and their view models (classes whose name, or
 * whose enclosing class's name, ends in {@code View}, {@code ViewModel} or {@code Pane}). What a feature offers the
 * others is everything else: its records, filters, actions and helpers, and its dialogs (a dialog opens its own window
 * over whoever asks for it, as the attempt comparison and the project promotion do: it is the feature's door, not its
 * inside). The packages that exist to put screens together ({@link #ASSEMBLY}: the root package, the shell, and the
 * Settings page, which hosts the connection profile form and the server's status) may use any feature's screen; the
 * shared building blocks ({@link #SHARED}) are not features, and their views are there for every feature to use.
 */
class AppArchitectureTest {

    private static final String APP = "dev.hookline.app";
    /** Where screens are put together: they may open any feature's views. */
    static final Set<String> ASSEMBLY = Set.of(APP, APP + ".shell", APP + ".settings");
    /** Building blocks every feature uses; not features themselves. */
    static final Set<String> SHARED = Set.of(APP + ".concurrent", APP + ".console", APP + ".form", APP + ".fxml",
            APP + ".json", APP + ".table", APP + ".theme", APP + ".traffic");

    private static JavaClasses console;

    @BeforeAll
    static void importConsole() {
        console = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(APP);
    }

    @Test
    void packagesFormNoCycle() {
        packagesFormNoCycle(console);
    }

    @Test
    void viewModelsHoldNoControls() {
        viewModelsHoldNoControls(console);
    }

    @Test
    void noFeatureReachesIntoAnotherFeaturesScreen() {
        noFeatureReachesIntoAnotherFeaturesScreen(console);
    }

    /** Every package of the console is a slice, the root package too (its slice is named {@code (root)}). */
    static void packagesFormNoCycle(JavaClasses classes) {
        slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String name = javaClass.getPackageName();
                if (name.equals(APP)) {
                    return SliceIdentifier.of("(root)");
                }
                return name.startsWith(APP + ".") ? SliceIdentifier.of(name.substring(APP.length() + 1))
                        : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of " + APP + ", its root package included";
            }
        }).should().beFreeOfCycles().check(classes);
    }

    static void viewModelsHoldNoControls(JavaClasses classes) {
        noClasses().that().resideInAPackage(APP + "..").and().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAPackage("javafx.scene..")
                .because("a view model is state and commands; the view binds controls to it (DESIGN.md)")
                .check(classes);
    }

    static void noFeatureReachesIntoAnotherFeaturesScreen(JavaClasses classes) {
        ArchRule rule = noClasses().that().resideInAPackage(APP + "..")
                .and(inAFeature())
                .should(useAnotherFeaturesScreen())
                .because("a feature offers the others its records and helpers, never its views or view models: "
                        + "screens are put together in the shell");
        rule.check(classes);
    }

    private static DescribedPredicate<JavaClass> inAFeature() {
        return DescribedPredicate.describe("are in a feature package", AppArchitectureTest::isFeature);
    }

    private static boolean isFeature(JavaClass javaClass) {
        String name = javaClass.getPackageName();
        return name.startsWith(APP + ".") && !ASSEMBLY.contains(name) && !SHARED.contains(name);
    }

    static boolean isScreen(JavaClass javaClass) {
        JavaClass outermost = javaClass;
        while (outermost.getEnclosingClass().isPresent()) {
            outermost = outermost.getEnclosingClass().get();
        }
        return isScreenName(javaClass.getSimpleName()) || isScreenName(outermost.getSimpleName());
    }

    private static boolean isScreenName(String name) {
        return name.endsWith("View") || name.endsWith("ViewModel") || name.endsWith("Pane");
    }

    private static ArchCondition<JavaClass> useAnotherFeaturesScreen() {
        return new ArchCondition<>("use another feature's views, panes or view models") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                origin.getDirectDependenciesFromSelf().stream()
                        .filter(dependency -> isFeature(dependency.getTargetClass()))
                        .filter(dependency -> !dependency.getTargetClass().getPackageName()
                                .equals(origin.getPackageName()))
                        .filter(dependency -> isScreen(dependency.getTargetClass()))
                        .forEach(dependency -> events.add(SimpleConditionEvent.satisfied(dependency,
                                dependency.getDescription())));
            }
        };
    }
}
