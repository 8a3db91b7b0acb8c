package dev.hookline.server.brokers.kafka;

import static dev.hookline.server.brokers.kafka.KafkaTesting.QUICK;
import static dev.hookline.server.brokers.kafka.KafkaTesting.awaitTrue;
import static dev.hookline.server.brokers.kafka.KafkaTesting.source;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.kafka.KafkaTesting.RecordingSink;
import dev.hookline.server.brokers.kafka.KafkaTesting.Running;
import dev.hookline.server.testing.EmbeddedKafka;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A broker that goes away while the consumer runs: Kafka's client would reconnect silently forever; we say so. */
class KafkaBrokerLossIT {

    @Test
    void aBrokerThatGoesAwayStopsTheConsumerWithPlainWords() {
        EmbeddedKafka kafka = EmbeddedKafka.start();
        String brokers = kafka.bootstrapServers();
        Running running;
        try {
            kafka.createTopic("fragile", 1);
            kafka.send("fragile", "{\"n\":1}", Map.of());
            RecordingSink sink = new RecordingSink();
            running = Running.start(new KafkaConsumerRunner(source("src-loss", brokers, "fragile", null, 2, null),
                    QUICK), sink);
            awaitTrue(() -> sink.accepted.size() == 1, "the message before the broker goes");
        } finally {
            kafka.close();
        }
        BrokerException failure = KafkaConsumerRunnerIT.failure(running);
        assertEquals("lost connection to Kafka brokers " + brokers + ": no broker answered for 4 s",
                failure.getMessage());
    }
}
