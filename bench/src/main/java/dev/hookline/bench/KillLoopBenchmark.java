package dev.hookline.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.Json;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.ServerMain;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Crash safety and the log's bound under a long load (issue 24's targets): the headless server runs in its own JVM,
 * {@code kill.senders} clients ingest as fast as it answers while every event is delivered to a local receiver, and
 * the server is SIGKILLed {@code kill.kills} times at random moments spread over {@code kill.minutes}, restarted on
 * the same data directory each time. The {@code -wal} file's size is sampled every 200 ms throughout. At the end,
 * once the load stopped and the receiver got everything, it reports acknowledged events missing from the database
 * (must be 0), acknowledged events never delivered (must be 0), events delivered more than once (at least once
 * allows them: a delivery that got its answer just before a kill is sent again) and the largest {@code -wal} seen.
 *
 * <p>Run (docs/BENCHMARKS.md): {@code java -Dkill.minutes=10 -Dkill.kills=10 -cp $CP
 * dev.hookline.bench.KillLoopBenchmark}.
 */
public final class KillLoopBenchmark {

    private static final Pattern READY = Pattern.compile("Hookline server on (http://\\S+)");
    private static final String KEY = "CO.KillLoopBench00.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab";

    private KillLoopBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int minutes = Integer.getInteger("kill.minutes", 10);
        int kills = Integer.getInteger("kill.kills", 10);
        int senders = Integer.getInteger("kill.senders", 32);
        Path dataDir = Files.createTempDirectory("hookline-kill-loop");
        Path wal = dataDir.resolve(ServerConfig.DATABASE_FILE + "-wal");
        Map<Long, AtomicInteger> received = new ConcurrentHashMap<>();
        HttpServer receiver = receiver(received);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        AtomicLong maxWal = new AtomicLong();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = Thread.ofPlatform().daemon().start(() -> {
            while (sampling.get()) {
                try {
                    maxWal.accumulateAndGet(Files.exists(wal) ? Files.size(wal) : 0, Math::max);
                    Thread.sleep(200);
                } catch (IOException e) {
                    // rotated under us: the next sample sees it
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        Process server = null;
        try {
            Child child = start(dataDir);
            server = child.process();
            String mask;
            try (ApiClient admin = new ApiClient(child.baseUrl() + "/api", KEY)) {
                mask = setUp(admin, "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook");
            }
            // the base URL the senders use; swapped at every restart
            AtomicReference<String> base = new AtomicReference<>(child.baseUrl());
            Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
            AtomicLong sequence = new AtomicLong();
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    while (!stop.get()) {
                        long seq = sequence.incrementAndGet();
                        if (ingest(http, base.get(), mask, seq)) {
                            acknowledged.add(seq);
                        } else {
                            sleepQuietly(20); // down: try again shortly
                        }
                    }
                }));
            }
            long slice = TimeUnit.MINUTES.toMillis(minutes) / kills;
            System.out.println("| kill | after s | acknowledged so far | delivered so far | restart ms |");
            System.out.println("|---:|---:|---:|---:|---:|");
            for (int k = 1; k <= kills; k++) {
                long wait = slice / 2 + ThreadLocalRandom.current().nextLong(slice / 2);
                Thread.sleep(wait);
                server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                long restart = System.nanoTime();
                child = start(dataDir);
                server = child.process();
                base.set(child.baseUrl());
                System.out.printf(Locale.ROOT, "| %d | %.1f | %,d | %,d | %d |%n", k, wait / 1000.0,
                        acknowledged.size(), received.size(),
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restart));
            }
            Thread.sleep(slice / 2);
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (!received.keySet().containsAll(acknowledged) && System.nanoTime() < deadline) {
                Thread.sleep(500);
            }
            Set<Long> stored = storedSequences(dataDir.resolve(ServerConfig.DATABASE_FILE));
            Set<Long> lost = new HashSet<>(acknowledged);
            lost.removeAll(stored);
            Set<Long> undelivered = new HashSet<>(acknowledged);
            undelivered.removeAll(received.keySet());
            long twice = received.values().stream().filter(n -> n.get() > 1).count();
            System.out.printf(Locale.ROOT, "%d SIGKILLs over %d min, %d senders: %,d events acknowledged, %,d "
                            + "delivered; acknowledged but not stored: %d; acknowledged but never delivered: %d; "
                            + "delivered more than once: %,d; largest -wal file: %.1f MB%n",
                    kills, minutes, senders, acknowledged.size(), received.size(), lost.size(), undelivered.size(),
                    twice, maxWal.get() / 1048576.0);
        } finally {
            sampling.set(false);
            sampler.interrupt();
            if (server != null) {
                server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            receiver.stop(0);
            Benchmark.deleteTree(dataDir);
        }
    }

    private record Child(Process process, String baseUrl) {
    }

    /** The server's own main class in a new JVM on a free port; returns once it printed its ready line. */
    private static Child start(Path dataDir) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xmx1g", "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), ServerMain.class.getName(), "--allow-destination",
                "127.0.0.0/8", "--port", "0", "--data-dir", dataDir.toString(), "--api-key", KEY)
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            seen.append(line).append('\n');
            Matcher ready = READY.matcher(line);
            if (ready.find()) {
                Thread.ofVirtual().start(() -> out.lines().forEach(l -> { })); // keep the pipe drained
                return new Child(process, ready.group(1));
            }
        }
        throw new IllegalStateException("the server did not start:\n" + seen);
    }

    private static String setUp(ApiClient admin, String receiverUrl) {
        String projectId = admin.createProject(new CreateProjectRequest("kill-loop", ProjectType.INCOMING, null,
                null)).project().uid();
        ApiClient project = admin.withProject(projectId);
        String endpointId = project.createEndpoint(EndpointRequest.of(receiverUrl, "receiver")).uid();
        Source source = project.createSource(new CreateSourceRequest("kill-loop", SourceType.HTTP, null, null, null,
                null, null, null, null));
        project.createSubscription(new SubscriptionRequest("all", source.uid(), endpointId, null, null, null, null,
                new FilterConfig(List.of("*"), null), null, null));
        return source.maskId();
    }

    private static boolean ingest(HttpClient http, String baseUrl, String mask, long seq) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/ingest/" + mask))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seq\":" + seq + ",\"kind\":\"kill-loop\"}")).build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() / 100 == 2;
        } catch (IOException e) {
            return false; // the server died mid-request: not acknowledged
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Counts each sequence number it receives; answers 200 at once. */
    private static HttpServer receiver(Map<Long, AtomicInteger> received) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
        server.createContext("/hook", exchange -> {
            try (exchange) {
                byte[] body = exchange.getRequestBody().readAllBytes();
                JsonNode json = Json.lenient().readTree(body);
                received.computeIfAbsent(json.get("seq").asLong(), s -> new AtomicInteger()).incrementAndGet();
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        return server;
    }

    /** Every stored event's sequence number, read from the database file (the server may still run: WAL readers). */
    private static Set<Long> storedSequences(Path database) throws Exception {
        Set<Long> seqs = new HashSet<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + database);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT json_extract(data, '$.seq') FROM events")) {
            while (rs.next()) {
                seqs.add(rs.getLong(1));
            }
        }
        return seqs;
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
