package dev.hookline.server.brokers;

/** Where a consumer hands each message it receives. Safe to call from many worker threads at once. */
public interface MessageSink {

    /**
     * Stores the message as an event with its deliveries; when this returns normally the event is committed, so the
     * consumer may acknowledge the message (ack, commit the offset, delete it). A redelivered message with the same
     * idempotency key is stored as a duplicate and delivered to nobody.
     *
     * @throws RejectedMessageException the message can never become an event: reject it for good, never redeliver
     * @throws RuntimeException         anything else (the server is stopping, the disk is full): do not acknowledge
     *                                  it, so the broker delivers it again later
     */
    void accept(BrokerMessage message) throws RejectedMessageException;
}
