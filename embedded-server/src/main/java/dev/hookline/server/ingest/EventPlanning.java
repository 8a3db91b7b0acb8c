package dev.hookline.server.ingest;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventStatus;
import dev.hookline.server.store.Store;
import dev.hookline.server.pacing.FloodPacing;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.store.SqlWork;
import dev.hookline.server.store.JsonColumns;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The planning stage (ADR 0038): works out the deliveries of events that are already committed and answered.
 * Matching, filters and transforms (the {@link DeliveryPlanner}, scripts in the sandbox) run here, off the callers'
 * threads; each planned event's deliveries, its outcome (endpoints, status, failure reason) and the removal of its
 * durable "to plan" marker ({@link PlanQueueRepository}) are written in one transaction, so an event is planned once:
 * a marker already gone means the plan is dropped.
 *
 * <p>Fairness: each project has its own queue; a bounded set of planner threads serves the projects with work in
 * turn (round-robin, a short batch each), and one project is served by at most {@link #PROJECT_CAP} thread at once,
 * far fewer than there are threads. So a project whose transforms are slow or loop holds at most its cap of planners (and
 * its share of script workers, {@code ScriptSandbox}) while the other projects' events keep being planned.
 *
 * <p>Restart safety: the marker is written with the event. At start, {@link #start} queues every marker left (a stop
 * or a crash between the acknowledgement and the plan); while stopping, a plan is never stored (its scripts may have
 * been cut short), so its marker stays for the next start.
 *
 * <p>Memory: the first {@link #HOT_PER_PROJECT} queued events of a project keep their payload in memory; beyond that
 * (a backlog) only IDs are queued and the event is read back when its turn comes.
 */
final class EventPlanning implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventPlanning.class);

    /**
     * Planner threads. Mostly waiting (for a script worker, a read, the writer's commit), so more than the cores:
     * with one per project at most, seven projects can be stuck in scripts and an eighth is still planned.
     */
    static final int THREADS = 8;
    /**
     * Planner threads one project may hold at once. One: a project's scripts run one at a time anyway (its share of
     * script workers, {@code ScriptSandbox.Settings.standard}), and a project without scripts plans a batch in
     * microseconds per event; a second thread would only let one project's stuck scripts hold more planners.
     */
    static final int PROJECT_CAP = 1;
    /** Events planned before their plans are written together. */
    private static final int BATCH = 64;
    /**
     * Deliveries planned before the batch is written, whatever its number of events: a fan-out to a thousand
     * endpoints is written a slice of an event at a time, and smaller fan-outs a few events at a time, so one write
     * holds the writer for milliseconds and another project's ingest and plans are not queued behind 64,000 rows
     * (issue 29).
     */
    private static final int BATCH_DELIVERIES = 32;
    /** One event's deliveries written per transaction when its plan has more ({@link #writeInSlices}). */
    static final int SLICE = 32;
    /** A batch is written at the latest this long after its first event was taken, so a slow script's neighbours
     * are not held back. */
    private static final long FLUSH_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final int HOT_PER_PROJECT = 2_000;
    /** Tries before an event that cannot be read or written is marked as not planned. */
    private static final int MAX_TRIES = 3;
    private static final int RECOVERY_PAGE = 1_000;
    static final String NOT_PLANNED = "the event could not be planned: ";

    /**
     * An event to plan. {@code draft} null: read it back from the store first. {@code queuedNanos}: when a just
     * acknowledged event was queued ({@link System#nanoTime}; 0 for the others), to tell how late its plan is.
     */
    record Job(String eventId, String projectId, DeliveryPlanner.Target target, EventIntake.Draft draft,
               Instant acknowledgedAt, List<String> endpointIds, int tries, long queuedNanos) {

        Job cold() {
            return draft == null ? this : new Job(eventId, projectId, target, null, null, null, tries, 0);
        }

        Job retried() {
            return new Job(eventId, projectId, target, null, null, null, tries + 1, 0);
        }
    }

    /**
     * A worked-out event, ready for the write: its deliveries (plan null: none) and outcome. {@code stored}: the
     * endpoints its row holds (as acknowledged); {@code endpoints}: those it has once planned (null: unknown, the
     * event is read back).
     */
    private record Planned(Job job, DeliveryPlanner.StoredEvent event, DeliveryPlanner.Plan plan,
                           List<String> stored, List<String> endpoints, EventStatus status, String reason) {
    }

    private static final class ProjectQueue {
        final String projectId;
        final ArrayDeque<Job> jobs = new ArrayDeque<>();
        int hot;
        int running;
        boolean offered;

        ProjectQueue(String projectId) {
            this.projectId = projectId;
        }
    }

    private final Store store;
    private final Signals signals;
    private final EventRepository events;
    private final ConfigCache cache;
    private final DeliveryPlanner planner;
    private final PlanQueueRepository markers;
    private final FloodPacing pacing;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition workReady = lock.newCondition();
    private final Map<String, ProjectQueue> projects = new HashMap<>();
    private final ArrayDeque<ProjectQueue> ready = new ArrayDeque<>();
    private final List<Thread> threads = new ArrayList<>();
    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hookline-planner-retry");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closed;

    EventPlanning(Store store, Signals signals, EventRepository events, ConfigCache cache, DeliveryPlanner planner,
                  PlanQueueRepository markers, FloodPacing pacing) {
        this.store = store;
        this.signals = signals;
        this.events = events;
        this.cache = cache;
        this.planner = planner;
        this.markers = markers;
        this.pacing = pacing;
    }

    /** Queues every event a previous run acknowledged but did not plan, then starts the planner threads. */
    void start() {
        int recovered = 0;
        String after = "";
        while (true) {
            String from = after;
            List<PlanQueueRepository.Marker> page = store.db().read(c -> markers.page(c, from, RECOVERY_PAGE));
            for (PlanQueueRepository.Marker m : page) {
                enqueue(new Job(m.eventId(), m.projectId(), m.target(), null, null, null, 0, 0));
            }
            recovered += page.size();
            if (page.size() < RECOVERY_PAGE) {
                break;
            }
            after = page.get(page.size() - 1).eventId();
        }
        if (recovered > 0) {
            LOG.info("planning {} acknowledged events the last run left unplanned", recovered);
        }
        for (int i = 0; i < THREADS; i++) {
            Thread t = Thread.ofPlatform().daemon().name("hookline-planner-" + i).unstarted(this::run);
            threads.add(t);
            t.start();
        }
    }

    /** Queues a committed event (its marker is stored). Ignored once stopping: the marker plans it next start. */
    void enqueue(Job job) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            ProjectQueue q = projects.computeIfAbsent(job.projectId(), ProjectQueue::new);
            if (job.draft() != null) {
                if (q.hot >= HOT_PER_PROJECT) {
                    job = job.cold();
                } else {
                    q.hot++;
                }
            }
            q.jobs.add(job);
            offer(q);
        } finally {
            lock.unlock();
        }
    }

    /** Events queued and not yet planned (all projects); for tests and metrics. */
    int backlog() {
        lock.lock();
        try {
            int n = 0;
            for (ProjectQueue q : projects.values()) {
                n += q.jobs.size() + q.running;
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: puts {@code q} at the back of the ready line when it has work and room for a thread. */
    private void offer(ProjectQueue q) {
        if (!q.offered && !q.jobs.isEmpty() && q.running < PROJECT_CAP) {
            q.offered = true;
            ready.add(q);
            workReady.signal();
        }
    }

    private void run() {
        while (!closed) {
            ProjectQueue q;
            lock.lock();
            try {
                while (ready.isEmpty() && !closed) {
                    workReady.awaitUninterruptibly();
                }
                if (closed) {
                    return;
                }
                q = ready.poll();
                q.offered = false;
                q.running++;
                offer(q); // another thread may join it, up to its cap, after the projects already waiting
            } finally {
                lock.unlock();
            }
            try {
                serve(q);
            } catch (RuntimeException e) {
                LOG.warn("planning events of project {} failed: {}", q.projectId, e.toString());
            } finally {
                lock.lock();
                try {
                    q.running--;
                    if (q.jobs.isEmpty() && q.running == 0) {
                        projects.remove(q.projectId, q); // only this queue: a newer one may have replaced it
                    } else {
                        offer(q);
                    }
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    private Job poll(ProjectQueue q) {
        lock.lock();
        try {
            Job job = q.jobs.poll();
            if (job != null && job.draft() != null) {
                q.hot--;
            }
            return job;
        } finally {
            lock.unlock();
        }
    }

    /** Plans a short batch of {@code q}'s events, then writes their plans in one transaction. */
    private void serve(ProjectQueue q) {
        List<Planned> batch = new ArrayList<>();
        long started = System.nanoTime();
        int deliveries = 0;
        while (batch.size() < BATCH && deliveries < BATCH_DELIVERIES && System.nanoTime() - started < FLUSH_NANOS
                && !closed) {
            Job job = poll(q);
            if (job == null) {
                break;
            }
            Planned planned = planOne(job);
            if (planned != null) {
                batch.add(planned);
                deliveries += planned.plan() == null ? 0 : planned.plan().matches().size();
            }
        }
        if (closed || batch.isEmpty()) {
            return; // stopping: scripts may have been cut short; the markers stay for the next start
        }
        // a project paced because another one lags behind it waits here, on its own planner thread (ADR 0043)
        long paced = System.nanoTime();
        if (batch.size() == 1 && deliveries > SLICE) {
            // a fan-out to hundreds of endpoints: written a slice at a time (each paced on its own)
            if (!writeInSlices(batch.get(0))) {
                return;
            }
            paced = 0;
        } else {
            pacing.awaitRoom(q.projectId, deliveries, () -> closed);
            paced = System.nanoTime() - paced;
            if (closed) {
                return;
            }
            if (deliveries > 0) {
                pacing.planned(q.projectId); // before the commit: the dispatcher may claim them before write returns
            }
            write(batch, deliveries);
        }
        // how late the plan is for the server's sake: from when the event was queued or this batch began (an event
        // that waited behind its own project's earlier ones waited for its project), without the pace it was held to
        long now = System.nanoTime();
        for (Planned p : batch) {
            if (p.job().queuedNanos() != 0) {
                pacing.lagged(q.projectId, now - Math.max(p.job().queuedNanos(), started) - paced);
            }
        }
    }

    /** Works out one event's plan and outcome; null when it is gone, or retried later. */
    private Planned planOne(Job job) {
        DeliveryPlanner.Subject subject;
        DeliveryPlanner.StoredEvent stored;
        List<String> endpoints;
        try {
            if (job.draft() != null) {
                EventIntake.Draft d = job.draft();
                subject = new DeliveryPlanner.Subject(d.projectId(), d.target(), d.eventType(), d.payload().text(),
                        d.payload().tree(), d.headers(), d.sourceId());
                stored = new DeliveryPlanner.StoredEvent(d.projectId(), job.eventId(), d.eventType(), d.sourceId(),
                        d.key(), d.urlQueryParams(), job.acknowledgedAt());
                endpoints = job.endpointIds();
            } else {
                Event event = store.db().read(c -> events.find(c, job.projectId(), job.eventId()));
                if (event == null) {
                    return new Planned(job, null, null, List.of(), List.of(), null, null); // deleted: only its marker goes
                }
                subject = new DeliveryPlanner.Subject(event.projectId(), job.target(), event.eventType(),
                        JsonColumns.text(event.data()), null, event.headers() == null ? Map.of() : event.headers(),
                        event.sourceId());
                stored = new DeliveryPlanner.StoredEvent(event.projectId(), event.uid(), event.eventType(),
                        event.sourceId(), event.idempotencyKey(), event.urlQueryParams(), event.acknowledgedAt());
                endpoints = event.endpoints() == null ? List.of() : event.endpoints();
            }
        } catch (RuntimeException e) {
            return retryOrGiveUp(job, e);
        }
        DeliveryPlanner.Plan plan;
        try {
            plan = planner.plan(subject);
            if (job.draft() == null) {
                // planned again (after a stop, or a failed write): a large plan may have been written in part
                DeliveryPlanner.Plan whole = plan;
                plan = store.db().read(c -> planner.withoutStored(c, stored, whole));
            }
        } catch (RuntimeException e) {
            return retryOrGiveUp(job, e);
        }
        if (closed) {
            return null;
        }
        return outcome(job, stored, plan, endpoints);
    }

    private Planned retryOrGiveUp(Job job, RuntimeException e) {
        if (closed) {
            return null;
        }
        if (job.tries() + 1 < MAX_TRIES) {
            LOG.warn("planning event {} failed, trying again: {}", job.eventId(), e.toString());
            retryLater(job.retried());
            return null;
        }
        LOG.warn("event {} could not be planned: {}", job.eventId(), e.toString());
        return new Planned(job, null, null, null, null, EventStatus.FAILURE, NOT_PLANNED + e.getMessage());
    }

    private void retryLater(Job job) {
        try {
            retries.schedule(() -> enqueue(job), 1, TimeUnit.SECONDS);
        } catch (java.util.concurrent.RejectedExecutionException stopping) {
            // closing: the marker stays, the next start plans it
        }
    }

    /**
     * The event's outcome: {@code Success} with its matched endpoints when deliveries were made; {@code Failure}
     * when none was (no match, its target gone, every transform failed). Transforms that failed are named in the
     * failure reason either way; their deliveries carry the same reason (the planner stores them so).
     */
    private Planned outcome(Job job, DeliveryPlanner.StoredEvent stored, DeliveryPlanner.Plan plan,
                            List<String> endpoints) {
        if (plan.matches().isEmpty()) {
            String gone = targetGone(job.projectId(), job.target());
            String reason = gone != null ? NOT_PLANNED + gone : plan.failureReason();
            return new Planned(job, stored, plan, endpoints, endpoints, EventStatus.FAILURE, reason);
        }
        List<String> failed = new ArrayList<>();
        for (DeliveryPlanner.Match m : plan.matches()) {
            if (m.failure() != null) {
                String why = m.failure().startsWith(DeliveryPlanner.TRANSFORM_FAILED)
                        ? m.failure().substring(DeliveryPlanner.TRANSFORM_FAILED.length()) : m.failure();
                failed.add("the transform function of subscription " + m.subscription().subscription().name()
                        + " (" + m.subscription().uid() + ") failed: " + why);
            }
        }
        EventStatus status = failed.size() == plan.matches().size() ? EventStatus.FAILURE : EventStatus.SUCCESS;
        return new Planned(job, stored, plan, endpoints, plan.endpointIds(), status, String.join("; ", failed));
    }

    /** Why an event matched nothing because what it targets was deleted after it was acknowledged; else null. */
    private String targetGone(String projectId, DeliveryPlanner.Target target) {
        return switch (target) {
            case DeliveryPlanner.Target.FromSource s -> cache.source(projectId, s.sourceId()) == null
                    ? "its source " + s.sourceId() + " was deleted before the event was planned" : null;
            case DeliveryPlanner.Target.ToEndpoints e -> {
                List<String> gone = new ArrayList<>();
                for (String id : e.endpointIds()) {
                    if (cache.endpoint(projectId, id) == null) {
                        gone.add(id);
                    }
                }
                yield gone.isEmpty() ? null : (gone.size() == 1 ? "its endpoint " + gone.get(0) + " was"
                        : "its endpoints " + String.join(", ", gone) + " were") + " deleted before the event was "
                        + "planned";
            }
            case DeliveryPlanner.Target.Broadcast b -> null;
        };
    }

    /**
     * Stores one event's large plan a slice at a time: every slice but the last checks that the event still waits for
     * its plan (its marker) and adds its deliveries, which go out at once; the last one is stored as any plan is
     * (marker taken, outcome recorded). A stop in between leaves the marker, and planning the event again leaves out
     * the subscriptions it already has deliveries for ({@link DeliveryPlanner#withoutStored}). False when the rest was
     * not written (stopping, planned or deleted meanwhile, or a failed write that is retried later).
     */
    private boolean writeInSlices(Planned p) {
        DeliveryPlanner.Plan plan = p.plan();
        int size = plan.matches().size();
        int lastFrom = (size - 1) / SLICE * SLICE;
        String projectId = p.job().projectId();
        String eventId = p.job().eventId();
        for (int from = 0; from < lastFrom; from += SLICE) {
            DeliveryPlanner.Plan slice = plan.slice(from, from + SLICE);
            pacing.awaitRoom(projectId, SLICE, () -> closed);
            if (closed) {
                return false;
            }
            List<EventDelivery> part;
            pacing.planned(projectId);
            try {
                part = store.db().writeBulk(c -> markers.holds(c, eventId)
                        ? planner.insert(c, p.event(), slice) : null);
            } catch (RuntimeException e) {
                if (p.job().tries() + 1 < MAX_TRIES) {
                    LOG.warn("storing part of the plan of event {} failed, trying again: {}", eventId, e.toString());
                    retryLater(p.job().retried());
                } else {
                    LOG.warn("storing part of the plan of event {} failed: {}", eventId, e.toString());
                    giveUp(p.job(), e);
                }
                return false;
            }
            if (part == null) {
                return false; // planned or deleted meanwhile
            }
            EventIntake.signalIfDue(signals, part);
        }
        pacing.awaitRoom(projectId, size - lastFrom, () -> closed);
        if (closed) {
            return false;
        }
        pacing.planned(projectId);
        write(List.of(new Planned(p.job(), p.event(), plan.slice(lastFrom, size), p.stored(), p.endpoints(),
                p.status(), p.reason())), size - lastFrom);
        return true;
    }

    /** Stores the batch's plans in one transaction; on failure each on its own, so one bad plan fails only itself. */
    private void write(List<Planned> batch, int deliveries) {
        List<EventDelivery> stored;
        try {
            SqlWork<List<EventDelivery>> storing = c -> {
                List<EventDelivery> all = new ArrayList<>();
                for (Planned p : batch) {
                    all.addAll(store(c, p));
                }
                return all;
            };
            // a large fan-out's plans are bulk: written between other projects' ingest and small plans (issue 29)
            stored = deliveries >= BATCH_DELIVERIES / 2 ? store.db().writeBulk(storing)
                    : store.db().write(storing);
        } catch (RuntimeException batchFailure) {
            stored = new ArrayList<>();
            for (Planned p : batch) {
                try {
                    stored.addAll(store.db().write(c -> store(c, p)));
                } catch (RuntimeException e) {
                    if (p.job().tries() + 1 < MAX_TRIES) {
                        LOG.warn("storing the plan of event {} failed, trying again: {}", p.job().eventId(),
                                e.toString());
                        retryLater(p.job().retried());
                    } else {
                        LOG.warn("storing the plan of event {} failed: {}", p.job().eventId(), e.toString());
                        giveUp(p.job(), e);
                    }
                }
            }
        }
        EventIntake.signalIfDue(signals, stored);
    }

    /** Marks an event whose plan cannot be stored as not planned (no deliveries), its marker taken. */
    private void giveUp(Job job, RuntimeException e) {
        try {
            store.db().write(c -> {
                if (markers.take(c, job.eventId())) {
                    Event event = events.find(c, job.projectId(), job.eventId());
                    if (event != null) {
                        events.updateOutcome(c, job.projectId(), job.eventId(), event.endpoints(),
                                EventStatus.FAILURE, NOT_PLANNED + e.getMessage(), store.now());
                    }
                }
                return null;
            });
        } catch (RuntimeException again) {
            LOG.warn("event {} stays to plan at the next start: {}", job.eventId(), again.toString());
        }
    }

    /** In the write transaction: takes the marker; only then stores deliveries and outcome. */
    private List<EventDelivery> store(Connection c, Planned p) throws SQLException {
        Job job = p.job();
        if (!markers.take(c, job.eventId())) {
            return List.of(); // planned already (or deleted): nothing twice
        }
        if (p.status() == null) {
            return List.of(); // the event is gone
        }
        List<EventDelivery> deliveries = p.plan() == null ? List.of()
                : planner.insert(c, p.event(), p.plan());
        if (p.event() == null || p.endpoints() == null) {
            // given up before the event was read: it keeps the endpoints it has
            Event event = events.find(c, job.projectId(), job.eventId());
            if (event != null) {
                events.updateOutcome(c, job.projectId(), job.eventId(), event.endpoints(), p.status(),
                        p.reason(), store.now());
            }
            return deliveries;
        }
        // what the row holds is known from the acknowledgement (or the read of a cold job): nothing is read back
        events.recordOutcome(c, new EventRepository.Outcome(job.projectId(), job.eventId(),
                p.event().sourceId(), p.stored(), p.endpoints(), p.status(), p.reason()), store.now());
        return deliveries;
    }

    /** Stops the planner threads; what is still queued keeps its marker and is planned at the next start. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            workReady.signalAll();
        } finally {
            lock.unlock();
        }
        retries.shutdownNow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        for (Thread t : threads) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            try {
                if (left > 0) {
                    t.join(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
