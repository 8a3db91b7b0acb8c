package dev.hookline.server.brokers.amqp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.hookline.server.testing.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * The real RabbitMQ these tests run against: {@code 127.0.0.1:5672}, guest/guest (override with
 * {@code -Dhookline.test.amqp.host/port}). Tests call {@link #require()} first and are skipped, saying how to start
 * it, when nothing answers there. Queues and exchanges a test makes have unique names and are deleted on close.
 */
public final class RabbitMq implements AutoCloseable {

    public static final String HOST = System.getProperty("hookline.test.amqp.host", "127.0.0.1");
    public static final int PORT = Integer.getInteger("hookline.test.amqp.port", 5672);

    private final Connection connection;
    private final Channel channel;
    private final List<String> queues = new ArrayList<>();
    private final List<String> exchanges = new ArrayList<>();

    private RabbitMq(Connection connection) throws IOException {
        this.connection = connection;
        this.channel = connection.createChannel();
        channel.confirmSelect();
    }

    /** True when something accepts connections on the RabbitMQ port. */
    public static boolean answering() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, PORT), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Skips the calling test unless RabbitMQ answers; then an admin connection to it. */
    public static RabbitMq require() throws IOException, TimeoutException {
        assumeTrue(answering(), "RabbitMQ not answering on " + HOST + ":" + PORT + "; start it with"
                + " `rabbitmq-server -detached` (or run .ci/run, which does) to run these tests");
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(HOST);
        factory.setPort(PORT);
        factory.setAutomaticRecoveryEnabled(false);
        return new RabbitMq(factory.newConnection("hookline-test-admin"));
    }

    /** A unique name for a queue or exchange. */
    public static String unique(String what) {
        return "hookline-test-" + what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Declares a durable queue with a unique name. */
    public String queue(String what) throws IOException {
        String name = unique(what);
        channel.queueDeclare(name, true, false, false, null);
        queues.add(name);
        return name;
    }

    /** Declares a durable queue named {@code name} (not deleted on close unless {@link #forget} is called). */
    public void declare(String name) throws IOException {
        channel.queueDeclare(name, true, false, false, null);
    }

    /** Remembers a queue someone else declared, to delete it on close. */
    public String forget(String queue) {
        queues.add(queue);
        return queue;
    }

    /** Declares an exchange of {@code type} (fanout, topic, direct) with a unique name. */
    public String exchange(String what, String type) throws IOException {
        String name = unique(what);
        channel.exchangeDeclare(name, type, true);
        exchanges.add(name);
        return name;
    }

    /** A dead-letter exchange (fanout) and the queue that collects what it gets: {exchange, queue}. */
    public String[] deadLetter() throws IOException {
        String exchange = exchange("dlx", "fanout");
        String queue = queue("dlq");
        channel.queueBind(queue, exchange, "");
        return new String[] {exchange, queue};
    }

    public void publish(String queue, String body, Map<String, Object> headers) throws IOException {
        publish("", queue, body, headers, null);
    }

    public void publish(String exchange, String routingKey, String body, Map<String, Object> headers,
                        String messageId) throws IOException {
        AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder().deliveryMode(2).headers(headers)
                .messageId(messageId).contentType("application/json").build();
        channel.basicPublish(exchange, routingKey, properties, body.getBytes(StandardCharsets.UTF_8));
        try {
            channel.waitForConfirmsOrDie(10_000);
        } catch (InterruptedException | TimeoutException e) {
            throw new IOException("publish not confirmed", e);
        }
    }

    /** Messages ready in {@code queue} (not counting ones delivered and not yet acknowledged). */
    public long ready(String queue) throws IOException {
        return channel.queueDeclarePassive(queue).getMessageCount();
    }

    /** Takes one message from {@code queue} (acknowledged), or null. */
    public GetResponse take(String queue) throws IOException {
        return channel.basicGet(queue, true);
    }

    public boolean exists(String queue) {
        try (Channel probe = connection.createChannel()) {
            probe.queueDeclarePassive(queue);
            return true;
        } catch (IOException | TimeoutException e) {
            return false;
        }
    }

    public void deleteQueue(String queue) throws IOException {
        channel.queueDelete(queue);
    }

    /**
     * Makes the broker close the connection named {@code connectionName} ({@code rabbitmqctl close_connection}), as
     * a broker restart or an operator would. Skips the calling test when {@code rabbitmqctl} cannot be used here
     * (not installed, or not allowed to talk to the node).
     */
    public static void forceClose(String connectionName, String explanation) throws Exception {
        String pid = Await.value(Duration.ofSeconds(20), "connection " + connectionName + " listed", () -> {
            Process.Result listed = Process.run("rabbitmqctl", "-q", "list_connections", "pid", "client_properties");
            assumeTrue(listed.exit() == 0, "rabbitmqctl cannot list connections here: " + listed.output());
            for (String line : listed.output().split("\n")) {
                if (line.contains("\"" + connectionName + "\"")) {
                    return line.substring(0, line.indexOf('\t')).strip();
                }
            }
            return null;
        }, java.util.Objects::nonNull);
        Process.Result closed = Process.run("rabbitmqctl", "-q", "close_connection", pid, explanation);
        assumeTrue(closed.exit() == 0, "rabbitmqctl cannot close connections here: " + closed.output());
    }

    /** A user made with {@code rabbitmqctl} for one test; deleted on close. */
    public record User(String name, String password) implements AutoCloseable {
        @Override
        public void close() {
            Process.run("rabbitmqctl", "-q", "delete_user", name);
        }
    }

    /**
     * A new user on vhost {@code /} with the given permission patterns (RabbitMQ's configure, write and read regular
     * expressions; {@code "^$"} allows nothing). Skips the calling test when {@code rabbitmqctl} cannot be used here.
     */
    public static User user(String configure, String write, String read) {
        String name = unique("user");
        String password = UUID.randomUUID().toString();
        Process.Result added = Process.run("rabbitmqctl", "-q", "add_user", name, password);
        assumeTrue(added.exit() == 0, "rabbitmqctl cannot add users here: " + added.output());
        User user = new User(name, password);
        Process.Result allowed = Process.run("rabbitmqctl", "-q", "set_permissions", "-p", "/", name, configure,
                write, read);
        if (allowed.exit() != 0) {
            user.close();
            assumeTrue(false, "rabbitmqctl cannot set permissions here: " + allowed.output());
        }
        return user;
    }

    /** Runs a command and collects its output (stdout and stderr). */
    private static final class Process {
        record Result(int exit, String output) {
        }

        static Result run(String... command) {
            try {
                java.lang.Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return new Result(-1, "timed out: " + out);
                }
                return new Result(p.exitValue(), out);
            } catch (IOException e) {
                return new Result(-1, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Result(-1, e.toString());
            }
        }
    }

    /** Polls {@code condition} until it holds or {@code timeout} passes ({@link Await#until}). */
    public static void await(String what, Duration timeout, BooleanSupplier condition) {
        Await.until(timeout, what, condition);
    }

    @Override
    public void close() throws IOException, TimeoutException {
        try {
            for (String queue : queues) {
                channel.queueDelete(queue);
            }
            for (String exchange : exchanges) {
                channel.exchangeDelete(exchange);
            }
        } finally {
            connection.close();
        }
    }
}
