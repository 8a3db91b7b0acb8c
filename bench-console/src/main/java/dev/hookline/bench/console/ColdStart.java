package dev.hookline.bench.console;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Starts the real console in a fresh JVM (fresh data and configuration directories, so the embedded server
 * creates its database and default project as on a first start), waits for its startup report, lets it idle, and
 * reads its resident memory from /proc. Each start is a new process: nothing is warm but the OS file cache.
 */
final class ColdStart {

    static final long TARGET_MS = 3_000;
    static final long TARGET_RSS_MB = 350;

    /**
     * One start: from spawning the process to the report's "ready" (window shown, embedded server answered,
     * first deliveries page laid out), the report's phases (milliseconds after the JVM's own start time), the rows
     * of that first page, the CPU time the console had used when it was ready (all its threads: on a shared machine
     * the one figure other processes do not inflate), the 1-minute load average then, and the resident memory
     * after idling.
     */
    record Run(long spawnToReadyMs, long windowShownMs, long connectedMs, long readyMs, int rows, long cpuMs,
               double load, long rssMb) {
    }

    record Result(List<Run> runs, int idleSeconds, String launch) {
        String report() {
            StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "Launch: %s%n%n", launch));
            s.append("| start | spawn to ready (ms) | JVM start to window shown | to server connected | to first "
                    + "page on screen | rows | CPU time to ready (ms) | load avg | RSS after " + idleSeconds
                    + " s idle (MB) |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (int i = 0; i < runs.size(); i++) {
                Run r = runs.get(i);
                s.append(String.format(Locale.ROOT, "| %d | %d | %d | %d | %d | %d | %d | %.1f | %d |%n", i + 1,
                        r.spawnToReadyMs(), r.windowShownMs(), r.connectedMs(), r.readyMs(), r.rows(), r.cpuMs(),
                        r.load(), r.rssMb()));
            }
            long medianReady = median(runs.stream().mapToLong(Run::spawnToReadyMs).toArray());
            long worstReady = runs.stream().mapToLong(Run::spawnToReadyMs).max().orElse(0);
            long medianRss = median(runs.stream().mapToLong(Run::rssMb).toArray());
            long worstRss = runs.stream().mapToLong(Run::rssMb).max().orElse(0);
            long medianCpu = median(runs.stream().mapToLong(Run::cpuMs).toArray());
            s.append(String.format(Locale.ROOT, "%nCold start (spawn to ready): median %d ms, max %d ms (target <= %d "
                    + "ms: %s); CPU time to ready: median %d ms. Idle RSS: median %d MB, max %d MB (target <= %d MB: "
                    + "%s).%n", medianReady, worstReady, TARGET_MS, worstReady <= TARGET_MS ? "met" : "MISSED",
                    medianCpu, medianRss, worstRss, TARGET_RSS_MB,
                    worstRss <= TARGET_RSS_MB ? "met" : "MISSED"));
            return s.toString();
        }

        private static long median(long[] values) {
            long[] sorted = values.clone();
            java.util.Arrays.sort(sorted);
            return sorted.length == 0 ? 0 : sorted[(sorted.length - 1) / 2];
        }
    }

    private final int starts;
    private final int idleSeconds;
    private final boolean display;

    ColdStart(int starts, int idleSeconds, boolean display) {
        this.starts = starts;
        this.idleSeconds = idleSeconds;
        this.display = display;
    }

    Result run(PrintStream out) throws Exception {
        List<Run> runs = new ArrayList<>();
        String launch = null;
        for (int i = 0; i < starts; i++) {
            Path home = Files.createTempDirectory("hookline-console-start");
            try {
                List<String> command = command(home);
                launch = describe(command);
                Run run = once(home, command);
                out.printf(Locale.ROOT, "start %d: ready %d ms after spawn (JVM: window %d, connected %d, first page "
                                + "%d ms), CPU %d ms, load %.1f, RSS %d MB after %d s idle%n", i + 1,
                        run.spawnToReadyMs(), run.windowShownMs(), run.connectedMs(), run.readyMs(), run.cpuMs(),
                        run.load(), run.rssMb(), idleSeconds);
                runs.add(run);
            } finally {
                deleteTree(home);
            }
        }
        return new Result(runs, idleSeconds, launch);
    }

    /**
     * The console's command line. On a display, as {@code ./mvnw -pl app javafx:run} launches it: the JavaFX jars on
     * the module path (added as modules), everything else on the class path, the plugin's options from app/pom.xml,
     * the JVM's default heap. Headless: everything on the class path (Monocle has to sit next to JavaFX's classes),
     * with the Monocle and software-rendering flags the app's headless tests use.
     */
    private List<String> command(Path home) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        List<String> entries = List.of(ConsoleBenchmark.classPath().split(java.io.File.pathSeparator));
        if (display) {
            List<String> javafx = entries.stream().filter(ColdStart::isJavaFxJar).toList();
            List<String> rest = entries.stream().filter(e -> !isJavaFxJar(e)).toList();
            command.addAll(List.of("--module-path", String.join(java.io.File.pathSeparator, javafx),
                    "--add-modules", "javafx.base,javafx.controls,javafx.fxml,javafx.graphics",
                    "-classpath", String.join(java.io.File.pathSeparator, rest),
                    "--enable-native-access=javafx.graphics,ALL-UNNAMED"));
        } else {
            command.addAll(List.of("-classpath", String.join(java.io.File.pathSeparator, entries),
                    "--enable-native-access=ALL-UNNAMED", "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
                    "-Dprism.order=sw", "-Dprism.text=t2k", "-Djava.awt.headless=true"));
        }
        String extra = System.getProperty("console.jvmArgs", "").strip();
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+"))); // e.g. a CDS archive or heap flags to compare
        }
        command.addAll(List.of(
                "-Dhookline.data.dir=" + home.resolve("data"),
                "-Dhookline.config.dir=" + home.resolve("config"),
                "-Dhookline.startup.report=" + home.resolve("ready.txt"),
                "dev.hookline.app.HooklineLauncher"));
        return command;
    }

    private static boolean isJavaFxJar(String entry) {
        return entry.replace('\\', '/').contains("/org/openjfx/javafx-");
    }

    /** The command without the long paths, for the report. */
    private static String describe(List<String> command) {
        StringBuilder s = new StringBuilder("java");
        for (int i = 1; i < command.size(); i++) {
            String arg = command.get(i);
            if (arg.equals("--module-path") || arg.equals("-classpath")) {
                s.append(' ').append(arg).append(arg.equals("--module-path") ? " <javafx jars>" : " <the rest>");
                i++;
            } else if (!arg.startsWith("-Dhookline.")) {
                s.append(' ').append(arg);
            }
        }
        return "`" + s + "` (plus -Dhookline.data.dir, -Dhookline.config.dir: fresh temp dirs; "
                + "-Dhookline.startup.report)";
    }

    private Run once(Path home, List<String> command) throws Exception {
        Path report = home.resolve("ready.txt");
        long spawned = System.nanoTime();
        Process console = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(home.resolve("console.log").toFile()).start();
        try {
            long deadline = spawned + TimeUnit.SECONDS.toNanos(60);
            // the console writes the report once, whole (moved into place), when it is ready: polling suffices
            while (!Files.exists(report)) {
                if (!console.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("the console did not become interactive; its log: "
                            + Files.readString(home.resolve("console.log")));
                }
                Thread.sleep(2);
            }
            long spawnToReadyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - spawned);
            long cpuMs = cpuMs(console.pid());
            double load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
            java.util.Properties phases = new java.util.Properties();
            try (var reader = Files.newBufferedReader(report)) {
                phases.load(reader);
            }
            Thread.sleep(TimeUnit.SECONDS.toMillis(idleSeconds));
            long rssMb = rssKb(console.pid()) / 1024;
            return new Run(spawnToReadyMs, Long.parseLong(phases.getProperty("window_shown_ms")),
                    Long.parseLong(phases.getProperty("connected_ms")), Long.parseLong(phases.getProperty("ready_ms")),
                    Integer.parseInt(phases.getProperty("rows")), cpuMs, load, rssMb);
        } finally {
            console.destroy(); // SIGTERM: the console's shutdown hook closes the embedded server
            if (!console.waitFor(20, TimeUnit.SECONDS)) {
                console.destroyForcibly();
            }
        }
    }

    /** User plus system CPU time of the process so far (/proc/PID/stat, in clock ticks of 10 ms). */
    private static long cpuMs(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // the fields after the command name, which is in parentheses and may hold spaces
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
    }

    private static long rssKb(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IOException("no VmRSS for process " + pid);
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
