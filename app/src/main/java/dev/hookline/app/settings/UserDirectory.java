package dev.hookline.app.settings;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The console's per-user directories: where it keeps its data (the embedded server's database among it), its
 * settings, and what it can always make again (the start-up cache, ADR 0035). One rule for all, each with its own
 * override and XDG variable.
 *
 * <p>In order: the system property, the environment variable, then the platform's per-user directory:
 * <ul>
 *   <li>Linux and other Unix: {@code $XDG_DATA_HOME/hookline} ({@code ~/.local/share/hookline}) for data,
 *       {@code $XDG_CONFIG_HOME/hookline} ({@code ~/.config/hookline}) for settings</li>
 *   <li>Linux and other Unix: {@code $XDG_CACHE_HOME/hookline} ({@code ~/.cache/hookline}) for the cache</li>
 *   <li>macOS: {@code ~/Library/Application Support/Hookline} ({@code ~/Library/Caches/Hookline} for the cache)</li>
 *   <li>Windows: {@code %APPDATA%\Hookline} ({@code %LOCALAPPDATA%\Hookline} for the cache: not roamed)</li>
 * </ul>
 * A leading {@code ~} in an override is the user's home.
 */
public enum UserDirectory {

    DATA("hookline.data.dir", "HOOKLINE_DATA_DIR", "XDG_DATA_HOME", Path.of(".local", "share"),
            Path.of("Library", "Application Support"), "APPDATA", Path.of("AppData", "Roaming")),
    CONFIG("hookline.config.dir", "HOOKLINE_CONFIG_DIR", "XDG_CONFIG_HOME", Path.of(".config"),
            Path.of("Library", "Application Support"), "APPDATA", Path.of("AppData", "Roaming")),
    CACHE("hookline.cache.dir", "HOOKLINE_CACHE_DIR", "XDG_CACHE_HOME", Path.of(".cache"),
            Path.of("Library", "Caches"), "LOCALAPPDATA", Path.of("AppData", "Local"));

    private final String property;
    private final String environmentVariable;
    private final String xdgVariable;
    private final Path xdgDefault;
    private final Path macBase;
    private final String windowsVariable;
    private final Path windowsDefault;

    UserDirectory(String property, String environmentVariable, String xdgVariable, Path xdgDefault, Path macBase,
                  String windowsVariable, Path windowsDefault) {
        this.property = property;
        this.environmentVariable = environmentVariable;
        this.xdgVariable = xdgVariable;
        this.xdgDefault = xdgDefault;
        this.macBase = macBase;
        this.windowsVariable = windowsVariable;
        this.windowsDefault = windowsDefault;
    }

    /** The system property that overrides it. */
    public String property() {
        return property;
    }

    /** The environment variable that overrides it (after the property). */
    public String environmentVariable() {
        return environmentVariable;
    }

    /** The directory for this user on this machine; absolute, not necessarily existing yet. */
    public Path resolve() {
        return resolve(System::getProperty, System::getenv, System.getProperty("os.name", ""),
                Path.of(System.getProperty("user.home")));
    }

    /** As {@link #resolve()}, from the given properties, environment, OS name and home (tests). */
    public Path resolve(UnaryOperator<String> properties, UnaryOperator<String> environment, String osName,
                        Path home) {
        String override = firstNonBlank(properties.apply(property), environment.apply(environmentVariable));
        if (override != null) {
            Path path = override.equals("~") ? home
                    : override.startsWith("~/") ? home.resolve(override.substring(2)) : Path.of(override);
            return path.toAbsolutePath().normalize();
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            String appData = environment.apply(windowsVariable);
            Path base = isBlank(appData) ? home.resolve(windowsDefault) : Path.of(appData);
            return base.resolve("Hookline");
        }
        if (os.startsWith("mac")) {
            return home.resolve(macBase).resolve("Hookline");
        }
        // XDG Base Directory spec: a relative $XDG_..._HOME is invalid and must be ignored
        String xdgHome = environment.apply(xdgVariable);
        Path base = !isBlank(xdgHome) && Path.of(xdgHome).isAbsolute() ? Path.of(xdgHome) : home.resolve(xdgDefault);
        return base.resolve("hookline");
    }

    private static String firstNonBlank(String first, String second) {
        return !isBlank(first) ? first.strip() : !isBlank(second) ? second.strip() : null;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
