package dev.hookline.server.dispatch;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.store.Store;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.deliveries.DeliveryLifecycle;
import dev.hookline.server.deliveries.DeliveryLifecycle.Transition;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.Times;
import dev.hookline.server.retry.Retry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dispatcher's SQL: which deliveries are due (index {@code deliveries_due}, each endpoint's rows walked in
 * {@code next_send_time} order, one status at a time so no sort is needed, leaving out the ones in flight), what they
 * need (endpoints, project configs, subscription rate limits, one query per kind and batch), and the status changes
 * of claiming, discarding, deferring, handing back and recovering, each a {@link DeliveryLifecycle} transition whose
 * guard is the statuses it starts from, so a delivery changed meanwhile by someone else (a delete, a resend) is left
 * alone.
 */
final class DueDeliveries {

    private static final TypeReference<Map<String, List<String>>> HEADERS = new TypeReference<>() {
    };

    /**
     * One endpoint's due deliveries with one status, oldest due first; arguments: project, endpoint, leased IDs, now,
     * limit.
     */
    static final String DUE = "SELECT d.id, d.project_id, d.event_id, d.endpoint_id, d.subscription_id, "
            + "d.event_type, d.idempotency_key, d.status, d.delivery_mode, d.headers, d.url_query_params, d.metadata, "
            + "d.num_trials, "
            + "d.next_send_time, d.acknowledged_at, d.created_at, e.data AS event_data "
            + "FROM event_deliveries d INDEXED BY deliveries_due JOIN events e ON e.id = d.event_id "
            // the IN term repeats the partial index's condition, which is how SQLite knows the index covers the rows
            + "WHERE d.status IN ('Scheduled', 'Retry', 'Processing') AND d.status = '%s' AND d.project_id = ? "
            + "AND d.endpoint_id = ? "
            // the endpoint's deliveries in flight (the dispatcher's leases: their rows stay waiting, ADR 0008)
            + "AND d.id NOT IN (SELECT value FROM json_each(?)) "
            + "AND d.next_send_time <= ? AND d.deleted_at IS NULL "
            + "ORDER BY d.next_send_time LIMIT ?";

    /** The next project (in ID order) with a delivery of one status, after the argument: one index seek. */
    static final String NEXT_PROJECT = "SELECT project_id FROM event_deliveries INDEXED BY deliveries_due "
            + "WHERE status IN ('Scheduled', 'Retry', 'Processing') AND status = '%s' AND project_id > ? "
            + "ORDER BY project_id LIMIT 1";

    /**
     * The project's next endpoint (in ID order) with a delivery of one status, after the second argument: one index
     * seek.
     */
    static final String NEXT_ENDPOINT = "SELECT endpoint_id FROM event_deliveries INDEXED BY deliveries_due "
            + "WHERE status IN ('Scheduled', 'Retry', 'Processing') AND status = '%s' AND project_id = ? "
            + "AND endpoint_id > ? ORDER BY endpoint_id LIMIT 1";

    private DueDeliveries() {
    }

    /** What the due deliveries of one look need, read together. */
    record Batch(List<DueDelivery> deliveries, Map<String, Endpoint> endpoints, Map<String, Project> projects,
                 Map<String, RateLimitConfig> subscriptionLimits) {
    }

    /**
     * Up to {@code limit} deliveries due at {@code now} (oldest due first), at most {@code room.applyAsInt(endpoint)}
     * of each endpoint and none of {@code skipEndpoints}, with their live endpoints (a deleted one is absent),
     * projects and subscription rate limits.
     *
     * <p>Each endpoint's due rows are read on their own from {@code deliveries_due (status, project_id, endpoint_id,
     * next_send_time)}, and a skipped endpoint is jumped over with one seek, a project without room with one more:
     * a look costs a few index seeks per endpoint it can send to, never a step per row of a busy endpoint's backlog
     * nor one per endpoint of a project held back.
     */
    static Batch due(Connection c, Store store, EndpointRepository endpointRepository,
                     ProjectRepository projectRepository, Instant now, int limit, Collection<String> skipEndpoints,
                     java.util.function.ToIntFunction<String> room, DispatchState state, long look,
                     ProjectShares shares) throws SQLException {
        List<DueDelivery> all = new ArrayList<>();
        Map<String, Integer> readPerProject = new HashMap<>();
        for (EventDeliveryStatus status : List.of(EventDeliveryStatus.SCHEDULED, EventDeliveryStatus.RETRY)) {
            dueWithStatus(c, store.db(), status, now, limit, skipEndpoints, room, state, shares, readPerProject,
                    all);
        }
        // a lease released during this look: the read may predate its outcome's commit, so it waits for the next look
        all.removeIf(d -> state.releasedDuring(d.id(), look));
        List<DueDelivery> deliveries = inTurn(all, limit);

        Map<String, Set<String>> endpointsByProject = new HashMap<>();
        Set<String> subscriptionIds = new LinkedHashSet<>();
        for (DueDelivery d : deliveries) {
            endpointsByProject.computeIfAbsent(d.projectId(), p -> new LinkedHashSet<>()).add(d.endpointId());
            if (!d.subscriptionId().isEmpty()) {
                subscriptionIds.add(d.subscriptionId());
            }
        }
        Map<String, Endpoint> endpoints = new HashMap<>();
        Map<String, Project> projects = new HashMap<>();
        for (var entry : endpointsByProject.entrySet()) {
            endpoints.putAll(endpointRepository.findAll(c, entry.getKey(), entry.getValue()));
            Project project = projectRepository.find(c, entry.getKey());
            if (project != null) {
                projects.put(project.uid(), project);
            }
        }
        return new Batch(deliveries, endpoints, projects, subscriptionLimits(c, subscriptionIds));
    }

    /**
     * Adds to {@code out} each endpoint's due deliveries of {@code status}, walking the projects and, within each,
     * the endpoints by seeks ({@code deliveries_due (status, project_id, endpoint_id, next_send_time)}): a project
     * whose share has no room left is one seek, however many endpoints it has. The three statements are kept on the
     * read connection ({@link Database#reusable}): the dispatcher looks every few milliseconds, and compiling them
     * each look cost more than running them.
     */
    private static void dueWithStatus(Connection c, Database db, EventDeliveryStatus status, Instant now, int limit,
                                      Collection<String> skipEndpoints, java.util.function.ToIntFunction<String> room,
                                      DispatchState state, ProjectShares shares,
                                      Map<String, Integer> readPerProject, List<DueDelivery> out)
            throws SQLException {
        try (Database.Reusable nextProjectKept = db.reusable(c, String.format(NEXT_PROJECT, status.wire()));
             Database.Reusable nextKept = db.reusable(c, String.format(NEXT_ENDPOINT, status.wire()));
             Database.Reusable dueKept = db.reusable(c, String.format(DUE, status.wire()))) {
            PreparedStatement nextProject = nextProjectKept.statement();
            String afterProject = "";
            while (true) {
                nextProject.setString(1, afterProject);
                String project;
                try (ResultSet rs = nextProject.executeQuery()) {
                    if (!rs.next()) {
                        return;
                    }
                    project = rs.getString(1);
                }
                afterProject = project;
                dueOfProject(project, nextKept.statement(), dueKept.statement(), now, limit, skipEndpoints, room,
                        state, shares, readPerProject, out);
            }
        }
    }

    /** {@link #dueWithStatus} for the endpoints of one project, while its share has room. */
    private static void dueOfProject(String project, PreparedStatement next, PreparedStatement due, Instant now,
                                     int limit, Collection<String> skipEndpoints,
                                     java.util.function.ToIntFunction<String> room, DispatchState state,
                                     ProjectShares shares, Map<String, Integer> readPerProject,
                                     List<DueDelivery> out) throws SQLException {
        String after = "";
        while (true) {
            // no more rows of a project than its share has room for: the rest of its endpoints are not walked
            int left = Math.min(limit, shares.room(project)) - readPerProject.getOrDefault(project, 0);
            if (left <= 0) {
                shares.heldBack(project);
                return;
            }
            next.setString(1, project);
            next.setString(2, after);
            String endpointId;
            try (ResultSet rs = next.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                endpointId = rs.getString(1);
            }
            after = endpointId;
            int take = Math.min(left, room.applyAsInt(endpointId));
            if (take <= 0 || skipEndpoints.contains(endpointId)) {
                continue;
            }
            due.setString(1, project);
            due.setString(2, endpointId);
            due.setString(3, JsonColumns.write(state.leased(endpointId)));
            Times.set(due, 4, now);
            due.setInt(5, take);
            try (ResultSet rs = due.executeQuery()) {
                while (rs.next()) {
                    DueDelivery d = map(rs);
                    out.add(d);
                    readPerProject.merge(d.projectId(), 1, Integer::sum);
                }
            }
        }
    }

    /**
     * At most {@code limit} of {@code due}, the projects taken in turn (one delivery of each, then the next of each,
     * ...), each project's own oldest first, the project with the oldest delivery first. Not oldest first over all:
     * a project that queued 100,000 deliveries a minute ago would otherwise go before another's delivery of now.
     */
    static List<DueDelivery> inTurn(List<DueDelivery> due, int limit) {
        List<DueDelivery> sorted = new ArrayList<>(due);
        sorted.sort(java.util.Comparator.comparing(DueDelivery::nextSendTime));
        Map<String, java.util.ArrayDeque<DueDelivery>> byProject = new LinkedHashMap<>();
        for (DueDelivery d : sorted) {
            byProject.computeIfAbsent(d.projectId(), p -> new java.util.ArrayDeque<>()).add(d);
        }
        if (byProject.size() <= 1) {
            return sorted.size() > limit ? List.copyOf(sorted.subList(0, limit)) : sorted;
        }
        List<DueDelivery> out = new ArrayList<>(Math.min(limit, sorted.size()));
        while (out.size() < limit && !byProject.isEmpty()) {
            var projects = byProject.values().iterator();
            while (projects.hasNext() && out.size() < limit) {
                java.util.ArrayDeque<DueDelivery> queue = projects.next();
                out.add(queue.poll());
                if (queue.isEmpty()) {
                    projects.remove();
                }
            }
        }
        return out;
    }

    private static DueDelivery map(ResultSet rs) throws SQLException {
        JsonNode metadata = JsonColumns.tree(rs, "metadata");
        String transformed = metadata.path("raw").isTextual() ? metadata.get("raw").asText() : null;
        StrategyType strategy = StrategyType.fromWire(metadata.path("strategy").asText());
        Retry retry = new Retry(strategy == null ? StrategyType.LINEAR : strategy,
                metadata.path("interval_seconds").asLong(Retry.DEFAULT.intervalSeconds()),
                metadata.path("retry_limit").asLong(Retry.DEFAULT.retryLimit()),
                metadata.path("max_retry_seconds").asLong(0));
        DeliveryMode mode = DeliveryMode.fromWire(rs.getString("delivery_mode"));
        return new DueDelivery(rs.getString("id"), rs.getString("project_id"), rs.getString("event_id"),
                rs.getString("endpoint_id"), rs.getString("subscription_id"), rs.getString("event_type"),
                rs.getString("idempotency_key"), EventDeliveryStatus.fromWire(rs.getString("status")),
                mode == null ? DeliveryMode.AT_LEAST_ONCE : mode, JsonColumns.read(rs, "headers", HEADERS),
                rs.getString("url_query_params"), retry,
                rs.getLong("num_trials"), Times.get(rs, "next_send_time"), Times.get(rs, "acknowledged_at"),
                Times.get(rs, "created_at"), transformed != null ? transformed : rs.getString("event_data"));
    }

    private static Map<String, RateLimitConfig> subscriptionLimits(Connection c, Set<String> ids)
            throws SQLException {
        if (ids.isEmpty()) {
            return Map.of();
        }
        Map<String, RateLimitConfig> out = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT id, rate_limit_config FROM subscriptions WHERE id IN ("
                + String.join(", ", Collections.nCopies(ids.size(), "?")) + ")")) {
            int i = 1;
            for (String id : ids) {
                s.setString(i++, id);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    RateLimitConfig limit = JsonColumns.read(rs, "rate_limit_config", RateLimitConfig.class);
                    if (limit != null) {
                        out.put(rs.getString("id"), limit);
                    }
                }
            }
        }
        return out;
    }

    /** What one look decided: deliveries to send, to discard (with the transition saying why), to defer (to when). */
    record Plan(List<DueDelivery> claim, Map<String, Transition> discard, Map<String, Instant> defer) {

        boolean isEmpty() {
            return claim.isEmpty() && discard.isEmpty() && defer.isEmpty();
        }

        /** Whether {@link #apply} would write nothing: only at_least_once claims (held by the in-memory lease). */
        boolean writesNothing() {
            return discard.isEmpty() && defer.isEmpty()
                    && claim.stream().noneMatch(d -> d.mode() == DeliveryMode.AT_MOST_ONCE);
        }
    }

    /**
     * Applies a plan in the caller's write. Claimed ones are not written ({@link Transition#CLAIMED_IN_MEMORY}: the
     * dispatcher's lease holds them), except {@code at_most_once} ones, which become {@code Processing}
     * ({@link Transition#CLAIMED_AT_MOST_ONCE}) so a crash never sends them twice; discarded ones become
     * {@code Discarded} with their transition's description; deferred ones get their new {@code next_send_time}
     * ({@link Transition#HELD_RATE_LIMITED}, no try counted). Returns the claimed deliveries that are still waiting
     * (an at_most_once one changed meanwhile is not sent).
     */
    static List<DueDelivery> apply(Connection c, Plan plan, Instant now) throws SQLException {
        List<DueDelivery> claimed = new ArrayList<>(plan.claim().size());
        List<DueDelivery> atMostOnce = new ArrayList<>();
        for (DueDelivery d : plan.claim()) {
            if (d.mode() == DeliveryMode.AT_MOST_ONCE) {
                atMostOnce.add(d);
            } else {
                claimed.add(d);
            }
        }
        long at = Times.toMicros(now);
        if (!atMostOnce.isEmpty()) {
            Transition t = Transition.CLAIMED_AT_MOST_ONCE;
            try (PreparedStatement s = c.prepareStatement("UPDATE event_deliveries SET status = '" + t.to().wire()
                    + "', updated_at = ? WHERE id = ? AND " + t.guard() + " AND deleted_at IS NULL")) {
                for (DueDelivery d : atMostOnce) {
                    s.setLong(1, at);
                    s.setString(2, d.id());
                    s.addBatch();
                }
                int[] changed = s.executeBatch();
                for (int i = 0; i < changed.length; i++) {
                    if (changed[i] == 1) {
                        claimed.add(atMostOnce.get(i));
                    }
                }
            }
        }
        if (!plan.discard().isEmpty()) {
            try (PreparedStatement s = c.prepareStatement("UPDATE event_deliveries SET status = ?, "
                    + "description = ?, updated_at = ? WHERE id = ? AND " + DISCARD_GUARD)) {
                for (var entry : plan.discard().entrySet()) {
                    s.setString(1, entry.getValue().to().wire());
                    s.setString(2, DeliveryLifecycle.storedDescription(entry.getValue()));
                    s.setLong(3, at);
                    s.setString(4, entry.getKey());
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
        if (!plan.defer().isEmpty()) {
            try (PreparedStatement s = c.prepareStatement("UPDATE event_deliveries SET next_send_time = ?, "
                    + "updated_at = ? WHERE id = ? AND " + Transition.HELD_RATE_LIMITED.guard())) {
                for (var entry : plan.defer().entrySet()) {
                    Times.set(s, 1, entry.getValue());
                    s.setLong(2, at);
                    s.setString(3, entry.getKey());
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
        return claimed;
    }

    /** The guard of every dispatch-time discard (they start from the same statuses). */
    private static final String DISCARD_GUARD = Transition.DISCARDED_ENDPOINT_PAUSED.guard();

    /**
     * Writes claimed deliveries handed back unsent ({@code transition}: the circuit opened while they waited, or the
     * dispatcher stops), due at {@code dueAt}; no try counted. A delivery whose row is still waiting (at_least_once,
     * the lease held it in memory) and due now needs no write at all; those are left out here by the caller. An
     * at_most_once one goes back from {@code Processing} to {@code Scheduled} (never tried) or {@code Retry}.
     */
    static void handBack(Connection c, Map<DueDelivery, Instant> deliveries, Transition transition, Instant now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE event_deliveries SET status = ?, next_send_time = ?, "
                + "updated_at = ? WHERE id = ? AND " + transition.guard())) {
            for (var entry : deliveries.entrySet()) {
                DueDelivery d = entry.getKey();
                EventDeliveryStatus from = d.mode() == DeliveryMode.AT_MOST_ONCE ? EventDeliveryStatus.PROCESSING
                        : d.status();
                s.setString(1, DeliveryLifecycle.next(from, d.numTrials(), transition).wire());
                Times.set(s, 2, entry.getValue());
                Times.set(s, 3, now);
                s.setString(4, d.id());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /**
     * At start: deliveries left {@code Processing} by a stop that could not finish them. Since ADR 0008's in-memory
     * lease only {@code at_most_once} deliveries are written {@code Processing} at claim (and rows of an older
     * version's run); an at_least_once delivery in flight at a crash is still waiting in its row and is simply due.
     * The at_least_once ones left {@code Processing} go back to be sent now ({@code Scheduled} if never tried, else
     * {@code Retry}: {@link Transition#RECOVERED_AFTER_CRASH}); their try, if it happened, was never recorded, so
     * nothing acknowledged is lost. {@code at_most_once} ones may have reached the receiver, so they become
     * {@code Failure} ({@link Transition#RECOVERED_AT_MOST_ONCE}) instead of risking a second delivery. Returns how
     * many went back to be sent and how many failed.
     */
    static int[] recoverInterrupted(Connection c, Instant now) throws SQLException {
        long at = Times.toMicros(now);
        int failed;
        Transition failing = Transition.RECOVERED_AT_MOST_ONCE;
        try (PreparedStatement s = c.prepareStatement("UPDATE event_deliveries INDEXED BY deliveries_due "
                + "SET status = '" + failing.to().wire() + "', description = ?, updated_at = ? WHERE " + PROCESSING
                + " AND delivery_mode = 'at_most_once'")) {
            s.setString(1, DeliveryLifecycle.storedDescription(failing));
            s.setLong(2, at);
            failed = s.executeUpdate();
        }
        int resent;
        Transition recovering = Transition.RECOVERED_AFTER_CRASH;
        try (PreparedStatement s = c.prepareStatement("UPDATE event_deliveries INDEXED BY deliveries_due "
                + "SET status = CASE WHEN num_trials = 0 THEN '"
                + recovering.after(EventDeliveryStatus.PROCESSING, 0).wire() + "' ELSE '"
                + recovering.after(EventDeliveryStatus.PROCESSING, 1).wire() + "' END, next_send_time = ?, "
                + "updated_at = ? WHERE " + PROCESSING)) {
            s.setLong(1, at);
            s.setLong(2, at);
            resent = s.executeUpdate();
        }
        return new int[] {resent, failed};
    }

    /** Rows left {@code Processing}, through the {@code deliveries_due} index (its condition repeated). */
    private static final String PROCESSING = "status IN ('Scheduled', 'Retry', 'Processing') "
            + "AND status = 'Processing'";
}
