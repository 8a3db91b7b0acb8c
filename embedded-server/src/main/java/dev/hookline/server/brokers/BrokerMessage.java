package dev.hookline.server.brokers;

import java.util.Map;

/**
 * One message as a broker handed it over: its body (expected to be Convoy's broker message JSON), its headers or
 * attributes (AMQP headers, Kafka record headers, SQS message attributes, Pub/Sub attributes; values as text) and
 * the broker's own ID of the message (for logs and {@code x-broker-message-id}; may be empty).
 */
public record BrokerMessage(String body, Map<String, String> headers, String messageId) {

    public BrokerMessage {
        body = body == null ? "" : body;
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        messageId = messageId == null ? "" : messageId;
    }
}
