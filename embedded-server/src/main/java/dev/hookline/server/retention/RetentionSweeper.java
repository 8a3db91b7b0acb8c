package dev.hookline.server.retention;

import dev.hookline.api.model.Project;
import dev.hookline.api.model.StorageInfo;
import dev.hookline.server.store.Store;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.projects.ProjectConfigs;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.Ulid;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the projects' retention policies in the background (ADR 0032): for each live project whose policy is
 * enabled, deletes the events created before {@code now - policy} whose deliveries are all settled (Success,
 * Failure, Discarded) and unchanged since then, each with its deliveries, attempts, endpoint rows and search row, and
 * then the project's settled meta events older than the policy.
 *
 * <p>The work is cut into small write jobs that share the one writer with ingest and dispatch (ADR 0003): a batch
 * deletes events until {@link #BATCH_BUDGET_NANOS} of writer time is spent, commits, and the next batch is queued only
 * after a pause at least as long as the batch held the writer, so retention takes at most about half of the writer's
 * time and a group commit of other work waits for at most one batch. Each batch is one transaction: a process that
 * dies mid-sweep leaves every event either whole or gone.
 *
 * <p>A sweep runs {@link #FIRST_RUN} after start, then every {@link #INTERVAL}, and soon after a project's retention
 * policy changes ({@link #wakeUp()}).
 */
public final class RetentionSweeper implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RetentionSweeper.class);

    /** How often the policies are applied. Events outlive their policy by at most this much. */
    public static final Duration INTERVAL = Duration.ofHours(1);
    /** The first sweep after start waits this long, so that start-up work (recovery, a search backlog) goes first. */
    public static final Duration FIRST_RUN = Duration.ofMinutes(1);
    /** Writer time one batch may take: it stops at the first event past it. */
    static final long BATCH_BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(4);
    /** Old events read at a time inside a batch. */
    static final int CANDIDATES_PER_READ = 64;
    /** Settled meta events deleted per batch. */
    static final int META_EVENTS_PER_BATCH = 256;
    private static final java.lang.management.ThreadMXBean CPU =
            java.lang.management.ManagementFactory.getThreadMXBean();
    /**
     * Above this many pages in the write-ahead log (32 MB at 4 KB pages) the next batch waits for a checkpoint that
     * copies the whole log, so the log starts over. Each batch rewrites the pages it touched into the log; batch after
     * batch with no complete checkpoint in between, the log (a file on the user's disk) would grow by hundreds of MB.
     */
    static final long WAL_LIMIT_PAGES = 8192;
    /** How long a batch waits for that checkpoint at most (then it goes ahead: a busy reader must not stop it). */
    private static final long WAL_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** The shortest pause between two batches. */
    private static final long MIN_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Store store;
    private final ProjectRepository projects;
    private final Database db;
    private final RetentionRepository retention;
    private final Map<String, StorageInfo.Cleanup> lastCleanups = new ConcurrentHashMap<>();
    private final ReentrantLock sweeping = new ReentrantLock();
    private final Semaphore wakeUps = new Semaphore(0);
    private final BatchListener listener;
    private volatile boolean closed;
    private Thread loop;

    /** Told of each committed batch (the benchmark measures them); must be quick. */
    @FunctionalInterface
    public interface BatchListener {
        BatchListener NONE = batch -> { };

        void committed(Batch batch);
    }

    /**
     * What one batch did.
     *
     * @param cursor     the ID of the last event it looked at (the next batch starts after it)
     * @param events     events deleted
     * @param deliveries deliveries deleted with them
     * @param attempts   attempts deleted with those
     * @param kept       old events kept because a delivery of theirs is unsettled or changed lately
     * @param more       whether old events after the cursor may remain
     * @param heldNanos  how long the batch ran on the writer (its commit not included)
     * @param cpuNanos   the writer thread's CPU time in that while (the batch's own cost, without the time the
     *                   machine gave to other threads)
     */
    public record Batch(String cursor, int events, long deliveries, long attempts, int kept, boolean more,
                        long heldNanos, long cpuNanos) {
    }

    public RetentionSweeper(Store store, ProjectRepository projects, RetentionRepository retention) {
        this(store, projects, retention, BatchListener.NONE);
    }

    public RetentionSweeper(Store store, ProjectRepository projects, RetentionRepository retention,
                            BatchListener listener) {
        this.store = store;
        this.projects = projects;
        this.db = store.db();
        this.retention = retention;
        this.listener = listener;
    }

    /** Starts sweeping in the background: {@link #FIRST_RUN} from now, then every {@link #INTERVAL}. */
    public synchronized void start() {
        if (loop != null || closed) {
            return;
        }
        loop = Thread.ofPlatform().name("hookline-retention").daemon(true).start(this::run);
    }

    /** Sweeps soon rather than at the next interval (a retention policy changed). */
    public void wakeUp() {
        if (wakeUps.availablePermits() == 0) {
            wakeUps.release();
        }
    }

    /** What the last sweep deleted for {@code projectId} since start, or null before one ran over it. */
    public StorageInfo.Cleanup lastCleanup(String projectId) {
        return lastCleanups.get(projectId);
    }

    private void run() {
        Duration wait = FIRST_RUN;
        while (!closed) {
            try {
                wakeUps.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS);
                wakeUps.drainPermits();
                if (closed) {
                    return;
                }
                sweep();
                wait = INTERVAL;
            } catch (InterruptedException e) {
                if (closed) {
                    return;
                }
            } catch (RuntimeException e) {
                if (closed) {
                    return; // the database closed under a batch
                }
                LOG.warn("applying retention policies failed (next try in {}): {}", INTERVAL, e.toString());
                wait = INTERVAL;
            }
        }
    }

    /**
     * Applies every live project's enabled retention policy now, on the calling thread (one sweep at a time), and
     * returns what it deleted per project.
     */
    public Map<String, StorageInfo.Cleanup> sweep() throws InterruptedException {
        sweeping.lockInterruptibly();
        try {
            Map<String, StorageInfo.Cleanup> done = new LinkedHashMap<>();
            for (Project project : projects.list(null)) {
                Duration period = ProjectConfigs.retentionPeriod(project.config());
                if (period == null || closed) {
                    continue;
                }
                StorageInfo.Cleanup cleanup = sweep(project.uid(), period);
                lastCleanups.put(project.uid(), cleanup);
                done.put(project.uid(), cleanup);
                if (cleanup.events() > 0 || cleanup.metaEvents() > 0) {
                    LOG.info("retention policy {} of project {}: deleted {} events, {} deliveries, {} attempts, {} "
                                    + "meta events; kept {} old events with unsettled deliveries",
                            project.config().retentionPolicy().policy(), project.uid(), cleanup.events(),
                            cleanup.deliveries(), cleanup.attempts(), cleanup.metaEvents(), cleanup.kept());
                }
            }
            return done;
        } finally {
            sweeping.unlock();
        }
    }

    private StorageInfo.Cleanup sweep(String projectId, Duration period) throws InterruptedException {
        Instant cutoff = store.now().minus(period);
        String cutoffId = Ulid.lowerBound(cutoff.toEpochMilli());
        long events = 0;
        long deliveries = 0;
        long attempts = 0;
        long kept = 0;
        String cursor = "";
        Batch batch;
        do {
            String after = cursor;
            batch = db.write(c -> deleteBatch(c, projectId, after, cutoffId, cutoff));
            listener.committed(batch);
            events += batch.events();
            deliveries += batch.deliveries();
            attempts += batch.attempts();
            kept += batch.kept();
            cursor = batch.cursor();
            pause(batch.heldNanos());
        } while (batch.more() && !closed);
        long metaEvents = 0;
        int deleted;
        do {
            long start = System.nanoTime();
            deleted = db.write(c -> retention.deleteMetaEvents(c, projectId, cutoffId, cutoff,
                    META_EVENTS_PER_BATCH));
            metaEvents += deleted;
            pause(System.nanoTime() - start);
        } while (deleted == META_EVENTS_PER_BATCH && !closed);
        returnFreePages();
        return new StorageInfo.Cleanup(store.now(), events, deliveries, attempts, metaEvents, kept);
    }

    /** Free pages handed back to the disk per step (1 MB at 4 KB pages): each step is a short write of its own. */
    static final int FREE_PAGES_PER_STEP = 256;

    /**
     * Gives the pages the sweep freed back to the file system in small steps, pausing between them like the batches
     * (a database with incremental auto-vacuum; an older one keeps reusing them until compacted).
     */
    private void returnFreePages() throws InterruptedException {
        if (!db.incrementalVacuum()) {
            return;
        }
        while (!closed && db.reclaimableBytes() > 0) {
            long start = System.nanoTime();
            if (db.returnFreePages(FREE_PAGES_PER_STEP) == 0) {
                return; // nothing could be given back: stop rather than spin
            }
            pause(System.nanoTime() - start);
        }
    }

    /**
     * One batch, in the writer's transaction: deletes the project's old events after {@code after} that nothing
     * keeps, oldest first, until the budget is spent or none is left.
     */
    Batch deleteBatch(Connection c, String projectId, String after, String cutoffId, Instant cutoff)
            throws SQLException {
        long start = System.nanoTime();
        long cpuStart = CPU.getCurrentThreadCpuTime();
        long indexedUpTo = retention.indexedUpTo(c);
        String cursor = after;
        int events = 0;
        long deliveries = 0;
        long attempts = 0;
        int kept = 0;
        while (true) {
            List<RetentionRepository.Candidate> candidates = retention.candidates(c, projectId, cursor, cutoffId,
                    cutoff, CANDIDATES_PER_READ);
            for (RetentionRepository.Candidate candidate : candidates) {
                cursor = candidate.id();
                if (candidate.busy()) {
                    kept++;
                } else {
                    RetentionRepository.Deleted deleted = retention.delete(c, candidate, indexedUpTo);
                    events++;
                    deliveries += deleted.deliveries();
                    attempts += deleted.attempts();
                }
                if (System.nanoTime() - start > BATCH_BUDGET_NANOS) {
                    return new Batch(cursor, events, deliveries, attempts, kept, true, System.nanoTime() - start,
                            CPU.getCurrentThreadCpuTime() - cpuStart);
                }
            }
            if (candidates.size() < CANDIDATES_PER_READ) {
                return new Batch(cursor, events, deliveries, attempts, kept, false, System.nanoTime() - start,
                        CPU.getCurrentThreadCpuTime() - cpuStart);
            }
        }
    }

    /**
     * Leaves the writer to others for at least as long as the last batch held it, and lets the background checkpoint
     * catch up with what the batches wrote.
     */
    private void pause(long heldNanos) throws InterruptedException {
        TimeUnit.NANOSECONDS.sleep(Math.max(MIN_PAUSE_NANOS, heldNanos));
        if (db.walPages() <= WAL_LIMIT_PAGES) {
            return;
        }
        long seen = db.completedCheckpoints();
        long deadline = System.nanoTime() + WAL_WAIT_NANOS;
        while (db.completedCheckpoints() == seen && System.nanoTime() < deadline && !closed) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** Stops sweeping; a sweep under way ends after its current batch. */
    @Override
    public void close() {
        closed = true;
        wakeUp();
        Thread running;
        synchronized (this) {
            running = loop;
        }
        if (running != null) {
            try {
                running.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
