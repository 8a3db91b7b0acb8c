package dev.hookline.server.brokers.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.AMQImpl;
import dev.hookline.server.brokers.amqp.AmqpErrors.Step;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** What the RabbitMQ client throws, in plain words. No broker needed. */
class AmqpErrorsTest {

    private static final AmqpSettings S = new AmqpSettings(false, "rabbit.local", 5672, "prod", "app", "s3cret",
            "orders", "events", "order.*", "dead", 2, 10, "hookline-source-1");

    private static IOException channelClose(int code, String text) {
        return new IOException(new ShutdownSignalException(false, false,
                new AMQImpl.Channel.Close(code, text, 50, 10), null));
    }

    private static IOException connectionClose(int code, String text) {
        return new IOException(new ShutdownSignalException(true, false,
                new AMQImpl.Connection.Close(code, text, 0, 0), null));
    }

    private static String words(Throwable t, Step step) {
        return AmqpErrors.describe(t, S, step).getMessage();
    }

    @Test
    void cannot_connect() {
        assertEquals("cannot connect to rabbit.local:5672 (connection refused)",
                words(new ConnectException("Connection refused"), Step.CONNECT));
        assertEquals("cannot connect to rabbit.local:5672 (unknown host rabbit.local)",
                words(new UnknownHostException("rabbit.local"), Step.CONNECT));
        assertEquals("cannot connect to rabbit.local:5672 (no answer in time)",
                words(new TimeoutException(), Step.CONNECT));
        assertEquals("cannot connect to rabbit.local:5672 (the server closed the connection during the handshake;"
                + " is it RabbitMQ, and is amqp the right schema for this port?)",
                words(new IOException(new EOFException()), Step.CONNECT));
    }

    @Test
    void authentication_and_vhost() {
        assertEquals("authentication failed for user app on vhost prod at rabbit.local:5672",
                words(new AuthenticationFailureException("ACCESS_REFUSED - Login was refused"), Step.CONNECT));
        assertEquals("vhost prod does not exist at rabbit.local:5672",
                words(connectionClose(AMQP.NOT_ALLOWED, "NOT_ALLOWED - vhost prod not found"), Step.CONNECT));
        assertEquals("user app may not use vhost prod at rabbit.local:5672 (NOT_ALLOWED - access to vhost 'prod'"
                + " refused for user 'app')", words(connectionClose(AMQP.NOT_ALLOWED,
                "NOT_ALLOWED - access to vhost 'prod' refused for user 'app'"), Step.CONNECT));
    }

    @Test
    void missing_things_are_named_by_the_step_that_met_them() {
        IOException notFound = channelClose(AMQP.NOT_FOUND, "NOT_FOUND - no queue 'orders' in vhost 'prod'");
        assertEquals("queue orders does not exist on vhost prod", words(notFound, Step.CHECK_QUEUE));
        assertEquals("exchange events (to bind queue orders to) does not exist on vhost prod",
                words(channelClose(AMQP.NOT_FOUND, "NOT_FOUND - no exchange 'events' in vhost 'prod'"), Step.BIND));
        assertEquals("dead-letter exchange dead does not exist on vhost prod",
                words(channelClose(AMQP.NOT_FOUND, "NOT_FOUND - no exchange 'dead' in vhost 'prod'"),
                        Step.CHECK_DEAD_LETTER));
        assertEquals("queue orders does not exist on vhost prod and user app may not create it (ACCESS_REFUSED -"
                + " access to queue 'orders' in vhost 'prod' refused for user 'app')", words(channelClose(
                AMQP.ACCESS_REFUSED, "ACCESS_REFUSED - access to queue 'orders' in vhost 'prod' refused for user"
                        + " 'app'"), Step.CREATE_QUEUE));
        assertEquals("queue orders was deleted from vhost prod while consuming from it",
                words(new AmqpErrors.QueueDeleted(), Step.RUNNING));
    }

    @Test
    void a_lost_connection() {
        assertEquals("connection to rabbit.local:5672 lost: the broker closed it (CONNECTION_FORCED - broker forced"
                + " connection closure with reason 'shutdown')", words(new ShutdownSignalException(true, false,
                new AMQImpl.Connection.Close(AMQP.CONNECTION_FORCED, "CONNECTION_FORCED - broker forced connection"
                        + " closure with reason 'shutdown'", 0, 0), null), Step.RUNNING));
        ShutdownSignalException socketGone = new ShutdownSignalException(true, false, null, null);
        socketGone.initCause(new EOFException()); // as the client does when the socket ends
        assertEquals("connection to rabbit.local:5672 lost: the connection was closed", words(socketGone,
                Step.RUNNING));
    }

    @Test
    void a_store_failure_says_the_message_stays() {
        assertEquals("could not store a message from queue orders (it stays in the queue): disk full",
                words(new AmqpErrors.StoreFailed(new IllegalStateException("disk full")), Step.RUNNING));
    }
}
