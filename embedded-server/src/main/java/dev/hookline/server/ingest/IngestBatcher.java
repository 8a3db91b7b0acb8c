package dev.hookline.server.ingest;

import dev.hookline.server.store.Store;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.store.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stores concurrent new events together (ingest, the event API, broker messages): every event waiting when the writer gets to it goes into one write
 * job, instead of one job (and one savepoint) each. A savepoint per event costs more than the event's inserts (it
 * also makes the full-text index flush a segment per event), so this is what lets ingest keep up with its target.
 *
 * <p>The job only inserts the events and their "to plan" markers: matching, filters and transforms come after, in
 * the planning stage (ADR 0038), so no script or filter ever runs on the writer thread or delays an answer.
 *
 * <p>A job that fails (an SQL error; requests are validated before they get here) rolls back as a whole, and its
 * events are then stored one job each, so one bad event never fails its neighbours. Every caller gets its answer
 * only after the commit that holds its event.
 */
final class IngestBatcher {

    private static final int MAX_BATCH = 256;

    /** A draft to store; {@code loopCut} is set when it is stored as a cut webhook loop instead. */
    private record Pending(EventIntake.Draft draft, LoopCuts.Cut loopCut,
                           CompletableFuture<EventIntake.Stored> result) {

        EventIntake.Stored store(Connection c, Store store, EventRepository events, MetaEventRecorder metaEvents,
                                 PlanQueueRepository markers) throws SQLException {
            return loopCut == null ? EventIntake.store(c, store, events, markers, draft)
                    : LoopCuts.store(c, store, events, metaEvents, draft, loopCut);
        }
    }

    private final Store store;
    private final EventRepository events;
    private final MetaEventRecorder metaEvents;
    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();

    private final PlanQueueRepository markers;

    IngestBatcher(Store store, EventRepository events, MetaEventRecorder metaEvents, PlanQueueRepository markers) {
        this.store = store;
        this.events = events;
        this.metaEvents = metaEvents;
        this.markers = markers;
    }

    /** Stores {@code draft} with whatever else is waiting and waits for the commit. */
    EventIntake.Stored store(EventIntake.Draft draft) {
        return store(draft, null);
    }

    /**
     * Stores {@code draft} with whatever else is waiting, as a cut webhook loop when {@code loopCut} is set (a loop
     * runs at full delivery speed, so its cut events are batched like any others), and waits for the commit.
     */
    EventIntake.Stored store(EventIntake.Draft draft, LoopCuts.Cut loopCut) {
        Pending pending = new Pending(draft, loopCut, new CompletableFuture<>());
        queue.add(pending);
        if (scheduled.compareAndSet(false, true)) {
            schedule();
        }
        try {
            return pending.result().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new StoreException(String.valueOf(e.getCause()), e.getCause());
        }
    }

    private void schedule() {
        List<Pending> batch = new ArrayList<>();
        store.db().writeAsync(c -> {
            // cleared before draining: an event queued from now on schedules the next job itself
            scheduled.set(false);
            Pending next;
            while (batch.size() < MAX_BATCH && (next = queue.poll()) != null) {
                batch.add(next);
            }
            if (!queue.isEmpty() && scheduled.compareAndSet(false, true)) {
                schedule();
            }
            List<EventIntake.Stored> stored = new ArrayList<>(batch.size());
            for (Pending p : batch) {
                stored.add(p.store(c, store, events, metaEvents, markers));
            }
            return stored;
        }).whenComplete((stored, failure) -> {
            if (failure == null) {
                for (int i = 0; i < batch.size(); i++) {
                    batch.get(i).result().complete(stored.get(i));
                }
                return;
            }
            for (Pending p : batch) {
                store.db().writeAsync(c -> p.store(c, store, events, metaEvents, markers))
                        .whenComplete((one, error) -> {
                            if (error == null) {
                                p.result().complete(one);
                            } else {
                                p.result().completeExceptionally(error);
                            }
                        });
            }
        });
    }
}
