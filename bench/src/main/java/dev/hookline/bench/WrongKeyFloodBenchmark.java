package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateProjectResponse;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a flood of wrong API keys does to legitimate ingest (issue 17, item 7; docs/adr/0028): legitimate
 * {@code POST /ingest} at a fixed rate, its latency measured from when each request was due, first alone, then
 * while other connections send {@code GET /api/v1/projects/{id}} at a fixed rate with the project's real key mask
 * and a new random secret each time. Two floods: while the real key is in use (its mask verified: every wrong
 * secret is refused from memory), and before it was ever used (each fresh secret needs PBKDF2, which runs on the
 * bounded key-check executor; what does not fit is answered 429 at once). Server and load share the JVM.
 *
 * <p>Options: {@code flood.seconds} (10 per phase), {@code flood.ingestRate} (200/s), {@code flood.rate} (604/s,
 * the issue's), {@code flood.connections} (32).
 */
public final class WrongKeyFloodBenchmark {

    private WrongKeyFloodBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = Integer.getInteger("flood.seconds", 10);
        int ingestRate = Integer.getInteger("flood.ingestRate", 200);
        int floodRate = Integer.getInteger("flood.rate", 604);
        int floodConnections = Integer.getInteger("flood.connections", 32);
        Path dataDir = Files.createTempDirectory("hookline-key-flood");
        try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null),
                null);
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            String ingestPath = ingestPath(admin, "ingest");
            CreateProjectResponse unused = admin.createProject(new CreateProjectRequest("never-used", ProjectType.OUTGOING,
                    null, null));
            CreateProjectResponse used = admin.createProject(new CreateProjectRequest("in-use", ProjectType.OUTGOING,
                    null, null));
            try (ApiClient user = new ApiClient(server.baseUrl() + "/api", used.apiKey().key())) {
                user.getProject(used.project().uid()); // the legitimate client's first call: its key is verified
            }
            LoadGenerator ingest = new LoadGenerator("127.0.0.1", server.port(), ingestPath, EngineBenchmark::payload);
            ingest.closedLoop(8, Duration.ofSeconds(3)); // warm-up

            System.out.printf(Locale.ROOT, "legitimate ingest %d/s for %d s per phase; flood %d/s over %d connections"
                    + "%n", ingestRate, seconds, floodRate, floodConnections);
            report("no flood", server, ingest, null, ingestRate, seconds, floodConnections);
            report("flood, key in use", server, ingest, new Flood(server.port(), used, floodRate),
                    ingestRate, seconds, floodConnections);
            report("flood, key never used", server, ingest, new Flood(server.port(), unused, floodRate),
                    ingestRate, seconds, floodConnections);
        } finally {
            Benchmark.deleteTree(dataDir);
        }
    }

    private static String ingestPath(ApiClient admin, String name) {
        String projectId = admin.createProject(new CreateProjectRequest(name, ProjectType.INCOMING, null, null))
                .project().uid();
        ApiClient project = admin.withProject(projectId);
        // never called: this server has no dispatcher, deliveries are stored and wait
        String endpointId = project.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/unused", "receiver")).uid();
        Source source = project.createSource(new CreateSourceRequest("bench-source", SourceType.HTTP, null, null,
                null, null, null, null, null));
        project.createSubscription(new SubscriptionRequest("bench", source.uid(), endpointId, null, null, null,
                null, new FilterConfig(List.of("*"), null), null, null));
        return "/ingest/" + source.maskId();
    }

    private static void report(String phase, HooklineServer server, LoadGenerator ingest, Flood flood,
                               int ingestRate, int seconds, int floodConnections) throws Exception {
        long pbkdf2Before = server.authenticator().pbkdf2Runs();
        List<Thread> flooders = flood == null ? List.of() : flood.start(floodConnections);
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        LoadGenerator.Result result = ingest.fixedRate(ingestRate, 16, Duration.ofSeconds(seconds), latencies::add);
        if (flood != null) {
            flood.stop(flooders);
        }
        Latencies l = Latencies.of(latencies.stream().mapToLong(Long::longValue).toArray());
        System.out.printf(Locale.ROOT, "%-22s ingest ok %,6d (not ok %d): p50 %6.1f ms  p99 %6.1f ms  max %6.1f ms",
                phase, result.ok(), result.rejected() + result.failed(), l.p50Ms(), l.p99Ms(), l.maxMs());
        if (flood != null) {
            System.out.printf(Locale.ROOT, " | flood answers %s in %.1f s, PBKDF2 runs %,d",
                    flood.statuses(), flood.elapsedSeconds(), server.authenticator().pbkdf2Runs() - pbkdf2Before);
        }
        System.out.println();
    }

    /** Wrong keys at a fixed rate: the project's mask with a new random secret each time. */
    private static final class Flood {
        private final int port;
        private final String path;
        private final String mask;
        private final int rate;
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
        private long started;
        private long stopped;

        Flood(int port, CreateProjectResponse project, int rate) {
            this.port = port;
            this.path = "/api/v1/projects/" + project.project().uid();
            this.mask = project.apiKey().key().split("\\.")[1];
            this.rate = rate;
        }

        List<Thread> start(int connections) {
            started = System.nanoTime();
            long interval = 1_000_000_000L * connections / rate; // each connection's share of the rate
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                long offset = interval * i / connections;
                threads.add(Thread.ofVirtual().start(() -> {
                    try (RawHttpConnection connection = new RawHttpConnection("127.0.0.1", port)) {
                        long next = started + offset;
                        while (running.get()) {
                            long wait = next - System.nanoTime();
                            if (wait > 0) {
                                Thread.sleep(Duration.ofNanos(wait));
                            }
                            next += interval;
                            int status = connection.get(path, "Bearer CO." + mask + "." + secret());
                            statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
                        }
                    } catch (IOException e) {
                        statuses.computeIfAbsent(-1, s -> new LongAdder()).increment();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            return threads;
        }

        void stop(List<Thread> threads) throws InterruptedException {
            running.set(false);
            for (Thread thread : threads) {
                thread.join();
            }
            stopped = System.nanoTime();
        }

        double elapsedSeconds() {
            return (stopped - started) / 1e9;
        }

        String statuses() {
            Map<Integer, Long> out = new TreeMap<>();
            statuses.forEach((status, count) -> out.put(status, count.sum()));
            return out.toString();
        }

        private static String secret() {
            char[] chars = new char[64];
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int i = 0; i < chars.length; i++) {
                chars[i] = (char) ('a' + random.nextInt(26));
            }
            return new String(chars);
        }
    }
}
