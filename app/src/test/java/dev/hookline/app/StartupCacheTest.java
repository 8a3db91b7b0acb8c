package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's side of the start-up cache (ADR 0035, 0037); the launcher's side, which chooses the cache, is
 * {@code build.LinuxLauncherScriptTest}.
 */
class StartupCacheTest {

    @TempDir
    Path temp;

    @Test
    void aCacheTheJvmDidNotMapIsDeletedSoTheNextStartRecordsANewOne() throws IOException {
        Path cache = Files.writeString(temp.resolve("console-abc.aot"), "damaged");

        StartupCache.checkInUse(Map.of(StartupCache.FILE_PROPERTY, cache.toString(),
                "java.vm.info", "mixed mode, sharing")::get);
        assertTrue(Files.exists(cache), "a cache the JVM mapped stays");

        StartupCache.checkInUse(Map.of(StartupCache.FILE_PROPERTY, cache.toString(), "java.vm.info", "mixed mode")::get);
        assertFalse(Files.exists(cache), "a cache the JVM did not map goes");
    }

    @Test
    void withoutACacheNothingIsDeleted() throws IOException {
        Path other = Files.writeString(temp.resolve("console-abc.aot"), "cache");

        StartupCache.checkInUse(Map.of("java.vm.info", "mixed mode")::get);

        assertTrue(Files.exists(other));
    }
}
