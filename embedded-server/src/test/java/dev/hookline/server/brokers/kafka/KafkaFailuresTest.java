package dev.hookline.server.brokers.kafka;

import static dev.hookline.server.brokers.kafka.KafkaTesting.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.PubSubConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.junit.jupiter.api.Test;

/** What the Kafka client throws, in the words a source shows (the cases the broker tests cannot cheaply reach). */
class KafkaFailuresTest {

    private final KafkaClientSettings settings = new KafkaClientSettings(source("src1", "k1:9093", "orders", "billing",
            1, new PubSubConfig.KafkaAuth("scram", "SHA512", "alice", "secret", true)));

    @Test
    void anUnresolvableBrokerAddress() {
        KafkaException thrown = new KafkaException("Failed to construct kafka consumer",
                new ConfigException("No resolvable bootstrap urls given in bootstrap.servers"));
        assertEquals("cannot connect to Kafka brokers k1:9093: no broker address can be resolved",
                KafkaFailures.describe(thrown, settings).getMessage());
    }

    @Test
    void aFailedLoginNamesTheUserAndMechanismButNoPassword() {
        String words = KafkaFailures.describe(new SaslAuthenticationException("Authentication failed during "
                + "authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512"), settings)
                .getMessage();
        assertTrue(words.startsWith("authentication failed for user alice (SASL SCRAM-SHA-512) on Kafka brokers "
                + "k1:9093: "), words);
        assertTrue(!words.contains("secret"));
    }

    @Test
    void aTlsHandshakeAndAGroupWithoutRights() {
        assertEquals("TLS handshake with Kafka brokers k1:9093 failed: PKIX path building failed",
                KafkaFailures.describe(new SslAuthenticationException("PKIX path building failed"), settings)
                        .getMessage());
        assertEquals("user alice may not use consumer group billing on Kafka brokers k1:9093",
                KafkaFailures.describe(new GroupAuthorizationException("denied"), settings).getMessage());
    }
}
