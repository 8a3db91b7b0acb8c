package dev.hookline.server.dispatch;

import dev.hookline.api.model.DeliveryMode;
import dev.hookline.server.store.Store;
import dev.hookline.server.deliveries.DeliveryLifecycle.Transition;
import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryMetaEvents;
import dev.hookline.server.endpoints.EndpointMetaEvents;
import dev.hookline.server.outbound.SendResult;
import dev.hookline.server.store.StorageErrors;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records what happened to claimed deliveries, in batches: each try's attempt row and the delivery's new state
 * are written in the same transaction. One batch is being committed at a time; whatever finished meanwhile waits
 * and goes into the next, so under load many tries share one write and one commit, and when idle a try is written
 * at once.
 *
 * <p>A batch that cannot be written (a full disk) is kept, first in line, and tried again after a backoff (50 ms
 * doubling up to 5 s) until it lands: the receivers already have these deliveries, and leaving them unrecorded
 * would send them again at the next start. The deliveries' leases (ADR 0008) end only once their outcome committed,
 * so no look reads them as due meanwhile.
 */
public final class OutcomeWriter {

    private static final Logger LOG = LoggerFactory.getLogger(OutcomeWriter.class);
    /**
     * Outcomes per write job, at most. Under load a batch is whatever finished while the previous one committed, so
     * the cap binds only when the writer falls behind the sends. A batch is a bulk write (another project's ingest
     * waits behind one), and with the writer busy a batch of 1,024 held it for 60 ms on average (up to 250 ms); with
     * 128 a bulk job took 12-15 ms, and up to 87 ms with both cores busy; so 32 (issue 29, docs/BENCHMARKS.md "Fair
     * delivery between projects", second and fourth passes; alone, the drain rate is the same within the noise).
     */
    private static final int MAX_BATCH = 32;

    /** Convoy's API version, recorded on every attempt (as its attempts do). */
    static final String API_VERSION = "2025-11-24";

    /** A try that was made. {@code deactivateEndpoint}: set the endpoint {@code inactive} in the same write. */
    record Tried(DueDelivery delivery, SendResult result, DeliveryOutcome outcome, boolean deactivateEndpoint) {
    }

    /** A claimed delivery handed back unsent, due again at {@code dueAt}, by {@code transition}. */
    record HandedBack(DueDelivery delivery, Instant dueAt, Transition transition) {
    }

    static final Duration FIRST_RETRY = Duration.ofMillis(50);
    static final Duration MAX_RETRY = Duration.ofSeconds(5);

    private final Store store;
    private final AttemptRepository attempts;
    private final DispatchState dispatchState;
    private final DeliveryMetaEvents deliveryMetaEvents;
    private final EndpointMetaEvents endpointMetaEvents;
    private final ConcurrentLinkedDeque<Object> pending = new ConcurrentLinkedDeque<>();
    private final AtomicBoolean writing = new AtomicBoolean();
    /** Only the one flush under way touches these. */
    private Duration retryDelay = FIRST_RETRY;
    private int failuresInARow;

    /** One per server (the dispatcher's), writing through {@code store}'s single writer. */
    public OutcomeWriter(Store store, AttemptRepository attempts, DispatchState dispatchState,
                         DeliveryMetaEvents deliveryMetaEvents, EndpointMetaEvents endpointMetaEvents) {
        this.store = store;
        this.attempts = attempts;
        this.dispatchState = dispatchState;
        this.deliveryMetaEvents = deliveryMetaEvents;
        this.endpointMetaEvents = endpointMetaEvents;
    }

    void tried(Tried tried) {
        pending.add(tried);
        flushIfIdle();
    }

    /**
     * A claimed delivery goes back unsent. An at_least_once one handed back at a stop needs no write: its row is still
     * waiting and due (the lease held it in memory), so only the lease ends. Otherwise its row is written (a new
     * {@code next_send_time}, or an at_most_once one's status back from {@code Processing}) and the lease ends after
     * the commit.
     */
    void handBack(DueDelivery delivery, Instant dueAt, Transition transition) {
        if (transition == Transition.HANDED_BACK_ON_STOP && delivery.mode() != DeliveryMode.AT_MOST_ONCE) {
            dispatchState.release(delivery.id());
            return;
        }
        pending.add(new HandedBack(delivery, dueAt, transition));
        flushIfIdle();
    }

    /** Waits until everything handed in so far is written, at most {@code timeout}; false when it gave up. */
    boolean awaitWritten(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!pending.isEmpty() || writing.get()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private void flushIfIdle() {
        if (pending.isEmpty() || !writing.compareAndSet(false, true)) {
            return;
        }
        List<Object> batch = new ArrayList<>();
        for (Object next; batch.size() < MAX_BATCH && (next = pending.poll()) != null; ) {
            batch.add(next);
        }
        // bulk: a flood's outcomes are written between other projects' ingest and plans, not ahead of them
        store.db().writeBulkAsync(c -> write(c, batch)).whenComplete((ignored, failure) -> {
            if (failure == null) {
                // the outcomes are committed: the deliveries may be read as due again (ADR 0008's lease)
                for (Object item : batch) {
                    dispatchState.release(item instanceof Tried t ? t.delivery().id()
                            : ((HandedBack) item).delivery().id());
                }
                if (failuresInARow > 0) {
                    LOG.info("recorded the held delivery outcomes after {} failed tries", failuresInARow);
                }
                failuresInARow = 0;
                retryDelay = FIRST_RETRY;
                writing.set(false);
                flushIfIdle();
            } else {
                retryLater(batch, failure);
            }
        });
    }

    /** Puts {@code batch} back in front and flushes again after the backoff (writing stays taken meanwhile). */
    private void retryLater(List<Object> batch, Throwable failure) {
        for (int i = batch.size() - 1; i >= 0; i--) {
            pending.addFirst(batch.get(i));
        }
        if (store.db().isClosed()) {
            // stopping: the deliveries' rows stay waiting (or Processing, at_most_once) and the next start sends them
            // again (or fails them, at_most_once)
            LOG.warn("could not record {} delivery outcomes before the database closed", pending.size());
            pending.clear();
            writing.set(false);
            return;
        }
        failuresInARow++;
        if (failuresInARow == 1 || failuresInARow % 20 == 0) {
            LOG.warn("could not record {} delivery outcomes ({} tries so far), trying again in {} ms: {}",
                    batch.size(), failuresInARow, retryDelay.toMillis(), StorageErrors.describe(failure));
        }
        Duration delay = retryDelay;
        retryDelay = retryDelay.multipliedBy(2).compareTo(MAX_RETRY) > 0 ? MAX_RETRY : retryDelay.multipliedBy(2);
        CompletableFuture.runAsync(() -> {
            writing.set(false);
            flushIfIdle();
        }, CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS));
    }

    private Void write(Connection c, List<Object> batch) throws SQLException {
        Instant now = store.now();
        List<AttemptRepository.OfProject> tries = new ArrayList<>();
        Map<Transition, Map<DueDelivery, Instant>> handedBack = new LinkedHashMap<>();
        List<DueDelivery> deactivating = new ArrayList<>();
        List<DueDelivery> deactivated = new ArrayList<>();
        // last_http_status: what the try got (0: no answer), for the list's httpStatus filter (ADR 0033);
        // last_response: the answer in short ("410 Gone", "connection refused"), the delivery's last_response
        // (ADR 0008). Guarded by the statuses the lifecycle's after-a-try transitions start from.
        try (PreparedStatement update = c.prepareStatement("UPDATE event_deliveries SET status = ?, num_trials = ?, "
                + "next_send_time = ?, latency_seconds = ?, description = ?, acknowledged_at = ?, updated_at = ?, "
                + "last_http_status = ?, last_response = ? WHERE id = ? AND " + Transition.SUCCEEDED.guard());
             PreparedStatement deactivate = c.prepareStatement("UPDATE endpoints SET status = 'inactive', "
                     + "updated_at = ? WHERE id = ? AND project_id = ? AND status = 'active' "
                     + "AND deleted_at IS NULL")) {
            for (Object item : batch) {
                if (item instanceof HandedBack back) {
                    handedBack.computeIfAbsent(back.transition(), t -> new LinkedHashMap<>())
                            .put(back.delivery(), back.dueAt());
                    continue;
                }
                Tried t = (Tried) item;
                DueDelivery d = t.delivery();
                DeliveryOutcome o = t.outcome();
                tries.add(new AttemptRepository.OfProject(d.projectId(), attempt(d, t.result())));
                update.setString(1, o.status().wire());
                update.setLong(2, o.numTrials());
                Times.set(update, 3, o.nextSendTime());
                update.setDouble(4, o.latencySeconds());
                update.setString(5, o.description());
                Times.set(update, 6, o.acknowledgedAt());
                Times.set(update, 7, now);
                update.setInt(8, Math.max(0, t.result().statusCode()));
                update.setString(9, o.lastResponse());
                update.setString(10, d.id());
                update.addBatch();
                if (t.deactivateEndpoint()) {
                    Times.set(deactivate, 1, now);
                    deactivate.setString(2, d.endpointId());
                    deactivate.setString(3, d.projectId());
                    deactivate.addBatch();
                    deactivating.add(d);
                }
            }
            update.executeBatch();
            int[] changed = deactivate.executeBatch();
            for (int i = 0; i < changed.length; i++) {
                if (changed[i] > 0) {
                    deactivated.add(deactivating.get(i));
                }
            }
        }
        attempts.insertAll(c, tries);
        for (var entry : handedBack.entrySet()) {
            DueDeliveries.handBack(c, entry.getValue(), entry.getKey(), now);
        }
        recordMetaEvents(c, batch, deactivated);
        return null;
    }

    /**
     * {@code eventdelivery.success|failed} meta events for the outcomes just written, and {@code endpoint.updated}
     * for each endpoint this write made inactive, in the same transaction. In a savepoint of its own: a meta event
     * that cannot be recorded must not undo the deliveries' outcomes.
     */
    private void recordMetaEvents(Connection c, List<Object> batch, List<DueDelivery> deactivated) {
        List<DeliveryMetaEvents.DeliveryOutcome> finished = new ArrayList<>();
        for (Object item : batch) {
            if (item instanceof Tried t) {
                finished.add(new DeliveryMetaEvents.DeliveryOutcome(t.delivery().projectId(), t.delivery().id(),
                        t.outcome().status()));
            }
        }
        if (finished.isEmpty() && deactivated.isEmpty()) {
            return;
        }
        Savepoint savepoint = null;
        try {
            savepoint = c.setSavepoint();
            deliveryMetaEvents.record(c, finished);
            for (DueDelivery d : deactivated) {
                endpointMetaEvents.recordChanged(c, d.projectId(), d.endpointId());
            }
            c.releaseSavepoint(savepoint);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("could not record delivery meta events: {}", e.toString());
            try {
                if (savepoint != null) {
                    c.rollback(savepoint);
                    c.releaseSavepoint(savepoint);
                }
            } catch (SQLException ignored) {
                // the outer transaction still commits the outcomes
            }
        }
    }

    private static AttemptRepository.NewAttempt attempt(DueDelivery d, SendResult r) {
        return new AttemptRepository.NewAttempt(d.id(), d.endpointId(), r.url(), r.method(), API_VERSION, r.ipAddress(),
                r.requestHeaders(), r.requestBody(), r.responseHeaders(), r.statusLine(), r.responseBody(),
                r.error(), r.delivered(), r.latencyMillis(), r.requestedAt(), r.respondedAt());
    }
}
