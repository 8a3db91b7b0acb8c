package dev.hookline.bench;

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
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * Events per second from Kafka into committed events (not a test; see docs/BENCHMARKS.md, "Broker consumers"):
 * an in-process single-node KRaft Kafka gets {@code kafka.messages} Convoy broker messages (default 50,000) on a
 * topic of {@code kafka.partitions} partitions (default 4) up front. Then, for each worker count in
 * {@code kafka.workers} (default 1,4), a fresh server (SQLite in a temp dir, no dispatcher, so deliveries are stored
 * but not sent) gets a Kafka pub_sub source through the API and is timed from that call until every message is a
 * committed event. Each source has its own consumer group, so each run reads the whole topic from the start.
 *
 * <p>Run: {@code ./mvnw -B -q -pl bench exec:java -Dbench.main=dev.hookline.bench.KafkaIngestBenchmark}.
 */
public final class KafkaIngestBenchmark {

    private static final String TOPIC = "bench-orders";
    private static final String OWNER = "bench-owner";

    private KafkaIngestBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int messages = Integer.getInteger("kafka.messages", 50_000);
        int partitions = Integer.getInteger("kafka.partitions", 4);
        List<Integer> workerCounts = new ArrayList<>();
        for (String w : System.getProperty("kafka.workers", "1,4").split(",")) {
            workerCounts.add(Integer.parseInt(w.strip()));
        }
        run(messages, partitions, workerCounts, System.out);
    }

    static void run(int messages, int partitions, List<Integer> workerCounts, PrintStream out) throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumBrokerNodes(1)
                .setNumControllerNodes(1).build();
        try (KafkaClusterTestKit kafka = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .build()) {
            kafka.format();
            kafka.startup();
            kafka.waitForReadyBrokers();
            String brokers = kafka.bootstrapServers();
            Properties props = new Properties();
            props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, brokers);
            try (Admin admin = Admin.create(props)) {
                admin.createTopics(List.of(new NewTopic(TOPIC, partitions, (short) 1))).all()
                        .get(30, TimeUnit.SECONDS);
            }
            long produceStart = System.nanoTime();
            produce(brokers, messages);
            out.printf(Locale.ROOT, "kafka ingest: produced %,d messages to %d partitions in %.2f s%n", messages,
                    partitions, (System.nanoTime() - produceStart) / 1e9);
            for (int workers : workerCounts) {
                runOnce(brokers, messages, partitions, workers, out);
            }
        }
    }

    private static void runOnce(String brokers, int messages, int partitions, int workers, PrintStream out)
            throws Exception {
        Path dataDir = Files.createTempDirectory("hookline-kafka-bench");
        try {
            ServerConfig config = ServerConfig.standalone("127.0.0.1", 0, dataDir, null);
            try (HooklineServer server = HooklineServer.start(config, null);
                 ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
                String projectId = admin.createProject(new CreateProjectRequest("kafka-bench", ProjectType.OUTGOING,
                        null, null)).project().uid();
                ApiClient project = admin.withProject(projectId);
                project.createEndpoint(new EndpointRequest("http://127.0.0.1:9/hooks", "sink", null, OWNER, null,
                        null, null, null, null, null, null, null, null, null, null, null, null));

                long start = System.nanoTime();
                Source source = project.createSource(new CreateSourceRequest("kafka-bench", SourceType.PUB_SUB, null,
                        null, null, new PubSubConfig(PubSubType.KAFKA, workers, null, null, new PubSubConfig.Kafka(
                                List.of(brokers), null, TOPIC, null), null), null, null, null));
                long firstNanos = -1;
                while (true) {
                    SourceConsumer consumer = project.getSource(source.uid()).consumer();
                    long received = consumer == null ? 0 : consumer.messagesReceived();
                    if (received > 0 && firstNanos < 0) {
                        firstNanos = System.nanoTime();
                    }
                    if (received >= messages) {
                        break;
                    }
                    if (consumer != null && consumer.lastError() != null) {
                        throw new IllegalStateException("consumer failed: " + consumer.lastError());
                    }
                    if (System.nanoTime() - start > Duration.ofMinutes(10).toNanos()) {
                        throw new IllegalStateException("only " + received + " of " + messages + " in 10 minutes");
                    }
                    Thread.sleep(5);
                }
                long end = System.nanoTime();
                long stored = count(server, "SELECT count(*) FROM events");
                if (stored != messages) {
                    throw new IllegalStateException(stored + " events stored for " + messages + " messages");
                }
                double seconds = (end - start) / 1e9;
                double steady = (end - firstNanos) / 1e9;
                out.printf(Locale.ROOT, "kafka ingest: %,d messages, %d partitions, workers=%d: all committed events "
                        + "in %.2f s = %,.0f events/s (first event after %.2f s; from then %,.0f events/s; %d cores)%n",
                        messages, partitions, workers, seconds, messages / seconds, (firstNanos - start) / 1e9,
                        (messages - 1) / steady, Runtime.getRuntime().availableProcessors());
            }
        } finally {
            Benchmark.deleteTree(dataDir);
        }
    }

    /**
     * The topic's messages: each a Convoy broker message to the owner every run's endpoint has (endpoint IDs differ
     * per server), about 200 bytes, with an {@code x-convoy-message-type: single} header.
     */
    private static void produce(String brokers, int messages) throws Exception {
        Properties props = new Properties();
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, brokers);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.LINGER_MS_CONFIG, "10");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            List<Future<RecordMetadata>> sent = new ArrayList<>(messages);
            for (int i = 0; i < messages; i++) {
                ProducerRecord<String, String> record = new ProducerRecord<>(TOPIC, "order-" + i,
                        "{\"owner_id\":\"" + OWNER + "\",\"event_type\":\"order.paid\",\"data\":{\"order\":" + i
                                + ",\"amount\":4200,\"currency\":\"EUR\",\"customer\":\"cus_" + (i % 977)
                                + "\"},\"idempotency_key\":\"order-" + i + "\"}");
                record.headers().add("x-convoy-message-type", "single".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sent.add(producer.send(record));
            }
            producer.flush();
            for (Future<RecordMetadata> future : sent) {
                future.get(60, TimeUnit.SECONDS);
            }
        }
    }

    private static long count(HooklineServer server, String sql) {
        return server.store().db().read(c -> {
            try (PreparedStatement s = c.prepareStatement(sql); ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }
}
