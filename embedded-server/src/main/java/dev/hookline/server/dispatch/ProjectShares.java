package dev.hookline.server.dispatch;

import dev.hookline.server.pacing.FloodPacing;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Each project's share of the dispatcher's in-flight deliveries (issue 29, ADR 0042). A project may hold at most
 * {@code cap} claimed deliveries at once, less than the dispatcher's whole room, so a replay storm or a fan-out to a
 * thousand endpoints in one project always leaves room for another project's next delivery; and each look reads
 * at most {@code cap} rows of one project ({@link DueDeliveries#due}).
 *
 * <p>A project held back by its cap is marked; once half of its cap came back, the dispatcher is woken (as a busy
 * endpoint's lane wakes it), so a project alone on the server still drains at full speed and does not wait for
 * the next poll.
 *
 * <p>A project paced because another one lags behind it ({@link FloodPacing}) has no more room than its pace allows,
 * and no project more deliveries in flight than {@link FloodPacing#inFlightLimit} (small at first, growing while
 * nobody waits for it).
 */
final class ProjectShares {

    private final int cap;
    private final FloodPacing pacing;
    private final Map<String, Share> shares = new ConcurrentHashMap<>();

    private static final class Share {
        final AtomicInteger load = new AtomicInteger();
        volatile boolean held;
    }

    ProjectShares(int cap, FloodPacing pacing) {
        if (cap <= 0) {
            throw new IllegalArgumentException("a project's share must be positive: " + cap);
        }
        this.cap = cap;
        this.pacing = pacing;
    }

    /** How many more deliveries {@code projectId} may have claimed now. */
    int room(String projectId) {
        Share share = shares.get(projectId);
        int limit = capOf(projectId);
        return Math.min(pacing.room(projectId), share == null ? limit : Math.max(0, limit - share.load.get()));
    }

    /** The project's cap now: smaller while its sends in flight are bounded ({@link FloodPacing#inFlightLimit}). */
    private int capOf(String projectId) {
        return Math.min(cap, pacing.inFlightLimit(projectId));
    }

    /** One of the project's deliveries is claimed. */
    void claimed(String projectId) {
        shares.computeIfAbsent(projectId, p -> new Share()).load.incrementAndGet();
        pacing.took(projectId, 1);
    }

    /** A look left some of the project's due deliveries waiting because its share was used up. */
    void heldBack(String projectId) {
        shares.computeIfAbsent(projectId, p -> new Share()).held = true;
    }

    /**
     * One of the project's claimed deliveries is done (answered, or handed back). Answers true when the dispatcher
     * should look again: the project was held back and half its share is free now.
     */
    boolean done(String projectId) {
        Share share = shares.get(projectId);
        if (share == null) {
            return false;
        }
        int load = share.load.decrementAndGet();
        if (share.held && load <= capOf(projectId) / 2) {
            share.held = false;
            return true;
        }
        return false;
    }
}
