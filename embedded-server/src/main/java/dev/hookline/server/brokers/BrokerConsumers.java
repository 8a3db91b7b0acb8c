package dev.hookline.server.brokers;

import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.sources.PubSubDestinations;
import java.util.EnumMap;
import java.util.Map;

/**
 * The consumer factory of each broker type. Which class consumes which broker is said in one place,
 * {@code StandardBrokers} (the wiring: the consumers' packages depend on this one, not the reverse). Before a
 * consumer is made, the hosts its source names are checked against the server's destination policy
 * ({@link PubSubDestinations}, ADR 0039).
 */
public final class BrokerConsumers {

    private final Map<PubSubType, BrokerConsumerFactory> factories;
    private final DestinationPolicy destinations;
    private final DestinationPolicy.Resolver resolver;

    private BrokerConsumers(Map<PubSubType, BrokerConsumerFactory> factories, DestinationPolicy destinations,
                            DestinationPolicy.Resolver resolver) {
        this.factories = factories;
        this.destinations = destinations;
        this.resolver = resolver;
    }

    /** {@code factories} by broker type, connecting where the console's policy allows until {@link #checkedBy}. */
    public static BrokerConsumers of(Map<PubSubType, BrokerConsumerFactory> factories) {
        Map<PubSubType, BrokerConsumerFactory> copy = new EnumMap<>(PubSubType.class);
        copy.putAll(factories);
        return new BrokerConsumers(copy, DestinationPolicy.EMBEDDED, DestinationPolicy.Resolver.SYSTEM);
    }

    /** The same, with {@code type} consumed by {@code factory} instead (tests). */
    public BrokerConsumers with(PubSubType type, BrokerConsumerFactory factory) {
        Map<PubSubType, BrokerConsumerFactory> changed = new EnumMap<>(PubSubType.class);
        changed.putAll(factories);
        changed.put(type, factory);
        return new BrokerConsumers(changed, destinations, resolver);
    }

    /** The same, connecting only where {@code policy} allows (the server's policy, set when it starts). */
    public BrokerConsumers checkedBy(DestinationPolicy policy) {
        return new BrokerConsumers(factories, policy, resolver);
    }

    /** The same, resolving broker hosts with {@code resolver} for the check (tests resolve names as they choose). */
    public BrokerConsumers resolvingWith(DestinationPolicy.Resolver resolver) {
        return new BrokerConsumers(factories, destinations, resolver);
    }

    /**
     * A consumer for a {@code pub_sub} source.
     *
     * @throws BrokerException when the type has no consumer, or a host the source names is one the server may not
     *                         connect to (the source's consumer shows why and tries again after a backoff)
     */
    public BrokerConsumer create(Source source) throws BrokerException {
        PubSubType type = source.pubSub() == null ? null : source.pubSub().type();
        BrokerConsumerFactory factory = type == null ? null : factories.get(type);
        if (factory == null) {
            throw new BrokerException("this server has no consumer for broker type " + type);
        }
        String refused = PubSubDestinations.refusal(source.pubSub(), destinations, resolver);
        if (refused != null) {
            throw new BrokerException(refused);
        }
        return factory.create(source);
    }
}
