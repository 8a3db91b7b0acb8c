package dev.hookline.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateProjectResponse;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StorageInfo;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.retention.RetentionRepository;
import dev.hookline.server.retention.RetentionSweeper;
import dev.hookline.server.retry.Retry;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Retention at scale (ADR 0032; not a test, see docs/BENCHMARKS.md): seeds {@code bench.events} events 40 days old
 * (one settled delivery and one attempt each, search rows written), then applies a 720h policy with the server's own
 * sweeper code and reports how long each batch held the writer (p50, p99, max), rows deleted per second, and the
 * latency of event creation through the API in another project before and during the sweep.
 *
 * <pre>
 * ./mvnw -o -q -B -pl bench -am -DskipTests package dependency:build-classpath -Dmdep.outputFile=/tmp/bench-cp.txt
 * java -cp bench/target/classes:$(cat /tmp/bench-cp.txt) -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
 *     -Dbench.events=200000 dev.hookline.bench.RetentionBenchmark
 * </pre>
 */
public final class RetentionBenchmark {

    private static final int EVENTS_PER_WRITE = 1000;
    private static final Duration AGE = Duration.ofDays(40);
    private static final long CREATE_INTERVAL_NANOS = 5_000_000; // 200 events/s in the other project

    private RetentionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int events = Integer.getInteger("bench.events", 200_000);
        PrintStream out = System.out;
        Path dir = Files.createTempDirectory("hookline-retention-bench");
        Instant end = Instant.now();
        SeedClock clock = new SeedClock(end.minus(AGE));
        try (HooklineServer server = HooklineServer.start(
                ServerConfig.standalone("127.0.0.1", 0, dir, null).withClock(clock), null);
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", server.ownerKey())) {
            server.retention().close(); // this benchmark runs the sweep itself, with a listener
            CreateProjectResponse old = admin.createProject(new CreateProjectRequest("old", ProjectType.OUTGOING, null,
                    null));
            String oldId = old.project().uid();
            long seedStart = System.nanoTime();
            seed(server, clock, oldId, events, end.minus(AGE), end.minus(AGE).plus(Duration.ofDays(5)));
            out.printf(Locale.ROOT, "seeded %d events, %d deliveries, %d attempts in %.1f s%n", events, events,
                    events, (System.nanoTime() - seedStart) / 1e9);
            while (!server.searchIndexer().awaitCaughtUp(Duration.ofSeconds(30))) {
                out.println("waiting for the search indexer…");
            }
            clock.release();

            CreateProjectResponse live = admin.createProject(new CreateProjectRequest("live", ProjectType.OUTGOING,
                    null, null));
            ApiClient liveClient = new ApiClient(server.baseUrl() + "/api", live.apiKey().key())
                    .withProject(live.project().uid());
            String endpoint = liveClient.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/hook", "sink")).uid();
            ApiClient oldClient = admin.withProject(oldId);
            oldClient.updateProject(oldId, new dev.hookline.api.model.UpdateProjectRequest("old", null,
                    ProjectConfig.builder()
                            .retentionPolicy(new ProjectConfig.RetentionPolicy("720h", true))
                            .build()));
            StorageInfo before = oldClient.storage();
            out.println("before the sweep: " + files(dir));

            Latencies baseline = createEvents(liveClient, endpoint, Duration.ofSeconds(10), null);

            List<Long> holds = new ArrayList<>();
            List<Long> cpu = new ArrayList<>();
            long[] rows = new long[1];
            RetentionSweeper sweeper = new RetentionSweeper(server.store(), server.repositories().projects(),
                    new RetentionRepository(server.store().db()), batch -> {
                synchronized (holds) {
                    holds.add(batch.heldNanos());
                    cpu.add(batch.cpuNanos());
                    // an event row, its endpoint row, its search row, its deliveries and their attempts
                    rows[0] += 3L * batch.events() + batch.deliveries() + batch.attempts();
                }
            });
            AtomicBoolean sweeping = new AtomicBoolean(true);
            long[] sweepNanos = new long[1];
            Thread sweep = Thread.ofPlatform().start(() -> {
                long start = System.nanoTime();
                try {
                    sweeper.sweep();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    sweepNanos[0] = System.nanoTime() - start;
                    sweeping.set(false);
                }
            });
            Latencies during = createEvents(liveClient, endpoint, Duration.ofMinutes(10), sweeping);
            sweep.join();
            StorageInfo after = oldClient.storage();
            out.println("after the sweep: " + files(dir));

            long[] held = holds.stream().mapToLong(Long::longValue).toArray();
            Latencies hold = Latencies.of(held);
            out.printf(Locale.ROOT, "sweep: %d batches, %.1f s, %d events deleted (%d rows with deliveries, attempts, "
                            + "endpoint and search rows), %.0f events/s, %.0f rows/s%n", held.length,
                    sweepNanos[0] / 1e9, sweeper.lastCleanup(oldId).events(), rows[0],
                    sweeper.lastCleanup(oldId).events() / (sweepNanos[0] / 1e9), rows[0] / (sweepNanos[0] / 1e9));
            out.printf(Locale.ROOT, "writer hold per batch: p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                    hold.p50Ms(), hold.p95Ms(), hold.p99Ms(), hold.maxMs());
            Latencies cpuHold = Latencies.of(cpu.stream().mapToLong(Long::longValue).toArray());
            out.printf(Locale.ROOT, "writer CPU per batch: p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                    cpuHold.p50Ms(), cpuHold.p95Ms(), cpuHold.p99Ms(), cpuHold.maxMs());
            out.printf(Locale.ROOT, "event creation in another project (200/s): before p50 %.2f / p99 %.2f / max %.2f "
                            + "ms (%d); during the sweep p50 %.2f / p99 %.2f / max %.2f ms (%d)%n",
                    baseline.p50Ms(), baseline.p99Ms(), baseline.maxMs(), baseline.count(), during.p50Ms(),
                    during.p99Ms(), during.maxMs(), during.count());
            out.printf(Locale.ROOT, "database: %.1f MB before, %.1f MB after, of which reusable %.1f MB; oldest event "
                            + "%s -> %s%n", before.databaseBytes() / 1e6, after.databaseBytes() / 1e6,
                    after.reusableBytes() / 1e6, before.oldestEventAt(), after.oldestEventAt());
            liveClient.close();
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The data directory's files and their sizes in MB. */
    private static String files(Path dir) throws java.io.IOException {
        StringBuilder text = new StringBuilder();
        try (var list = Files.list(dir)) {
            for (Path file : list.sorted().toList()) {
                text.append(String.format(Locale.ROOT, "%s %.1f MB; ", file.getFileName(), Files.size(file) / 1e6));
            }
        }
        return text.toString();
    }

    /** {@code count} events spread from {@code from} to {@code to}, each with one Success delivery and one attempt. */
    private static void seed(HooklineServer server, SeedClock clock, String projectId, int count, Instant from,
                             Instant to) {
        long span = Duration.between(from, to).toMillis();
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("customer", "cus_123").put("amount", 4200);
        String data = payload.toString();
        for (int done = 0; done < count; done += EVENTS_PER_WRITE) {
            int first = done;
            int n = Math.min(EVENTS_PER_WRITE, count - done);
            server.store().db().write(c -> {
                for (int i = first; i < first + n; i++) {
                    clock.set(from.plusMillis(span * i / count));
                    Event event = server.repositories().events().insert(c, new EventRepository.NewEvent(projectId, "invoice.paid",
                            null, List.of("E1"), Map.of("Content-Type", List.of("application/json")), data, "", "/",
                            "", false, EventStatus.SUCCESS, "", null));
                    EventDelivery delivery = server.repositories().deliveries().insertDeliveries(c, projectId, List.of(
                            new DeliveryRepository.NewDelivery(event.uid(), "E1", "S1", "", "invoice.paid", "",
                                    EventDeliveryStatus.SUCCESS, DeliveryMode.AT_LEAST_ONCE, Map.of(), "",
                                    Retry.DEFAULT, null, 1, null, 0.05, "", null))).get(0);
                    Instant at = server.store().now();
                    server.repositories().attempts().insert(c, projectId, new AttemptRepository.NewAttempt(delivery.uid(), "E1",
                            "https://receiver.example/hook", "POST", "2025-11-24", "127.0.0.1", Map.of(), data,
                            Map.of(), "200 OK", "ok", "", true, 50, at, at.plusMillis(50)));
                }
                return null;
            });
        }
    }

    /**
     * Creates events in the live project at 200/s for {@code length}, or while {@code whileTrue} holds, and returns
     * their latencies.
     */
    private static Latencies createEvents(ApiClient client, String endpoint, Duration length, AtomicBoolean whileTrue) {
        List<Long> nanos = new ArrayList<>();
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("n", 1);
        long stop = System.nanoTime() + length.toNanos();
        long next = System.nanoTime();
        while (System.nanoTime() < stop && (whileTrue == null || whileTrue.get())) {
            long start = System.nanoTime();
            client.createEvent(CreateEventRequest.toEndpoint(endpoint, "live.event", data));
            nanos.add(System.nanoTime() - start);
            next += CREATE_INTERVAL_NANOS;
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(sleep);
            }
        }
        return Latencies.of(nanos.stream().mapToLong(Long::longValue).toArray());
    }
}
