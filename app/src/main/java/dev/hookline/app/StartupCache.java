package dev.hookline.app;

import dev.hookline.app.settings.UserDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The packaged console's start-up cache (ADR 0035): a JDK AOT cache (JEP 483/514/515) of the classes, linkage and
 * method profiles a console start uses, kept in the user's cache directory ({@link UserDirectory#CACHE}), made on
 * the first start and used by every later one.
 *
 * <p>A JVM reads an AOT cache only from its command line, and the jpackage launcher's options cannot say "this file
 * if it is there, else record one". So the launcher's JVM (small: it loads little more than this class) runs the
 * console in a second JVM of the same runtime, with the same options plus either
 * {@code -XX:AOTCache=console-KEY.aot} (the cache is there) or {@code -XX:AOTCacheOutput=...part} (first start: the
 * JVM records the start and writes the cache when the console exits); the part file is moved to its name only once
 * that JVM ended, so a half-written cache is never used. KEY is a fingerprint of the runtime, the JVM options and
 * every class path jar (size and time), so an upgrade or another runtime makes a new cache and the old one is
 * deleted. Anything that goes wrong (no cache directory, not writable, a cache the JVM refuses) costs only the
 * speed-up: the console then starts as it did before, and a refused cache is deleted so the next start makes a new
 * one.
 *
 * <p>Only for the console of the packaged app on Linux ({@link #applies}); {@code --server}, {@code --smoke-test} and
 * the development runs are started as before. {@code HOOKLINE_STARTUP_CACHE=off} (or
 * {@code -Dhookline.startup.cache=off}) switches it off.
 */
final class StartupCache {

    /** Set on the console's JVM by the launcher's: it is the second one, and whether it was asked to use a cache. */
    static final String CHILD_PROPERTY = "hookline.startup.cache.child";
    /** Set on the console's JVM when it was asked to use a cache: that cache's file. */
    static final String FILE_PROPERTY = "hookline.startup.cache.file";
    /** {@code off} switches the cache off. */
    static final String SWITCH_PROPERTY = "hookline.startup.cache";
    static final String SWITCH_VARIABLE = "HOOKLINE_STARTUP_CACHE";
    /** When the launcher's JVM started (epoch ms): the console's start-up report counts from there. */
    static final String LAUNCHED_PROPERTY = "hookline.launched.epoch.ms";

    private static final String PREFIX = "console-";
    private static final String SUFFIX = ".aot";
    private static final String PART = ".part";
    /** A part file this old belongs to a console that died while recording: no longer anybody's. */
    private static final Duration ABANDONED = Duration.ofHours(6);
    /** How long the launcher waits, when it is stopped, for the console to stop (and write its cache). */
    private static final Duration STOP_WAIT = Duration.ofMinutes(2);

    /** What the launcher runs: the console's command line, the cache it uses or the part file it records into. */
    record Plan(List<String> command, Path cache, Path recording) {

        boolean records() {
            return recording != null;
        }
    }

    private StartupCache() {
    }

    /**
     * Whether the console should run in a second JVM with the cache: the packaged app's launcher ({@code
     * jpackage.app-path} set), on Linux, not already the second JVM, not switched off.
     */
    static boolean applies(UnaryOperator<String> properties, UnaryOperator<String> environment) {
        String os = properties.apply("os.name");
        return properties.apply("jpackage.app-path") != null && properties.apply(CHILD_PROPERTY) == null
                && os != null && os.toLowerCase(Locale.ROOT).startsWith("linux")
                && !"off".equalsIgnoreCase(properties.apply(SWITCH_PROPERTY))
                && !"off".equalsIgnoreCase(environment.apply(SWITCH_VARIABLE));
    }

    /**
     * Runs the console in a second JVM with the cache and returns its exit code; {@code -1} when the cache cannot be
     * had (the cache directory cannot be made or written): the caller then starts the console in this JVM.
     */
    static int runConsole(String mainClass) {
        Path directory = UserDirectory.CACHE.resolve().resolve("startup");
        if (!usable(directory)) {
            return -1;
        }
        RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
        Plan plan = plan(directory, Path.of(System.getProperty("java.home")), runtime.getInputArguments(),
                System.getProperty("java.class.path", ""), mainClass, runtime.getStartTime(),
                ProcessHandle.current().pid());
        tidy(directory, plan.cache());
        return run(plan, System.getenv());
    }

    /** The directory exists (made if missing) and this user may write there. */
    static boolean usable(Path directory) {
        try {
            Files.createDirectories(directory);
            return Files.isDirectory(directory) && Files.isWritable(directory);
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /**
     * The console's command line: this runtime's {@code java}, this JVM's options (the launcher's: class path, module
     * exports, ...) and the cache's, then the main class. The cache's name comes from {@link #fingerprint}.
     */
    static Plan plan(Path directory, Path javaHome, List<String> jvmOptions, String classPath, String mainClass,
                     long launchedEpochMs, long pid) {
        Path cache = directory.resolve(PREFIX + fingerprint(javaHome, jvmOptions, classPath) + SUFFIX);
        boolean use = Files.isRegularFile(cache);
        Path recording = use ? null : cache.resolveSibling(cache.getFileName() + "." + pid + PART);
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin").resolve("java").toString());
        for (String option : jvmOptions) {
            // the launcher's own class path is passed as -cp below, cache options of a user's are replaced by ours
            if (!option.startsWith("-Djava.class.path=") && !option.startsWith("-XX:AOTCache")
                    && !option.startsWith("-XX:AOTMode")) {
                command.add(option);
            }
        }
        command.add(use ? "-XX:AOTCache=" + cache : "-XX:AOTCacheOutput=" + recording);
        // a cache the JVM refuses (another runtime, damaged) is not worth a message: the console deletes it
        command.add("-Xlog:aot=off,cds=off");
        command.add("-D" + CHILD_PROPERTY + "=" + (use ? "use" : "record"));
        if (use) {
            command.add("-D" + FILE_PROPERTY + "=" + cache);
        }
        command.add("-D" + LAUNCHED_PROPERTY + "=" + launchedEpochMs);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        return new Plan(List.copyOf(command), cache, recording);
    }

    /**
     * A short name for everything the cache depends on: the runtime (its home and version), the JVM options, and
     * each class path entry with its size and modification time (a rebuilt jar of the same name changes it).
     */
    static String fingerprint(Path javaHome, List<String> jvmOptions, String classPath) {
        StringBuilder all = new StringBuilder(javaHome.toString()).append('\n')
                .append(System.getProperty("java.vm.version")).append('\n');
        for (String option : jvmOptions) {
            if (!option.startsWith("-D")) {
                all.append(option).append('\n');
            }
        }
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            Path path = Path.of(entry);
            all.append(entry);
            try {
                all.append(' ').append(Files.size(path)).append(' ').append(Files.getLastModifiedTime(path).toMillis());
            } catch (IOException | UncheckedIOException e) {
                all.append(" missing");
            }
            all.append('\n');
        }
        // FNV-1a, 64 bits: stable across runs and JVMs (String.hashCode is only 32 bits)
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < all.length(); i++) {
            hash ^= all.charAt(i);
            hash *= 0x100000001b3L;
        }
        return Long.toHexString(hash);
    }

    /** Deletes the caches of other versions or runtimes, and part files nobody is writing any more. */
    static void tidy(Path directory, Path keep) {
        FileTime abandoned = FileTime.from(Instant.now().minus(ABANDONED));
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, PREFIX + "*")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                boolean otherCache = name.endsWith(SUFFIX) && !file.equals(keep);
                boolean oldPart = name.endsWith(PART) && Files.getLastModifiedTime(file).compareTo(abandoned) < 0;
                if (otherCache || oldPart) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            // a cache left behind costs disk space, not correctness
        }
    }

    /**
     * Starts the console, waits for it, and when it recorded, moves the cache it wrote to its name. A launcher
     * stopped by a signal stops the console too (and still waits for it to write its cache).
     */
    static int run(Plan plan, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(plan.command()).inheritIO();
        // the options in JAVA_TOOL_OPTIONS are among this JVM's options already, passed on in the command
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process console;
        try {
            console = builder.start();
        } catch (IOException e) {
            return -1;
        }
        Thread stopConsole = new Thread(() -> {
            console.destroy();
            awaitQuietly(console, STOP_WAIT);
            finish(plan);
        }, "hookline-stop-console");
        Runtime.getRuntime().addShutdownHook(stopConsole);
        int exitCode = awaitQuietly(console, null);
        try {
            Runtime.getRuntime().removeShutdownHook(stopConsole);
        } catch (IllegalStateException shuttingDown) {
            return exitCode;
        }
        finish(plan);
        return exitCode;
    }

    private static int awaitQuietly(Process process, Duration limit) {
        while (true) {
            try {
                if (limit == null) {
                    return process.waitFor();
                }
                return process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : 1;
            } catch (InterruptedException e) {
                // keep waiting: the console owns the window and the database until it is gone
            }
        }
    }

    /** After a recording console ended: its cache (when it wrote one) becomes the one the next start uses. */
    static void finish(Plan plan) {
        if (!plan.records()) {
            return;
        }
        try {
            if (Files.isRegularFile(plan.recording()) && Files.size(plan.recording()) > 0) {
                Files.move(plan.recording(), plan.cache(), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(plan.recording());
            }
        } catch (IOException e) {
            // the next start records again
        }
    }

    /**
     * In the console's JVM: when it was asked to use a cache but the JVM did not map it (the cache is damaged or of
     * another runtime), deletes it so that the next start records a new one. {@code java.vm.info} says "sharing"
     * when the JVM runs from a class-data archive.
     */
    static void checkInUse(UnaryOperator<String> properties) {
        String cache = properties.apply(FILE_PROPERTY);
        if ("use".equals(properties.apply(CHILD_PROPERTY)) && cache != null
                && !String.valueOf(properties.apply("java.vm.info")).contains("sharing")) {
            try {
                Files.deleteIfExists(Path.of(cache));
            } catch (IOException e) {
                // tried again at the next start
            }
        }
    }
}
