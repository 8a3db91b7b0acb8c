package dev.hookline.server.brokers;

import dev.hookline.api.model.Source;

/** Turns a message of a {@code pub_sub} source into a committed event (the server's event intake). */
@FunctionalInterface
public interface MessageIntake {

    /**
     * @throws RejectedMessageException the message can never become an event
     * @throws RuntimeException         a passing failure; the message must stay in the broker
     */
    void accept(Source source, BrokerMessage message) throws RejectedMessageException;
}
