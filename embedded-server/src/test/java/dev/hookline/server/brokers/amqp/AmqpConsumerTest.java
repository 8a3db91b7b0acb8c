package dev.hookline.server.brokers.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.hookline.server.brokers.MessageSink;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link AmqpConsumer} where no RabbitMQ is needed: nothing listening, unknown hosts, closing before running. */
class AmqpConsumerTest {

    private static AmqpSettings at(String host, int port) {
        return new AmqpSettings(false, host, port, "/", "guest", "guest", "q", null, "", null, 1, 1,
                "hookline-test");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void a_port_nobody_listens_on_cannot_connect() throws Exception {
        int port = closedPort();
        assertEquals("cannot connect to 127.0.0.1:" + port + " (connection refused)",
                AmqpConsumerIT.failureOf(at("127.0.0.1", port)));
    }

    @Test
    void an_unknown_host_is_named() throws Exception {
        assertEquals("cannot connect to no-such-host.invalid:5672 (unknown host no-such-host.invalid)",
                AmqpConsumerIT.failureOf(at("no-such-host.invalid", 5672)));
    }

    @Test
    void closed_before_it_runs_it_returns_at_once() {
        AmqpConsumer consumer = new AmqpConsumer(at("127.0.0.1", 5672), "test");
        consumer.close();
        MessageSink never = message -> {
            throw new AssertionError("no message expected");
        };
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> consumer.run(never, () -> {
            throw new AssertionError("never consuming");
        }));
    }
}
