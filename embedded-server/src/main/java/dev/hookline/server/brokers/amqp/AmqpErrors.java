package dev.hookline.server.brokers.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Method;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import dev.hookline.server.brokers.BrokerException;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Turns what the RabbitMQ client throws into {@link BrokerException}s in plain words ("cannot connect to
 * 127.0.0.1:5672 (connection refused)", "authentication failed for user guest on vhost /"). Messages name the
 * user, never the password.
 */
final class AmqpErrors {

    /** What the consumer was doing when it failed; decides what a broker's NOT_FOUND or ACCESS_REFUSED is about. */
    enum Step {
        CONNECT, CHECK_QUEUE, CREATE_QUEUE, BIND, CHECK_DEAD_LETTER, CONSUME, RUNNING
    }

    /** AMQP reply codes (the spec's constants, named). */
    private static final int CONNECTION_FORCED = AMQP.CONNECTION_FORCED;
    private static final int ACCESS_REFUSED = AMQP.ACCESS_REFUSED;
    private static final int NOT_FOUND = AMQP.NOT_FOUND;
    private static final int RESOURCE_LOCKED = AMQP.RESOURCE_LOCKED;
    private static final int PRECONDITION_FAILED = AMQP.PRECONDITION_FAILED;
    private static final int NOT_ALLOWED = AMQP.NOT_ALLOWED;

    private AmqpErrors() {
    }

    /** The queue was deleted (the broker cancelled our consumer). */
    static final class QueueDeleted extends Exception {
        QueueDeleted() {
            super("queue deleted", null, false, false);
        }
    }

    /** Storing a message failed for a reason other than the message itself; the message stays in the queue. */
    static final class StoreFailed extends Exception {
        StoreFailed(Throwable cause) {
            super(cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage(), cause);
        }
    }

    /** A plain-words description of {@code failure}, which happened at {@code step}. */
    static BrokerException describe(Throwable failure, AmqpSettings s, Step step) {
        if (failure instanceof BrokerException known) {
            return known;
        }
        return new BrokerException(words(failure, s, step), failure);
    }

    static String words(Throwable failure, AmqpSettings s, Step step) {
        String at = s.address();
        if (failure instanceof QueueDeleted) {
            return "queue " + s.queue() + " was deleted from vhost " + s.vhost() + " while consuming from it";
        }
        if (failure instanceof StoreFailed stored) {
            return "could not store a message from queue " + s.queue() + " (it stays in the queue): "
                    + stored.getMessage();
        }
        if (find(failure, PossibleAuthenticationFailureException.class) != null) {
            return "authentication failed for user " + s.user() + " on vhost " + s.vhost() + " at " + at;
        }
        ShutdownSignalException signal = find(failure, ShutdownSignalException.class);
        if (signal != null && !signal.isInitiatedByApplication()) {
            String fromBroker = fromBroker(signal, s, step);
            if (fromBroker != null) {
                return fromBroker;
            }
        }
        if (step == Step.CONNECT) {
            return cannotConnect(failure, s);
        }
        if (step == Step.RUNNING || signal != null) {
            return "connection to " + at + " lost: " + lostBecause(failure, signal);
        }
        return "RabbitMQ at " + at + " failed: " + text(failure);
    }

    /** A close the broker sent (connection or channel), or null when the signal is not one. */
    private static String fromBroker(ShutdownSignalException signal, AmqpSettings s, Step step) {
        Method reason = signal.getReason();
        int code;
        String text;
        if (reason instanceof AMQP.Channel.Close close) {
            code = close.getReplyCode();
            text = close.getReplyText();
        } else if (reason instanceof AMQP.Connection.Close close) {
            code = close.getReplyCode();
            text = close.getReplyText();
        } else {
            return null;
        }
        String q = "queue " + s.queue();
        String on = " on vhost " + s.vhost();
        switch (code) {
            case NOT_ALLOWED:
                if (text.contains("not found")) {
                    return "vhost " + s.vhost() + " does not exist at " + s.address();
                }
                return "user " + s.user() + " may not use vhost " + s.vhost() + " at " + s.address() + " (" + text
                        + ")";
            case NOT_FOUND:
                return switch (step) {
                    case CHECK_QUEUE, CREATE_QUEUE, CONSUME -> q + " does not exist" + on;
                    case BIND -> text.contains("exchange") || !text.contains("queue")
                            ? "exchange " + s.exchange() + " (to bind " + q + " to) does not exist" + on
                            : q + " does not exist" + on;
                    case CHECK_DEAD_LETTER -> "dead-letter exchange " + s.deadLetter() + " does not exist" + on;
                    default -> text.contains("exchange") && s.deadLetter() != null
                            ? "dead-letter exchange " + s.deadLetter() + " does not exist" + on
                            : "the broker says something is missing" + on + ": " + text;
                };
            case ACCESS_REFUSED:
                return switch (step) {
                    case CREATE_QUEUE -> q + " does not exist" + on + " and user " + s.user()
                            + " may not create it (" + text + ")";
                    case CHECK_QUEUE, CONSUME -> "user " + s.user() + " may not read " + q + on + " (" + text + ")";
                    case BIND -> "user " + s.user() + " may not bind " + q + " to exchange " + s.exchange() + on
                            + " (" + text + ")";
                    default -> "user " + s.user() + " was refused" + on + " (" + text + ")";
                };
            case RESOURCE_LOCKED:
                return q + on + " is used exclusively by another connection (" + text + ")";
            case PRECONDITION_FAILED:
                return q + on + " cannot be used as configured (" + text + ")";
            case CONNECTION_FORCED:
                return "connection to " + s.address() + " lost: the broker closed it (" + text + ")";
            default:
                return (step == Step.RUNNING ? "connection to " + s.address() + " lost: " : "RabbitMQ at "
                        + s.address() + " refused: ") + text;
        }
    }

    private static String cannotConnect(Throwable failure, AmqpSettings s) {
        String why;
        if (find(failure, UnknownHostException.class) != null) {
            why = "unknown host " + s.host();
        } else if (find(failure, NoRouteToHostException.class) != null) {
            why = "no route to host";
        } else if (find(failure, ConnectException.class) != null) {
            String m = text(find(failure, ConnectException.class)).toLowerCase(java.util.Locale.ROOT);
            why = m.contains("refused") ? "connection refused" : m;
        } else if (find(failure, SocketTimeoutException.class) != null
                || find(failure, TimeoutException.class) != null) {
            why = "no answer in time";
        } else if (find(failure, SSLException.class) != null) {
            why = "TLS handshake failed: " + text(find(failure, SSLException.class));
        } else if (find(failure, EOFException.class) != null) {
            why = "the server closed the connection during the handshake; is it RabbitMQ, and is "
                    + (s.tls() ? "amqps" : "amqp") + " the right schema for this port?";
        } else {
            why = text(failure);
        }
        return "cannot connect to " + s.address() + " (" + why + ")";
    }

    private static String lostBecause(Throwable failure, ShutdownSignalException signal) {
        Throwable cause = signal != null && signal.getCause() != null ? signal.getCause() : failure;
        if (cause instanceof ShutdownSignalException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause.getClass().getSimpleName().equals("MissedHeartbeatException")) {
            return "no heartbeat from the broker";
        }
        if (cause instanceof EOFException || cause instanceof java.net.SocketException) {
            return "the connection was closed" + (cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")");
        }
        return text(cause);
    }

    private static String text(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }
}
