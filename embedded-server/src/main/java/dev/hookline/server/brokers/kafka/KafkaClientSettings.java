package dev.hookline.server.brokers.kafka;

import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The Kafka client configuration of one {@code pub_sub} source: brokers, consumer group, SASL and TLS. Offsets are
 * committed by hand (never automatically), a new group starts at the earliest offset (as Convoy does), and topics are
 * never created by the consumer.
 */
public final class KafkaClientSettings {

    /** The consumer group when the source names none: one group per source, stable across restarts and edits. */
    public static final String DEFAULT_GROUP_PREFIX = "hookline-";

    private final String sourceUid;
    private final List<String> brokers;
    private final String topic;
    private final String groupId;
    private final PubSubConfig.KafkaAuth auth;

    public KafkaClientSettings(Source source) {
        PubSubConfig.Kafka kafka = source.pubSub() == null ? null : source.pubSub().kafka();
        if (kafka == null || kafka.brokers() == null || kafka.brokers().isEmpty() || blank(kafka.topicName())) {
            throw new IllegalArgumentException("source " + source.uid() + " has no complete kafka config");
        }
        this.sourceUid = source.uid();
        this.brokers = List.copyOf(kafka.brokers());
        this.topic = kafka.topicName();
        this.groupId = blank(kafka.consumerGroupId()) ? DEFAULT_GROUP_PREFIX + source.uid() : kafka.consumerGroupId();
        this.auth = kafka.auth();
    }

    public String topic() {
        return topic;
    }

    public String groupId() {
        return groupId;
    }

    /** e.g. {@code 127.0.0.1:9092,kafka-2:9092}: how errors name the brokers. */
    public String brokerList() {
        return String.join(",", brokers);
    }

    /** The user name when the source authenticates, else null. */
    public String username() {
        return auth == null ? null : auth.username();
    }

    /** e.g. {@code SCRAM-SHA-512}, or null without auth. */
    public String saslMechanism() {
        if (auth == null) {
            return null;
        }
        if ("scram".equalsIgnoreCase(auth.type())) {
            return "SHA256".equalsIgnoreCase(auth.hash()) ? "SCRAM-SHA-256" : "SCRAM-SHA-512";
        }
        return "PLAIN";
    }

    /** Whether the connection is TLS (only expressible together with auth, as in Convoy's config). */
    public boolean tls() {
        return auth != null && Boolean.TRUE.equals(auth.tls());
    }

    /**
     * Properties for worker {@code worker} of this source. The password only ever goes into
     * {@code sasl.jaas.config}, a Kafka {@code Password} value that Kafka's own config logging prints as
     * {@code [hidden]}.
     */
    public Properties consumerProperties(int worker) {
        Properties props = new Properties();
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, brokerList());
        props.put(CommonClientConfigs.CLIENT_ID_CONFIG, "hookline-" + sourceUid + "-" + worker);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
        // the group protocol every broker version speaks; the lost-broker watch reads its heartbeat metric
        props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "1000");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        // reconnect a lost broker quickly, but not in a tight loop
        props.put(CommonClientConfigs.RECONNECT_BACKOFF_MS_CONFIG, "200");
        props.put(CommonClientConfigs.RECONNECT_BACKOFF_MAX_MS_CONFIG, "5000");
        if (auth == null) {
            props.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "PLAINTEXT");
            return props;
        }
        props.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, tls() ? "SASL_SSL" : "SASL_PLAINTEXT");
        String mechanism = saslMechanism();
        props.put(SaslConfigs.SASL_MECHANISM, mechanism);
        String module = mechanism.equals("PLAIN")
                ? "org.apache.kafka.common.security.plain.PlainLoginModule"
                : "org.apache.kafka.common.security.scram.ScramLoginModule";
        props.put(SaslConfigs.SASL_JAAS_CONFIG, module + " required username=\"" + jaasQuoted(auth.username())
                + "\" password=\"" + jaasQuoted(auth.password()) + "\";");
        return props;
    }

    /** Escapes a value for a double-quoted JAAS option (Kafka parses it with a StreamTokenizer). */
    static String jaasQuoted(String value) {
        String text = value == null ? "" : value;
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    @Override
    public String toString() {
        return "kafka topic " + topic + " on " + brokerList() + " (group " + groupId
                + (auth == null ? "" : ", " + saslMechanism().toLowerCase(Locale.ROOT) + " user " + auth.username())
                + ")";
    }
}
