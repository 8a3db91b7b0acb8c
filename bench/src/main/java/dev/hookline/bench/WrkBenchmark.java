package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Issue 13's engine targets measured with {@code wrk} (an open-source HTTP load generator in its own process, not
 * the benchmark's JVM), all in one run so the ratios are same-run (see docs/BENCHMARKS.md):
 *
 * <ol>
 *   <li>a bare JDK handler ({@link BareBaseline}) under {@code wrk -t2 -c50}: what the HTTP stack does alone;</li>
 *   <li>ingest alone: {@code POST /ingest/{maskID}} with the subscribed endpoint paused (each event and its
 *       {@code Discarded} delivery committed before the answer, nothing sent);</li>
 *   <li>ingest while delivering: the same endpoint active, delivering to a local sink ({@link CountingReceiver},
 *       answers 200 at once) while {@code wrk} posts; the backlog of due deliveries is sampled every 5 s to see
 *       whether delivery keeps up;</li>
 *   <li>optionally the drain of a stored backlog ({@link DrainBenchmark}).</li>
 * </ol>
 *
 * <p>Options ({@code -D}): {@code wrk.seconds} (each ingest run, default 20), {@code wrk.mixedSeconds} (the run
 * while delivering, default 60), {@code wrk.threads} (2), {@code wrk.connections} (50), {@code wrk.bin}
 * ({@code wrk}), {@code wrk.drain} (deliveries of the drain run; default 0 = skipped).
 */
public final class WrkBenchmark {

    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern P99 = Pattern.compile("\\n\\s+99%\\s+([0-9.]+)(us|ms|s)\\b");
    private static final Pattern P50 = Pattern.compile("\\n\\s+50%\\s+([0-9.]+)(us|ms|s)\\b");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern ERRORS = Pattern.compile("Socket errors:[^\\n]*");

    private WrkBenchmark() {
    }

    /** One {@code wrk} run: requests per second, latency percentiles, answers that were not 2xx. */
    record Wrk(double rate, double p50Ms, double p99Ms, long non2xx, String errors) {
    }

    public static void main(String[] args) throws Exception {
        int seconds = Integer.getInteger("wrk.seconds", 20);
        int mixedSeconds = Integer.getInteger("wrk.mixedSeconds", 60);
        int threads = Integer.getInteger("wrk.threads", 2);
        int connections = Integer.getInteger("wrk.connections", 50);
        String wrk = System.getProperty("wrk.bin", "wrk");
        int drain = Integer.getInteger("wrk.drain", 0);
        PrintStream out = System.out;
        Path script = Files.createTempFile("hookline-wrk", ".lua");
        Files.writeString(script, "wrk.method = \"POST\"\nwrk.body = [[" + new String(EngineBenchmark.payload(1),
                StandardCharsets.UTF_8) + "]]\nwrk.headers[\"Content-Type\"] = \"application/json\"\n");
        List<String> rows = new ArrayList<>();
        out.printf(Locale.ROOT, "wrk benchmark: wrk -t%d -c%d, %d s ingest runs, %d s while delivering, %d cores%n",
                threads, connections, seconds, mixedSeconds, Runtime.getRuntime().availableProcessors());
        Path dataDir = Files.createTempDirectory("hookline-wrk-bench");
        try (CountingReceiver receiver = new CountingReceiver()) {
            Wrk bare;
            String loadBare = load();
            try (BareBaseline baseline = new BareBaseline()) {
                String url = "http://127.0.0.1:" + baseline.port() + "/ingest/bare";
                run(wrk, threads, connections, 3, script, url); // warm-up
                bare = run(wrk, threads, connections, seconds, script, url);
            }
            rows.add(row("bare JDK handler", bare, loadBare, ""));
            out.println(rows.get(rows.size() - 1));

            try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir,
                    null));
                 ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
                String projectId = admin.createProject(new CreateProjectRequest("wrk-bench", ProjectType.INCOMING,
                        null, null)).project().uid();
                ApiClient project = admin.withProject(projectId);
                String endpointId = project.createEndpoint(EndpointRequest.of(receiver.url(), "sink")).uid();
                Source source = project.createSource(new CreateSourceRequest("wrk-source", SourceType.HTTP, null,
                        null, null, null, null, null, null));
                project.createSubscription(new SubscriptionRequest("wrk", source.uid(), endpointId, null, null,
                        null, null, new FilterConfig(List.of("*"), null), null, null));
                String url = server.baseUrl() + "/ingest/" + source.maskId();

                // ingest alone: the endpoint paused, so every event gets a Discarded delivery and nothing is sent
                project.pauseEndpoint(endpointId);
                run(wrk, threads, connections, 3, script, url); // warm-up
                String loadAlone = load();
                long events = events(server);
                ThreadCpu cpu = ThreadCpu.start();
                List<Long> lagAlone = new ArrayList<>();
                Thread lagSampler = sampleEvery(1000, () -> lagAlone.add(unindexed(server)));
                Wrk alone = run(wrk, threads, connections, seconds, script, url);
                lagSampler.interrupt();
                lagSampler.join();
                long caughtUp = System.nanoTime();
                awaitIndexed(server);
                double catchUpMs = (System.nanoTime() - caughtUp) / 1e6;
                String perEvent = cpu.perEvent(events(server) - events);
                rows.add(row("ingest alone (endpoint paused)", alone, loadAlone, String.format(Locale.ROOT,
                        "%.0f %% of bare; CPU us/event: %s; events not yet searchable, every second: %s; all "
                        + "searchable %.0f ms after the run", 100 * alone.rate() / bare.rate(), perEvent, lagAlone,
                        catchUpMs)));
                out.println(rows.get(rows.size() - 1));

                // ingest while delivering to the sink
                if (project.pauseEndpoint(endpointId).status() != EndpointStatus.ACTIVE) { // pause toggles
                    throw new IllegalStateException("the endpoint did not become active again");
                }
                receiver.reset(0);
                String loadMixed = load();
                List<Long> backlog = new ArrayList<>();
                Thread sampler = Thread.ofPlatform().daemon(true).start(() -> {
                    try {
                        while (true) {
                            backlog.add(pending(server));
                            Thread.sleep(5000);
                        }
                    } catch (InterruptedException | RuntimeException e) {
                        // run over
                    }
                });
                long before = System.nanoTime();
                long eventsBefore = events(server);
                ThreadCpu mixedCpu = ThreadCpu.start();
                Wrk mixed = run(wrk, threads, connections, mixedSeconds, script, url);
                String mixedPerEvent = mixedCpu.perEvent(events(server) - eventsBefore);
                double elapsed = (System.nanoTime() - before) / 1e9;
                sampler.interrupt();
                sampler.join();
                backlog.add(pending(server));
                double delivered = receiver.received() / elapsed;
                rows.add(row("ingest while delivering", mixed, loadMixed, String.format(Locale.ROOT,
                        "%,.0f deliveries/s arrived meanwhile; due backlog every 5 s: %s; CPU us/event: %s",
                        delivered, backlog, mixedPerEvent)));
                out.println(rows.get(rows.size() - 1));
            }
            if (drain > 0) {
                String loadDrain = load();
                double rate = DrainBenchmark.run(drain, 1, out);
                rows.add(String.format(Locale.ROOT, "| drain of %,d stored deliveries (1 endpoint) | %,.0f "
                        + "deliveries/s | | | | %s | |", drain, rate, loadDrain));
            }
        } finally {
            Benchmark.deleteTree(dataDir);
            Files.deleteIfExists(script);
        }
        out.println();
        out.println("| run | requests/s | p50 ms | p99 ms | non-2xx | load (1/5/15 min) before | notes |");
        out.println("|---|---:|---:|---:|---:|---|---|");
        rows.forEach(out::println);
    }

    private static String row(String what, Wrk w, String load, String notes) {
        return String.format(Locale.ROOT, "| %s | %,.0f | %.1f | %.1f | %d%s | %s | %s |", what, w.rate(), w.p50Ms(),
                w.p99Ms(), w.non2xx(), w.errors().isEmpty() ? "" : " (" + w.errors() + ")", load, notes);
    }

    /** Runs {@code wrk} with latency statistics and parses its report. */
    static Wrk run(String wrk, int threads, int connections, int seconds, Path script, String url)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(wrk, "-t" + threads, "-c" + connections, "-d" + seconds + "s",
                "--latency", "-s", script.toString(), url).redirectErrorStream(true).start();
        String report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(seconds + 30L, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("wrk failed: " + report);
        }
        return parse(report);
    }

    static Wrk parse(String report) {
        Matcher rate = RATE.matcher(report);
        if (!rate.find()) {
            throw new IllegalStateException("no Requests/sec in wrk's report: " + report);
        }
        Matcher non2xx = NON_2XX.matcher(report);
        Matcher errors = ERRORS.matcher(report);
        return new Wrk(Double.parseDouble(rate.group(1)), millis(P50.matcher(report)), millis(P99.matcher(report)),
                non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0, errors.find() ? errors.group() : "");
    }

    private static double millis(Matcher m) {
        if (!m.find()) {
            return Double.NaN;
        }
        double value = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> value / 1000;
            case "s" -> value * 1000;
            default -> value;
        };
    }

    /** The load average (1, 5, 15 minutes) from {@code /proc/loadavg}, or "?" where there is none. */
    static String load() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).split("\\s+");
            return parts[0] + " / " + parts[1] + " / " + parts[2];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** Starts a daemon thread running {@code sample} every {@code millis} until interrupted. */
    private static Thread sampleEvery(long millis, Runnable sample) {
        return Thread.ofPlatform().daemon(true).start(() -> {
            try {
                while (true) {
                    sample.run();
                    Thread.sleep(millis);
                }
            } catch (InterruptedException | RuntimeException e) {
                // run over
            }
        });
    }

    /** Events stored but not searchable yet (0 when the search rows are written with the events). */
    private static long unindexed(HooklineServer server) {
        return server.store().db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT (SELECT MAX(rowid) FROM events) - "
                    + "(SELECT indexed_rowid FROM search_index_state)"); ResultSet rs = s.executeQuery()) {
                return rs.next() ? Math.max(0, rs.getLong(1)) : 0L;
            } catch (java.sql.SQLException e) {
                return 0L;
            }
        });
    }

    private static long events(HooklineServer server) {
        return server.store().db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM events");
                 ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    /** Until the events' search rows are written (when the server has a background indexer), at most 30 s. */
    private static void awaitIndexed(HooklineServer server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            boolean caughtUp = server.store().db().read(c -> {
                try (PreparedStatement s = c.prepareStatement("SELECT (SELECT MAX(rowid) FROM events) <= "
                        + "(SELECT indexed_rowid FROM search_index_state)"); ResultSet rs = s.executeQuery()) {
                    return rs.next() && rs.getBoolean(1);
                } catch (java.sql.SQLException e) {
                    return true; // no indexer table: search rows were written with the events
                }
            });
            if (caughtUp) {
                return;
            }
            Thread.sleep(20);
        }
    }

    /** CPU time of the server's threads by group over a run (the writer; everything in the JVM). */
    private record ThreadCpu(java.util.Map<Long, Long> before, java.util.Map<Long, String> names) {

        static ThreadCpu start() {
            java.util.Map<Long, Long> cpu = new java.util.HashMap<>();
            java.util.Map<Long, String> names = new java.util.HashMap<>();
            snapshot(cpu, names);
            return new ThreadCpu(cpu, names);
        }

        private static void snapshot(java.util.Map<Long, Long> cpu, java.util.Map<Long, String> names) {
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            for (java.lang.management.ThreadInfo info : mx.getThreadInfo(mx.getAllThreadIds())) {
                if (info != null) {
                    cpu.put(info.getThreadId(), mx.getThreadCpuTime(info.getThreadId()));
                    names.put(info.getThreadId(), info.getThreadName());
                }
            }
        }

        /** "writer W, indexer I, dispatcher D, whole JVM T" in microseconds per event. */
        String perEvent(long events) {
            java.util.Map<Long, Long> after = new java.util.HashMap<>();
            java.util.Map<Long, String> afterNames = new java.util.HashMap<>();
            snapshot(after, afterNames);
            long writer = 0;
            long indexer = 0;
            long dispatcher = 0;
            long all = 0;
            for (var e : after.entrySet()) {
                long used = Math.max(0, e.getValue() - before.getOrDefault(e.getKey(), 0L));
                String name = afterNames.getOrDefault(e.getKey(), "");
                all += used;
                if (name.equals("hookline-db-writer")) {
                    writer += used;
                } else if (name.equals("hookline-search-indexer")) {
                    indexer += used;
                } else if (name.equals("hookline-dispatcher")) {
                    dispatcher += used;
                }
            }
            double n = Math.max(1, events) * 1000.0;
            java.util.Map<String, Long> groups = new java.util.TreeMap<>();
            for (var e : after.entrySet()) {
                String group = afterNames.getOrDefault(e.getKey(), "").replaceAll("[-#]?\\d+$", "");
                groups.merge(group, Math.max(0, e.getValue() - before.getOrDefault(e.getKey(), 0L)), Long::sum);
            }
            String top = groups.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                    .limit(5).map(g -> String.format(Locale.ROOT, "%s %.0f", g.getKey(), g.getValue() / n))
                    .collect(java.util.stream.Collectors.joining(", "));
            return String.format(Locale.ROOT, "writer %.0f, indexer thread %.0f, claim loop %.0f, JVM %.0f "
                    + "(%,d events; virtual threads count on their carriers; top: %s)", writer / n, indexer / n,
                    dispatcher / n, all / n, events, top);
        }
    }

    private static long pending(HooklineServer server) {
        return server.store().db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM event_deliveries "
                    + "WHERE status IN ('Scheduled', 'Retry', 'Processing')");
                 ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }
}
