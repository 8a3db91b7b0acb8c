package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.events.EventRepository;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The dispatcher's throughput alone (not a test; see docs/BENCHMARKS.md): a backlog of {@code drain.deliveries}
 * due deliveries (default 20,000) spread over {@code drain.endpoints} endpoints (default 1) at a local receiver is
 * stored by a server that does not deliver, then a delivering server is started on the same data and timed until
 * every delivery arrived and was recorded. Start-up (recovery, first claim) is included.
 *
 * <p>Run: {@code java -cp <bench classpath> dev.hookline.bench.DrainBenchmark}.
 */
public final class DrainBenchmark {

    private static final int SEED_BATCH = 500;

    private DrainBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int deliveries = Integer.getInteger("drain.deliveries", 20_000);
        int endpoints = Integer.getInteger("drain.endpoints", 1);
        run(deliveries, endpoints, System.out);
    }

    static double run(int deliveries, int endpoints, PrintStream out) throws Exception {
        Path dataDir = Files.createTempDirectory("hookline-drain-bench");
        long writerCpu;
        try (CountingReceiver receiver = new CountingReceiver()) {
            ServerConfig config = ServerConfig.standalone("127.0.0.1", 0, dataDir, null);
            try (HooklineServer storing = HooklineServer.start(config, null);
                 ApiClient admin = new ApiClient(storing.baseUrl() + "/api", Benchmark.sessionKey(storing))) {
                String projectId = admin.createProject(new CreateProjectRequest("drain-bench", ProjectType.OUTGOING,
                        null, null)).project().uid();
                ApiClient project = admin.withProject(projectId);
                List<String> endpointIds = new ArrayList<>();
                for (int i = 0; i < endpoints; i++) {
                    endpointIds.add(project.createEndpoint(EndpointRequest.of(receiver.url(), "receiver-" + i))
                            .uid());
                }
                seed(storing, projectId, endpointIds, deliveries);
                // the search rows are part of storing the events: let the background indexer finish them here, so
                // the drain below measures delivering only
                while (!storing.searchIndexer().awaitCaughtUp(java.time.Duration.ofSeconds(1))) {
                    Thread.onSpinWait();
                }
            }
            receiver.reset(0);
            long cpuBefore = processCpuNanos();
            long writerBefore = threadCpuNanos("hookline-db-writer");
            long start = System.nanoTime();
            try (HooklineServer delivering = HooklineServer.start(config)) {
                while (receiver.received() < deliveries || pending(delivering) > 0) {
                    if (System.nanoTime() - start > 600_000_000_000L) {
                        throw new IllegalStateException("only " + receiver.received() + " of " + deliveries
                                + " arrived in 10 minutes");
                    }
                    Thread.sleep(5);
                }
                writerCpu = threadCpuNanos("hookline-db-writer") - writerBefore;
            }
            long cpu = processCpuNanos() - cpuBefore;
            double seconds = (receiver.lastNanos() - start) / 1e9;
            double rate = deliveries / seconds;
            out.printf(Locale.ROOT, "drain: %,d deliveries to %d endpoint(s) delivered and recorded in %.2f s = "
                    + "%,.0f deliveries/s (%d cores); CPU per delivery: process %.0f us, database writer %.0f us "
                    + "(the writer thread of the delivering server; the writer before it was a new server's)%n",
                    deliveries, endpoints, seconds, rate, Runtime.getRuntime().availableProcessors(),
                    cpu / 1000.0 / deliveries, writerCpu / 1000.0 / deliveries);
            return rate;
        } finally {
            Benchmark.deleteTree(dataDir);
        }
    }

    /** Stores {@code count} due deliveries (one event each), round-robin over the endpoints, in batched writes. */
    private static void seed(HooklineServer server, String projectId, List<String> endpointIds, int count) {
        for (int done = 0; done < count; done += SEED_BATCH) {
            int from = done;
            int to = Math.min(count, done + SEED_BATCH);
            server.store().db().write(c -> {
                for (int n = from; n < to; n++) {
                    String endpointId = endpointIds.get(n % endpointIds.size());
                    Event event = server.repositories().events().insert(c, new EventRepository.NewEvent(projectId, "invoice.paid",
                            null, List.of(endpointId), Map.of(), new String(EngineBenchmark.payload(n),
                            java.nio.charset.StandardCharsets.UTF_8), null, null, null, false, null, null, null));
                    server.repositories().deliveries().insertDeliveries(c, projectId, List.of(new DeliveryRepository.NewDelivery(
                            event.uid(), endpointId, null, null, event.eventType(), null,
                            EventDeliveryStatus.SCHEDULED, null, null, null, null, null, 0, null, 0, null,
                            event.acknowledgedAt())));
                }
                return null;
            });
        }
    }

    /** CPU time of the whole process so far. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** CPU time of the live threads named {@code name}. */
    static long threadCpuNanos(String name) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long total = 0;
        for (java.lang.management.ThreadInfo info : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (info != null && info.getThreadName().equals(name)) {
                total += Math.max(0, mx.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
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
