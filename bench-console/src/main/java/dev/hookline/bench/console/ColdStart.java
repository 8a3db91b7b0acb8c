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

    /** {@code cpuMs}: CPU time (all threads, user + system) the console used until interactive. */
    record Run(long readyMs, long wallMs, long cpuMs, long rssMb) {
    }

    record Result(List<Run> runs) {
        String report() {
            StringBuilder s = new StringBuilder("| start | JVM start to interactive (ms) | spawn to interactive (ms) | "
                    + "CPU time to interactive (ms) | idle RSS (MB) |\n|---|---|---|---|---|\n");
            for (int i = 0; i < runs.size(); i++) {
                Run r = runs.get(i);
                s.append(String.format(Locale.ROOT, "| %d | %d | %d | %d | %d |%n", i + 1, r.readyMs(), r.wallMs(),
                        r.cpuMs(), r.rssMb()));
            }
            long worstReady = runs.stream().mapToLong(Run::readyMs).max().orElse(0);
            long medianReady = runs.stream().map(Run::readyMs).sorted().toList().get(runs.size() / 2);
            long worstRss = runs.stream().mapToLong(Run::rssMb).max().orElse(0);
            s.append(String.format(Locale.ROOT, "%nCold start: median %d ms, worst %d ms (target <= %d ms: %s). "
                    + "Idle RSS: worst %d MB (target <= %d MB: %s).%n", medianReady, worstReady, TARGET_MS,
                    worstReady <= TARGET_MS ? "met" : "MISSED", worstRss, TARGET_RSS_MB,
                    worstRss <= TARGET_RSS_MB ? "met" : "MISSED"));
            return s.toString();
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
        for (int i = 0; i < starts; i++) {
            Path home = Files.createTempDirectory("hookline-console-start");
            try {
                Run run = once(home);
                out.printf(Locale.ROOT, "start %d: interactive %d ms after JVM start, RSS %d MB%n", i + 1,
                        run.readyMs(), run.rssMb());
                runs.add(run);
            } finally {
                deleteTree(home);
            }
        }
        return new Result(runs);
    }

    private Run once(Path home) throws Exception {
        Path report = home.resolve("ready.txt");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", ConsoleBenchmark.classPath(),
                "--enable-native-access=ALL-UNNAMED",
                "-Dhookline.data.dir=" + home.resolve("data"),
                "-Dhookline.config.dir=" + home.resolve("config"),
                "-Dhookline.startup.report=" + report));
        String extra = System.getProperty("console.jvmArgs", "").strip();
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+")));
        }
        if (!display) {
            command.addAll(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                    "-Dprism.text=t2k", "-Djava.awt.headless=true"));
        }
        command.add("dev.hookline.app.HooklineLauncher");
        long spawned = System.nanoTime();
        Process console = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(home.resolve("console.log").toFile()).start();
        try {
            long deadline = spawned + TimeUnit.SECONDS.toNanos(60);
            // a benchmark may poll: the console writes the report file once, when it becomes interactive
            while (!Files.exists(report) || Files.size(report) == 0) {
                if (!console.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("the console did not become interactive; its log: "
                            + Files.readString(home.resolve("console.log")));
                }
                Thread.sleep(5);
            }
            long wallMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - spawned);
            long cpuMs = cpuMillis(console.pid());
            long readyMs = Long.parseLong(Files.readString(report).strip().substring("ready_ms=".length()));
            Thread.sleep(TimeUnit.SECONDS.toMillis(idleSeconds));
            long rssMb = rssKb(console.pid()) / 1024;
            return new Run(readyMs, wallMs, cpuMs, rssMb);
        } finally {
            console.destroy(); // SIGTERM: the console's shutdown hook closes the embedded server
            if (!console.waitFor(20, TimeUnit.SECONDS)) {
                console.destroyForcibly();
            }
        }
    }

    /**
     * utime + stime of the process from /proc/PID/stat, in ms (clock ticks of 10 ms): unlike wall time, it does not
     * grow when other processes compete for the CPU, so it tells what the start costs on a busy machine too.
     */
    private static long cpuMillis(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // fields 14 and 15 of the whole line
        return ticks * 10;
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
