package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
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
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 13's isolation target (not a test; see docs/BENCHMARKS.md): project B ingests at a fixed rate (default 200
 * events/s, open loop) and its endpoint receives at a local sink, first alone, then while project A receives an event
 * a second through two hostile subscription functions (one loops forever, one allocates without bound). Reports B's
 * ingest p99 (from each request's due time to its answer) and ingest-to-receiver p99 in both runs and their ratios
 * (target: within 2x), and the server's largest RSS during the hostile run (target: under 1 GB).
 *
 * <p>It needs the script limits of issue 13 item 3 (a wall-clock limit that also stops long built-in calls, and a
 * memory bound per script call): without them the hostile functions hold the writer and take the RSS to several GB,
 * which is what the issue measured. The server runs in this JVM, so its RSS is this process's ({@code /proc/self}),
 * load generator and sinks included; the script workers (ADR 0023) are its child processes, reported beside it.
 *
 * <p>Options ({@code -D}): {@code isolation.rate} (200), {@code isolation.seconds} (30 per run),
 * {@code isolation.hostileRate} (events per second to project A, 1), {@code isolation.benign} (true: project A's
 * functions are harmless, a check of the harness).
 */
public final class IsolationBenchmark {

    static final String LOOPS_FOREVER = "function transform(payload) { while (true) {} }";
    static final String ALLOCATES_WITHOUT_BOUND = "function transform(payload) { var s = 'x'; "
            + "while (true) { s = s + s; } }";

    static final String HARMLESS = "function transform(payload) { return payload; }";

    private IsolationBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rate = Integer.getInteger("isolation.rate", 200);
        int seconds = Integer.getInteger("isolation.seconds", 30);
        int hostileRate = Integer.getInteger("isolation.hostileRate", 1);
        run(rate, seconds, hostileRate, System.out);
    }

    /** What one run of project B measured. */
    record Run(Latencies ingest, Latencies toReceiver, long ok, long rejected, long maxRssKb, long maxWorkersRssKb) {
    }

    static void run(int rate, int seconds, int hostileRate, PrintStream out) throws Exception {
        Path dataDir = Files.createTempDirectory("hookline-isolation-bench");
        try (CountingReceiver sinkB = new CountingReceiver(); CountingReceiver sinkA = new CountingReceiver();
             HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null));
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            String maskB = project(admin, "B", sinkB.url(), List.of(""));
            // isolation.benign=true: the same shape with harmless functions, to check the harness itself
            String maskA = project(admin, "A", sinkA.url(), Boolean.getBoolean("isolation.benign")
                    ? List.of(HARMLESS, HARMLESS) : List.of(LOOPS_FOREVER, ALLOCATES_WITHOUT_BOUND));
            LoadGenerator loadB = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + maskB,
                    EngineBenchmark::payload);
            loadB.fixedRate(rate, 16, Duration.ofSeconds(3)); // warm-up

            Run alone = measure(loadB, sinkB, rate, seconds);
            out.printf(Locale.ROOT, "B alone: %s%n", describe(alone));

            AtomicBoolean hostile = new AtomicBoolean(true);
            AtomicLong hostileSent = new AtomicLong();
            Thread projectA = Thread.ofVirtual().start(() -> {
                LoadGenerator loadA = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + maskA,
                        EngineBenchmark::payload);
                while (hostile.get()) {
                    long second = System.nanoTime() + 1_000_000_000L;
                    try {
                        hostileSent.addAndGet(loadA.fixedRate(hostileRate, 4, Duration.ofSeconds(1)).ok());
                        long left = second - System.nanoTime();
                        if (left > 0) {
                            java.util.concurrent.TimeUnit.NANOSECONDS.sleep(left); // the next second's events
                        }
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            Run withA = measure(loadB, sinkB, rate, seconds);
            hostile.set(false);
            projectA.join(Duration.ofSeconds(30).toMillis());
            out.printf(Locale.ROOT, "B while A's functions loop and allocate (%,d events to A acknowledged): %s%n",
                    hostileSent.get(), describe(withA));
            out.println();
            out.println("| run | B acknowledged | B ingest p50 / p99 ms | B ingest-to-receiver p50 / p99 ms "
                    + "| largest RSS: server / script workers |");
            out.println("|---|---:|---:|---:|---:|");
            out.println(row("B alone", alone));
            out.println(row("B while A's scripts misbehave", withA));
            out.printf(Locale.ROOT, "%nratios (target <= 2): ingest p99 %.2f, ingest-to-receiver p99 %.2f; largest "
                    + "RSS %,d MB in the server process, %,d MB in its script workers (target < 1,024 for the server)%n",
                    withA.ingest().p99Ms() / alone.ingest().p99Ms(), withA.toReceiver().p99Ms()
                            / alone.toReceiver().p99Ms(), withA.maxRssKb() / 1024, withA.maxWorkersRssKb() / 1024);
        } finally {
            Benchmark.deleteTree(dataDir);
        }
    }

    /** B at {@code rate} for {@code seconds}, RSS sampled every 250 ms meanwhile. */
    private static Run measure(LoadGenerator load, CountingReceiver sink, int rate, int seconds)
            throws InterruptedException {
        int expected = rate * seconds;
        sink.reset(expected);
        ConcurrentLinkedQueue<Long> ingest = new ConcurrentLinkedQueue<>();
        AtomicLong maxRss = new AtomicLong();
        AtomicLong maxWorkersRss = new AtomicLong();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = Thread.ofPlatform().daemon(true).start(() -> {
            while (sampling.get()) {
                maxRss.accumulateAndGet(rssKb(), Math::max);
                maxWorkersRss.accumulateAndGet(workersRssKb(), Math::max);
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        LoadGenerator.Result result = load.fixedRate(rate, 64, Duration.ofSeconds(seconds), ingest::add);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (sink.received() < result.ok() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        sampling.set(false);
        sampler.join();
        long[] nanos = ingest.stream().mapToLong(Long::longValue).toArray();
        return new Run(Latencies.of(nanos), Latencies.of(sink.latencySamples()), result.ok(), result.rejected(),
                maxRss.get(), maxWorkersRss.get());
    }

    /** An incoming project whose source is subscribed by one endpoint per function ("" = none) at the sink. */
    private static String project(ApiClient admin, String name, String sinkUrl, List<String> functions) {
        String projectId = admin.createProject(new CreateProjectRequest("isolation-" + name, ProjectType.INCOMING,
                null, null)).project().uid();
        ApiClient project = admin.withProject(projectId);
        Source source = project.createSource(new CreateSourceRequest(name + "-source", SourceType.HTTP, null, null,
                null, null, null, null, null));
        for (int i = 0; i < functions.size(); i++) {
            String endpointId = project.createEndpoint(EndpointRequest.of(sinkUrl, name + "-sink-" + i)).uid();
            String function = functions.get(i).isEmpty() ? null : functions.get(i);
            project.createSubscription(new SubscriptionRequest(name + "-" + i, source.uid(), endpointId, null,
                    function, null, null, new FilterConfig(List.of("*"), null), null, null));
        }
        return source.maskId();
    }

    private static String describe(Run r) {
        return String.format(Locale.ROOT, "%,d acknowledged (%,d rejected), ingest p50 %.1f / p99 %.1f ms, "
                + "to receiver p50 %.1f / p99 %.1f ms, largest RSS %,d MB (script workers %,d MB)", r.ok(), r.rejected(),
                r.ingest().p50Ms(), r.ingest().p99Ms(), r.toReceiver().p50Ms(), r.toReceiver().p99Ms(),
                r.maxRssKb() / 1024, r.maxWorkersRssKb() / 1024);
    }

    private static String row(String what, Run r) {
        return String.format(Locale.ROOT, "| %s | %,d | %.1f / %.1f | %.1f / %.1f | %,d MB / %,d MB |", what,
                r.ok(), r.ingest().p50Ms(), r.ingest().p99Ms(), r.toReceiver().p50Ms(), r.toReceiver().p99Ms(),
                r.maxRssKb() / 1024, r.maxWorkersRssKb() / 1024);
    }

    /** This process's resident set in kB, from {@code /proc/self/status} (0 where there is none). */
    static long rssKb() {
        return rssKb(Path.of("/proc/self/status"));
    }

    /**
     * The resident sets of this process's descendants together, in kB: the script workers (ADR 0023), which belong to
     * the server's footprint as much as its own heap does.
     */
    static long workersRssKb() {
        return ProcessHandle.current().descendants()
                .mapToLong(p -> rssKb(Path.of("/proc", Long.toString(p.pid()), "status"))).sum();
    }

    private static long rssKb(Path status) {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }
}
