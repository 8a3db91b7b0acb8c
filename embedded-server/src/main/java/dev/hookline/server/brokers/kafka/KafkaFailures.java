package dev.hookline.server.brokers.kafka;

import dev.hookline.server.brokers.BrokerException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Turns what the Kafka client throws into the plain words a source shows as its last error. */
final class KafkaFailures {

    private KafkaFailures() {
    }

    static BrokerException describe(Throwable failure, KafkaClientSettings settings) {
        String brokers = settings.brokerList();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SslAuthenticationException) {
                return new BrokerException("TLS handshake with Kafka brokers " + brokers + " failed: "
                        + t.getMessage(), failure);
            }
            if (t instanceof AuthenticationException) {
                return new BrokerException("authentication failed for user " + settings.username() + " (SASL "
                        + settings.saslMechanism() + ") on Kafka brokers " + brokers + ": " + t.getMessage(), failure);
            }
            if (t instanceof TopicAuthorizationException) {
                return new BrokerException("user " + settings.username() + " may not read topic " + settings.topic()
                        + " on Kafka brokers " + brokers, failure);
            }
            if (t instanceof GroupAuthorizationException) {
                return new BrokerException("user " + settings.username() + " may not use consumer group "
                        + settings.groupId() + " on Kafka brokers " + brokers, failure);
            }
            if (t instanceof UnknownTopicOrPartitionException) {
                return new BrokerException("topic " + settings.topic() + " does not exist on Kafka brokers " + brokers,
                        failure);
            }
            if (t instanceof TimeoutException) {
                return new BrokerException("cannot reach Kafka brokers " + brokers + " (timed out: "
                        + t.getMessage() + ")", failure);
            }
            if (t instanceof ConfigException && String.valueOf(t.getMessage()).contains("resolvable bootstrap")) {
                return new BrokerException("cannot connect to Kafka brokers " + brokers + ": no broker address can "
                        + "be resolved", failure);
            }
        }
        return new BrokerException("Kafka consumer failed: " + failure, failure);
    }
}
