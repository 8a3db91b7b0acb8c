package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
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
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Issue 29's fairness target (not a test; see docs/BENCHMARKS.md): project B ingests at a fixed rate (default 20
 * events/s) to one endpoint, first alone, then while project A floods the dispatcher, and B's ingest-to-receiver p50
 * and p99 are compared (target: the p99 within 2x of B alone).
 *
 * <p>Two floods, one after the other, each against its own baseline run of B:
 * <ul>
 *   <li><b>replay storm</b>: A has {@code fairness.replayEndpoints} endpoints (10) and {@code fairness.events} events
 *       (2,000) already delivered; {@code fairness.replays} (5) batch replays of all of them start at once
 *       (5 x 2,000 x 10 = 100,000 new deliveries);</li>
 *   <li><b>fan-out</b>: A's source is subscribed by {@code fairness.fanout} endpoints (1,000) and A ingests
 *       {@code fairness.fanoutRate} events/s (10: 10,000 deliveries a second asked for) while B is measured.</li>
 * </ul>
 * Every receiver is a local sink that answers at once, so what B waits for is the dispatcher's share, not A's
 * endpoints. {@code fairness.seconds} (20) is the length of each measured run.
 */
public final class FairnessBenchmark {

    private FairnessBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        run(Integer.getInteger("fairness.rate", 20), Integer.getInteger("fairness.seconds", 20), System.out);
    }

    /** What one measured run of B saw, and how many of A's deliveries arrived meanwhile. */
    record Run(Latencies ingest, Latencies toReceiver, long ok, long aReceived) {
    }

    static void run(int rate, int seconds, PrintStream out) throws Exception {
        Path dataDir = Files.createTempDirectory("hookline-fairness-bench");
        ServerConfig config = ServerConfig.standalone("127.0.0.1", 0, dataDir, null)
                .withDestinations(dev.hookline.server.outbound.DestinationPolicy.EMBEDDED);
        try (CountingReceiver sinkB = new CountingReceiver(); CountingReceiver sinkA = new CountingReceiver();
             HooklineServer server = HooklineServer.start(config);
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            Project b = project(admin, "B", sinkB.url(), 1);
            LoadGenerator loadB = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + b.maskId(),
                    EngineBenchmark::payload);
            loadB.fixedRate(rate, 8, Duration.ofSeconds(3)); // warm-up
            List<String> rows = new ArrayList<>();

            // replay storm
            int events = Integer.getInteger("fairness.events", 2_000);
            int replays = Integer.getInteger("fairness.replays", 5);
            Project a = project(admin, "A-replay", sinkA.url(), Integer.getInteger("fairness.replayEndpoints", 10));
            LoadGenerator loadA = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + a.maskId(),
                    EngineBenchmark::payload);
            long seeded = loadA.fixedRate(Math.max(1, events / 4), 16, Duration.ofSeconds(4)).ok();
            awaitReceived(sinkA, seeded * a.endpoints(), Duration.ofMinutes(2));
            settle(loadB, rate);
            Run alone = measure(loadB, sinkB, sinkA, rate, seconds, () -> { });
            out.printf(Locale.ROOT, "B alone: %s%n", describe(alone));
            Instant from = Instant.now().minus(Duration.ofHours(1));
            Instant to = Instant.now().plus(Duration.ofHours(1));
            ApiClient projectA = admin.withProject(a.id());
            long stormStarted = System.nanoTime();
            Run storm = measure(loadB, sinkB, sinkA, rate, seconds, () -> {
                for (int i = 0; i < replays; i++) {
                    Thread.ofVirtual().start(() -> projectA.batchReplayEvents(ListQuery.create().startDate(from)
                            .endDate(to)));
                }
            });
            out.printf(Locale.ROOT, "B during %d batch replays of %,d events x %d endpoints in A: %s%n", replays,
                    seeded, a.endpoints(), describe(storm));
            rows.add(row("B alone", alone));
            rows.add(row(String.format(Locale.ROOT, "B during %d batch replays in A (%,d deliveries)", replays,
                    replays * seeded * a.endpoints()), storm));
            long stormTotal = seeded * a.endpoints() * (1 + replays);
            awaitReceived(sinkA, stormTotal, Duration.ofMinutes(10)); // A's storm drains before the next flood
            out.printf(Locale.ROOT, "A's replays all delivered %.1f s after they started%n",
                    (System.nanoTime() - stormStarted) / 1e9);
            double stormRatio = storm.toReceiver().p99Ms() / alone.toReceiver().p99Ms();

            // fan-out
            Project fan = project(admin, "A-fanout", sinkA.url(), Integer.getInteger("fairness.fanout", 1_000));
            LoadGenerator loadFan = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + fan.maskId(),
                    EngineBenchmark::payload);
            int fanRate = Integer.getInteger("fairness.fanoutRate", 10);
            settle(loadB, rate);
            Run alone2 = measure(loadB, sinkB, sinkA, rate, seconds, () -> { });
            Run fanned = measure(loadB, sinkB, sinkA, rate, seconds, () -> Thread.ofVirtual().start(() -> {
                try {
                    loadFan.fixedRate(fanRate, 4, Duration.ofSeconds(seconds));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            out.printf(Locale.ROOT, "B during A's fan-out to %,d endpoints at %d events/s: %s%n", fan.endpoints(),
                    fanRate, describe(fanned));
            rows.add(row("B alone (again)", alone2));
            rows.add(row(String.format(Locale.ROOT, "B during a fan-out in A (%,d endpoints, %d events/s)",
                    fan.endpoints(), fanRate), fanned));
            double fanRatio = fanned.toReceiver().p99Ms() / alone2.toReceiver().p99Ms();

            out.println();
            out.println("| run | B delivered | B ingest p50 / p99 ms | B ingest-to-receiver p50 / p99 ms "
                    + "| A's deliveries received meanwhile |");
            out.println("|---|---:|---:|---:|---:|");
            rows.forEach(out::println);
            out.printf(Locale.ROOT, "%np99 ratios (target <= 2): replay storm %.2f, fan-out %.2f%n", stormRatio,
                    fanRatio);
        } finally {
            Benchmark.deleteTree(dataDir);
        }
    }

    /** B at {@code rate} for {@code seconds}, {@code flood} started with it; waits until B's events arrived. */
    private static Run measure(LoadGenerator load, CountingReceiver sinkB, CountingReceiver sinkA, int rate,
                               int seconds, Runnable flood) throws InterruptedException {
        sinkB.reset(rate * seconds);
        long aBefore = sinkA.received();
        flood.run();
        java.util.concurrent.ConcurrentLinkedQueue<Long> ingest = new java.util.concurrent.ConcurrentLinkedQueue<>();
        LoadGenerator.Result result = load.fixedRate(rate, 8, Duration.ofSeconds(seconds), ingest::add);
        long aDuring = sinkA.received() - aBefore;
        awaitReceived(sinkB, result.ok(), Duration.ofMinutes(5));
        return new Run(Latencies.of(ingest.stream().mapToLong(Long::longValue).toArray()),
                Latencies.of(sinkB.latencySamples()), result.ok(), aDuring);
    }

    /**
     * Lets what the last flood left behind (its checkpoints, the search index catching up, old-generation GC) pass
     * before B's baseline is measured: a baseline taken right after a flood measured the flood's tail (p99 up to
     * 128 ms against 8-25 ms on a quiet server).
     */
    private static void settle(LoadGenerator loadB, int rate) throws InterruptedException {
        Thread.sleep(2_000);
        loadB.fixedRate(rate, 8, Duration.ofSeconds(2));
    }

    private static void awaitReceived(CountingReceiver sink, long count, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (sink.received() < count && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /** A project with an HTTP source subscribed by {@code endpoints} endpoints at {@code sinkUrl}. */
    private record Project(String id, String maskId, int endpoints) {
    }

    private static Project project(ApiClient admin, String name, String sinkUrl, int endpoints) {
        String projectId = admin.createProject(new CreateProjectRequest("fairness-" + name, ProjectType.INCOMING,
                null, null)).project().uid();
        ApiClient project = admin.withProject(projectId);
        Source source = project.createSource(new CreateSourceRequest(name + "-source", SourceType.HTTP, null, null,
                null, null, null, null, null));
        for (int i = 0; i < endpoints; i++) {
            String endpointId = project.createEndpoint(EndpointRequest.of(sinkUrl + "?e=" + i, name + "-" + i)).uid();
            project.createSubscription(new SubscriptionRequest(name + "-" + i, source.uid(), endpointId, null, null,
                    null, null, new FilterConfig(List.of("*"), null), null, null));
        }
        return new Project(projectId, source.maskId(), endpoints);
    }

    private static String describe(Run r) {
        return String.format(Locale.ROOT, "%,d delivered, ingest p50 %.1f / p99 %.1f / max %.1f ms, to receiver p50 "
                + "%.1f / p99 %.1f / max %.1f ms; %,d of A's deliveries received meanwhile", r.ok(), r.ingest().p50Ms(),
                r.ingest().p99Ms(), r.ingest().maxMs(), r.toReceiver().p50Ms(), r.toReceiver().p99Ms(),
                r.toReceiver().maxMs(), r.aReceived());
    }

    private static String row(String what, Run r) {
        return String.format(Locale.ROOT, "| %s | %,d | %.1f / %.1f | %.1f / %.1f | %,d |", what, r.ok(),
                r.ingest().p50Ms(), r.ingest().p99Ms(), r.toReceiver().p50Ms(), r.toReceiver().p99Ms(), r.aReceived());
    }
}
