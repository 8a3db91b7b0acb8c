package dev.hookline.app.settings;

import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** Where the console keeps its settings and connection profiles: {@link UserDirectory#CONFIG}. */
public final class ConfigDirectories {

    public static final String PROPERTY = "hookline.config.dir";
    public static final String ENVIRONMENT_VARIABLE = "HOOKLINE_CONFIG_DIR";

    private ConfigDirectories() {
    }

    /** The configuration directory for this user; absolute, not necessarily existing yet. */
    public static Path resolve() {
        return UserDirectory.CONFIG.resolve();
    }

    static Path resolve(UnaryOperator<String> properties, UnaryOperator<String> environment, String osName,
                        Path home) {
        return UserDirectory.CONFIG.resolve(properties, environment, osName, home);
    }
}
