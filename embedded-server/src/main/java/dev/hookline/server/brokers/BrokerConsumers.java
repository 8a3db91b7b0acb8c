package dev.hookline.server.brokers;

import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.amqp.AmqpConsumer;
import dev.hookline.server.brokers.google.PubSubConsumer;
import dev.hookline.server.brokers.kafka.KafkaConsumerRunner;
import dev.hookline.server.brokers.sqs.SqsConsumer;
import java.util.EnumMap;
import java.util.Map;

/** The consumer factory of each broker type: the one place that says which class consumes which broker. */
public final class BrokerConsumers {

    private final Map<PubSubType, BrokerConsumerFactory> factories;

    private BrokerConsumers(Map<PubSubType, BrokerConsumerFactory> factories) {
        this.factories = factories;
    }

    /** Every broker Hookline consumes from, with its real client library. */
    public static BrokerConsumers standard() {
        Map<PubSubType, BrokerConsumerFactory> factories = new EnumMap<>(PubSubType.class);
        // one line per broker type
        factories.put(PubSubType.KAFKA, KafkaConsumerRunner::new);
        factories.put(PubSubType.GOOGLE, PubSubConsumer::new);
        factories.put(PubSubType.AMQP, AmqpConsumer::new);
        factories.put(PubSubType.SQS, SqsConsumer::new);
        return new BrokerConsumers(factories);
    }

    /** The same, with {@code type} consumed by {@code factory} instead (tests). */
    public BrokerConsumers with(PubSubType type, BrokerConsumerFactory factory) {
        Map<PubSubType, BrokerConsumerFactory> changed = new EnumMap<>(PubSubType.class);
        changed.putAll(factories);
        changed.put(type, factory);
        return new BrokerConsumers(changed);
    }

    /** A consumer for a {@code pub_sub} source. */
    public BrokerConsumer create(Source source) throws BrokerException {
        PubSubType type = source.pubSub() == null ? null : source.pubSub().type();
        BrokerConsumerFactory factory = type == null ? null : factories.get(type);
        if (factory == null) {
            throw new BrokerException("this server has no consumer for broker type " + type);
        }
        return factory.create(source);
    }
}
