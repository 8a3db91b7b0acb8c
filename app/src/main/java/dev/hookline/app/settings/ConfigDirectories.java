package dev.hookline.app.settings;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Where the console keeps its settings and connection profiles.
 *
 * <p>In order: the system property {@value #PROPERTY}, the environment variable {@value #ENVIRONMENT_VARIABLE},
 * then the platform's per-user configuration directory:
 * <ul>
 *   <li>Linux and other Unix: {@code $XDG_CONFIG_HOME/hookline}, or {@code ~/.config/hookline}</li>
 *   <li>macOS: {@code ~/Library/Application Support/Hookline}</li>
 *   <li>Windows: {@code %APPDATA%\Hookline}</li>
 * </ul>
 */
public final class ConfigDirectories {

    public static final String PROPERTY = "hookline.config.dir";
    public static final String ENVIRONMENT_VARIABLE = "HOOKLINE_CONFIG_DIR";

    private ConfigDirectories() {
    }

    /** The configuration directory for this user; absolute, not necessarily existing yet. */
    public static Path resolve() {
        return resolve(System::getProperty, System::getenv,
                System.getProperty("os.name", ""), Path.of(System.getProperty("user.home")));
    }

    static Path resolve(UnaryOperator<String> properties, UnaryOperator<String> environment, String osName,
                        Path home) {
        String override = firstNonBlank(properties.apply(PROPERTY), environment.apply(ENVIRONMENT_VARIABLE));
        if (override != null) {
            Path path = override.equals("~") ? home
                    : override.startsWith("~/") ? home.resolve(override.substring(2)) : Path.of(override);
            return path.toAbsolutePath().normalize();
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            String appData = environment.apply("APPDATA");
            Path roaming = isBlank(appData) ? home.resolve("AppData").resolve("Roaming") : Path.of(appData);
            return roaming.resolve("Hookline");
        }
        if (os.startsWith("mac")) {
            return home.resolve("Library").resolve("Application Support").resolve("Hookline");
        }
        // XDG Base Directory spec: a relative $XDG_CONFIG_HOME is invalid and must be ignored
        String xdgConfigHome = environment.apply("XDG_CONFIG_HOME");
        Path configHome = !isBlank(xdgConfigHome) && Path.of(xdgConfigHome).isAbsolute()
                ? Path.of(xdgConfigHome)
                : home.resolve(".config");
        return configHome.resolve("hookline");
    }

    private static String firstNonBlank(String first, String second) {
        return !isBlank(first) ? first.strip() : !isBlank(second) ? second.strip() : null;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
