package dev.hookline.server.outbound;

import dev.hookline.api.model.Endpoint;
import java.time.Clock;
import java.util.function.Predicate;

/**
 * The server's own sender, made on the first send. Building an {@link OkHttpWebhookSender} loads the JDK's CA
 * certificates and sets up TLS, a few hundred milliseconds of CPU that would otherwise sit on every start (the
 * console's cold start above all), although most starts send nothing for a while.
 */
public final class LazyWebhookSender implements WebhookSender, AutoCloseable {

    private final Clock clock;
    private final DestinationPolicy destinations;
    private volatile OkHttpWebhookSender sender;
    private volatile Predicate<Endpoint> portalManaged = endpoint -> false;
    private boolean closed;

    public LazyWebhookSender(Clock clock) {
        this(clock, DestinationPolicy.EMBEDDED);
    }

    /** A sender that connects only where {@code destinations} allows (ADR 0039). */
    public LazyWebhookSender(Clock clock, DestinationPolicy destinations) {
        this.clock = clock;
        this.destinations = destinations;
    }

    @Override
    public SendResult send(Webhook webhook) {
        OkHttpWebhookSender current = sender;
        if (current == null) {
            current = create();
        }
        return current.send(webhook);
    }

    private synchronized OkHttpWebhookSender create() {
        if (sender == null) {
            if (closed) {
                throw new IllegalStateException("the sender is closed");
            }
            sender = new OkHttpWebhookSender(clock, null, destinations, okhttp3.Dns.SYSTEM);
            sender.connectPublicOnlyFor(portalManaged);
        }
        return sender;
    }

    @Override
    public synchronized void connectPublicOnlyFor(Predicate<Endpoint> managed) {
        portalManaged = managed;
        if (sender != null) {
            sender.connectPublicOnlyFor(managed);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (sender != null) {
            sender.close();
        }
    }
}
