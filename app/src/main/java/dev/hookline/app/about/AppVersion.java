package dev.hookline.app.about;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The console's version: the Maven project version it was built from ({@code version.properties}, filtered). */
public final class AppVersion {

    /** What {@link #version()} answers when the resource is missing or unfiltered (e.g. run from an IDE). */
    public static final String UNKNOWN = "development build";
    /** The product's name, as the window title and {@code --version} say it. */
    public static final String NAME = "Hookline";
    private static final String RESOURCE = "/dev/hookline/app/version.properties";

    private AppVersion() {
    }

    /**
     * e.g. {@code 0.1.0}: the release the build makes, as the installers name it (jpackage and the .deb take
     * major.minor.patch), so the console, {@code --version} and the package say one version (issue 25).
     */
    public static String version() {
        return release(rawVersion());
    }

    /** {@code 0.1.0-SNAPSHOT} as the installers name it: {@code 0.1.0}; anything else as it is. */
    public static String release(String version) {
        return version.endsWith("-SNAPSHOT") ? version.substring(0, version.length() - "-SNAPSHOT".length())
                : version;
    }

    private static String rawVersion() {
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
        return NAME + " " + version();
    }
}
