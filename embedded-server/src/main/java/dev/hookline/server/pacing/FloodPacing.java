package dev.hookline.server.pacing;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a flooding project back while another project's deliveries wait because of it (issue 29, item 5; ADR 0043).
 *
 * <p>A replay storm or a fan-out to a thousand endpoints keeps the single writer and both cores busy: its shares and
 * turns (ADR 0042) keep the other projects' deliveries in line, but not fast, because every one of their steps waits
 * for a busy writer and a busy CPU. So the server watches how late the other projects' work is:
 * <ul>
 *   <li>the <b>lag</b> of a new delivery: from when its plan began (or its event was queued) to the plan's commit,
 *       and from the commit to the start of its send, the latter counted only when its endpoint had a free send slot
 *       at the claim (a project waiting on its own endpoint is not the server's doing);</li>
 *   <li>the <b>work</b> of each project in the same window: deliveries claimed and delivery rows written (plans,
 *       replays).</li>
 * </ul>
 * Every {@link #WINDOW_NANOS}: when a project's lag passed {@link #LAG_TARGET_NANOS}, each project that did at least
 * {@link #HEAVIER} times its work is paced at half of what it did in that window (never below
 * {@link #FLOOR_PER_SECOND}). Only a project that is not paced itself, next to one at least {@link #HEAVIER} times
 * as busy, counts as lagging: the busiest project's deliveries wait for its own backlog, which is no reason to hold
 * anybody back. A window in which nobody lagged lets every paced project go {@link #SPEED_UP} times faster; after
 * {@link #RELEASE_WINDOWS} of them in a row, once it no longer uses its pace (paced at more than four times what it
 * did), it is let go. A paced project's claims and its writes each take tokens of its rate ({@link #room},
 * {@link #awaitRoom}; two buckets, so a replay's inserts and its sends go on side by side). Every project also has a
 * bound on its sends in flight ({@link #inFlightLimit}): it starts small, doubles in each window in which nobody
 * lagged and halves in each in which it held somebody up. A project alone on the server is never paced: nobody lags
 * behind it.
 *
 * <p>This trades the flood's throughput for the others' latency, by rule and only while they are there: the flood's
 * events are all acknowledged and durable, and go out as soon as the others are quiet again.
 */
public final class FloodPacing {

    private static final Logger LOG = LoggerFactory.getLogger(FloodPacing.class);

    /** How late another project's work may be before a flood is paced. */
    static final long LAG_TARGET_NANOS = TimeUnit.MILLISECONDS.toNanos(4);
    static final long WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** A project is a flood next to a lagging one when it did at least this many times its work. */
    static final int HEAVIER = 4;
    /** How much faster a paced project may go after a window in which nobody lagged. */
    static final double SPEED_UP = 1.1;
    /** Windows in a row in which nobody lagged before a paced project is let go. */
    static final int RELEASE_WINDOWS = 10;
    /**
     * A project's deliveries in flight at most when it starts sending: every running send waits its turn on the
     * same few cores, and a flood that put a thousand sends in flight at once would make another project's next
     * send wait behind all of them (250 ms measured). The limit doubles each window in which nobody lagged (a
     * project alone reaches the dispatcher's own cap within half a second) and halves, down to
     * {@link #LEAST_IN_FLIGHT}, in each window in which another project lagged behind it.
     */
    static final int FIRST_IN_FLIGHT = 64;
    static final int LEAST_IN_FLIGHT = 16;
    private static final int MOST_IN_FLIGHT = 1 << 20;
    /** A paced project still claims and writes at least this many deliveries a second. */
    static final double FLOOR_PER_SECOND = 50;
    /**
     * Tokens a paced project may save up: this share of a second at its rate (the dispatcher's poll interval, so a
     * paced project whose claims wait for the next poll still gets its whole rate).
     */
    private static final double BURST_SECONDS = 0.1;
    private static final long LONGEST_NAP_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private static final class Project {
        final String id;
        long work;
        int quietWindows;
        long maxLag;
        /** Deliveries it may have in flight at once. */
        double inFlight = FIRST_IN_FLIGHT;
        /** Deliveries a second; 0: not paced. */
        double rate;
        /** Claims it may make now. */
        double tokens;
        /** Delivery rows it may write now: a bucket of its own, so a replay's inserts do not hold its sends back. */
        double writeTokens;
        long refilledAt;

        Project(String id) {
            this.id = id;
        }

        boolean paced() {
            return rate > 0;
        }
    }

    private final LongSupplier nanoTime;
    private final Map<String, Project> projects = new HashMap<>();
    /** When each project's last plan committed (nanoTime): a new delivery's lag is counted from there. */
    private final Map<String, Long> plannedAt = new java.util.concurrent.ConcurrentHashMap<>();
    /** A claim this long after its project's last plan is not a new delivery's: no lag counted. */
    private static final long FRESH_NANOS = TimeUnit.SECONDS.toNanos(5);
    private long windowEnds;

    public FloodPacing() {
        this(System::nanoTime);
    }

    /** With the clock a test moves. */
    public FloodPacing(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.windowEnds = nanoTime.getAsLong() + WINDOW_NANOS;
    }

    /** A plan of {@code projectId} committed new deliveries just now. */
    public void planned(String projectId) {
        plannedAt.put(projectId, nanoTime.getAsLong());
    }

    /**
     * The send of one of {@code projectId}'s new deliveries (its first try) begins, its endpoint having had a free send
     * slot when it was claimed: its lag is counted from its project's last plan. Counted here rather than at the claim,
     * because a claimed send still waits for a thread to run on, and behind a flood's hundreds of runnable sends that
     * wait is the longest part (50-130 ms measured).
     */
    public void startedNew(String projectId) {
        Long planned = plannedAt.get(projectId);
        if (planned != null) {
            long lag = nanoTime.getAsLong() - planned;
            if (lag < FRESH_NANOS) {
                lagged(projectId, lag);
            }
        }
    }

    /** One of {@code projectId}'s new deliveries waited {@code lagNanos} for the server (see the class comment). */
    public synchronized void lagged(String projectId, long lagNanos) {
        Project p = roll().computeIfAbsent(projectId, Project::new);
        p.maxLag = Math.max(p.maxLag, lagNanos);
    }

    /**
     * How many of {@code projectId}'s deliveries may be in flight at once ({@link #FIRST_IN_FLIGHT}, then doubled
     * or halved each window). A pace bounds how many sends start a second, not how many run at once; and every
     * running send is work on the same few cores that the other projects' sends wait for a turn on.
     */
    public synchronized int inFlightLimit(String projectId) {
        Project p = roll().get(projectId);
        return p == null ? FIRST_IN_FLIGHT : (int) p.inFlight;
    }

    /**
     * How many of {@code projectId}'s deliveries may be claimed now: {@link Integer#MAX_VALUE} when it is not paced.
     */
    public synchronized int room(String projectId) {
        Project p = roll().get(projectId);
        if (p == null || !p.paced()) {
            return Integer.MAX_VALUE;
        }
        refill(p);
        return (int) Math.max(0, Math.floor(p.tokens));
    }

    /** {@code n} of {@code projectId}'s deliveries were claimed (or written). */
    public synchronized void took(String projectId, int n) {
        Project p = roll().computeIfAbsent(projectId, Project::new);
        p.work += n;
        if (p.paced()) {
            refill(p);
            p.tokens -= n;
        }
    }

    /**
     * Waits until {@code projectId} may write {@code n} delivery rows, and takes them (a paced project goes into debt
     * for a write larger than its savings, and the next one waits it off). Returns at once when it is not paced, and
     * early when {@code stop} says so or the thread is interrupted.
     */
    public void awaitRoom(String projectId, int n, BooleanSupplier stop) {
        while (true) {
            long nap;
            synchronized (this) {
                Project p = roll().computeIfAbsent(projectId, Project::new);
                if (!p.paced() || stop.getAsBoolean()) {
                    p.work += n;
                    return;
                }
                refill(p);
                if (p.writeTokens >= 0) {
                    p.writeTokens -= n;
                    p.work += n;
                    return;
                }
                nap = Math.min(LONGEST_NAP_NANOS, (long) (-p.writeTokens / p.rate * 1e9) + 1);
            }
            try {
                TimeUnit.NANOSECONDS.sleep(nap);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** How many projects' last plans are remembered (for tests). */
    int remembered() {
        return plannedAt.size();
    }

    /** Deliveries a second {@code projectId} is paced at; 0 when it is not (for tests and the log). */
    public synchronized double rate(String projectId) {
        Project p = roll().get(projectId);
        return p == null ? 0 : p.rate;
    }

    private void refill(Project p) {
        long now = nanoTime.getAsLong();
        double burst = Math.max(1, p.rate * BURST_SECONDS);
        double added = (now - p.refilledAt) / 1e9 * p.rate;
        p.tokens = Math.min(burst, p.tokens + added);
        p.writeTokens = Math.min(burst, p.writeTokens + added);
        p.refilledAt = now;
    }

    /** Closes the window if it ended (under the lock) and returns the projects. */
    private Map<String, Project> roll() {
        long now = nanoTime.getAsLong();
        if (now - windowEnds < 0) {
            return projects;
        }
        windowEnds = now + WINDOW_NANOS;
        // a plan this old no longer dates any claim: forgotten, so deleted and idle projects leave nothing behind
        plannedAt.values().removeIf(at -> now - at >= FRESH_NANOS);
        long busiest = 0;
        for (Project p : projects.values()) {
            busiest = Math.max(busiest, p.work);
        }
        // who lagged: a project not paced itself, next to one at least HEAVIER times as busy (the busiest project's
        // deliveries wait for its own backlog, which is no reason to hold anybody back)
        long laggingWork = Long.MAX_VALUE;
        for (Project p : projects.values()) {
            if (p.maxLag > LAG_TARGET_NANOS && !p.paced() && HEAVIER * p.work <= busiest) {
                laggingWork = Math.min(laggingWork, p.work);
            }
        }
        boolean someoneLagged = laggingWork != Long.MAX_VALUE;
        double windowSeconds = WINDOW_NANOS / 1e9;
        for (Iterator<Project> it = projects.values().iterator(); it.hasNext(); ) {
            Project p = it.next();
            double did = p.work / windowSeconds;
            boolean heldOthersUp = someoneLagged && p.work >= HEAVIER * Math.max(1, laggingWork);
            p.inFlight = heldOthersUp ? Math.max(LEAST_IN_FLIGHT, p.inFlight / 2)
                    : Math.min(MOST_IN_FLIGHT, p.inFlight * 2);
            if (heldOthersUp) {
                if (!p.paced()) {
                    p.tokens = 0;
                    p.writeTokens = 0;
                    p.refilledAt = now;
                    LOG.info("project {} paced at {} deliveries a second: another project's new deliveries waited "
                            + "for it", p.id, Math.round(Math.max(FLOOR_PER_SECOND, did / 2)));
                }
                p.rate = Math.max(FLOOR_PER_SECOND, (p.paced() ? Math.min(p.rate, did) : did) / 2);
                p.quietWindows = 0;
            } else if (p.paced()) {
                if (someoneLagged) {
                    p.quietWindows = 0;
                } else {
                    p.rate *= SPEED_UP;
                    // let go once nobody lagged for a while and it no longer uses its pace: a flood still going
                    // keeps being paced, faster each quiet window, so its release is not a new flood
                    if (++p.quietWindows >= RELEASE_WINDOWS && p.rate > 4 * Math.max(did, FLOOR_PER_SECOND)) {
                        p.rate = 0;
                        LOG.info("project {} no longer paced: nobody waited for it for {} ms", p.id,
                                RELEASE_WINDOWS * WINDOW_NANOS / 1_000_000);
                    }
                }
            }
            p.work = 0;
            p.maxLag = 0;
            if (!p.paced() && did == 0) {
                it.remove();
            }
        }
        return projects;
    }
}
