package dev.hookline.server.ingest;

import dev.hookline.server.ServerContext;
import dev.hookline.server.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stores concurrent planned events together (ingest, the event API, broker messages): every event waiting when the writer gets to it goes into one write
 * job, instead of one job (and one savepoint) each. A savepoint per event costs more than the event's inserts (it
 * also makes the full-text index flush a segment per event), so this is what lets ingest keep up with its target.
 *
 * <p>The job only inserts: events arrive here planned (matched, filtered, transformed) by their callers, so no
 * script or filter ever runs on the writer thread (ADR 0023).
 *
 * <p>A job that fails (an SQL error; requests are validated before they get here) rolls back as a whole, and its
 * events are then stored one job each, so one bad event never fails its neighbours. Every caller gets its answer
 * only after the commit that holds its event.
 */
final class IngestBatcher {

    private static final int MAX_BATCH = 256;

    private record Pending(EventIntake.Planned planned, CompletableFuture<EventIntake.Stored> result) {
    }

    private final ServerContext context;
    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();

    IngestBatcher(ServerContext context) {
        this.context = context;
    }

    /** Stores {@code planned} with whatever else is waiting and waits for the commit. */
    EventIntake.Stored store(EventIntake.Planned planned) {
        Pending pending = new Pending(planned, new CompletableFuture<>());
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
        context.db().writeAsync(c -> {
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
                stored.add(EventIntake.store(c, context, p.planned()));
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
                context.db().writeAsync(c -> EventIntake.store(c, context, p.planned()))
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
