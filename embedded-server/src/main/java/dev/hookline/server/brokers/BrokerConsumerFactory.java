package dev.hookline.server.brokers;

import dev.hookline.api.model.Source;

/** Makes a consumer for a {@code pub_sub} source of one broker type. */
@FunctionalInterface
public interface BrokerConsumerFactory {

    /** A consumer for {@code source} (its {@code pub_sub} config is complete and validated); not yet connected. */
    BrokerConsumer create(Source source);
}
