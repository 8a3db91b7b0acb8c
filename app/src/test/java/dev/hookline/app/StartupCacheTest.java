package dev.hookline.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The packaged console's start-up cache (ADR 0035), on real files and, for the launch, a real process. */
class StartupCacheTest {

    private static final List<String> LAUNCHER_OPTIONS = List.of("-Djava.class.path=/opt/hookline/lib/app/a.jar",
            "--add-exports=javafx.graphics/com.sun.glass.ui=ALL-UNNAMED", "-Dhookline.startup.report=/tmp/r.txt");

    @TempDir
    Path temp;

    @Test
    void theFirstStartRecordsIntoAPartFileAndLaterStartsUseTheCache() throws IOException {
        Path jar = Files.writeString(temp.resolve("a.jar"), "jar");
        Path javaHome = Path.of("/opt/hookline/lib/runtime");

        StartupCache.Plan first = StartupCache.plan(temp, javaHome, LAUNCHER_OPTIONS, jar.toString(),
                "dev.hookline.app.HooklineLauncher", 1_000, 42);

        assertTrue(first.records());
        assertEquals(first.cache().getFileName() + ".42.part", first.recording().getFileName().toString());
        assertEquals(List.of("/opt/hookline/lib/runtime/bin/java",
                "--add-exports=javafx.graphics/com.sun.glass.ui=ALL-UNNAMED", "-Dhookline.startup.report=/tmp/r.txt",
                "-XX:AOTCacheOutput=" + first.recording(), "-Xlog:aot=off,cds=off",
                "-Dhookline.startup.cache.child=record", "-Dhookline.launched.epoch.ms=1000", "-cp", jar.toString(),
                "dev.hookline.app.HooklineLauncher"), first.command());

        Files.writeString(first.cache(), "cache");
        StartupCache.Plan later = StartupCache.plan(temp, javaHome, LAUNCHER_OPTIONS, jar.toString(),
                "dev.hookline.app.HooklineLauncher", 2_000, 43);

        assertFalse(later.records());
        assertEquals(first.cache(), later.cache());
        assertTrue(later.command().contains("-XX:AOTCache=" + first.cache()));
        assertTrue(later.command().contains("-Dhookline.startup.cache.file=" + first.cache()));
        assertFalse(later.command().stream().anyMatch(option -> option.startsWith("-XX:AOTCacheOutput")));
    }

    @Test
    void anUpgradedJarAnotherRuntimeOrOtherOptionsNeedANewCache() throws IOException {
        Path jar = Files.writeString(temp.resolve("a.jar"), "jar");
        Path runtime = Path.of("/opt/hookline/lib/runtime");
        String before = StartupCache.fingerprint(runtime, LAUNCHER_OPTIONS, jar.toString());

        assertEquals(before, StartupCache.fingerprint(runtime, LAUNCHER_OPTIONS, jar.toString()), "stable");
        assertEquals(before, StartupCache.fingerprint(runtime, List.of("-Dhookline.startup.report=/elsewhere",
                "-Djava.class.path=/opt/hookline/lib/app/a.jar",
                "--add-exports=javafx.graphics/com.sun.glass.ui=ALL-UNNAMED"), jar.toString()),
                "system properties do not matter to the JVM's cache");
        assertNotEquals(before, StartupCache.fingerprint(Path.of("/usr/lib/jvm/other"), LAUNCHER_OPTIONS,
                jar.toString()));
        assertNotEquals(before, StartupCache.fingerprint(runtime, List.of("-Xmx1g"), jar.toString()));
        Files.writeString(jar, "a newer jar");
        assertNotEquals(before, StartupCache.fingerprint(runtime, LAUNCHER_OPTIONS, jar.toString()));
    }

    @Test
    void tidyingKeepsTheCacheInUseAndAFreshRecordingAndDeletesTheRest() throws IOException {
        Path current = Files.writeString(temp.resolve("console-aaaa.aot"), "x");
        Path previousVersion = Files.writeString(temp.resolve("console-bbbb.aot"), "x");
        Path recording = Files.writeString(temp.resolve("console-aaaa.aot.7.part"), "x");
        Path abandoned = Files.writeString(temp.resolve("console-cccc.aot.8.part"), "x");
        Files.setLastModifiedTime(abandoned, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
        Path somethingElse = Files.writeString(temp.resolve("notes.txt"), "x");

        StartupCache.tidy(temp, current);

        assertEquals(Set.of(current, recording, somethingElse), list(temp));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void runsTheConsoleAndOnlyAfterItEndedGivesItsRecordingTheCachesName() throws IOException {
        Path cache = temp.resolve("console-abc.aot");
        Path recording = temp.resolve("console-abc.aot.9.part");
        // a stand-in for the console's JVM: writes its recording as the JVM does when it exits, ends with 3
        StartupCache.Plan plan = new StartupCache.Plan(List.of("sh", "-c",
                "test ! -e '" + cache + "' && printf cache > '" + recording + "'; exit 3"), cache, recording);

        int exitCode = StartupCache.run(plan, Map.of());

        assertEquals(3, exitCode, "the console's exit code is the launcher's");
        assertEquals("cache", Files.readString(cache));
        assertFalse(Files.exists(recording));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aConsoleThatWroteNoRecordingLeavesNoCache() throws IOException {
        Path cache = temp.resolve("console-abc.aot");
        Path recording = Files.writeString(temp.resolve("console-abc.aot.9.part"), "");

        assertEquals(0, StartupCache.run(new StartupCache.Plan(List.of("true"), cache, recording), Map.of()));

        assertEquals(Set.of(), list(temp));
    }

    @Test
    void noCacheWhereTheDirectoryCannotBeMade() throws IOException {
        Path file = Files.writeString(temp.resolve("file"), "x");

        assertFalse(StartupCache.usable(file.resolve("startup")));
        assertTrue(StartupCache.usable(temp.resolve("cache").resolve("startup")));
    }

    @Test
    void onlyThePackagedConsoleOnLinuxRunsWithTheCache() {
        Map<String, String> packaged = Map.of("jpackage.app-path", "/opt/hookline/bin/Hookline",
                "os.name", "Linux");
        assertTrue(StartupCache.applies(packaged::get, name -> null));
        assertFalse(StartupCache.applies(Map.of("os.name", "Linux")::get, name -> null), "a development run");
        assertFalse(StartupCache.applies(Map.of("jpackage.app-path", "C:\\Hookline\\Hookline.exe",
                "os.name", "Windows 11")::get, name -> null));
        assertFalse(StartupCache.applies(Map.of("jpackage.app-path", "/opt/hookline/bin/Hookline", "os.name", "Linux",
                StartupCache.CHILD_PROPERTY, "use")::get, name -> null), "already the console's JVM");
        assertFalse(StartupCache.applies(packaged::get, Map.of(StartupCache.SWITCH_VARIABLE, "off")::get));
    }

    @Test
    void aCacheTheJvmDidNotMapIsDeletedSoTheNextStartRecordsANewOne() throws IOException {
        Path cache = Files.writeString(temp.resolve("console-abc.aot"), "damaged");
        Map<String, String> mapped = Map.of(StartupCache.CHILD_PROPERTY, "use",
                StartupCache.FILE_PROPERTY, cache.toString(), "java.vm.info", "mixed mode, sharing");

        StartupCache.checkInUse(mapped::get);
        assertTrue(Files.exists(cache));

        StartupCache.checkInUse(Map.of(StartupCache.CHILD_PROPERTY, "use", StartupCache.FILE_PROPERTY,
                cache.toString(), "java.vm.info", "mixed mode")::get);
        assertFalse(Files.exists(cache));
    }

    private static Set<Path> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.collect(Collectors.toSet());
        }
    }
}
