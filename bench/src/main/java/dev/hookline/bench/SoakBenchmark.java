package dev.hookline.bench;

import com.sun.net.httpserver.HttpServer;
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
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak (issue 29 item 9): mixed ingest at a steady rate, delivery to a steady and a flaky receiver (a fifth of
 * its answers are 500, some slow), the retries that follow, and API reads, for {@code soak.minutes} (30 by default).
 * Every minute it prints the server process's RSS, threads, open file descriptors, and the WAL and database sizes:
 * after warm-up they should be flat. Run (see docs/BENCHMARKS.md):
 * {@code java -Xmx1g -Dsoak.minutes=30 -Dsoak.rate=100 -cp $CP dev.hookline.bench.SoakBenchmark}.
 */
public final class SoakBenchmark {

    private SoakBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        run(Integer.getInteger("soak.minutes", 30), Integer.getInteger("soak.rate", 100), System.out);
    }

    static void run(int minutes, int rate, PrintStream out) throws Exception {
        Path dataDir = Files.createTempDirectory("hookline-soak");
        HttpServer flaky = flakyReceiver();
        AtomicBoolean reading = new AtomicBoolean(true);
        AtomicLong reads = new AtomicLong();
        try (CountingReceiver steady = new CountingReceiver();
             HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null));
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            String projectId = admin.createProject(new CreateProjectRequest("soak", ProjectType.INCOMING, null, null))
                    .project().uid();
            ApiClient project = admin.withProject(projectId);
            Source source = project.createSource(new CreateSourceRequest("soak", SourceType.HTTP, null, null, null,
                    null, null, null, null));
            subscribe(project, source, steady.url(), "steady");
            subscribe(project, source, "http://127.0.0.1:" + flaky.getAddress().getPort() + "/hook", "flaky");
            Thread reader = Thread.ofVirtual().start(() -> {
                while (reading.get()) {
                    try {
                        project.listEvents(ListQuery.ofPerPage(50));
                        project.listEventDeliveries(ListQuery.ofPerPage(50));
                        reads.addAndGet(2);
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        return;
                    } catch (RuntimeException e) {
                        // counted as not read; the soak goes on
                    }
                }
            });
            LoadGenerator load = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + source.maskId(),
                    EngineBenchmark::payload);
            out.println("| minute | acknowledged | rejected/failed | API reads | RSS MB | threads | fds | WAL MB | DB MB |");
            out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            Path db = dataDir.resolve(ServerConfig.DATABASE_FILE);
            for (int minute = 1; minute <= minutes; minute++) {
                LoadGenerator.Result result = load.fixedRate(rate, 16, Duration.ofMinutes(1));
                out.printf(Locale.ROOT, "| %d | %,d | %,d | %,d | %d | %d | %d | %.1f | %.1f |%n", minute, result.ok(),
                        result.rejected() + result.failed(), reads.getAndSet(0),
                        IsolationBenchmark.rssKb() / 1024, ManagementFactory.getThreadMXBean().getThreadCount(),
                        openFiles(), mb(db.resolveSibling(db.getFileName() + "-wal")), mb(db));
                out.flush();
            }
            reading.set(false);
            reader.join(Duration.ofSeconds(10).toMillis());
            out.printf(Locale.ROOT, "steady receiver got %,d webhooks%n", steady.received());
        } finally {
            flaky.stop(0);
            Benchmark.deleteTree(dataDir);
        }
    }

    private static void subscribe(ApiClient project, Source source, String url, String name) {
        String endpoint = project.createEndpoint(EndpointRequest.of(url, name)).uid();
        project.createSubscription(new SubscriptionRequest(name, source.uid(), endpoint, null, null, null, null,
                new FilterConfig(List.of("*"), null), null, null));
    }

    /** Answers 500 to a fifth of the requests, and takes up to 200 ms for a tenth. */
    private static HttpServer flakyReceiver() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        byte[] ok = "{\"ok\":true}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            ThreadLocalRandom random = ThreadLocalRandom.current();
            if (random.nextInt(10) == 0) {
                try {
                    Thread.sleep(random.nextInt(200));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.sendResponseHeaders(random.nextInt(5) == 0 ? 500 : 200, ok.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(ok);
            }
        });
        server.start();
        return server;
    }

    private static long openFiles() {
        try (var files = Files.list(Path.of("/proc/self/fd"))) {
            return files.count();
        } catch (IOException e) {
            return -1;
        }
    }

    private static double mb(Path file) {
        try {
            return Files.size(file) / (1024.0 * 1024.0);
        } catch (IOException e) {
            return 0;
        }
    }
}
