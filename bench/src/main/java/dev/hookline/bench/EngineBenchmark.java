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
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The delivery engine benchmark (not a test; see docs/BENCHMARKS.md): ingest throughput through
 * {@code POST /ingest/{maskID}} against a bare HTTP handler on the same server stack, ingest-to-receiver latency at
 * a fixed rate, and delivery throughput to a local receiver.
 *
 * <p>Everything runs in one JVM on loopback: the load generator, the server and the receiver share the machine's
 * cores, exactly as they share them with the baseline, so the ratio to the baseline is fair.
 */
public final class EngineBenchmark {

    /**
     * What to run, from {@code -D} properties.
     *
     * @param seconds     length of each throughput run ({@code engine.seconds}, default 10)
     * @param connections concurrent keep-alive connections of the closed-loop runs ({@code engine.connections}, 32)
     * @param rate        events per second of the latency run ({@code engine.rate}, default 500)
     * @param rateSeconds length of the latency run ({@code engine.rateSeconds}, default 20)
     * @param report      also write the results table to this Markdown file ({@code engine.report}), or null
     */
    public record Options(int seconds, int connections, int rate, int rateSeconds, Path report) {

        public static Options from(Properties p) {
            String report = p.getProperty("engine.report", "").strip();
            return new Options(Integer.parseInt(p.getProperty("engine.seconds", "10")),
                    Integer.parseInt(p.getProperty("engine.connections", "32")),
                    Integer.parseInt(p.getProperty("engine.rate", "500")),
                    Integer.parseInt(p.getProperty("engine.rateSeconds", "20")),
                    report.isEmpty() ? null : Path.of(report));
        }
    }

    private static final Duration WARMUP = Duration.ofSeconds(3);
    private static final Duration DRAIN_LIMIT = Duration.ofMinutes(5);

    private EngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        run(Options.from(System.getProperties()), System.out);
    }

    static void run(Options options, PrintStream out) throws Exception {
        List<String> rows = new ArrayList<>();
        out.printf(Locale.ROOT, "engine benchmark: %d s runs, %d connections, latency at %d events/s for %d s, "
                + "%d cores%n", options.seconds(), options.connections(), options.rate(), options.rateSeconds(),
                Runtime.getRuntime().availableProcessors());

        double baseline = baseline(options, out);
        rows.add(row("bare HTTP handler (baseline, nothing stored)", String.format(Locale.ROOT, "%,.0f req/s",
                baseline), ""));

        Path dataDir = Files.createTempDirectory("hookline-engine-bench");
        try (CountingReceiver receiver = new CountingReceiver()) {
            String mask;
            try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null));
                 ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
                mask = setUp(admin, receiver.url());
                String path = "/ingest/" + mask;

                // latency first, on a fresh database, at a rate the server keeps up with
                LoadGenerator load = new LoadGenerator("127.0.0.1", server.port(), path, EngineBenchmark::payload);
                load.closedLoop(4, WARMUP);
                awaitDelivered(receiver, server);
                int expected = options.rate() * options.rateSeconds();
                receiver.reset(expected);
                LoadGenerator.Result paced = load.fixedRate(options.rate(), 16, Duration.ofSeconds(
                        options.rateSeconds()));
                awaitReceived(receiver, paced.ok());
                Latencies latency = Latencies.of(receiver.latencySamples());
                out.printf(Locale.ROOT, "latency at %d events/s: %,d sent, %,d delivered, p50 %.1f ms, p99 %.1f ms, "
                        + "max %.1f ms%n", options.rate(), paced.ok(), receiver.received(), latency.p50Ms(),
                        latency.p99Ms(), latency.maxMs());
                rows.add(row(String.format(Locale.ROOT, "ingest-to-receiver latency at %d events/s",
                        options.rate()), String.format(Locale.ROOT, "p50 %.1f ms, p99 %.1f ms (max %.1f ms)",
                        latency.p50Ms(), latency.p99Ms(), latency.maxMs()), "p99 <= 50 ms"));

                // ingest as fast as it answers while the dispatcher delivers, as in real use
                load.closedLoop(options.connections(), WARMUP);
                receiver.reset(0);
                LoadGenerator.Result mixed = load.closedLoop(options.connections(),
                        Duration.ofSeconds(options.seconds()));
                double deliveredDuring = receiver.received() / (mixed.elapsed().toNanos() / 1e9);
                out.printf(Locale.ROOT, "ingest while delivering: %,.0f events/s acknowledged, %,.0f deliveries/s "
                        + "arrived meanwhile%n", mixed.okPerSecond(), deliveredDuring);
                rows.add(row("ingest and delivery at once (one endpoint, closed loop)", String.format(Locale.ROOT,
                        "%,.0f events/s in, %,.0f deliveries/s out", mixed.okPerSecond(), deliveredDuring), ""));
            }

            // ingest alone: a server without a dispatcher (deliveries are stored and wait), so the number is what
            // /ingest acknowledges, not what ingest and sending share of two cores
            try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null),
                    null)) {
                LoadGenerator load = new LoadGenerator("127.0.0.1", server.port(), "/ingest/" + mask,
                        EngineBenchmark::payload);
                load.closedLoop(options.connections(), WARMUP);
                LoadGenerator.Result ingest = load.closedLoop(options.connections(),
                        Duration.ofSeconds(options.seconds()));
                out.printf(Locale.ROOT, "ingest: %,d acknowledged in %.1f s = %,.0f events/s (%,d rejected, %,d "
                        + "failed connections)%n", ingest.ok(), ingest.elapsed().toNanos() / 1e9,
                        ingest.okPerSecond(), ingest.rejected(), ingest.failed());
                rows.add(row("ingest through /ingest, acknowledged (event and delivery committed)",
                        String.format(Locale.ROOT, "%,.0f events/s = %.0f %% of baseline", ingest.okPerSecond(),
                                100 * ingest.okPerSecond() / baseline), ">= 10,000/s and >= 50 %"));
            }

            // what the ingest run stored: start with the dispatcher and time the drain with nothing else running
            receiver.reset(0);
            long start = System.nanoTime();
            try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir,
                    null))) {
                long pending = pending(server);
                awaitDelivered(receiver, server);
                if (receiver.received() == 0) {
                    throw new IllegalStateException("nothing was pending after the ingest run");
                } else {
                    double seconds = (receiver.lastNanos() - start) / 1e9;
                    double rate = receiver.received() / seconds;
                    out.printf(Locale.ROOT, "drain after restart: %,d pending, %,d delivered in %.1f s = %,.0f "
                            + "deliveries/s%n", pending, receiver.received(), seconds, rate);
                    rows.add(row(String.format(Locale.ROOT, "delivery throughput (drain of %,d pending after a "
                            + "restart, start-up included)", pending), String.format(Locale.ROOT,
                            "%,.0f deliveries/s", rate), ">= 5,000/s"));
                }
            }
        } finally {
            Benchmark.deleteTree(dataDir);
        }

        StringBuilder table = new StringBuilder("| measure | result | target |\n|---|---|---|\n");
        rows.forEach(r -> table.append(r).append('\n'));
        out.println();
        out.print(table);
        if (options.report() != null) {
            Files.writeString(options.report(), table.toString(), StandardCharsets.UTF_8);
        }
    }

    private static double baseline(Options options, PrintStream out) throws Exception {
        try (BareBaseline bare = new BareBaseline()) {
            LoadGenerator load = new LoadGenerator("127.0.0.1", bare.port(), "/ingest/bare",
                    EngineBenchmark::payload);
            load.closedLoop(options.connections(), WARMUP);
            LoadGenerator.Result result = load.closedLoop(options.connections(),
                    Duration.ofSeconds(options.seconds()));
            out.printf(Locale.ROOT, "baseline: %,.0f req/s%n", result.okPerSecond());
            return result.okPerSecond();
        }
    }

    /** An incoming project with one noop HTTP source subscribed by one endpoint at the receiver; the mask ID. */
    private static String setUp(ApiClient admin, String receiverUrl) {
        String projectId = admin.createProject(new CreateProjectRequest("engine-bench", ProjectType.INCOMING, null,
                null)).project().uid();
        ApiClient project = admin.withProject(projectId);
        String endpointId = project.createEndpoint(EndpointRequest.of(receiverUrl, "receiver")).uid();
        Source source = project.createSource(new CreateSourceRequest("bench-source", SourceType.HTTP, null, null,
                null, null, null, null, null));
        project.createSubscription(new SubscriptionRequest("bench", source.uid(), endpointId, null, null, null,
                null, new FilterConfig(List.of("*"), null), null, null));
        return source.maskId();
    }

    /** A realistic ~400-byte event that carries the time it was sent. */
    static byte[] payload(long n) {
        return String.format(Locale.ROOT, "{\"event_type\":\"invoice.paid\",\"sent_nanos\":%d,\"seq\":%d,"
                + "\"data\":{\"id\":\"inv_%08d\",\"amount\":%d,\"currency\":\"EUR\",\"status\":\"paid\","
                + "\"customer\":{\"id\":\"cus_%06d\",\"email\":\"customer%d@example.com\",\"name\":\"Customer %d\"},"
                + "\"lines\":[{\"sku\":\"plan-pro\",\"quantity\":1,\"unit_amount\":4900},{\"sku\":\"seats\","
                + "\"quantity\":%d,\"unit_amount\":900}],\"metadata\":{\"region\":\"eu-west\",\"attempt\":1}}}",
                System.nanoTime(), n, n, 4900 + (n % 50) * 900, n % 100_000, n % 100_000, n % 100_000, n % 50)
                .getBytes(StandardCharsets.UTF_8);
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

    /** Waits until the server has nothing left to deliver. */
    private static void awaitDelivered(CountingReceiver receiver, HooklineServer server)
            throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_LIMIT.toNanos();
        while (pending(server) > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("deliveries still pending after " + DRAIN_LIMIT + " ("
                        + receiver.received() + " arrived)");
            }
            Thread.sleep(20);
        }
    }

    /** Waits until the receiver got {@code count} deliveries. */
    private static void awaitReceived(CountingReceiver receiver, long count)
            throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_LIMIT.toNanos();
        while (receiver.received() < count) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("only " + receiver.received() + " of " + count
                        + " deliveries arrived within " + DRAIN_LIMIT);
            }
            Thread.sleep(5);
        }
    }

    private static String row(String measure, String result, String target) {
        return "| " + measure + " | " + result + " | " + target + " |";
    }

}
