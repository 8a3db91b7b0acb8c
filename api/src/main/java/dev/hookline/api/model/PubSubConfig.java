package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.hookline.api.ConvoyEmpty;
import java.util.List;

/**
 * Broker settings of a {@code pub_sub} source; only the member matching {@code type} is set. Unset optional strings
 * (SQS {@code endpoint}, Kafka {@code consumer_group_id} and {@code auth.hash}) are written {@code ""}, as Convoy's
 * OpenAPI document promises.
 */
@JsonPropertyOrder({"type", "workers", "sqs", "google", "kafka", "amqp"})
public record PubSubConfig(PubSubType type, Integer workers, Sqs sqs, Google google, Kafka kafka, Amqp amqp) {

    /** Amazon SQS ({@code endpoint} optional, for SQS-compatible services). */
    @JsonPropertyOrder({"access_key_id", "secret_key", "default_region", "queue_name", "endpoint"})
    public record Sqs(String accessKeyId, String secretKey, String defaultRegion, String queueName,
                      @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String endpoint) {
    }

    /** Google Pub/Sub; {@code service_account} is the base64 of the service-account JSON. */
    @JsonPropertyOrder({"project_id", "subscription_id", "service_account"})
    public record Google(String projectId, String subscriptionId, String serviceAccount) {
    }

    /** Kafka. */
    @JsonPropertyOrder({"brokers", "consumer_group_id", "topic_name", "auth"})
    public record Kafka(List<String> brokers,
                        @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String consumerGroupId,
                        String topicName, KafkaAuth auth) {
    }

    /** Kafka authentication ({@code type} plain|scram, {@code hash} SHA256|SHA512). */
    @JsonPropertyOrder({"type", "hash", "username", "password", "tls"})
    public record KafkaAuth(String type, @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String hash,
                            String username, String password, Boolean tls) {
    }

    /**
     * AMQP. Convoy keeps camelCase keys here. Requests carry {@code bindExchange{exchange, routingKey}}; responses
     * carry it flattened as {@code bindedExchange} + {@code routingKey}. {@code bindExchange} is left out of the
     * output when null, so a server writes responses with it null and the two flat fields set.
     */
    @JsonPropertyOrder({"schema", "host", "port", "queue", "vhost", "auth", "bindExchange", "bindedExchange",
            "routingKey", "deadLetterExchange"})
    public record Amqp(String schema, String host, String port, String queue, String vhost, AmqpAuth auth,
                       @JsonProperty("bindExchange") @JsonInclude(JsonInclude.Include.NON_NULL) AmqpExchange bindExchange,
                       @JsonProperty("bindedExchange") String bindedExchange,
                       @JsonProperty("routingKey") String routingKey,
                       @JsonProperty("deadLetterExchange") String deadLetterExchange) {
    }

    /** AMQP credentials. */
    @JsonPropertyOrder({"user", "password"})
    public record AmqpAuth(String user, String password) {
    }

    /** The exchange an AMQP queue is bound to (request shape). */
    @JsonPropertyOrder({"exchange", "routingKey"})
    public record AmqpExchange(String exchange, @JsonProperty("routingKey") String routingKey) {
    }
}
