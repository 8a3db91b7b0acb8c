package dev.hookline.bench;

import com.sun.management.OperatingSystemMXBean;
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
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the CPU of {@code POST /ingest} goes (see docs/BENCHMARKS.md, "Ingest speed work"): the engine benchmark's
 * ingest-only run (a server without a dispatcher, one source subscribed by one endpoint, 32 keep-alive connections
 * in the same JVM), reporting the CPU time per acknowledged event of each group of threads and of the whole process.
 * Events per second swing with what else runs on the machine; CPU per event is the steadier measure, and the
 * writer thread's share says how far the single SQLite writer is from being the limit.
 *
 * <p>Options: {@code ingest.seconds} (8), {@code ingest.connections} (32), {@code ingest.rate} (0: as fast as the
 * connections go). CPU per event falls as the rate rises (bigger groups per commit), so two builds compare at one
 * fixed rate below what either reaches: then a busy machine changes both alike.
 */
public final class IngestCpuBenchmark {

    private IngestCpuBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = Integer.getInteger("ingest.seconds", 8);
        int connections = Integer.getInteger("ingest.connections", 32);
        int rate = Integer.getInteger("ingest.rate", 0);
        Path dataDir = Files.createTempDirectory("hookline-ingest-cpu");
        try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null),
                null);
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            String projectId = admin.createProject(new CreateProjectRequest("ingest-cpu", ProjectType.INCOMING,
                    null, null)).project().uid();
            ApiClient project = admin.withProject(projectId);
            // never called: this server has no dispatcher, deliveries are stored and wait
            String endpointId = project.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/unused", "receiver"))
                    .uid();
            Source source = project.createSource(new CreateSourceRequest("bench-source", SourceType.HTTP, null, null,
                    null, null, null, null, null));
            project.createSubscription(new SubscriptionRequest("bench", source.uid(), endpointId, null, null, null,
                    null, new FilterConfig(List.of("*"), null), null, null));
            LoadGenerator load = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + source.maskId(),
                    EngineBenchmark::payload);
            load.closedLoop(connections, Duration.ofSeconds(4));

            OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            Map<String, Long> before = threadCpu();
            long processBefore = os.getProcessCpuTime();
            LoadGenerator.Result result = rate > 0 ? load.fixedRate(rate, connections, Duration.ofSeconds(seconds))
                    : load.closedLoop(connections, Duration.ofSeconds(seconds));
            long processAfter = os.getProcessCpuTime();
            Map<String, Long> after = threadCpu();

            long ok = Math.max(1, result.ok());
            System.out.printf(Locale.ROOT, "ingest: %,d acknowledged in %.1f s = %,.0f events/s, %d connections%n",
                    result.ok(), result.elapsed().toNanos() / 1e9, result.okPerSecond(), connections);
            Map<String, Long> byGroup = new TreeMap<>();
            after.forEach((thread, nanos) -> byGroup.merge(thread.replaceAll("\\d+", "#"),
                    nanos - before.getOrDefault(thread, 0L), Long::sum));
            byGroup.forEach((group, nanos) -> {
                if (nanos > 50_000_000L) {
                    System.out.printf(Locale.ROOT, "  %-34s %,7.0f ms CPU = %6.1f us/event%n", group, nanos / 1e6,
                            nanos / 1e3 / ok);
                }
            });
            System.out.printf(Locale.ROOT, "  %-34s %,7.0f ms CPU = %6.1f us/event (load generator included)%n",
                    "whole process", (processAfter - processBefore) / 1e6, (processAfter - processBefore) / 1e3 / ok);
        } finally {
            Benchmark.deleteTree(dataDir);
        }
    }

    /** CPU time of every live platform thread, by "name/id" (virtual threads count on their carriers). */
    static Map<String, Long> threadCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> out = new HashMap<>();
        for (long id : threads.getAllThreadIds()) {
            ThreadInfo info = threads.getThreadInfo(id);
            long nanos = threads.getThreadCpuTime(id);
            if (info != null && nanos > 0) {
                out.put(info.getThreadName() + "/" + id, nanos);
            }
        }
        return out;
    }
}
