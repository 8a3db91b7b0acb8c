package dev.hookline.server.ingest;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 13's isolation scenario by hand (ADR 0023), not a test: project B ingests at a steady rate with a transform,
 * alone, then while project A's transform loops forever and project C's allocates without bound (each sent a few
 * events a second). Prints B's acknowledgement latencies and the RSS of this process and its script workers.
 * Arguments: events per second for B (200), seconds per phase (15).
 */
public final class IsolationProbe {

    private IsolationProbe() {
    }

    public static void main(String[] args) throws Exception {
        int rate = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        Path dir = Files.createTempDirectory("isolation-probe");
        try (Receiver receiver = Receiver.start();
             OkHttpWebhookSender sender = new OkHttpWebhookSender(Clock.systemUTC());
             TestServer server = TestServer.startWithScriptLimit(dir, Duration.ofSeconds(1), sender)) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            Source b = source(server, receiver, "b", "function transform(p) { p.seen = true; return p; }");
            Source a = source(server, receiver, "a", "function transform(p) { while (true) {} }");
            Source c = source(server, receiver, "c", "function transform(p) { var s = []; while (true) { "
                    + "s.push('x'.repeat(1 << 20)); } }");
            phase("B alone (warm-up)", http, server, b, rate, seconds, List.of());
            phase("B alone", http, server, b, rate, seconds, List.of());
            phase("B while A loops and C allocates", http, server, b, rate, seconds, List.of(a, c));
            System.out.printf("delivered to B: %d%n", receiver.requests(r -> r.path().equals("/b")).size());
        }
    }

    private static Source source(TestServer server, Receiver receiver, String name, String function) {
        TestProject project = server.newProject(name, ProjectType.INCOMING);
        ApiClient client = project.client();
        Endpoint endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/" + name), name));
        Source source = client.createSource(new CreateSourceRequest(name, SourceType.HTTP, null, null, null, null,
                null, null, null));
        new IngestFixtures(client).subscribe(name, endpoint.uid(), source.uid(), List.of("*"), null, function);
        return source;
    }

    private static void phase(String name, HttpClient http, TestServer server, Source b, int rate, int seconds,
                              List<Source> hostile) throws Exception {
        List<Long> micros = Collections.synchronizedList(new ArrayList<>());
        AtomicLong failed = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        ScheduledExecutorService clock = Executors.newScheduledThreadPool(2);
        long maxRss = 0;
        long maxWorkers = 0;
        try {
            for (Source h : hostile) {
                clock.scheduleAtFixedRate(() -> Thread.ofVirtual().start(() -> send(http, post(server, h))),
                        0, 250, TimeUnit.MILLISECONDS);
            }
            clock.scheduleAtFixedRate(() -> Thread.ofVirtual().start(() -> {
                long start = System.nanoTime();
                int status = send(http, post(server, b));
                if (status != 200) {
                    failed.incrementAndGet();
                } else if (running.get()) {
                    micros.add((System.nanoTime() - start) / 1_000);
                }
            }), 0, 1_000_000 / rate, TimeUnit.MICROSECONDS);
            long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
            while (System.nanoTime() < end) {
                Thread.sleep(500);
                maxRss = Math.max(maxRss, rss(ProcessHandle.current().pid()));
                maxWorkers = Math.max(maxWorkers,
                        ProcessHandle.current().children().mapToLong(p -> rss(p.pid())).sum());
            }
        } finally {
            running.set(false);
            clock.shutdownNow();
        }
        List<Long> sorted;
        synchronized (micros) {
            sorted = new ArrayList<>(micros);
        }
        Collections.sort(sorted);
        System.out.printf("%-34s %5d acks, %d failed, p50 %6.1f ms, p99 %7.1f ms, max RSS: this JVM (server, load, "
                + "receiver) %d MB, script workers together %d MB%n", name, sorted.size(), failed.get(),
                at(sorted, 0.50), at(sorted, 0.99), maxRss, maxWorkers);
    }

    private static int send(HttpClient http, HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            return -1;
        }
    }

    private static HttpRequest post(TestServer server, Source source) {
        return HttpRequest.newBuilder(URI.create(server.baseUrl() + "/ingest/" + source.maskId()))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"order\":42,\"items\":[1,2,3]}")).build();
    }

    private static double at(List<Long> sorted, double quantile) {
        return sorted.isEmpty() ? -1 : sorted.get((int) Math.min(sorted.size() - 1, sorted.size() * quantile)) / 1000.0;
    }

    private static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (Exception e) {
            return 0;
        }
        return 0;
    }
}
