package dev.hookline.app;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Where the console keeps its data (the embedded server's database among it).
 *
 * <p>In order: the system property {@value #PROPERTY}, the environment variable {@value #ENVIRONMENT_VARIABLE},
 * then the platform's per-user data directory:
 * <ul>
 *   <li>Linux and other Unix: {@code $XDG_DATA_HOME/hookline}, or {@code ~/.local/share/hookline}</li>
 *   <li>macOS: {@code ~/Library/Application Support/Hookline}</li>
 *   <li>Windows: {@code %APPDATA%\Hookline}</li>
 * </ul>
 */
public final class DataDirectories {

    public static final String PROPERTY = "hookline.data.dir";
    public static final String ENVIRONMENT_VARIABLE = "HOOKLINE_DATA_DIR";

    private DataDirectories() {
    }

    /** The data directory for this user on this machine; absolute, not necessarily existing yet. */
    public static Path resolve() {
        return resolve(System::getProperty, System::getenv,
                System.getProperty("os.name", ""), Path.of(System.getProperty("user.home")));
    }

    static Path resolve(UnaryOperator<String> properties, UnaryOperator<String> environment, String osName,
                        Path home) {
        String override = firstNonBlank(properties.apply(PROPERTY), environment.apply(ENVIRONMENT_VARIABLE));
        if (override != null) {
            return expandHome(override, home).toAbsolutePath().normalize();
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
        // XDG Base Directory spec: a relative $XDG_DATA_HOME is invalid and must be ignored
        String xdgDataHome = environment.apply("XDG_DATA_HOME");
        Path dataHome = !isBlank(xdgDataHome) && Path.of(xdgDataHome).isAbsolute()
                ? Path.of(xdgDataHome)
                : home.resolve(".local").resolve("share");
        return dataHome.resolve("hookline");
    }

    private static Path expandHome(String path, Path home) {
        if (path.equals("~")) {
            return home;
        }
        if (path.startsWith("~/")) {
            return home.resolve(path.substring(2));
        }
        return Path.of(path);
    }

    private static String firstNonBlank(String first, String second) {
        return !isBlank(first) ? first.strip() : !isBlank(second) ? second.strip() : null;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
