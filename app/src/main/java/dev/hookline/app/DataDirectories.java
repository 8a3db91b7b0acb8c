package dev.hookline.app;

import dev.hookline.app.settings.UserDirectory;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** Where the console keeps its data (the embedded server's database among it): {@link UserDirectory#DATA}. */
public final class DataDirectories {

    public static final String PROPERTY = "hookline.data.dir";
    public static final String ENVIRONMENT_VARIABLE = "HOOKLINE_DATA_DIR";

    private DataDirectories() {
    }

    /** The data directory for this user on this machine; absolute, not necessarily existing yet. */
    public static Path resolve() {
        return UserDirectory.DATA.resolve();
    }

    static Path resolve(UnaryOperator<String> properties, UnaryOperator<String> environment, String osName,
                        Path home) {
        return UserDirectory.DATA.resolve(properties, environment, osName, home);
    }
}
