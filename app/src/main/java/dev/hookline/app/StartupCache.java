package dev.hookline.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * The console's side of the packaged app's start-up cache (ADR 0035, ADR 0037): a JDK AOT cache (JEP 483/514/515) of
 * the classes, linkage and method profiles a console start uses, kept in the user's cache directory.
 *
 * <p>The Linux launcher ({@code packaging/linux/launcher.sh}, the image's {@code bin/Hookline}) chooses per start:
 * it starts the console's JVM with {@code -XX:AOTCache=<file>} and {@link #FILE_PROPERTY} when the cache is there;
 * without one it starts the console plainly and, once the console closed, trains a cache in the background. What is
 * left for the console is noticing a cache the JVM did not map (damaged, or made by another runtime), so that the
 * launcher trains a new one instead of the console starting without it for ever.
 */
final class StartupCache {

    /** Set by the launcher when it asked the JVM to start from a cache: that cache's file. */
    static final String FILE_PROPERTY = "hookline.startup.cache.file";
    /** When the launcher started (epoch ms): the console's start-up report counts from there. */
    static final String LAUNCHED_PROPERTY = "hookline.launched.epoch.ms";

    private StartupCache() {
    }

    /**
     * When the launcher asked for a cache but the JVM did not map it, deletes it so that the launcher trains a new one
     * after this console closed. {@code java.vm.info} says "sharing" when the JVM runs from a class-data archive.
     */
    static void checkInUse(UnaryOperator<String> properties) {
        String cache = properties.apply(FILE_PROPERTY);
        if (cache != null && !cache.isBlank()
                && !String.valueOf(properties.apply("java.vm.info")).contains("sharing")) {
            try {
                Files.deleteIfExists(Path.of(cache));
            } catch (IOException e) {
                // tried again at the next start
            }
        }
    }
}
