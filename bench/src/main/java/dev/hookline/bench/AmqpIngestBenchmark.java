package dev.hookline.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.sun.management.OperatingSystemMXBean;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Events per second from RabbitMQ into committed events (issue 6; see docs/BENCHMARKS.md, "Broker consumers"). For
 * each worker count: pre-publish {@code amqp.messages} persistent messages into a fresh durable queue, start a
 * fresh server without a dispatcher (deliveries are stored and wait), create an outgoing project with one endpoint
 * and a {@code pub_sub} amqp source on the queue, and time from the source's creation until the source's consumer
 * counted every message as received (a message counts once its event and delivery are committed; it is
 * acknowledged right after). Each message is Convoy's broker message for that endpoint, ~400 bytes of data and its
 * own idempotency key.
 *
 * <p>Options: {@code amqp.messages} (50000), {@code amqp.workers} ("1,4,8"), {@code amqp.host} (127.0.0.1),
 * {@code amqp.port} (5672), {@code hookline.amqp.prefetch} (the consumer's per-worker prefetch, default 10),
 * {@code amqp.threads} (true: also print the CPU time per event of each group of threads).
 */
public final class AmqpIngestBenchmark {

    private AmqpIngestBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int messages = Integer.getInteger("amqp.messages", 50_000);
        String host = System.getProperty("amqp.host", "127.0.0.1");
        int port = Integer.getInteger("amqp.port", 5672);
        List<Integer> workerCounts = new ArrayList<>();
        for (String w : System.getProperty("amqp.workers", "1,4,8").split(",")) {
            workerCounts.add(Integer.parseInt(w.strip()));
        }
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(host);
        factory.setPort(port);
        factory.setAutomaticRecoveryEnabled(false);
        System.out.printf(Locale.ROOT, "AMQP ingest: %,d messages per run into %s:%d, prefetch %s, %d cores, load"
                        + " average %.2f%n", messages, host, port, System.getProperty("hookline.amqp.prefetch",
                        "10 (default)"), Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        try (Connection rabbit = factory.newConnection("hookline-bench-publisher")) {
            for (int workers : workerCounts) {
                run(rabbit, host, port, messages, workers);
            }
        }
    }

    private static void run(Connection rabbit, String host, int port, int messages, int workers) throws Exception {
        String queue = "hookline-bench-" + UUID.randomUUID().toString().substring(0, 8);
        Path dataDir = Files.createTempDirectory("hookline-amqp-bench");
        Channel channel = rabbit.createChannel();
        try {
            channel.queueDeclare(queue, true, false, false, null);
            try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir,
                    null), null);
                 ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
                String projectId = admin.createProject(new CreateProjectRequest("amqp-bench", ProjectType.OUTGOING,
                        null, null)).project().uid();
                ApiClient project = admin.withProject(projectId);
                // never called: this server has no dispatcher, deliveries are stored and wait
                String endpointId = project.createEndpoint(EndpointRequest.of("http://127.0.0.1:9/unused",
                        "receiver")).uid();

                long publishStart = System.nanoTime();
                publish(channel, queue, endpointId, messages);
                double publishSeconds = (System.nanoTime() - publishStart) / 1e9;

                OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
                long cpuBefore = os.getProcessCpuTime();
                Map<String, Long> threadsBefore = IngestCpuBenchmark.threadCpu();
                long start = System.nanoTime();
                Source source = project.createSource(new CreateSourceRequest("bench-queue", SourceType.PUB_SUB, null,
                        null, null, new PubSubConfig(PubSubType.AMQP, workers, null, null, null,
                        new PubSubConfig.Amqp("amqp", host, Integer.toString(port), queue, "/",
                                new PubSubConfig.AmqpAuth("guest", "guest"), null, null, null, null)),
                        null, null, null));
                long firstAt = 0;
                SourceConsumer consumer;
                while (true) {
                    consumer = project.getSource(source.uid()).consumer();
                    if (firstAt == 0 && consumer.messagesReceived() > 0) {
                        firstAt = System.nanoTime();
                    }
                    if (consumer.messagesReceived() + consumer.messagesRejected() >= messages) {
                        break;
                    }
                    if (System.nanoTime() - start > 600_000_000_000L) {
                        throw new IllegalStateException("not done after 10 minutes: " + consumer);
                    }
                    Thread.sleep(50); // each look is an HTTP request to the same server: keep them few
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                double cpuSeconds = (os.getProcessCpuTime() - cpuBefore) / 1e9;
                Map<String, Long> threadsAfter = IngestCpuBenchmark.threadCpu();
                double steady = firstAt == 0 ? seconds : (System.nanoTime() - firstAt) / 1e9;
                System.out.printf(Locale.ROOT, "workers %2d: %,d events committed in %.1f s = %,.0f events/s"
                                + " (%,.0f/s after the first; %.0f us CPU per event, server and poller; published in"
                                + " %.1f s; rejected %d; load average %.2f)%n", workers, consumer.messagesReceived(),
                        seconds, messages / seconds, consumer.messagesReceived() / steady,
                        cpuSeconds * 1e6 / messages, publishSeconds, consumer.messagesRejected(),
                        os.getSystemLoadAverage());
                if (Boolean.getBoolean("amqp.threads")) {
                    Map<String, Long> byGroup = new TreeMap<>();
                    threadsAfter.forEach((thread, nanos) -> byGroup.merge(
                            thread.replaceAll("[0-9A-Z]{26}", "<source>").replaceAll("\\d+", "#"),
                            nanos - threadsBefore.getOrDefault(thread, 0L), Long::sum));
                    byGroup.forEach((group, nanos) -> {
                        if (nanos > 100_000_000L) {
                            System.out.printf(Locale.ROOT, "    %-44s %,7.0f ms CPU = %6.1f us/event%n", group,
                                    nanos / 1e6, nanos / 1e3 / messages);
                        }
                    });
                }
            }
        } finally {
            channel.queueDelete(queue);
            channel.close();
            Benchmark.deleteTree(dataDir);
        }
    }

    private static void publish(Channel channel, String queue, String endpointId, int messages) throws Exception {
        channel.confirmSelect();
        AMQP.BasicProperties persistent = new AMQP.BasicProperties.Builder().deliveryMode(2)
                .contentType("application/json").headers(Map.of("x-convoy-message-type", "single")).build();
        for (int i = 0; i < messages; i++) {
            String data = new String(EngineBenchmark.payload(i), StandardCharsets.UTF_8);
            String body = "{\"endpoint_id\":\"" + endpointId + "\",\"event_type\":\"invoice.paid\",\"data\":" + data
                    + ",\"idempotency_key\":\"bench-" + i + "\"}";
            channel.basicPublish("", queue, persistent, body.getBytes(StandardCharsets.UTF_8));
            if (i % 1_000 == 999) {
                channel.waitForConfirmsOrDie(60_000);
            }
        }
        channel.waitForConfirmsOrDie(60_000);
    }
}
