package dev.hookline.server.sources;

import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.endpoints.EndpointRedaction;
import java.util.function.Function;

/**
 * What a source looks like on the wire (docs/adr/0028): its broker credentials (SQS secret key, Google service
 * account, Kafka and AMQP passwords) are only Hookline's to use, so they are write-only and read as
 * {@code [REDACTED]}; sending {@code [REDACTED]} back keeps the stored value ({@link #keepStored}). The verifier's
 * secret, which the sender must hold too, stays in clear for API key holders, as Convoy answers it.
 */
public final class SourceRedaction {

    private static final String REDACTED = EndpointRedaction.REDACTED;

    private SourceRedaction() {
    }

    /** The source as an API key holder reads it. */
    public static Source redact(Source source) {
        if (source == null || source.pubSub() == null) {
            return source;
        }
        PubSubConfig p = source.pubSub();
        PubSubConfig.Sqs sqs = p.sqs() == null ? null : new PubSubConfig.Sqs(p.sqs().accessKeyId(),
                redacted(p.sqs().secretKey()), p.sqs().defaultRegion(), p.sqs().queueName(), p.sqs().endpoint());
        PubSubConfig.Google google = p.google() == null ? null : new PubSubConfig.Google(p.google().projectId(),
                p.google().subscriptionId(), redacted(p.google().serviceAccount()));
        PubSubConfig.Kafka kafka = p.kafka() == null || p.kafka().auth() == null ? p.kafka()
                : new PubSubConfig.Kafka(p.kafka().brokers(), p.kafka().consumerGroupId(), p.kafka().topicName(),
                        new PubSubConfig.KafkaAuth(p.kafka().auth().type(), p.kafka().auth().hash(),
                                p.kafka().auth().username(), redacted(p.kafka().auth().password()),
                                p.kafka().auth().tls()));
        PubSubConfig.Amqp amqp = p.amqp() == null || p.amqp().auth() == null ? p.amqp() : amqpWith(p.amqp(),
                new PubSubConfig.AmqpAuth(p.amqp().auth().user(), redacted(p.amqp().auth().password())));
        return source.toBuilder().pubSub(new PubSubConfig(p.type(), p.workers(), sqs, google, kafka, amqp)).build();
    }

    /**
     * {@code requested} with every {@code [REDACTED]} credential replaced by the one {@code current} stores (a
     * client sends back what it read). {@code [REDACTED]} where nothing is stored is a 400 naming the field.
     */
    public static PubSubConfig keepStored(PubSubConfig requested, PubSubConfig current) {
        if (requested == null) {
            return null;
        }
        PubSubConfig.Sqs sqs = requested.sqs();
        if (sqs != null && isRedacted(sqs.secretKey())) {
            sqs = new PubSubConfig.Sqs(sqs.accessKeyId(), stored("pub_sub.sqs.secret_key", current,
                    c -> c.sqs() == null ? null : c.sqs().secretKey()), sqs.defaultRegion(), sqs.queueName(),
                    sqs.endpoint());
        }
        PubSubConfig.Google google = requested.google();
        if (google != null && isRedacted(google.serviceAccount())) {
            google = new PubSubConfig.Google(google.projectId(), google.subscriptionId(), stored(
                    "pub_sub.google.service_account", current,
                    c -> c.google() == null ? null : c.google().serviceAccount()));
        }
        PubSubConfig.Kafka kafka = requested.kafka();
        if (kafka != null && kafka.auth() != null && isRedacted(kafka.auth().password())) {
            PubSubConfig.KafkaAuth auth = kafka.auth();
            kafka = new PubSubConfig.Kafka(kafka.brokers(), kafka.consumerGroupId(), kafka.topicName(),
                    new PubSubConfig.KafkaAuth(auth.type(), auth.hash(), auth.username(), stored(
                            "pub_sub.kafka.auth.password", current, c -> c.kafka() == null || c.kafka().auth() == null
                                    ? null : c.kafka().auth().password()), auth.tls()));
        }
        PubSubConfig.Amqp amqp = requested.amqp();
        if (amqp != null && amqp.auth() != null && isRedacted(amqp.auth().password())) {
            amqp = amqpWith(amqp, new PubSubConfig.AmqpAuth(amqp.auth().user(), stored("pub_sub.amqp.auth.password",
                    current, c -> c.amqp() == null || c.amqp().auth() == null ? null : c.amqp().auth().password())));
        }
        return new PubSubConfig(requested.type(), requested.workers(), sqs, google, kafka, amqp);
    }

    private static PubSubConfig.Amqp amqpWith(PubSubConfig.Amqp a, PubSubConfig.AmqpAuth auth) {
        return new PubSubConfig.Amqp(a.schema(), a.host(), a.port(), a.queue(), a.vhost(), auth, a.bindExchange(),
                a.bindedExchange(), a.routingKey(), a.deadLetterExchange());
    }

    private static String stored(String field, PubSubConfig current, Function<PubSubConfig, String> read) {
        String value = current == null ? null : read.apply(current);
        if (value == null || value.isEmpty()) {
            throw InvalidInputException.of(field + ":please provide the credential (\"" + REDACTED
                    + "\" only keeps a stored one)");
        }
        return value;
    }

    private static boolean isRedacted(String value) {
        return value != null && REDACTED.equals(value.trim());
    }

    private static String redacted(String value) {
        return value == null || value.isEmpty() ? value : REDACTED;
    }
}
