package dev.hookline.bench.console;

import dev.hookline.bench.BenchOptions;
import dev.hookline.bench.Benchmark;
import dev.hookline.bench.DataSet;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * The console's speed targets (not a test; see docs/BENCHMARKS.md):
 * <ol>
 *   <li>cold start to an interactive window with the embedded server up: target &lt;= 3 s;</li>
 *   <li>idle resident memory of that console: target &lt;= 350 MB;</li>
 *   <li>filter change to repaint of the deliveries table at 1,000,000 deliveries: target p95 &lt;= 150 ms.</li>
 * </ol>
 * Options ({@code -D...}): {@code console.starts} (5; 0 skips 1 and 2), {@code console.idleSeconds} (10),
 * {@code console.rounds} (40: each filter change timed that many times), {@code console.warmup} (5 untimed rounds),
 * {@code console.display} (use the display, e.g. Xvfb's, launched as {@code javafx:run} does, instead of headless
 * Monocle), {@code console.jvmArgs} (extra flags for the started consoles, space-separated), {@code console.skipFilter},
 * {@code console.report} (also write the report to this file), and the list
 * benchmark's {@code bench.dataDir}/{@code bench.deliveries}: a kept data set there is reused, else one is seeded
 * (and kept) first. See docs/BENCHMARKS.md, "Console (issue 4)".
 */
public final class ConsoleBenchmark {

    private ConsoleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Properties p = System.getProperties();
        PrintStream out = System.out;
        boolean display = p.containsKey("console.display");
        out.printf(Locale.ROOT, "Console benchmark on %d cores, %s, JDK %s, %s rendering%n%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                System.getProperty("java.version"), display ? "display" : "headless (Monocle, software)");

        StringBuilder report = new StringBuilder(String.format(Locale.ROOT, "%d cores, %s %s, JDK %s (%s), %s%n%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                System.getProperty("os.version"), System.getProperty("java.version"), System.getProperty("java.vendor"),
                display ? "display " + System.getenv("DISPLAY") : "headless (Monocle, software rendering)"));
        int starts = Integer.parseInt(p.getProperty("console.starts", "5"));
        if (starts > 0) {
            ColdStart.Result start = new ColdStart(starts,
                    Integer.parseInt(p.getProperty("console.idleSeconds", "10")), display).run(out);
            out.println(start.report());
            report.append(start.report()).append('\n');
        }

        if (!p.containsKey("console.skipFilter")) {
            Path dataDir = Path.of(p.getProperty("bench.dataDir", System.getProperty("java.io.tmpdir")
                    + "/hookline-console-bench"));
            if (!DataSet.existsIn(dataDir)) {
                out.println("Seeding a data set in " + dataDir + " (kept for later runs) ...");
                Properties seedOnly = new Properties();
                seedOnly.putAll(p);
                seedOnly.setProperty("bench.dataDir", dataDir.toString());
                seedOnly.setProperty("bench.keep", "true");
                seedOnly.setProperty("bench.cases", "no case matches this");
                Files.createDirectories(dataDir);
                Benchmark.run(BenchOptions.from(seedOnly), out);
            }
            FilterRepaint.Result filter = new FilterRepaint(dataDir,
                    Integer.parseInt(p.getProperty("console.warmup", "5")),
                    Integer.parseInt(p.getProperty("console.rounds", "40")), display).run(out);
            out.println(filter.report());
            report.append(filter.report());
        }
        if (p.getProperty("console.report") != null) {
            Files.writeString(Path.of(p.getProperty("console.report")), report);
        }
        System.exit(0); // the JavaFX toolkit of the filter measurement keeps the JVM alive otherwise
    }

    static String classPath() throws IOException {
        ClassLoader loader = ConsoleBenchmark.class.getClassLoader();
        if (loader instanceof java.net.URLClassLoader urls) {
            StringBuilder cp = new StringBuilder();
            for (java.net.URL url : urls.getURLs()) {
                try {
                    cp.append(cp.isEmpty() ? "" : java.io.File.pathSeparator).append(Path.of(url.toURI()));
                } catch (java.net.URISyntaxException e) {
                    throw new IOException("bad class path entry " + url, e);
                }
            }
            return cp.toString();
        }
        return System.getProperty("java.class.path");
    }
}
