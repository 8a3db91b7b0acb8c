package dev.hookline.server.brokers;

/**
 * A message that can never become an event (not JSON, not Convoy's message shape, no event type, unknown endpoint,
 * a source function that fails on it). Consumers reject it for good: to the dead-letter destination when the source
 * has one, else drop it; never redeliver it. The message says why in plain words.
 */
public final class RejectedMessageException extends Exception {

    public RejectedMessageException(String reason) {
        super(reason, null, false, false);
    }

    public String reason() {
        return getMessage();
    }
}
