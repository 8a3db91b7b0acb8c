package dev.hookline.server.testing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.JaasUtils;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A real single-node KRaft Kafka (combined broker and controller) inside the test JVM, on free loopback ports, with
 * its logs in a temp dir deleted on close. Built on Kafka's own test kit ({@code kafka-test-common-runtime}, test
 * scope only). Start one per test class; topics keep tests apart.
 */
public final class EmbeddedKafka implements AutoCloseable {

    /** The user a SASL/PLAIN broker accepts (Kafka's test kit JAAS config; a super user). */
    public static final String SASL_USER = JaasUtils.KAFKA_PLAIN_ADMIN;
    public static final String SASL_PASSWORD = JaasUtils.KAFKA_PLAIN_ADMIN_PASSWORD;

    private final KafkaClusterTestKit cluster;
    private final boolean sasl;
    private final Admin admin;
    private final KafkaProducer<String, String> producer;

    private EmbeddedKafka(KafkaClusterTestKit cluster, boolean sasl) {
        this.cluster = cluster;
        this.sasl = sasl;
        this.admin = Admin.create(clientProperties());
        Properties producerProps = clientProperties();
        producerProps.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producerProps.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producerProps.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        // a plain (not idempotent) producer that keeps order on retries: right after a topic is made, a retried
        // idempotent batch can loop on OUT_OF_ORDER_SEQUENCE_NUMBER until it expires (seen on a loaded machine)
        producerProps.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        producerProps.put(ProducerConfig.ACKS_CONFIG, "all");
        producerProps.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "1");
        producerProps.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
        producerProps.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        this.producer = new KafkaProducer<>(producerProps);
    }

    /** A plaintext broker. */
    public static EmbeddedKafka start() {
        return start(false);
    }

    /** A broker whose only listener is SASL_PLAINTEXT with mechanism PLAIN ({@link #SASL_USER}). */
    public static EmbeddedKafka startWithSaslPlain() {
        return start(true);
    }

    private static EmbeddedKafka start(boolean sasl) {
        try {
            TestKitNodes.Builder nodes = new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1);
            if (sasl) {
                nodes.setBrokerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT)
                        .setControllerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT);
            }
            KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(nodes.build())
                    // a group forms at once instead of after the 3 s default delay
                    .setConfigProp("group.initial.rebalance.delay.ms", "0")
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("offsets.topic.num.partitions", "1")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("auto.create.topics.enable", "false")
                    .build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            return new EmbeddedKafka(cluster, sasl);
        } catch (Exception e) {
            throw new IllegalStateException("could not start an embedded Kafka", e);
        }
    }

    /** {@code 127.0.0.1:port} or {@code localhost:port} of the broker listener. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** Client properties that reach this broker (with the admin user's SASL login on a SASL broker). */
    public Properties clientProperties() {
        Properties props = new Properties();
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        if (sasl) {
            props.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
            props.put("sasl.mechanism", "PLAIN");
            props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required "
                    + "username=\"" + SASL_USER + "\" password=\"" + SASL_PASSWORD + "\";");
        }
        return props;
    }

    /** Creates a topic and waits until every partition has its leader (so the first send goes straight in). */
    public void createTopic(String topic, int partitions) {
        try {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!hasLeaders(topic, partitions)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("topic " + topic + " has no leader for every partition");
                }
                Thread.sleep(20);
            }
        } catch (Exception e) {
            throw new IllegalStateException("could not create topic " + topic, e);
        }
    }

    private boolean hasLeaders(String topic, int partitions) throws Exception {
        TopicDescription description;
        try {
            description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return false; // created, but the broker's metadata does not show it yet: look again
            }
            throw e;
        }
        return description != null && description.partitions().size() == partitions
                && description.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty());
    }

    /** Sends one record and waits until the broker has it. */
    public void send(String topic, String value, Map<String, String> headers) {
        send(topic, null, value, headers);
    }

    /** Sends one record with a key (same key, same partition) and waits until the broker has it. */
    public void send(String topic, String key, String value, Map<String, String> headers) {
        try {
            producer.send(record(topic, key, value, headers)).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not send to " + topic, e);
        }
    }

    /** Sends many records (asynchronously, batched) and waits until the broker has them all. */
    public void sendAll(String topic, List<String> values, Map<String, String> headers) {
        List<java.util.concurrent.Future<?>> sent = new ArrayList<>(values.size());
        for (String value : values) {
            sent.add(producer.send(record(topic, null, value, headers)));
        }
        producer.flush();
        for (java.util.concurrent.Future<?> future : sent) {
            try {
                future.get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("could not send to " + topic, e);
            }
        }
    }

    private static ProducerRecord<String, String> record(String topic, String key, String value,
                                                         Map<String, String> headers) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
        headers.forEach((name, text) -> record.headers().add(new RecordHeader(name,
                text.getBytes(StandardCharsets.UTF_8))));
        return record;
    }

    /** The committed offsets of {@code group} added up over the topic's partitions (0 when none). */
    public long committedTotal(String group, String topic) {
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
            return offsets.entrySet().stream()
                    .filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset())
                    .sum();
        } catch (InterruptedException | ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("could not read offsets of group " + group, e);
        }
    }

    /** The end offsets of the topic added up over its partitions: how many records it holds. */
    public long endTotal(String topic, int partitions) {
        Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
        for (int p = 0; p < partitions; p++) {
            latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        try {
            return admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).values().stream()
                    .mapToLong(info -> info.offset()).sum();
        } catch (Exception e) {
            throw new IllegalStateException("could not read end offsets of " + topic, e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        admin.close(Duration.ofSeconds(5));
        try {
            cluster.close();
        } catch (Exception e) {
            throw new IllegalStateException("could not stop the embedded Kafka", e);
        }
    }
}
