package dev.hookline.server;

import dev.hookline.api.model.PubSubType;
import dev.hookline.server.brokers.BrokerConsumerFactory;
import dev.hookline.server.brokers.BrokerConsumers;
import dev.hookline.server.brokers.amqp.AmqpConsumer;
import dev.hookline.server.brokers.google.PubSubConsumer;
import dev.hookline.server.brokers.kafka.KafkaConsumerRunner;
import dev.hookline.server.brokers.sqs.SqsConsumer;
import java.util.EnumMap;
import java.util.Map;

/**
 * Which class consumes which broker type: the one place that says it. Part of the wiring (docs/adr/0041): the
 * consumer packages ({@code brokers.kafka}, ...) depend on {@code brokers}, so {@code brokers} cannot name them.
 */
public final class StandardBrokers {

    private StandardBrokers() {
    }

    /** Every broker Hookline consumes from, with its real client library. */
    public static BrokerConsumers consumers() {
        Map<PubSubType, BrokerConsumerFactory> factories = new EnumMap<>(PubSubType.class);
        // one line per broker type
        factories.put(PubSubType.KAFKA, KafkaConsumerRunner::new);
        factories.put(PubSubType.GOOGLE, PubSubConsumer::new);
        factories.put(PubSubType.AMQP, AmqpConsumer::new);
        factories.put(PubSubType.SQS, SqsConsumer::new);
        return BrokerConsumers.of(factories);
    }
}
