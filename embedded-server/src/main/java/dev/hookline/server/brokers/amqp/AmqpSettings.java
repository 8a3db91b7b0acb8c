package dev.hookline.server.brokers.amqp;

import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import java.util.Locale;

/**
 * What an {@link AmqpConsumer} needs from a {@code pub_sub} source of type {@code amqp}, with the defaults filled in.
 * {@link #toString()} leaves the password out, so a settings object can be logged.
 *
 * @param tls            {@code schema} is {@code amqps}
 * @param vhost          {@code "/"} when the source has none
 * @param user           {@code guest} when the source has no {@code auth} (what Convoy's client does too)
 * @param exchange       the exchange to bind {@code queue} to, or {@code null}
 * @param routingKey     the binding's routing key ({@code ""} when none)
 * @param deadLetter     the exchange rejected messages go to, or {@code null} (then they are dropped)
 * @param workers        concurrent workers: one channel (and one consumer) each
 * @param prefetch       unacknowledged messages the broker hands each worker ahead
 * @param connectionName shown in the RabbitMQ management UI: {@code hookline-source-<uid>}
 */
public record AmqpSettings(boolean tls, String host, int port, String vhost, String user, String password,
                           String queue, String exchange, String routingKey, String deadLetter, int workers,
                           int prefetch, String connectionName) {

    /** Messages each worker may hold unacknowledged; see ADR 0021 for how it was chosen. */
    public static final int DEFAULT_PREFETCH = 10;

    /** System property that overrides {@link #DEFAULT_PREFETCH} (benchmarks). */
    public static final String PREFETCH_PROPERTY = "hookline.amqp.prefetch";

    public AmqpSettings {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        if (prefetch < 1) {
            throw new IllegalArgumentException("prefetch must be at least 1, got " + prefetch);
        }
    }

    /** The settings of {@code source}, whose {@code pub_sub.amqp} config is validated (SourceValidator). */
    public static AmqpSettings of(Source source) {
        PubSubConfig pubSub = source.pubSub();
        if (pubSub == null || pubSub.amqp() == null) {
            throw new IllegalArgumentException("source " + source.uid() + " has no amqp config");
        }
        PubSubConfig.Amqp amqp = pubSub.amqp();
        boolean tls = amqp.schema() != null && amqp.schema().strip().toLowerCase(Locale.ROOT).equals("amqps");
        int port = blank(amqp.port()) ? (tls ? 5671 : 5672) : Integer.parseInt(amqp.port().strip());
        String vhost = blank(amqp.vhost()) ? "/" : amqp.vhost().strip();
        String user = "guest";
        String password = "guest";
        if (amqp.auth() != null && !blank(amqp.auth().user())) {
            user = amqp.auth().user();
            password = amqp.auth().password() == null ? "" : amqp.auth().password();
        }
        String exchange = null;
        String routingKey = "";
        if (amqp.bindExchange() != null && !blank(amqp.bindExchange().exchange())) {
            exchange = amqp.bindExchange().exchange().strip();
            routingKey = amqp.bindExchange().routingKey() == null ? "" : amqp.bindExchange().routingKey().strip();
        } else if (!blank(amqp.bindedExchange())) {
            exchange = amqp.bindedExchange().strip();
            routingKey = amqp.routingKey() == null ? "" : amqp.routingKey().strip();
        }
        String deadLetter = blank(amqp.deadLetterExchange()) ? null : amqp.deadLetterExchange().strip();
        int workers = pubSub.workers() == null || pubSub.workers() < 1 ? 1 : pubSub.workers();
        return new AmqpSettings(tls, amqp.host().strip(), port, vhost, user, password, amqp.queue().strip(), exchange,
                routingKey, deadLetter, workers, defaultPrefetch(), "hookline-source-" + source.uid());
    }

    /** The same with another prefetch. */
    public AmqpSettings withPrefetch(int perWorker) {
        return new AmqpSettings(tls, host, port, vhost, user, password, queue, exchange, routingKey, deadLetter,
                workers, perWorker, connectionName);
    }

    /** The same bound to {@code exchange} with {@code routingKey}. */
    public AmqpSettings withExchange(String bindTo, String key) {
        return new AmqpSettings(tls, host, port, vhost, user, password, queue, bindTo, key == null ? "" : key,
                deadLetter, workers, prefetch, connectionName);
    }

    /** The same with rejected messages going to {@code exchange}. */
    public AmqpSettings withDeadLetter(String exchange) {
        return new AmqpSettings(tls, host, port, vhost, user, password, queue, this.exchange, routingKey, exchange,
                workers, prefetch, connectionName);
    }

    /** The same with other credentials. */
    public AmqpSettings withAuth(String newUser, String newPassword) {
        return new AmqpSettings(tls, host, port, vhost, newUser, newPassword, queue, exchange, routingKey,
                deadLetter, workers, prefetch, connectionName);
    }

    /** The same on another vhost. */
    public AmqpSettings withVhost(String other) {
        return new AmqpSettings(tls, host, port, other, user, password, queue, exchange, routingKey, deadLetter,
                workers, prefetch, connectionName);
    }

    /** {@code host:port}, for messages. */
    public String address() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    private static int defaultPrefetch() {
        String value = System.getProperty(PREFETCH_PROPERTY);
        if (value != null) {
            try {
                int parsed = Integer.parseInt(value.strip());
                if (parsed >= 1) {
                    return parsed;
                }
            } catch (NumberFormatException ignored) {
                // fall through to the default
            }
        }
        return DEFAULT_PREFETCH;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    @Override
    public String toString() {
        return (tls ? "amqps" : "amqp") + "://" + user + "@" + address() + " vhost " + vhost + " queue " + queue
                + (exchange == null ? "" : " bound to " + exchange + " (" + routingKey + ")")
                + (deadLetter == null ? "" : " dead-letter " + deadLetter) + " workers " + workers
                + " prefetch " + prefetch;
    }
}
