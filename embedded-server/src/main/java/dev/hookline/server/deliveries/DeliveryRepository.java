package dev.hookline.server.deliveries;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.DeliveryMetadata;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.store.Store;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.retry.Retry;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.RowMapper;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Event deliveries in the database.
 *
 * <p>The payload is not copied into each delivery: {@code metadata.data}/{@code raw} come from the event when the
 * page is put together ({@link DeliveryViews}), unless a subscription's transform made a payload of its own, which
 * is then stored in the delivery's {@code metadata} column. {@code num_trials} and {@code next_send_time} are
 * columns (the dispatcher updates them) and are put back into {@code metadata} on the wire.
 */
public final class DeliveryRepository {

    /** The columns {@link #map} reads. */
    public static final String COLUMNS = "id, project_id, event_id, endpoint_id, subscription_id, device_id, "
            + "source_id, event_type, idempotency_key, status, delivery_mode, headers, url_query_params, metadata, "
            + "num_trials, next_send_time, latency_seconds, description, acknowledged_at, created_at, updated_at, "
            + "deleted_at, last_response";

    static final List<EventDeliveryStatus> ALL_STATUSES = Arrays.asList(EventDeliveryStatus.values());

    private static final TypeReference<Map<String, List<String>>> HEADERS = new TypeReference<>() {
    };

    private final Store store;
    private final DeliveryHolds deliveryHolds;

    public DeliveryRepository(Store store, DeliveryHolds deliveryHolds) {
        this.store = store;
        this.deliveryHolds = deliveryHolds;
    }

    /**
     * A delivery to store. {@code transformedPayload} is the JSON text a subscription function made, or null to send
     * the event's payload. {@code lastHttpStatus}: what its last attempt got when it is stored already tried (0: no
     * answer, e.g. a transform that failed before any request), null when never tried (ADR 0033). Set here, in the
     * insert, rather than by a second statement per delivery: ingest writes many deliveries in one savepoint.
     */
    public record NewDelivery(String eventId, String endpointId, String subscriptionId, String sourceId,
                              String eventType, String idempotencyKey, EventDeliveryStatus status,
                              DeliveryMode deliveryMode, Map<String, List<String>> headers, String urlQueryParams,
                              Retry retry, String transformedPayload, long numTrials, Instant nextSendTime,
                              double latencySeconds, String description, Instant acknowledgedAt,
                              Integer lastHttpStatus) {

        /** A delivery not tried yet. */
        public NewDelivery(String eventId, String endpointId, String subscriptionId, String sourceId,
                           String eventType, String idempotencyKey, EventDeliveryStatus status,
                           DeliveryMode deliveryMode, Map<String, List<String>> headers, String urlQueryParams,
                           Retry retry, String transformedPayload, long numTrials, Instant nextSendTime,
                           double latencySeconds, String description, Instant acknowledgedAt) {
            this(eventId, endpointId, subscriptionId, sourceId, eventType, idempotencyKey, status, deliveryMode,
                    headers, urlQueryParams, retry, transformedPayload, numTrials, nextSendTime, latencySeconds,
                    description, acknowledgedAt, null);
        }

        public NewDelivery {
            Objects.requireNonNull(eventId, "eventId");
            Objects.requireNonNull(endpointId, "endpointId");
            Objects.requireNonNull(status, "status");
            subscriptionId = subscriptionId == null ? "" : subscriptionId;
            sourceId = sourceId == null ? "" : sourceId;
            eventType = eventType == null ? "" : eventType;
            idempotencyKey = idempotencyKey == null ? "" : idempotencyKey;
            deliveryMode = deliveryMode == null ? DeliveryMode.AT_LEAST_ONCE : deliveryMode;
            headers = headers == null ? Map.of() : headers;
            urlQueryParams = urlQueryParams == null ? "" : urlQueryParams;
            retry = retry == null ? Retry.DEFAULT : retry;
            description = description == null ? "" : description;
        }
    }


    /**
     * The subscriptions the event already has a delivery for (an event whose large plan was partly written before a
     * stop is planned again without them).
     */
    public java.util.Set<String> subscriptionsDeliveredTo(Connection c, String projectId, String eventId)
            throws SQLException {
        java.util.Set<String> out = new java.util.HashSet<>();
        try (PreparedStatement s = c.prepareStatement("SELECT subscription_id FROM event_deliveries "
                + "WHERE project_id = ? AND event_id = ? AND deleted_at IS NULL")) {
            s.setString(1, projectId);
            s.setString(2, eventId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** Stores deliveries in the caller's write transaction (ingest stores an event and its deliveries together). */
    public List<EventDelivery> insertDeliveries(Connection c, String projectId, List<NewDelivery> deliveries)
            throws SQLException {
        Instant now = store.now();
        List<EventDelivery> written = new ArrayList<>(deliveries.size());
        try (Database.Reusable r = store.db().reusable(c, INSERT)) {
            PreparedStatement s = r.statement();
            for (NewDelivery d : deliveries) {
                String id = store.newId();
                Instant next = d.nextSendTime() == null ? now : d.nextSendTime().truncatedTo(ChronoUnit.MICROS);
                Instant acknowledged = d.acknowledgedAt() == null ? null
                        : d.acknowledgedAt().truncatedTo(ChronoUnit.MICROS);
                written.add(written(id, projectId, d, next, acknowledged, now));
                int i = 1;
                s.setString(i++, id);
                s.setString(i++, projectId);
                s.setString(i++, d.eventId());
                s.setString(i++, d.endpointId());
                s.setString(i++, d.subscriptionId());
                s.setString(i++, "");
                s.setString(i++, d.sourceId());
                s.setString(i++, d.eventType());
                s.setString(i++, d.idempotencyKey());
                s.setString(i++, d.status().wire());
                s.setString(i++, d.deliveryMode().wire());
                s.setString(i++, JsonColumns.write(d.headers()));
                s.setString(i++, d.urlQueryParams());
                s.setString(i++, storedMetadataJson(d.retry(), d.transformedPayload()));
                s.setLong(i++, d.numTrials());
                Times.set(s, i++, next);
                s.setDouble(i++, d.latencySeconds());
                s.setString(i++, d.description());
                Times.set(s, i++, acknowledged);
                Times.set(s, i++, now);
                Times.set(s, i++, now);
                s.setString(i++, lastResponse(d.lastHttpStatus()));
                if (d.lastHttpStatus() == null) {
                    s.setNull(i, java.sql.Types.INTEGER);
                } else {
                    s.setInt(i, d.lastHttpStatus());
                }
                s.addBatch();
            }
            s.executeBatch();
        }
        return written;
    }

    private static final String INSERT = "INSERT INTO event_deliveries(" + COLUMNS + ", last_http_status) VALUES ("
            + String.join(", ", Collections.nCopies(21, "?")) + ", NULL, ?, ?)";

    /**
     * The {@code last_response} of a delivery stored already tried: only a failed transform does so, which made no
     * request ({@code lastHttpStatus} 0); null when never tried.
     */
    private static String lastResponse(Integer lastHttpStatus) {
        if (lastHttpStatus == null) {
            return null;
        }
        return lastHttpStatus == 0 ? "no request sent" : String.valueOf(lastHttpStatus);
    }

    /**
     * A delivery as {@link #map} would read it back right after {@link #insertDeliveries} wrote it: built from the
     * values instead, since ingest writes thousands a second and reading them back would double the work.
     */
    private static EventDelivery written(String id, String projectId, NewDelivery d, Instant next,
                                         Instant acknowledged, Instant now) {
        String raw = d.transformedPayload();
        DeliveryMetadata metadata = new DeliveryMetadata(JsonColumns.verbatim(raw), raw, d.retry().strategy(), next,
                d.numTrials(), d.retry().intervalSeconds(), d.retry().retryLimit(), d.retry().maxRetrySeconds());
        return new EventDelivery(id, projectId, d.eventId(), d.endpointId(), "", d.subscriptionId(), d.headers(),
                null, d.urlQueryParams(), d.idempotencyKey(), Latency.text(d.latencySeconds()), d.latencySeconds(),
                d.eventType(), d.deliveryMode(), null, null, null, null, d.status(), metadata, null,
                d.description(), acknowledged, now, now, null, lastResponse(d.lastHttpStatus()), null, null);
    }

    /** The live delivery {@code id} of {@code projectId} as stored (no embedded metadata, payload unset), or null. */
    public EventDelivery find(Connection c, String projectId, String id) throws SQLException {
        return ProjectRows.findById(c, "event_deliveries", COLUMNS, projectId, id, DeliveryRepository::map);
    }

    /** One page of the project's live deliveries, each complete with payload and embedded metadata. */
    public Page<EventDelivery> list(String projectId, DeliveryFilter filter, ListParams params) {
        if (filter.endpointIds() != null && filter.endpointIds().isEmpty()) {
            return params.emptyPage();
        }
        String baseUrl = store.baseUrl();
        return store.db().read(c -> {
            DeliveryFilter resolved = resolveIdempotencyKey(c, projectId, resolveHolds(c, projectId, filter));
            if (resolved == null || (resolved.endpointIds() != null && resolved.endpointIds().isEmpty())) {
                return params.<EventDelivery>emptyPage();
            }
            Page<EventDelivery> page = listQuery(projectId, resolved).page(c, params, EventDelivery::uid);
            return new Page<>(DeliveryViews.complete(c, projectId, page.content(), baseUrl, deliveryHolds,
                    store.now()), page.pagination());
        });
    }

    /** A delivery a batch action matched: only what it needs to decide, so a walk over many rows stays cheap. */
    public record Matched(String id, String endpointId) {
    }

    /**
     * Walks every live delivery of {@code projectId} that the list would show for {@code filter} in
     * {@code window}'s date window (paging ignored), oldest first, a page at a time, on the caller's connection:
     * the batch actions act on exactly what the list matches. Only IDs and endpoints are read.
     */
    public void forEachMatching(Connection c, String projectId, DeliveryFilter filter, ListParams window,
                                       KeysetQuery.PageVisitor<Matched> visitor) throws SQLException {
        if (filter.endpointIds() != null && filter.endpointIds().isEmpty()) {
            return;
        }
        DeliveryFilter resolved = resolveIdempotencyKey(c, projectId, resolveHolds(c, projectId, filter));
        if (resolved == null || (resolved.endpointIds() != null && resolved.endpointIds().isEmpty())) {
            return;
        }
        KeysetQuery<Matched> query = listQuery(projectId, resolved, "id, endpoint_id",
                rs -> new Matched(rs.getString("id"), rs.getString("endpoint_id")), Matched::id);
        query.walk(c, window, Matched::id, visitor);
    }

    /**
     * Puts the live deliveries {@code ids} of {@code projectId} back in the queue by a user's {@code transition}
     * (resend, batch retry, force resend: {@link DeliveryLifecycle}): {@code Scheduled}, due {@code now}, with the
     * transition's description; a row not in a status the transition starts from is left alone. Their tries so far
     * ({@code num_trials}) and last answer are kept, as in Convoy. Returns how many rows changed.
     */
    public int reschedule(Connection c, String projectId, List<String> ids, DeliveryLifecycle.Transition transition,
                          Instant now) throws SQLException {
        if (transition.by() != DeliveryLifecycle.Actor.USER) {
            throw new IllegalArgumentException(transition + " is not a user's transition");
        }
        int changed = 0;
        for (int from = 0; from < ids.size(); from += 500) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + 500));
            try (PreparedStatement s = c.prepareStatement("UPDATE event_deliveries SET status = ?, "
                    + "next_send_time = ?, updated_at = ?, description = ? WHERE project_id = ? "
                    + "AND deleted_at IS NULL AND " + transition.guard() + " AND id IN ("
                    + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")")) {
                int i = 1;
                s.setString(i++, transition.to().wire());
                Times.set(s, i++, now);
                Times.set(s, i++, now);
                s.setString(i++, DeliveryLifecycle.storedDescription(transition));
                s.setString(i++, projectId);
                for (String id : chunk) {
                    s.setString(i++, id);
                }
                changed += s.executeUpdate();
            }
        }
        return changed;
    }

    /** The statuses a held delivery has: waiting ones (in flight ones are shown Processing). */
    private static final List<EventDeliveryStatus> WAITING = List.of(EventDeliveryStatus.SCHEDULED,
            EventDeliveryStatus.RETRY);

    /**
     * {@code filter} with its {@code heldBy} resolved (ADR 0008): the endpoints those holds hold now (paused ones from
     * the endpoints table; open circuits and used-up rate limits from the dispatcher's memory; an endpoint counts
     * for the first that applies in that order, as its deliveries' {@code held_by} says), intersected with the
     * filter's endpoints, and the waiting statuses intersected with the filter's. An empty endpoint list then
     * matches nothing. The list then walks the endpoints' {@code (endpoint, status, id)} ranges: no per-row work.
     */
    public DeliveryFilter resolveHolds(Connection c, String projectId, DeliveryFilter filter) throws SQLException {
        if (filter.heldBy().isEmpty()) {
            return filter;
        }
        Instant now = store.now();
        Set<String> paused = new LinkedHashSet<>();
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM endpoints WHERE project_id = ? "
                + "AND status = 'paused' AND deleted_at IS NULL")) {
            s.setString(1, projectId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    paused.add(rs.getString(1));
                }
            }
        }
        Set<String> circuitOpen = new LinkedHashSet<>(deliveryHolds
                .endpointsHeldBy(DeliveryHold.CIRCUIT_OPEN, now));
        circuitOpen.removeAll(paused);
        Set<String> held = new LinkedHashSet<>();
        for (DeliveryHold hold : filter.heldBy()) {
            switch (hold) {
                case ENDPOINT_PAUSED -> held.addAll(paused);
                case CIRCUIT_OPEN -> held.addAll(circuitOpen);
                case RATE_LIMITED -> {
                    Set<String> limited = new LinkedHashSet<>(deliveryHolds
                            .endpointsHeldBy(DeliveryHold.RATE_LIMITED, now));
                    limited.removeAll(paused);
                    limited.removeAll(circuitOpen);
                    held.addAll(limited);
                }
            }
        }
        List<EventDeliveryStatus> statuses = filter.statuses().isEmpty() ? WAITING
                : filter.statuses().stream().filter(WAITING::contains).toList();
        List<String> endpoints = statuses.isEmpty() ? List.of() : filter.endpointIds() == null ? List.copyOf(held)
                : filter.endpointIds().stream().filter(held::contains).toList();
        return new DeliveryFilter(endpoints, filter.eventId(), filter.subscriptionId(), filter.idempotencyKey(),
                statuses, filter.eventType(), filter.httpClasses(), List.of());
    }

    /**
     * Convoy resolves {@code idempotencyKey} to the first event with that key and filters by that event; null when
     * no event has the key, or when it is not the filter's {@code eventId} (nothing can match).
     */
    private static DeliveryFilter resolveIdempotencyKey(Connection c, String projectId, DeliveryFilter filter)
            throws SQLException {
        if (filter.idempotencyKey() == null) {
            return filter;
        }
        String eventId = EventRepository.firstWithIdempotencyKey(c, projectId, filter.idempotencyKey());
        if (eventId == null || (filter.eventId() != null && !filter.eventId().equals(eventId))) {
            return null;
        }
        return filter.withEvent(eventId);
    }

    /**
     * The list query for {@code filter} (idempotency key already resolved, endpoint list not empty), walking the most
     * selective index: an event's few deliveries; else a subscription's (by event type and status); else the
     * endpoints' (by event type and status, or by HTTP status class and status); else an event type's (by status);
     * else the HTTP status classes' (by status); else the statuses'; else the project's. Indexes that end in
     * {@code (status, id)} are walked once per status (and class, endpoint), all six statuses when no status is asked
     * for. The other filters are checked per row.
     */
    public static KeysetQuery<EventDelivery> listQuery(String projectId, DeliveryFilter filter) {
        return listQuery(projectId, filter, COLUMNS, DeliveryRepository::map, EventDelivery::uid);
    }

    /**
     * The index a query over {@code filter} walks (ADR 0007, 0033): the list's, and the status totals', which count
     * exactly the ranges the list would walk. {@code byEndpoint}: the query names endpoints; {@code byStatus}: it
     * names statuses. An event type goes before an HTTP status class (a type's index has no class; the class is then
     * checked per row).
     */
    static String indexFor(DeliveryFilter filter, boolean byEndpoint, boolean byStatus) {
        if (filter.eventId() != null) {
            return "deliveries_by_event";
        }
        if (filter.subscriptionId() != null) {
            return "deliveries_subscription_status"; // an event type is checked on the index entry (V013)
        }
        boolean byClass = !filter.httpClasses().isEmpty();
        if (byEndpoint) {
            return filter.eventType() != null ? "deliveries_endpoint_status" // the type on the index entry (V013)
                    : byClass ? "deliveries_endpoint_class_status" : "deliveries_endpoint_status";
        }
        if (filter.eventType() != null) {
            return "deliveries_type_status";
        }
        if (byClass) {
            return "deliveries_class_status";
        }
        return byStatus ? "deliveries_status" : "deliveries_project";
    }

    /** Whether {@code index} has {@code last_http_class} right before {@code (status, id)}. */
    static boolean leadsWithClass(String index) {
        return index.equals("deliveries_class_status") || index.equals("deliveries_endpoint_class_status");
    }

    /**
     * {@link #listQuery(String, DeliveryFilter)} reading only {@code columns} (which include {@code id}) into
     * {@code T}.
     */
    private static <T> KeysetQuery<T> listQuery(String projectId, DeliveryFilter filter, String columns,
                                                RowMapper<T> mapper, Function<T, String> idOf) {
        List<String> endpoints = filter.endpointIds() == null ? List.of() : filter.endpointIds();
        List<String> statuses = filter.statuses().stream().map(EventDeliveryStatus::wire).toList();
        List<String> everyStatus = statuses.isEmpty() ? ALL_STATUSES.stream().map(EventDeliveryStatus::wire).toList()
                : statuses;
        String index = indexFor(filter, !endpoints.isEmpty(), !statuses.isEmpty());
        String from = " FROM event_deliveries INDEXED BY " + index;
        KeysetQuery<T> query = new KeysetQuery<>("SELECT " + columns + from, "id", mapper)
                .idsFirst("SELECT id" + from, (c, ids) -> ProjectRows.findByIds(c, "event_deliveries", columns,
                        projectId, ids, mapper, idOf))
                .where("project_id = ?", projectId)
                .where("deleted_at IS NULL");
        boolean byEvent = filter.eventId() != null;
        if (byEvent) {
            query.where("event_id = ?", filter.eventId());
        }
        if (filter.subscriptionId() != null) {
            query.where("subscription_id = ?", filter.subscriptionId());
        }
        if (byEvent || filter.subscriptionId() != null) {
            // an event has a handful of deliveries, and a subscription belongs to one endpoint (the endpoint filter
            // keeps all its rows or none): checked per row
            query.whereIn("endpoint_id", endpoints);
        } else {
            query.anyOf("endpoint_id", endpoints);
        }
        if (filter.eventType() != null) {
            query.where("event_type = ?", filter.eventType());
        }
        if (leadsWithClass(index)) {
            // the index's (last_http_class, status, id): one branch per class and status
            query.anyOf("last_http_class", filter.classValues());
        } else {
            query.whereIn("last_http_class", filter.classValues());
        }
        if (byEvent) {
            return query.whereIn("status", statuses);
        }
        return query.anyOf("status", index.equals("deliveries_project") ? List.of() : everyStatus);
    }

    /** The last retry policy written without a transformed payload, and its metadata JSON. */
    private record WrittenMetadata(Retry retry, String json) {
    }

    /**
     * Every delivery of a project without a transform stores the same metadata: it is serialised once per retry
     * policy rather than for each delivery on the writer (planned deliveries are inserted thousands a second).
     */
    private volatile WrittenMetadata lastMetadata = new WrittenMetadata(null, null);

    private String storedMetadataJson(Retry retry, String transformedPayload) {
        if (transformedPayload != null) {
            return JsonColumns.write(storedMetadata(retry, transformedPayload));
        }
        WrittenMetadata last = lastMetadata;
        if (!retry.equals(last.retry())) {
            last = new WrittenMetadata(retry, JsonColumns.write(storedMetadata(retry, null)));
            lastMetadata = last;
        }
        return last.json();
    }

    /** {@code {strategy, interval_seconds, retry_limit, max_retry_seconds[, raw]}}. */
    private static Map<String, Object> storedMetadata(Retry retry, String transformedPayload) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("strategy", retry.strategy().wire());
        out.put("interval_seconds", retry.intervalSeconds());
        out.put("retry_limit", retry.retryLimit());
        out.put("max_retry_seconds", retry.maxRetrySeconds());
        if (transformedPayload != null) {
            out.put("raw", transformedPayload);
        }
        return out;
    }

    /**
     * Maps a row selected with {@link #COLUMNS}: the delivery without embedded metadata; {@code metadata.data} and
     * {@code raw} are set only for a transformed payload (see {@link DeliveryViews}).
     */
    public static EventDelivery map(ResultSet rs) throws SQLException {
        var stored = JsonColumns.tree(rs, "metadata");
        String raw = stored.path("raw").isTextual() ? stored.get("raw").asText() : null;
        DeliveryMetadata metadata = new DeliveryMetadata(JsonColumns.verbatim(raw), raw,
                StrategyType.fromWire(stored.path("strategy").asText()), Times.get(rs, "next_send_time"),
                rs.getLong("num_trials"), stored.path("interval_seconds").asLong(),
                stored.path("retry_limit").asLong(), stored.path("max_retry_seconds").asLong());
        double latency = rs.getDouble("latency_seconds");
        return new EventDelivery(rs.getString("id"), rs.getString("project_id"), rs.getString("event_id"),
                rs.getString("endpoint_id"), rs.getString("device_id"), rs.getString("subscription_id"),
                JsonColumns.read(rs, "headers", HEADERS), null, rs.getString("url_query_params"),
                rs.getString("idempotency_key"), Latency.text(latency), latency, rs.getString("event_type"),
                DeliveryMode.fromWire(rs.getString("delivery_mode")), null, null, null, null,
                EventDeliveryStatus.fromWire(rs.getString("status")), metadata, null, rs.getString("description"),
                Times.get(rs, "acknowledged_at"), Times.get(rs, "created_at"), Times.get(rs, "updated_at"),
                Times.get(rs, "deleted_at"), rs.getString("last_response"), null, null);
    }
}
