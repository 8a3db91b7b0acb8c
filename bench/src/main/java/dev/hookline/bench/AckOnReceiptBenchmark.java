package dev.hookline.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Issue 24, item 1: acknowledge on durable receipt (ADR 0038); not a test, see docs/BENCHMARKS.md. One server in
 * this JVM, the standard script limit (1 s).
 *
 * <ol>
 *   <li><b>Without</b>: source S (project S, one plain subscription to a sink) takes {@code ack.rate} events/s open
 *       loop for {@code ack.seconds}; meanwhile project C (outgoing, one plain subscription) is probed through the
 *       event API, one event at a time: the time from its answer until its delivery is listed
 *       ({@code /eventdeliveries?eventId=}), i.e. the bound on "deliveries appear after the acknowledgement".</li>
 *   <li><b>With a looping transform</b> on the same source S (a second subscription whose transform never ends): the
 *       same load, the same probe; meanwhile project H sends one event every {@code ack.hostileEveryMs} ms through
 *       the event API to an endpoint whose transform loops, and each is watched until its failure reason is set.</li>
 * </ol>
 * Reports S's acknowledgement p50/p99 in both runs and their ratio (target: within 2x), C's answer-to-deliveries p50
 * / p99 in both, and H's answer-to-reason p50/p99/max (target: every one within 5 s).
 *
 * <p>Options ({@code -D}): {@code ack.rate} (200), {@code ack.seconds} (15 per run), {@code ack.hostileEveryMs}
 * (2000).
 */
public final class AckOnReceiptBenchmark {

    static final String LOOPS_FOREVER = "function transform(payload) { while (true) {} }";

    private AckOnReceiptBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        run(Integer.getInteger("ack.rate", 200), Integer.getInteger("ack.seconds", 15),
                Integer.getInteger("ack.hostileEveryMs", 2000), System.out);
    }

    /** One run: S's acknowledgements, C's answer-to-deliveries, H's answer-to-reason (null without H). */
    record Run(Latencies ack, long ok, long rejected, Latencies planned, Latencies hostile, int hostileSlow) {
    }

    static void run(int rate, int seconds, int hostileEveryMs, PrintStream out) throws Exception {
        Path dataDir = Files.createTempDirectory("hookline-ack-bench");
        try (CountingReceiver sink = new CountingReceiver();
             HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null));
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            ApiClient s = project(admin, "S", ProjectType.INCOMING);
            Source source = s.createSource(new CreateSourceRequest("S-source", SourceType.HTTP, null, null, null,
                    null, null, null, null));
            subscribe(s, sink.url(), "S-plain", source.uid(), null);
            ApiClient c = project(admin, "C", ProjectType.OUTGOING);
            String probeEndpoint = subscribe(c, sink.url(), "C-plain", null, null);
            ApiClient h = project(admin, "H", ProjectType.OUTGOING);
            String hostileEndpoint = subscribe(h, sink.url(), "H-loops", null, LOOPS_FOREVER);

            LoadGenerator load = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + source.maskId(),
                    EngineBenchmark::payload);
            load.fixedRate(rate, 16, Duration.ofSeconds(8)); // warm-up (the JIT, the planner, the first workers)
            sink.reset(16); // the sink only answers here; its latency samples are not used

            Run without = measure(load, rate, seconds, c, probeEndpoint, null, null, 0);
            out.printf(Locale.ROOT, "without: %s%n", describe(without));

            subscribe(s, sink.url(), "S-loops", source.uid(), LOOPS_FOREVER);
            Run with = measure(load, rate, seconds, c, probeEndpoint, h, hostileEndpoint, hostileEveryMs);
            out.printf(Locale.ROOT, "with a looping transform on S: %s%n", describe(with));
            out.printf(Locale.ROOT, "events of S acknowledged and not planned yet at the end: %,d%n",
                    server.planningBacklog());
            out.println();
            out.println("| run | S acknowledged | S ack p50 / p99 ms | C answer to deliveries listed p50 / p99 ms "
                    + "| H answer to failure reason p50 / p99 / max ms (over 5 s) |");
            out.println("|---|---:|---:|---:|---:|");
            out.println(row("without", without));
            out.println(row("with a looping transform on S, hostile H", with));
            out.printf(Locale.ROOT, "%nratio of S's ack p99 (target <= 2): %.2f%n",
                    with.ack().p99Ms() / without.ack().p99Ms());
        } finally {
            Benchmark.deleteTree(dataDir);
        }
    }

    private static Run measure(LoadGenerator load, int rate, int seconds, ApiClient probe, String probeEndpoint,
                               ApiClient hostile, String hostileEndpoint, int hostileEveryMs) throws Exception {
        ConcurrentLinkedQueue<Long> acks = new ConcurrentLinkedQueue<>();
        AtomicBoolean running = new AtomicBoolean(true);
        List<Long> planned = new ArrayList<>();
        Thread prober = Thread.ofVirtual().start(() -> {
            while (running.get()) {
                long t0 = System.nanoTime();
                Event e = probe.createEvent(CreateEventRequest.toEndpoint(probeEndpoint, "probe",
                        JsonNodeFactory.instance.objectNode().put("t", t0)));
                long answered = System.nanoTime();
                while (probe.listEventDeliveries(ListQuery.ofPerPage(1).with("eventId", e.uid())).content()
                        .isEmpty()) {
                    Thread.onSpinWait();
                }
                synchronized (planned) {
                    planned.add(System.nanoTime() - answered);
                }
                sleepQuietly(50);
            }
        });
        List<Long> reasons = new ArrayList<>();
        List<Thread> watchers = new ArrayList<>();
        Thread hostileSender = hostile == null ? null : Thread.ofVirtual().start(() -> {
            while (running.get()) {
                Event e = hostile.createEvent(CreateEventRequest.toEndpoint(hostileEndpoint, "hostile",
                        JsonNodeFactory.instance.objectNode().put("n", 1)));
                long answered = System.nanoTime();
                Thread watcher = Thread.ofVirtual().start(() -> {
                    long deadline = answered + Duration.ofSeconds(120).toNanos();
                    while (System.nanoTime() < deadline) {
                        Event now = hostile.getEvent(e.uid());
                        if (now.failureReason() != null && !now.failureReason().isEmpty()) {
                            synchronized (reasons) {
                                reasons.add(System.nanoTime() - answered);
                            }
                            return;
                        }
                        sleepQuietly(20);
                    }
                });
                synchronized (watchers) {
                    watchers.add(watcher);
                }
                sleepQuietly(hostileEveryMs);
            }
        });
        LoadGenerator.Result result = load.fixedRate(rate, 64, Duration.ofSeconds(seconds), acks::add);
        running.set(false);
        prober.join();
        if (hostileSender != null) {
            hostileSender.join();
            for (Thread w : List.copyOf(watchers)) {
                w.join();
            }
        }
        Latencies hostileLatencies = null;
        int slow = 0;
        synchronized (reasons) {
            if (!reasons.isEmpty()) {
                hostileLatencies = Latencies.of(reasons.stream().mapToLong(Long::longValue).toArray());
                slow = (int) reasons.stream().filter(n -> n > Duration.ofSeconds(5).toNanos()).count();
            }
        }
        long[] plannedNanos;
        synchronized (planned) {
            plannedNanos = planned.stream().mapToLong(Long::longValue).toArray();
        }
        return new Run(Latencies.of(acks.stream().mapToLong(Long::longValue).toArray()), result.ok(),
                result.rejected(), Latencies.of(plannedNanos), hostileLatencies, slow);
    }

    private static ApiClient project(ApiClient admin, String name, ProjectType type) {
        String id = admin.createProject(new CreateProjectRequest("ack-" + name, type, null, null)).project().uid();
        return admin.withProject(id);
    }

    /** An endpoint at the sink and a subscription to it (from {@code sourceId} when given); the endpoint's ID. */
    private static String subscribe(ApiClient project, String sinkUrl, String name, String sourceId,
                                    String function) {
        String endpointId = project.createEndpoint(EndpointRequest.of(sinkUrl, name)).uid();
        project.createSubscription(new SubscriptionRequest(name, sourceId, endpointId, null, function, null, null,
                new FilterConfig(List.of("*"), null), null, null));
        return endpointId;
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String describe(Run r) {
        return String.format(Locale.ROOT, "%,d acknowledged (%,d rejected), ack p50 %.1f / p99 %.1f ms; answer to "
                        + "deliveries listed p50 %.1f / p99 %.1f ms (%d probes)%s", r.ok(), r.rejected(), r.ack().p50Ms(),
                r.ack().p99Ms(), r.planned().p50Ms(), r.planned().p99Ms(), r.planned().count(), r.hostile() == null
                        ? "" : String.format(Locale.ROOT, "; hostile answer to reason p50 %.0f / p99 %.0f / max %.0f ms "
                        + "(%d events, %d over 5 s)", r.hostile().p50Ms(), r.hostile().p99Ms(), r.hostile().maxMs(),
                        r.hostile().count(), r.hostileSlow()));
    }

    private static String row(String what, Run r) {
        return String.format(Locale.ROOT, "| %s | %,d | %.1f / %.1f | %.1f / %.1f | %s |", what, r.ok(),
                r.ack().p50Ms(), r.ack().p99Ms(), r.planned().p50Ms(), r.planned().p99Ms(), r.hostile() == null ? "-"
                        : String.format(Locale.ROOT, "%.0f / %.0f / %.0f (%d of %d)", r.hostile().p50Ms(),
                        r.hostile().p99Ms(), r.hostile().maxMs(), r.hostileSlow(), r.hostile().count()));
    }
}
