package dev.hookline.app;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The console's version: the Maven project version it was built from ({@code version.properties}, filtered). */
public final class AppVersion {

    /** What {@link #version()} answers when the resource is missing or unfiltered (e.g. run from an IDE). */
    public static final String UNKNOWN = "development build";
    private static final String RESOURCE = "version.properties";

    private AppVersion() {
    }

    /** e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String version() {
        try (InputStream in = AppVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return UNKNOWN;
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "").strip();
            return version.isEmpty() || version.startsWith("${") ? UNKNOWN : version;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    /** What {@code --version} prints: {@code Hookline 0.1.0}. */
    public static String line() {
        return HooklineApp.TITLE + " " + version();
    }
}
