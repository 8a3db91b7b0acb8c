package dev.hookline.bench;

import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.outbound.SendResult;
import dev.hookline.server.outbound.Webhook;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Throughput of the outbound sender alone: signed webhooks (advanced signature, a ~350 byte JSON payload, an idempotency key) from {@code
 * bench.concurrency} virtual threads to a local receiver that answers 200 at once. Not a test (see
 * docs/BENCHMARKS.md); run with the bench module's classpath:
 * {@code java -cp ... dev.hookline.bench.SenderBenchmark} with {@code -Dbench.sends=50000 -Dbench.concurrency=64}.
 */
public final class SenderBenchmark {

    private SenderBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int sends = Integer.getInteger("bench.sends", 50_000);
        int concurrency = Integer.getInteger("bench.concurrency", 64);
        run(sends, concurrency, System.out);
    }

    static void run(int sends, int concurrency, PrintStream out) throws Exception {
        try (CountingReceiver receiver = new CountingReceiver();
             OkHttpWebhookSender sender = new OkHttpWebhookSender(Clock.systemUTC())) {
            Instant now = Instant.now();
            Endpoint endpoint = Endpoint.builder().uid("01BENCHENDPOINT00000000000")
                    .projectId("01BENCHPROJECT000000000000").ownerId("").url(receiver.url()).name("bench")
                    .secrets(List.of(new EndpointSecret("01BENCHSECRET0000000000000", "bench-secret-0123456789",
                            null, now, now, null)))
                    .advancedSignatures(true).description("").slackWebhookUrl("").teamsWebhookUrl("")
                    .supportEmail("").status(EndpointStatus.ACTIVE).rateLimit(0).rateLimitDuration(0L)
                    .contentType(ContentType.APPLICATION_JSON).createdAt(now).updatedAt(now).build();
            ProjectConfig.Signature signature = new ProjectConfig.Signature("X-Convoy-Signature",
                    List.of(new ProjectConfig.SignatureVersion("01V", "SHA256", "hex", now)));
            byte[] body = Payloads.payload(Payloads.Kind.values()[0], "invoice.paid", now.getEpochSecond(),
                    new Random(1), false).getBytes(StandardCharsets.UTF_8);
            Webhook webhook = new Webhook(endpoint.projectId(), endpoint, signature, "invoice.paid", "01EVENT",
                    "01DELIVERY", "key-1", Map.of(), body);

            round(sender, webhook, Math.max(2_000, sends / 10), concurrency); // warm-up: JIT, connections
            receiver.reset(0);
            long[] latencies = new long[sends];
            AtomicLong failures = new AtomicLong();
            long started = System.nanoTime();
            roundMeasured(sender, webhook, sends, concurrency, latencies, failures);
            long elapsed = System.nanoTime() - started;
            Arrays.sort(latencies);
            out.printf("sender: %d signed webhooks (%d bytes), %d concurrent, %d failed: %.0f deliveries/s; "
                            + "latency p50 %.2f ms, p99 %.2f ms; receiver got %d%n",
                    sends, body.length, concurrency, failures.get(), sends / (elapsed / 1e9),
                    latencies[sends / 2] / 1e6, latencies[(int) (sends * 0.99)] / 1e6, receiver.received());
        }
    }

    private static void round(OkHttpWebhookSender sender, Webhook webhook, int sends, int concurrency)
            throws InterruptedException {
        roundMeasured(sender, webhook, sends, concurrency, new long[sends], new AtomicLong());
    }

    private static void roundMeasured(OkHttpWebhookSender sender, Webhook webhook, int sends, int concurrency,
                                      long[] latencies, AtomicLong failures) throws InterruptedException {
        AtomicLong next = new AtomicLong();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < concurrency; t++) {
                threads.submit(() -> {
                    long i;
                    while ((i = next.getAndIncrement()) < sends) {
                        long start = System.nanoTime();
                        SendResult result = sender.send(webhook);
                        latencies[(int) i] = System.nanoTime() - start;
                        if (!result.delivered()) {
                            failures.incrementAndGet();
                        }
                    }
                });
            }
        }
    }
}
