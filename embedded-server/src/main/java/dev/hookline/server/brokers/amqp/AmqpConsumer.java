package dev.hookline.server.brokers.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.ForgivingExceptionHandler;
import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.BrokerConsumer;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import dev.hookline.server.brokers.amqp.AmqpErrors.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes a RabbitMQ queue for one {@code pub_sub} source of type {@code amqp}, with RabbitMQ's own Java client.
 *
 * <ul>
 *   <li>One connection (automatic recovery off: when it is lost, {@link #run} throws and the supervisor reconnects
 *       with backoff) and one channel per worker, each with its own consumer, manual acknowledgements and
 *       {@code basicQos(prefetch)}. Each worker has its own thread, so {@code workers} messages are stored at once.
 *   <li>The queue must exist, unless the source binds it to an exchange: then a missing queue is declared durable
 *       (with Convoy's {@code x-dead-letter-exchange} argument when the source has a dead-letter exchange) and bound.
 *       Exchanges are never declared, only checked.
 *   <li>A message is acknowledged only after the sink returned (the event is committed). A rejected message is
 *       published to the dead-letter exchange (publisher confirms; original routing key, headers plus
 *       {@value #REJECTION_HEADER}) and then acknowledged; without a dead-letter exchange it is acknowledged and
 *       so dropped. Any other failure of the sink leaves the message unacknowledged (back in the queue) and ends
 *       {@link #run} with the failure, so the supervisor retries after a backoff instead of spinning.
 *   <li>{@link #close()} stops taking messages, lets messages being stored finish (and be acknowledged), then
 *       closes the connection; unacknowledged messages go back to the queue.
 * </ul>
 */
public final class AmqpConsumer implements BrokerConsumer {

    /** Header added to a message published to the dead-letter exchange: why it was rejected. */
    public static final String REJECTION_HEADER = "x-hookline-rejection-reason";

    private static final Logger LOG = LoggerFactory.getLogger(AmqpConsumer.class);
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final int RPC_TIMEOUT_MILLIS = 30_000;
    private static final int HEARTBEAT_SECONDS = 15;
    private static final long CONFIRM_TIMEOUT_MILLIS = 10_000;
    private static final long DRAIN_MILLIS = 10_000;
    private static final int MAX_REASON_CHARS = 2_000;

    private final AmqpSettings settings;
    private final String sourceId;
    /** Completes with null when closed, else with the first failure. */
    private final CompletableFuture<Throwable> stop = new CompletableFuture<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Object drained = new Object();
    private volatile boolean closing;
    private volatile boolean subscribed;
    private volatile Connection connection;

    /** The consumer of {@code source} (the factory registered in {@code BrokerConsumers}). */
    public AmqpConsumer(Source source) {
        this(AmqpSettings.of(source), source.uid());
    }

    public AmqpConsumer(AmqpSettings settings, String sourceId) {
        this.settings = settings;
        this.sourceId = sourceId == null ? "" : sourceId;
    }

    public AmqpSettings settings() {
        return settings;
    }

    @Override
    public void run(MessageSink sink, Runnable onConsuming) throws Exception {
        if (closing) {
            return;
        }
        ExecutorService workerThreads = Executors.newFixedThreadPool(settings.workers(), threads());
        Connection conn;
        try {
            conn = connectionFactory().newConnection(workerThreads, settings.connectionName());
        } catch (Exception e) {
            workerThreads.shutdownNow();
            if (closing) {
                return;
            }
            throw AmqpErrors.describe(e, settings, Step.CONNECT);
        }
        connection = conn;
        Step step = Step.CHECK_QUEUE;
        try {
            conn.addShutdownListener(cause -> {
                if (!cause.isInitiatedByApplication()) {
                    stop.complete(cause);
                }
            });
            conn.addBlockedListener(
                    reason -> LOG.warn("source {}: RabbitMQ at {} blocks this connection ({}): rejected messages"
                            + " cannot be dead-lettered until it is unblocked", sourceId, settings.address(), reason),
                    () -> LOG.info("source {}: RabbitMQ at {} unblocked this connection", sourceId,
                            settings.address()));
            if (closing) {
                return;
            }
            step = prepare(conn);
            step = Step.CONSUME;
            // from the first subscription on messages may be in flight: close() must let them finish, not abort
            subscribed = true;
            for (int i = 1; i <= settings.workers(); i++) {
                Channel channel = conn.createChannel();
                channel.basicQos(settings.prefetch());
                if (settings.deadLetter() != null) {
                    channel.confirmSelect();
                    channel.addReturnListener(returned -> LOG.warn(
                            "source {}: dead-letter exchange {} routed a rejected message nowhere (no queue bound"
                                    + " for routing key '{}'); it is dropped", sourceId, settings.deadLetter(),
                            returned.getRoutingKey()));
                }
                channel.addShutdownListener(cause -> {
                    if (!cause.isInitiatedByApplication() && !cause.isHardError()) {
                        stop.complete(cause);
                    }
                });
                channel.basicConsume(settings.queue(), false, settings.connectionName() + "-" + i, false, false,
                        null, new Worker(channel, sink));
            }
            step = Step.RUNNING;
            LOG.info("source {}: consuming {}", sourceId, settings);
            if (closing) {
                return;
            }
            onConsuming.run();
            Throwable failure = awaitStop();
            if (failure == null || closing) {
                return;
            }
            throw AmqpErrors.describe(failure, settings, Step.RUNNING);
        } catch (StepFailed e) {
            if (closing) {
                return;
            }
            throw AmqpErrors.describe(e.getCause(), settings, e.step);
        } catch (IOException | ShutdownSignalException | TimeoutException e) {
            if (closing) {
                return;
            }
            throw AmqpErrors.describe(e, settings, step);
        } finally {
            shutDown(conn, workerThreads);
        }
    }

    /** Checks the queue (declaring it when it is bound to an exchange), binds it, checks the dead-letter exchange. */
    private Step prepare(Connection conn) throws IOException, TimeoutException {
        Step step = Step.CHECK_QUEUE;
        Channel check = conn.createChannel();
        try {
            check.queueDeclarePassive(settings.queue());
        } catch (IOException e) {
            if (settings.exchange() == null || !isNotFound(e)) {
                throw withStep(e, step);
            }
            step = Step.CREATE_QUEUE;
            Map<String, Object> arguments = new HashMap<>();
            if (settings.deadLetter() != null) {
                arguments.put("x-dead-letter-exchange", settings.deadLetter());
            }
            check = conn.createChannel();
            try {
                check.queueDeclare(settings.queue(), true, false, false, arguments);
            } catch (IOException declare) {
                throw withStep(declare, step);
            }
            LOG.info("source {}: declared durable queue {} on vhost {}", sourceId, settings.queue(),
                    settings.vhost());
        }
        try {
            if (settings.exchange() != null) {
                step = Step.BIND;
                check.queueBind(settings.queue(), settings.exchange(), settings.routingKey());
            }
            if (settings.deadLetter() != null) {
                step = Step.CHECK_DEAD_LETTER;
                check.exchangeDeclarePassive(settings.deadLetter());
            }
            closeQuietly(check);
        } catch (IOException e) {
            throw withStep(e, step);
        }
        return step;
    }

    /** An IOException that remembers which step it came from (for the plain-words description). */
    private static final class StepFailed extends IOException {
        final Step step;

        StepFailed(IOException cause, Step step) {
            super(cause.getMessage(), cause);
            this.step = step;
        }
    }

    private IOException withStep(IOException e, Step step) {
        return new StepFailed(e, step);
    }

    private static boolean isNotFound(IOException e) {
        return e.getCause() instanceof ShutdownSignalException signal
                && signal.getReason() instanceof AMQP.Channel.Close close
                && close.getReplyCode() == AMQP.NOT_FOUND;
    }

    private Throwable awaitStop() {
        try {
            return stop.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closing = true;
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    @Override
    public void close() {
        closing = true;
        stop.complete(null);
        Connection conn = connection;
        if (conn != null && !subscribed) {
            // still setting up: nothing is being stored, so unblock whatever call run is waiting in
            conn.abort(2_000);
        }
    }

    /** Lets messages being stored finish (so they are acknowledged), then closes the connection and the threads. */
    private void shutDown(Connection conn, ExecutorService workerThreads) {
        closing = closing || stop.isDone();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_MILLIS);
        synchronized (drained) {
            while (inFlight.get() > 0 && conn.isOpen()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    LOG.warn("source {}: {} message(s) still being stored after {} ms; closing anyway (they will"
                            + " be delivered again)", sourceId, inFlight.get(), DRAIN_MILLIS);
                    break;
                }
                try {
                    drained.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        try {
            if (conn.isOpen()) {
                conn.close(5_000);
            }
        } catch (IOException | RuntimeException e) {
            conn.abort(1_000);
        }
        workerThreads.shutdown();
        try {
            if (!workerThreads.awaitTermination(5, TimeUnit.SECONDS)) {
                workerThreads.shutdownNow();
            }
        } catch (InterruptedException e) {
            workerThreads.shutdownNow();
            Thread.currentThread().interrupt();
        }
        connection = null;
        LOG.info("source {}: stopped consuming queue {} at {}", sourceId, settings.queue(), settings.address());
    }

    private ConnectionFactory connectionFactory() throws NoSuchAlgorithmException {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(settings.host());
        factory.setPort(settings.port());
        factory.setVirtualHost(settings.vhost());
        factory.setUsername(settings.user());
        factory.setPassword(settings.password());
        factory.setAutomaticRecoveryEnabled(false);
        factory.setTopologyRecoveryEnabled(false);
        factory.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        factory.setHandshakeTimeout(CONNECT_TIMEOUT_MILLIS);
        factory.setChannelRpcTimeout(RPC_TIMEOUT_MILLIS);
        factory.setRequestedHeartbeat(HEARTBEAT_SECONDS);
        factory.setExceptionHandler(new QuietExceptionHandler());
        if (settings.tls()) {
            // the JDK's trust store and host name verification, as Convoy's Go client verifies with system roots
            factory.useSslProtocol(SSLContext.getDefault());
            factory.enableHostnameVerification();
        }
        return factory;
    }

    private ThreadFactory threads() {
        AtomicInteger n = new AtomicInteger();
        String prefix = "hookline-amqp-" + (sourceId.isEmpty() ? settings.queue() : sourceId) + "-";
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private static void closeQuietly(Channel channel) {
        try {
            if (channel.isOpen()) {
                channel.close();
            }
        } catch (IOException | TimeoutException | RuntimeException ignored) {
            // the connection is closing anyway or the channel is gone
        }
    }

    /** One worker: a consumer on its own channel, called by the client on this worker's thread. */
    private final class Worker extends DefaultConsumer {
        private final MessageSink sink;

        Worker(Channel channel, MessageSink sink) {
            super(channel);
            this.sink = sink;
        }

        @Override
        public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
            inFlight.incrementAndGet();
            try {
                if (closing || stop.isDone()) {
                    return; // not acknowledged: back to the queue when the connection closes
                }
                handle(envelope, properties, body);
            } finally {
                if (inFlight.decrementAndGet() == 0) {
                    synchronized (drained) {
                        drained.notifyAll();
                    }
                }
            }
        }

        private void handle(Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
            long deliveryTag = envelope.getDeliveryTag();
            BrokerMessage message = new BrokerMessage(new String(body, StandardCharsets.UTF_8),
                    headers(properties), messageId(properties, deliveryTag));
            String rejection = null;
            try {
                sink.accept(message);
            } catch (RejectedMessageException e) {
                rejection = e.reason() == null || e.reason().isBlank() ? "rejected" : e.reason();
            } catch (RuntimeException | Error e) {
                // stop first, so no worker takes the message again before run ends; then hand it back
                stop.complete(new AmqpErrors.StoreFailed(e));
                try {
                    getChannel().basicNack(deliveryTag, false, true);
                } catch (IOException | RuntimeException ignored) {
                    // unacknowledged either way: the broker delivers it again once the connection closes
                }
                if (e instanceof VirtualMachineError fatal) {
                    throw fatal;
                }
                return;
            }
            try {
                if (rejection != null) {
                    deadLetter(envelope, properties, body, message.messageId(), rejection);
                }
                getChannel().basicAck(deliveryTag, false);
            } catch (IOException | RuntimeException | InterruptedException | BrokerException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                if (!stop.complete(e)) {
                    LOG.info("source {}: could not acknowledge message {} while stopping ({}); the broker delivers"
                            + " it again", sourceId, message.messageId(), e.toString());
                }
            }
        }

        private void deadLetter(Envelope envelope, AMQP.BasicProperties properties, byte[] body, String id,
                                String reason) throws IOException, InterruptedException, BrokerException {
            String exchange = settings.deadLetter();
            if (exchange == null) {
                // the supervisor's sink already logged the rejection and its reason (once, never the payload)
                LOG.info("source {}: rejected message {} dropped from queue {} (no dead-letter exchange)", sourceId,
                        id, settings.queue());
                return;
            }
            Map<String, Object> headers = new LinkedHashMap<>();
            if (properties.getHeaders() != null) {
                headers.putAll(properties.getHeaders());
            }
            headers.put(REJECTION_HEADER, reason.length() > MAX_REASON_CHARS
                    ? reason.substring(0, MAX_REASON_CHARS) + "..." : reason);
            AMQP.BasicProperties dead = properties.builder().headers(headers).deliveryMode(2).build();
            getChannel().basicPublish(exchange, envelope.getRoutingKey(), true, dead, body);
            try {
                getChannel().waitForConfirmsOrDie(CONFIRM_TIMEOUT_MILLIS);
            } catch (TimeoutException e) {
                throw new BrokerException("dead-letter exchange " + exchange + " did not confirm a rejected message"
                        + " within " + CONFIRM_TIMEOUT_MILLIS / 1000 + " s (is the broker blocked by a memory or disk"
                        + " alarm?); the message stays in queue " + settings.queue(), e);
            }
            LOG.info("source {}: rejected message {} copied from queue {} to dead-letter exchange {}", sourceId,
                    id, settings.queue(), exchange);
        }

        @Override
        public void handleCancel(String consumerTag) {
            stop.complete(new AmqpErrors.QueueDeleted());
        }
    }

    /** AMQP headers as text: long strings and byte arrays as UTF-8, lists joined, timestamps as ISO instants. */
    static Map<String, String> headers(AMQP.BasicProperties properties) {
        Map<String, Object> raw = properties == null ? null : properties.getHeaders();
        if (raw == null || raw.isEmpty()) {
            return Map.of();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        raw.forEach((name, value) -> {
            if (name != null && value != null) {
                headers.put(name, text(value));
            }
        });
        return headers;
    }

    private static String text(Object value) {
        if (value instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        if (value instanceof Date date) {
            return date.toInstant().toString();
        }
        if (value instanceof List<?> list) {
            List<String> items = new ArrayList<>();
            list.forEach(item -> items.add(item == null ? "" : text(item)));
            return String.join(",", items);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, String> items = new LinkedHashMap<>();
            map.forEach((k, v) -> items.put(String.valueOf(k), v == null ? "" : text(v)));
            return items.toString();
        }
        return value.toString(); // LongString decodes as UTF-8; numbers and booleans as written
    }

    private static String messageId(AMQP.BasicProperties properties, long deliveryTag) {
        String id = properties == null ? null : properties.getMessageId();
        return id == null || id.isBlank() ? Long.toString(deliveryTag) : id;
    }

    /** Logs connection driver failures at debug: the shutdown listener reports them as the source's error. */
    private static final class QuietExceptionHandler extends ForgivingExceptionHandler {
        @Override
        public void handleUnexpectedConnectionDriverException(Connection conn, Throwable exception) {
            LOG.debug("AMQP connection driver failure on {}", conn, exception);
        }
    }
}
