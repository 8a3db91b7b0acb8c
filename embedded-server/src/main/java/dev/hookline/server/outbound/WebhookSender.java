package dev.hookline.server.outbound;

import dev.hookline.api.model.Endpoint;
import java.util.function.Predicate;

/**
 * Sends one webhook over HTTP and reports what happened. The dispatcher (event deliveries) and the meta-event
 * dispatcher both send through it, so signing, endpoint authentication, mTLS, timeouts and response capture
 * exist once.
 *
 * <p>{@code send} never throws for anything the network or the receiver does: a refused connection, a timeout or
 * a TLS failure come back as a {@link SendResult} without a status and with the error in plain words.
 */
@FunctionalInterface
public interface WebhookSender {

    SendResult send(Webhook webhook);

    /**
     * Tells the sender which endpoints portal link holders can change: it connects to those with
     * {@link DestinationPolicy#PORTAL} (public addresses only), whatever its own policy allows (ADR 0039). Senders
     * that connect nowhere real (tests') ignore it.
     */
    default void connectPublicOnlyFor(Predicate<Endpoint> portalManaged) {
    }
}
