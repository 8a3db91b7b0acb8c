package dev.hookline.server.brokers.kafka;

import static dev.hookline.server.brokers.kafka.KafkaTesting.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.PubSubConfig;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;

class KafkaClientSettingsTest {

    private static final String PASSWORD = "pa\"ss\\word-s3cret";

    private static KafkaClientSettings settings(String group, PubSubConfig.KafkaAuth auth) {
        return new KafkaClientSettings(source("src1", "k1:9092,k2:9092", "orders", group, 1, auth));
    }

    @Test
    void withoutAGroupEachSourceHasItsOwnStableOne() {
        assertEquals("hookline-src1", settings(null, null).groupId());
        assertEquals("hookline-src1", settings("", null).groupId());
        assertEquals("billing", settings("billing", null).groupId());
    }

    @Test
    void offsetsAreCommittedByHandAndANewGroupStartsAtTheEarliestRecord() {
        Properties props = settings(null, null).consumerProperties(0);
        assertEquals("k1:9092,k2:9092", props.get("bootstrap.servers"));
        assertEquals("false", props.get("enable.auto.commit"));
        assertEquals("earliest", props.get("auto.offset.reset"));
        assertEquals("false", props.get("allow.auto.create.topics"));
        assertEquals("PLAINTEXT", props.get("security.protocol"));
    }

    @Test
    void authPicksTheSaslMechanismAndTlsPicksTheProtocol() {
        Properties plain = settings(null, new PubSubConfig.KafkaAuth("plain", null, "u", "p", false))
                .consumerProperties(0);
        assertEquals("PLAIN", plain.get("sasl.mechanism"));
        assertEquals("SASL_PLAINTEXT", plain.get("security.protocol"));
        Properties scram256 = settings(null, new PubSubConfig.KafkaAuth("scram", "SHA256", "u", "p", true))
                .consumerProperties(0);
        assertEquals("SCRAM-SHA-256", scram256.get("sasl.mechanism"));
        assertEquals("SASL_SSL", scram256.get("security.protocol"));
        assertTrue(scram256.get("sasl.jaas.config").toString().startsWith(
                "org.apache.kafka.common.security.scram.ScramLoginModule required"));
        assertEquals("SCRAM-SHA-512", settings(null, new PubSubConfig.KafkaAuth("scram", "SHA512", "u", "p", false))
                .saslMechanism());
    }

    @Test
    void thePasswordIsQuotedForJaasAndKafkaNeverPrintsIt() {
        KafkaClientSettings settings = settings(null, new PubSubConfig.KafkaAuth("plain", null, "alice", PASSWORD,
                false));
        Properties props = settings.consumerProperties(0);
        assertEquals("org.apache.kafka.common.security.plain.PlainLoginModule required username=\"alice\" "
                + "password=\"pa\\\"ss\\\\word-s3cret\";", props.get("sasl.jaas.config"));
        props.put("key.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        ConsumerConfig config = new ConsumerConfig(props);
        // what ConsumerConfig logs at start: every value, the JAAS config as a Password
        assertFalse(config.values().toString().contains("s3cret"), config.values().toString());
        assertFalse(settings.toString().contains("s3cret"));
    }
}
