package dev.hookline.server.signals;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's wake-up calls: a service that commits work for a background loop (the dispatcher, the meta-event
 * dispatcher, the retention sweeper) signals here, and the loop registers what to run. Until a loop registers, its
 * signal does nothing. One per server, made by {@code HooklineServer} and passed to whoever signals or listens
 * (docs/adr/0041); it knows none of them, so any package may depend on it.
 */
public final class Signals {

    private final AtomicLong requeues = new AtomicLong();
    private volatile Runnable deliveriesDue = () -> { };
    private volatile Runnable metaEventsDue = () -> { };
    private volatile Runnable retentionChanged = () -> { };

    /**
     * Tells the dispatcher that deliveries may be due now (call it after committing new or rescheduled deliveries),
     * so they go out at once instead of at the next poll.
     */
    public void deliveriesDue() {
        deliveriesDue.run();
    }

    /** The dispatcher's wake-up call, run by {@link #deliveriesDue()}. */
    public void onDeliveriesDue(Runnable wakeUp) {
        this.deliveriesDue = wakeUp;
    }

    /** Tells the meta-event dispatcher that meta events may be due now (recorded or queued again). */
    public void metaEventsDue() {
        metaEventsDue.run();
    }

    /** The meta-event dispatcher's wake-up call, run by {@link #metaEventsDue()}. */
    public void onMetaEventsDue(Runnable wakeUp) {
        this.metaEventsDue = wakeUp;
    }

    /** Tells the retention sweeper that a project's retention policy changed (it applies it soon, not next hour). */
    public void retentionChanged() {
        retentionChanged.run();
    }

    /** The retention sweeper's wake-up call, run by {@link #retentionChanged()}. */
    public void onRetentionChanged(Runnable wakeUp) {
        this.retentionChanged = wakeUp;
    }

    /**
     * Call after committing a write that puts settled deliveries ({@code Success}, {@code Failure},
     * {@code Discarded}) back in the queue (resend, force resend, batch retry): delivery counts cached for past hours
     * ({@code deliveries.DeliveryStatistics}) are then dropped. The only way a settled delivery changes.
     */
    public void deliveriesRequeued() {
        requeues.incrementAndGet();
    }

    /** How many times {@link #deliveriesRequeued()} was called since start. */
    public long requeues() {
        return requeues.get();
    }
}
