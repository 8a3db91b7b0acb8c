package dev.hookline.app.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged app's launcher on Linux ({@code packaging/linux/launcher.sh}, the image's {@code bin/Hookline}; ADR
 * 0037): the real script in a fake app image whose {@code lib/runtime/bin/java} writes down the command line it got
 * and, when asked to record a start-up cache, writes one as a JVM does when it exits.
 */
@EnabledOnOs(OS.LINUX)
class LinuxLauncherScriptTest {

    private static final Path SCRIPT = Path.of("..", "packaging", "linux", "launcher.sh").toAbsolutePath().normalize();
    private static final String MAIN_CLASS = "dev.hookline.app.HooklineLauncher";

    @TempDir
    Path temp;
    private Path image;
    private Path launcher;
    private Path commandLine;
    private Path cacheDirectory;
    private final Map<String, String> environment = new HashMap<>();

    @BeforeEach
    void fakeImage() throws IOException {
        image = temp.resolve("opt").resolve("hookline");
        Path app = Files.createDirectories(image.resolve("lib").resolve("app"));
        Files.writeString(app.resolve("hookline-app.jar"), "main jar");
        Files.writeString(app.resolve("with space.jar"), "a jar");
        Files.writeString(app.resolve("Hookline.cfg"), """
                [Application]
                app.mainclass=%s
                app.classpath=$APPDIR/hookline-app.jar
                app.classpath=$APPDIR/with space.jar

                [JavaOptions]
                java-options=-Djpackage.app-version=0.1.0
                java-options=--add-exports=javafx.graphics/com.sun.glass.ui=ALL-UNNAMED
                java-options=-Dorg.sqlite.lib.path=$APPDIR/native
                java-options=-Done.option=with two words
                """.formatted(MAIN_CLASS));
        Path runtime = Files.createDirectories(image.resolve("lib").resolve("runtime").resolve("bin"));
        Files.writeString(image.resolve("lib").resolve("runtime").resolve("release"), "JAVA_VERSION=\"25\"\n");
        commandLine = temp.resolve("java-command-line.txt");
        executable(runtime.resolve("java"), """
                #!/usr/bin/env bash
                # the console writes down its command line, a training run (it records a cache) its own and a count
                log=$FAKE_JAVA_LOG exit_code=${FAKE_JAVA_EXIT:-0}
                if [[ " $* " == *" -XX:AOTCacheOutput="* ]]; then
                  log=$FAKE_JAVA_LOG-training.txt exit_code=${FAKE_JAVA_TRAINING_EXIT:-0}
                  echo run >> "$FAKE_JAVA_LOG.trainings"
                fi
                printf '%s\\n' "$@" > "$log"
                recording=
                for option in "$@"; do
                  case $option in -XX:AOTCacheOutput=*) recording=${option#*=} ;; esac
                done
                # a JVM writes the cache it recorded when it exits
                finish() { [[ -n $recording && -z ${FAKE_JAVA_NO_CACHE:-} ]] && printf cache > "$recording"; }
                trap 'echo stopped > "$log.stopped"; kill $! 2>/dev/null; finish; exit 143' TERM
                if [[ -n ${FAKE_JAVA_SLEEP:-} && -z $recording ]]; then sleep "$FAKE_JAVA_SLEEP" & wait; fi
                finish
                exit "$exit_code"
                """);
        launcher = Files.createDirectories(image.resolve("bin")).resolve("Hookline");
        Files.copy(SCRIPT, launcher);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        cacheDirectory = temp.resolve("cache").resolve("hookline").resolve("startup");
        environment.put("DISPLAY", ":99");
        environment.put("HOME", temp.resolve("home").toString());
        environment.put("XDG_CACHE_HOME", temp.resolve("cache").toString());
        environment.put("FAKE_JAVA_LOG", commandLine.toString());
    }

    @Test
    void theFirstStartRunsWithoutACacheAndATrainingRunMakesOneOnceTheConsoleClosed() throws Exception {
        assertEquals(0, launch());

        List<String> console = javaCommandLine();
        assertNoCacheOptions();
        Path cache = awaitCache();
        List<String> training = Files.readAllLines(trainingCommandLine());
        String recording = valueOf(training, "-XX:AOTCacheOutput=");
        assertTrue(recording.startsWith(cache + ".") && recording.endsWith(".part"), recording);
        assertEquals(List.of(MAIN_CLASS, "--smoke-test", "--headless", "--timeout", "120"),
                training.subList(training.size() - 5, training.size()), "the packaged smoke test, headless");
        assertEquals(withoutVolatileOptions(console), withoutVolatileOptions(training.subList(0, training.size() - 4)),
                "the training JVM has the console's options, or the console could not use its cache");
        assertEquals(Set.of(cache), files(cacheDirectory), "the recording was given the cache's name, nothing else left");
        assertEquals("cache", Files.readString(cache));

        assertEquals(0, launch());

        List<String> later = javaCommandLine();
        assertEquals(cache.toString(), valueOf(later, "-XX:AOTCache="));
        assertEquals(cache.toString(), valueOf(later, "-Dhookline.startup.cache.file="));
        assertFalse(later.stream().anyMatch(option -> option.startsWith("-XX:AOTCacheOutput")));
        assertEquals(1, trainings(), "no training once there is a cache");
    }

    @Test
    void theConsoleGetsTheOptionsClassPathAndMainClassOfTheImagesConfiguration() throws Exception {
        assertEquals(0, launch());

        List<String> command = javaCommandLine();
        Path app = image.resolve("lib").resolve("app");
        assertTrue(command.contains("--add-exports=javafx.graphics/com.sun.glass.ui=ALL-UNNAMED"), command::toString);
        assertTrue(command.contains("-Dorg.sqlite.lib.path=" + app.resolve("native")), "$APPDIR is the image's");
        assertTrue(command.contains("-Done.option=with two words"), "an option with spaces stays one argument");
        assertTrue(command.contains("-Djpackage.app-path=" + launcher), command::toString);
        assertTrue(valueOf(command, "-Dhookline.launched.epoch.ms=").matches("\\d{13}"), command::toString);
        assertEquals(List.of("-cp", app.resolve("hookline-app.jar") + ":" + app.resolve("with space.jar"), MAIN_CLASS),
                command.subList(command.size() - 3, command.size()));
    }

    @Test
    void anUpgradeTrainsANewCacheAndTheOldOneIsDeleted() throws Exception {
        launch();
        Path before = awaitCache();

        Files.writeString(image.resolve("lib").resolve("app").resolve("hookline-app.jar"), "the next version's jar");
        launch();

        assertNoCacheOptions();
        assertFalse(Files.exists(before), "the old version's cache is gone");
        Path after = awaitCache();
        assertNotEquals(before, after);
        assertEquals(Set.of(after), files(cacheDirectory));
    }

    @Test
    void recordingsNobodyFinishedAreDeletedAfterSixHoursOnly() throws Exception {
        Files.createDirectories(cacheDirectory);
        Path abandoned = Files.writeString(cacheDirectory.resolve("console-1.aot.41.part"), "half");
        Files.setLastModifiedTime(abandoned, FileTime.from(Instant.now().minus(Duration.ofHours(7))));
        Path recent = Files.writeString(cacheDirectory.resolve("console-1.aot.42.part"), "being written");

        launch();

        assertFalse(Files.exists(abandoned));
        assertTrue(Files.exists(recent), "another console may still be recording into it");
    }

    @Test
    void argumentsTheSwitchOrNoDisplayStartTheJvmWithoutTheCacheAndTrainNothing() throws Exception {
        launch("--version");
        assertEquals(List.of(MAIN_CLASS, "--version"), lastTwo(javaCommandLine()));
        assertNoCacheOptions();

        environment.put("HOOKLINE_STARTUP_CACHE", "off");
        launch();
        assertNoCacheOptions();

        environment.remove("HOOKLINE_STARTUP_CACHE");
        environment.remove("DISPLAY");
        launch();
        assertNoCacheOptions();

        Thread.sleep(300);
        assertEquals(0, trainings());
        assertFalse(Files.exists(cacheDirectory), "nothing made for a start without a window");
    }

    @Test
    void aCacheDirectoryThatCannotBeMadeCostsOnlyTheCache() throws Exception {
        Files.writeString(temp.resolve("not-a-directory"), "a file");
        environment.put("XDG_CACHE_HOME", temp.resolve("not-a-directory").toString());

        assertEquals(0, launch());

        assertNoCacheOptions();
        assertEquals(MAIN_CLASS, javaCommandLine().getLast());
        Thread.sleep(300);
        assertEquals(0, trainings());
    }

    @Test
    void theCacheDirectoryFollowsTheOverrideThenXdgThenHome() throws Exception {
        environment.put("HOOKLINE_CACHE_DIR", temp.resolve("override").toString());
        launch();
        assertTrue(awaitCache(temp.resolve("override/startup")).startsWith(temp.resolve("override/startup")));

        environment.remove("HOOKLINE_CACHE_DIR");
        environment.put("XDG_CACHE_HOME", "relative/is/ignored");
        launch();
        assertTrue(awaitCache(temp.resolve("home/.cache/hookline/startup")).startsWith(temp.resolve("home")));
    }

    @Test
    void theConsolesExitCodeIsTheLaunchersAndAFailedConsoleTrainsNothing() throws Exception {
        environment.put("FAKE_JAVA_EXIT", "3");

        assertEquals(3, launch(), "without a cache");
        Thread.sleep(300);
        assertEquals(0, trainings(), "a console that failed (no display to open, ...) is no reason to train");

        environment.remove("FAKE_JAVA_EXIT");
        launch();
        awaitCache();
        environment.put("FAKE_JAVA_EXIT", "3");
        assertEquals(3, launch(), "with the cache");
        assertEquals(3, launch("--smoke-test"), "with arguments");
    }

    @Test
    void aFailedTrainingKeepsItsLogAndIsNotRepeatedForThatVersion() throws Exception {
        environment.put("FAKE_JAVA_TRAINING_EXIT", "1");

        launch();
        Path log = await(() -> files(cacheDirectory).stream()
                .filter(file -> file.toString().endsWith(".training.log")).findFirst().orElse(null));
        await(() -> files(cacheDirectory).size() == 1 ? log : null);
        launch();
        Thread.sleep(300);

        assertEquals(1, trainings());
        assertEquals(Set.of(log), files(cacheDirectory), "no cache, no recording, no lock: only the log that says why");
    }

    @Test
    void aTrainingThatWroteNoCacheLeavesNoCache() throws Exception {
        environment.put("FAKE_JAVA_NO_CACHE", "1");

        launch();
        await(() -> trainings() == 1 && !Files.exists(trainingLock()) ? trainingCommandLine() : null);

        Set<Path> left = files(cacheDirectory);
        assertFalse(left.stream().anyMatch(file -> file.toString().endsWith(".aot")
                || file.toString().endsWith(".part")), left::toString);
    }

    @Test
    void aStoppedLauncherStopsTheConsoleWhichIsThenClosedAsByItsUser() throws Exception {
        environment.put("FAKE_JAVA_SLEEP", "30");
        Process process = start();
        for (int i = 0; i < 200 && !Files.exists(commandLine); i++) {
            Thread.sleep(25);
        }
        assertTrue(Files.exists(commandLine), "the console started");

        process.destroy(); // SIGTERM, as `kill` or Ctrl+C in a terminal
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the launcher ended");

        assertEquals(143, process.exitValue());
        assertTrue(Files.exists(Path.of(commandLine + ".stopped")), "the console got the signal");
        assertTrue(awaitCache().toString().endsWith(".aot"), "and the cache was trained after it");
    }

    /** The cache the training run made in the default cache directory (waits for it). */
    private Path awaitCache() throws Exception {
        return awaitCache(cacheDirectory);
    }

    /** The cache a training run made in {@code directory}, once that training run ended. */
    private static Path awaitCache(Path directory) throws Exception {
        return await(() -> files(directory).stream().anyMatch(file -> file.toString().endsWith(".training")) ? null
                : files(directory).stream().filter(file -> file.toString().endsWith(".aot")).findFirst().orElse(null));
    }

    /** A training the launcher left running in the background would write into a deleted temporary directory. */
    @AfterEach
    void awaitTrainings() throws Exception {
        Thread.sleep(200);
        await(() -> {
            try (Stream<Path> all = Files.walk(temp)) {
                return all.noneMatch(file -> Files.isDirectory(file) && file.toString().endsWith(".training"))
                        ? Boolean.TRUE : null;
            }
        });
    }

    private interface Probe<T> {
        T value() throws IOException;
    }

    /** Waits up to 20 s for {@code probe} to give a value (the training runs in the background). */
    private static <T> T await(Probe<T> probe) throws Exception {
        for (int i = 0; i < 400; i++) {
            T value = probe.value();
            if (value != null) {
                return value;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("not within 20 s");
    }

    private Path trainingCommandLine() {
        return Path.of(commandLine + "-training.txt");
    }

    private Path trainingLock() throws IOException {
        return files(cacheDirectory).stream().filter(file -> file.toString().endsWith(".training")).findFirst()
                .orElse(cacheDirectory.resolve("none.training"));
    }

    private int trainings() throws IOException {
        Path count = Path.of(commandLine + ".trainings");
        return Files.exists(count) ? Files.readAllLines(count).size() : 0;
    }

    /** A command line without what differs between two JVMs of one version: the cache's options and the clock. */
    private static List<String> withoutVolatileOptions(List<String> command) {
        return command.stream().filter(option -> !option.startsWith("-XX:AOTCache") && !option.startsWith("-Xlog:aot")
                && !option.startsWith("-Dhookline.launched.epoch.ms=")).toList();
    }

    private void assertNoCacheOptions() throws IOException {
        List<String> command = javaCommandLine();
        assertFalse(command.stream().anyMatch(option -> option.startsWith("-XX:AOTCache")
                || option.startsWith("-Dhookline.startup.cache")), command::toString);
    }

    private int launch(String... arguments) throws Exception {
        Files.deleteIfExists(commandLine);
        Process process = start(arguments);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the launcher ended");
        return process.exitValue();
    }

    private Process start(String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(temp.resolve("launcher-output.txt").toFile());
        Map<String, String> env = builder.environment();
        for (String inherited : List.of("DISPLAY", "WAYLAND_DISPLAY", "XDG_CACHE_HOME", "HOOKLINE_CACHE_DIR",
                "HOOKLINE_STARTUP_CACHE", "JAVA_TOOL_OPTIONS")) {
            env.remove(inherited);
        }
        env.putAll(environment);
        return builder.start();
    }

    private List<String> javaCommandLine() throws IOException {
        return Files.readAllLines(commandLine);
    }

    private static String valueOf(List<String> command, String prefix) {
        return command.stream().filter(option -> option.startsWith(prefix)).map(option -> option.substring(prefix.length()))
                .findFirst().orElseThrow(() -> new AssertionError("no " + prefix + " in " + command));
    }

    private static List<String> lastTwo(List<String> command) {
        return command.subList(command.size() - 2, command.size());
    }

    private static Set<Path> files(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.collect(Collectors.toSet());
        }
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
