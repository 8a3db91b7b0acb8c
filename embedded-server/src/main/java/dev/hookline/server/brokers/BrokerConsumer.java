package dev.hookline.server.brokers;

/**
 * The connection of one {@code pub_sub} source to its broker. The {@link ConsumerSupervisor} makes a new one for
 * each try: it calls {@link #run} on a thread of its own and {@link #close} from another to stop it.
 */
public interface BrokerConsumer extends AutoCloseable {

    /**
     * Connects, then consumes with the source's {@code workers} concurrent workers, handing every message to
     * {@code sink} and acknowledging it only after {@code sink} returned; calls {@code consuming.run()} once it is
     * really consuming (connected, subscribed). Blocks until {@link #close()} (then returns normally) or until the
     * connection fails or is lost (then throws, and the supervisor tries again after a backoff).
     *
     * @throws BrokerException with plain words when it knows what went wrong (auth, missing queue or topic)
     * @throws Exception       anything else; the supervisor describes it
     */
    void run(MessageSink sink, Runnable consuming) throws Exception;

    /** Stops consuming and disconnects; {@link #run} returns soon after. Idempotent, callable from any thread. */
    @Override
    void close();
}
