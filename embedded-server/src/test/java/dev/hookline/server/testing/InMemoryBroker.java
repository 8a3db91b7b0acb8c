package dev.hookline.server.testing;

import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.BrokerConsumer;
import dev.hookline.server.brokers.BrokerConsumerFactory;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A broker in memory, for tests of what the server does with broker messages (the real brokers have tests of their
 * own): one queue, consumers that take from it and acknowledge after the sink accepted, a record of what was
 * acknowledged and rejected, and a switch that makes the next connections fail.
 */
public final class InMemoryBroker implements BrokerConsumerFactory {

    private final BlockingDeque<BrokerMessage> queue = new LinkedBlockingDeque<>();
    private final List<BrokerMessage> acknowledged = new CopyOnWriteArrayList<>();
    private final List<String> rejections = new CopyOnWriteArrayList<>();
    private final List<Source> connectedSources = new CopyOnWriteArrayList<>();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicReference<Exception> connectFailure = new AtomicReference<>();

    public void publish(String body) {
        publish(body, Map.of());
    }

    public void publish(String body, Map<String, String> headers) {
        queue.add(new BrokerMessage(body, headers, "m-" + System.nanoTime()));
    }

    /** Connections fail with {@code failure} until {@code null} is set. */
    public void failConnections(Exception failure) {
        connectFailure.set(failure);
    }

    public List<BrokerMessage> acknowledged() {
        return acknowledged;
    }

    public List<String> rejections() {
        return rejections;
    }

    public int queued() {
        return queue.size();
    }

    /** Consumers connected so far (one per start or restart), with the source each was made for. */
    public List<Source> connectedSources() {
        return connectedSources;
    }

    /** Consumers running now. */
    public int openConsumers() {
        return open.get();
    }

    @Override
    public BrokerConsumer create(Source source) {
        return new Consumer(source);
    }

    private final class Consumer implements BrokerConsumer {

        private final Source source;
        private volatile boolean closed;

        Consumer(Source source) {
            this.source = source;
        }

        @Override
        public void run(MessageSink sink, Runnable consuming) throws Exception {
            Exception failure = connectFailure.get();
            if (failure != null) {
                throw failure;
            }
            connectedSources.add(source);
            open.incrementAndGet();
            try {
                consuming.run();
                while (!closed) {
                    BrokerMessage message = queue.poll(20, TimeUnit.MILLISECONDS);
                    if (message == null) {
                        continue;
                    }
                    try {
                        sink.accept(message);
                        acknowledged.add(message);
                    } catch (RejectedMessageException e) {
                        rejections.add(e.reason());
                    } catch (RuntimeException e) {
                        queue.addFirst(message);
                        throw e;
                    }
                }
            } finally {
                open.decrementAndGet();
            }
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
