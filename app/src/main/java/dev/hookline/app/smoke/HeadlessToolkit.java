package dev.hookline.app.smoke;

import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Switches JavaFX to Monocle's headless glass platform (software rendering, no X server, no GTK) when there is no
 * display: what lets {@code --smoke-test} run on a CI machine. The properties must be set before the toolkit
 * starts. Monocle ({@code org.testfx:openjfx-monocle}) is in the packaged app's class path; the launcher exports the
 * {@code javafx.graphics} internals it needs (packaging/src/jpackage/java-options.txt).
 */
public final class HeadlessToolkit {

    static final String MONOCLE_FACTORY = "com/sun/glass/ui/monocle/MonoclePlatformFactory.class";

    private HeadlessToolkit() {
    }

    /** {@code true} on Linux and other Unix (not macOS) when neither {@code DISPLAY} nor {@code WAYLAND_DISPLAY} is set. */
    public static boolean displayMissing() {
        return displayMissing(System::getenv, System.getProperty("os.name", ""));
    }

    static boolean displayMissing(UnaryOperator<String> environment, String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows") || os.startsWith("mac")) {
            return false;
        }
        return isBlank(environment.apply("DISPLAY")) && isBlank(environment.apply("WAYLAND_DISPLAY"));
    }

    /** {@code true} when Monocle is on the class path. */
    public static boolean monocleAvailable() {
        ClassLoader loader = HeadlessToolkit.class.getClassLoader();
        return loader != null && loader.getResource(MONOCLE_FACTORY) != null;
    }

    /** Selects Monocle headless with software rendering for the toolkit that starts next. */
    public static void useMonocle() {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
    }

    /** {@code true} when the toolkit is (or will be) Monocle. */
    public static boolean isMonocleSelected() {
        return "Monocle".equalsIgnoreCase(System.getProperty("glass.platform"));
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
