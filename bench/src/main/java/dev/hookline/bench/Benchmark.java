package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.auth.Keys;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One benchmark run: seed a data set (or reuse a kept one), restart the server on it as a user would find it,
 * measure every case over HTTP, and report. The server runs in this JVM on a free loopback port; requests are
 * authorised by a session key that lives only in memory, as the console's are.
 */
public final class Benchmark {

    /** What a run measured; {@code report} is the Markdown that was printed. */
    public record Outcome(DataSet dataSet, Path dataDir, List<CaseResult> results, String report) {
    }

    private Benchmark() {
    }

    public static Outcome run(BenchOptions options, PrintStream out) throws IOException {
        boolean temporary = options.dataDir() == null;
        Path dataDir = temporary ? Files.createTempDirectory("hookline-bench-") : options.dataDir();
        try {
            DataSet data;
            if (DataSet.existsIn(dataDir)) {
                data = DataSet.readFrom(dataDir);
                out.printf("Reusing the data set in %s: %,d deliveries (bench.deliveries is ignored)%n", dataDir,
                        data.deliveries());
            } else {
                data = seed(options, dataDir, out);
            }
            List<CaseResult> results = new ArrayList<>();
            String environment = measure(options, dataDir, data, results, out);
            String report = report(options, data, environment, results);
            out.println();
            out.print(report);
            if (options.report() != null) {
                Path parent = options.report().toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(options.report(), report);
                out.println("Report written to " + options.report());
            }
            return new Outcome(data, dataDir, results, report);
        } finally {
            if (temporary && !options.keep()) {
                deleteTree(dataDir);
            } else {
                out.println("Data set kept in " + dataDir + " (measure it again with -Dbench.dataDir=" + dataDir
                        + ")");
            }
        }
    }

    private static DataSet seed(BenchOptions options, Path dataDir, PrintStream out) {
        if (Files.exists(dataDir.resolve(ServerConfig.DATABASE_FILE))) {
            throw new IllegalStateException(dataDir + " holds a Hookline database the benchmark did not seed; "
                    + "refusing to write into it (give an empty or new bench.dataDir)");
        }
        out.printf("Seeding %,d deliveries into %s%n", options.deliveries(), dataDir);
        Instant end = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        SeedClock clock = new SeedClock(DataSetSeeder.startOf(end));
        // no dispatcher (null sender): the seeded deliveries must stay as seeded, and sending them would compete
        // with the measurement for the CPU
        try (HooklineServer server = HooklineServer.start(
                ServerConfig.standalone("127.0.0.1", 0, dataDir, null).withClock(clock), null);
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", sessionKey(server))) {
            DataSet data = new DataSetSeeder(server, clock, admin, out)
                    .seed(options.deliveries(), options.seed(), end);
            // the search rows are written by the background indexer (ADR 0024): part of seeding, not of measuring
            while (!server.searchIndexer().awaitCaughtUp(java.time.Duration.ofSeconds(1))) {
                Thread.onSpinWait();
            }
            data.writeTo(dataDir);
            out.printf("Seeded in %.0f s%n", data.seedSeconds());
            return data;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Measures every case that {@code options} selects into {@code results}; returns the environment line. */
    private static String measure(BenchOptions options, Path dataDir, DataSet data, List<CaseResult> results,
                                  PrintStream out) throws IOException {
        try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null),
                null);
             ApiClient api = new ApiClient(server.baseUrl() + "/api", sessionKey(server))) {
            List<BenchCase> cases = BenchCases.all(data, options.perPage(), api.withProject(data.projectId()))
                    .stream().filter(c -> options.runs(c.name())).toList();
            CaseRunner runner = new CaseRunner(api, data.projectId(), options.warmup(), options.requests());
            out.printf("Measuring %d cases: %d warm-up requests each in turn, then %d timed requests each, "
                            + "%d rows per page%n",
                    cases.size(), options.warmup(), options.requests(), options.perPage());
            runner.warmUp(cases);
            for (BenchCase c : cases) {
                CaseResult result = runner.run(c);
                results.add(result);
                out.printf(Locale.ROOT, "  %-45s p50 %6.1f  p95 %6.1f  p99 %6.1f  max %6.1f ms%n", c.name(),
                        result.latencies().p50Ms(), result.latencies().p95Ms(), result.latencies().p99Ms(),
                        result.latencies().maxMs());
            }
            String sqlite = server.store().db().read(c -> {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT sqlite_version()")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            long bytes = Files.size(dataDir.resolve(ServerConfig.DATABASE_FILE));
            return String.format(Locale.ROOT, "%d cores, %s %s (%s), Java %s (%s), heap max %d MB, SQLite %s, "
                            + "database file %,d MB", Runtime.getRuntime().availableProcessors(),
                    System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"),
                    System.getProperty("java.version"), System.getProperty("java.vendor"),
                    Runtime.getRuntime().maxMemory() / (1024 * 1024), sqlite, bytes / (1024 * 1024));
        }
    }

    private static String report(BenchOptions options, DataSet data, String environment, List<CaseResult> results) {
        DataSet.ProjectFacts main = data.mainProject();
        Map<String, Long> endpoints = data.endpointCounts();
        StringBuilder out = new StringBuilder();
        out.append("Measured ").append(LocalDate.now(ZoneOffset.UTC)).append(": ").append(environment).append(".\n\n");
        out.append(String.format(Locale.ROOT, "Data set (seed %d, seeded in %.0f s): %,d deliveries over %,d events "
                        + "(%,d of them duplicates without deliveries), %,d attempts, %d projects, created over "
                        + "%d days. Measured project \"%s\": %,d events, %,d deliveries, %d endpoints (busiest "
                        + "%,d deliveries, quietest %,d), %d sources, %d subscriptions (busiest %,d deliveries, "
                        + "quietest %,d); statuses %s.%n%n", data.seed(), data.seedSeconds(), data.deliveries(),
                data.events(), data.duplicateEvents(), data.attempts(), data.projects().size(),
                Duration.between(data.start(), data.end()).toDays(), main.name(), main.events(),
                main.deliveries(), main.endpoints(), endpoints.get(data.busyEndpoint()),
                endpoints.get(data.quietEndpoint()), main.sources(), main.subscriptions(),
                data.subscriptionCounts().get(data.busySubscription()),
                data.subscriptionCounts().get(data.quietSubscription()), statuses(data.statusCounts())));
        out.append(String.format(Locale.ROOT, "%d warm-up requests per case (all cases in turn), then %d timed "
                + "requests per case, one at a time, perPage=%d; time from sending the request to having read the "
                + "whole answer.%n%n", options.warmup(), options.requests(), options.perPage()));
        out.append(ResultTable.markdown(results, options.targetMs()));
        return out.toString();
    }

    private static String statuses(Map<String, Long> counts) {
        List<String> parts = new ArrayList<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> parts.add(String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue())));
        return String.join(", ", parts);
    }

    /** A key that reaches every project, held in the server's memory only (nothing is written to the data set). */
    static String sessionKey(HooklineServer server) {
        String key = Keys.apiKey().key();
        server.authenticator().addSessionKey(key);
        return key;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
