package dev.hookline.server.brokers.kafka;

import static dev.hookline.server.brokers.kafka.KafkaTesting.QUICK;
import static dev.hookline.server.brokers.kafka.KafkaTesting.awaitTrue;
import static dev.hookline.server.brokers.kafka.KafkaTesting.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.PubSubConfig;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.kafka.KafkaTesting.RecordingSink;
import dev.hookline.server.brokers.kafka.KafkaTesting.Running;
import dev.hookline.server.testing.EmbeddedKafka;
import org.apache.kafka.common.test.JaasUtils;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A broker whose only listener wants SASL/PLAIN: the right login consumes, a wrong one is said in plain words. */
class KafkaSaslIT {

    private static EmbeddedKafka kafka;

    @BeforeAll
    static void startKafka() {
        kafka = EmbeddedKafka.startWithSaslPlain();
        kafka.createTopic("secured", 1);
    }

    @AfterAll
    static void stopKafka() {
        if (kafka != null) {
            kafka.close();
        }
    }

    private static PubSubConfig.KafkaAuth plain(String user, String password) {
        return new PubSubConfig.KafkaAuth("plain", null, user, password, false);
    }

    @Test
    void theRightLoginConsumes() {
        kafka.send("secured", "{\"n\":1}", Map.of());
        RecordingSink sink = new RecordingSink();
        Running running = Running.start(new KafkaConsumerRunner(source("src-sasl", kafka.bootstrapServers(),
                "secured", null, 1, plain(EmbeddedKafka.SASL_USER, EmbeddedKafka.SASL_PASSWORD)), QUICK), sink);
        awaitTrue(() -> sink.accepted.size() == 1, "the message");
        awaitTrue(() -> kafka.committedTotal("hookline-src-sasl", "secured") == 1, "its offset committed");
        running.stop();
        assertEquals(List.of("{\"n\":1}"), sink.bodies());
    }

    @Test
    void aWrongPasswordIsSaidInPlainWordsAndNeverShown() {
        Running running = Running.start(new KafkaConsumerRunner(source("src-badpass", kafka.bootstrapServers(),
                "secured", null, 1, plain(EmbeddedKafka.SASL_USER, "not-the-password")), QUICK), new RecordingSink());
        BrokerException failure = KafkaConsumerRunnerIT.failure(running);
        assertTrue(failure.getMessage().startsWith("authentication failed for user " + EmbeddedKafka.SASL_USER
                + " (SASL PLAIN) on Kafka brokers " + kafka.bootstrapServers()), failure.getMessage());
        assertFalse(failure.getMessage().contains("not-the-password"));
    }

    @Test
    void aUserWithoutRightsOnTheTopicIsSaidInPlainWords() {
        Running running = Running.start(new KafkaConsumerRunner(source("src-norights", kafka.bootstrapServers(),
                "secured", null, 1, plain(JaasUtils.KAFKA_PLAIN_USER1, JaasUtils.KAFKA_PLAIN_USER1_PASSWORD)), QUICK),
                new RecordingSink());
        BrokerException failure = KafkaConsumerRunnerIT.failure(running);
        assertEquals("user " + JaasUtils.KAFKA_PLAIN_USER1 + " may not read topic secured on Kafka brokers "
                + kafka.bootstrapServers(), failure.getMessage());
    }
}
