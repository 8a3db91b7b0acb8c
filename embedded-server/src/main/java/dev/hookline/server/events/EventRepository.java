package dev.hookline.server.events;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Source;
import dev.hookline.server.store.Store;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.sources.SourceRedaction;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Events in the database: the {@code events} row and its targets in {@code events_endpoints}, written together; its
 * full-text row in {@code events_search} follows within moments, written by {@link SearchIndexer} (ADR 0024).
 *
 * <p>The payload is stored once, as the JSON text received ({@code data}), and served as JSON. Event IDs are made
 * inside the write that stores them and {@code rowid}s are assigned in insert order, so {@code rowid} order is ID
 * order; {@link EventSearch} relies on it.
 */
public final class EventRepository {

    /** The columns {@link #map} reads. */
    private static final List<String> COLUMN_LIST = List.of("id", "project_id", "source_id", "event_type",
            "endpoints", "headers", "data", "url_query_params", "url_path", "idempotency_key", "is_duplicate_event",
            "status", "failure_reason", "acknowledged_at", "created_at", "updated_at", "deleted_at");

    /** {@link #map}'s columns, unqualified. */
    public static final String COLUMNS = String.join(", ", COLUMN_LIST);

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };
    private static final TypeReference<Map<String, List<String>>> HEADERS = new TypeReference<>() {
    };

    private final Store store;
    private final SearchIndexer searchIndexer;

    public EventRepository(Store store, SearchIndexer searchIndexer) {
        this.store = store;
        this.searchIndexer = searchIndexer;
    }

    /**
     * An event to store. {@code data} is the payload's JSON text, kept as received; {@code sourceId} may be null;
     * {@code acknowledgedAt} null means "when stored".
     */
    public record NewEvent(String projectId, String eventType, String sourceId, List<String> endpointIds,
                           Map<String, List<String>> headers, String data, String urlQueryParams, String urlPath,
                           String idempotencyKey, boolean duplicate, EventStatus status, String failureReason,
                           Instant acknowledgedAt) {

        public NewEvent {
            Objects.requireNonNull(projectId, "projectId");
            Objects.requireNonNull(eventType, "eventType");
            Objects.requireNonNull(data, "data");
            endpointIds = endpointIds == null ? List.of() : List.copyOf(new LinkedHashSet<>(endpointIds));
            headers = headers == null ? Map.of() : headers;
            sourceId = sourceId == null ? "" : sourceId;
            urlQueryParams = urlQueryParams == null ? "" : urlQueryParams;
            urlPath = urlPath == null ? "" : urlPath;
            idempotencyKey = idempotencyKey == null ? "" : idempotencyKey;
            status = status == null ? EventStatus.PENDING : status;
            failureReason = failureReason == null ? "" : failureReason;
        }
    }


    /**
     * Stores an event in the caller's write transaction (so ingest can add the deliveries in the same one). The ID
     * is made here, above every stored event ID, so that rowid order stays ID order.
     */
    public Event insert(Connection c, NewEvent event) throws SQLException {
        Database db = store.db();
        Last last = db.onWriter(c) ? lastWritten : null;
        String id = store.newIdAbove(last != null ? last.id() : highestId(c, db));
        Instant now = store.now();
        Instant acknowledged = event.acknowledgedAt() == null ? now
                : event.acknowledgedAt().truncatedTo(ChronoUnit.MICROS);
        long rowid = last == null ? 0 : last.rowid() + 1;
        // with the last rowid known the row gets the next one explicitly; SQLite would pick max(rowid) + 1, and
        // this is never below it. Without RETURNING the insert is a plain update: no result set to open and read.
        try (Database.Reusable r = db.reusable(c, last == null ? INSERT : INSERT_AT_ROWID)) {
            PreparedStatement s = r.statement();
            int i = 1;
            if (last != null) {
                s.setLong(i++, rowid);
            }
            s.setString(i++, id);
            s.setString(i++, event.projectId());
            s.setString(i++, event.sourceId());
            s.setString(i++, event.eventType());
            s.setString(i++, JsonColumns.write(event.endpointIds()));
            s.setString(i++, JsonColumns.write(event.headers()));
            s.setString(i++, event.data());
            s.setString(i++, event.urlQueryParams());
            s.setString(i++, event.urlPath());
            s.setString(i++, event.idempotencyKey());
            s.setInt(i++, event.duplicate() ? 1 : 0);
            s.setString(i++, event.status().wire());
            s.setString(i++, event.failureReason());
            Times.set(s, i++, acknowledged);
            Times.set(s, i++, now);
            Times.set(s, i, now);
            if (last == null) {
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    rowid = rs.getLong(1);
                }
            } else {
                s.executeUpdate();
            }
        }
        written(c, db, id, rowid);
        if (!event.endpointIds().isEmpty()) {
            insertEndpoints(c, db, id, event.projectId(), event.sourceId(), event.endpointIds());
        }
        // no search row here: SearchIndexer writes it in the background, off the acknowledged commit (ADR 0024)
        // built from what was written rather than read back: ingest writes thousands of these a second
        return new Event(id, event.eventType(), event.sourceId(), "", event.projectId(), event.endpointIds(),
                event.headers(), null, null, event.urlQueryParams(), event.urlPath(), event.idempotencyKey(),
                event.duplicate(), JsonColumns.verbatim(event.data()), event.data(), event.status(),
                event.failureReason(), acknowledged, now, now, null);
    }

    private static final String INSERT = "INSERT INTO events(" + COLUMNS + ", raw) VALUES ("
            + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, '') RETURNING rowid";
    private static final String INSERT_AT_ROWID = "INSERT INTO events(rowid, " + COLUMNS + ", raw) VALUES ("
            + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, '')";
    private static final String INSERT_ENDPOINT = "INSERT INTO events_endpoints(event_id, endpoint_id, project_id, "
            + "source_id) VALUES (?, ?, ?, ?)";
    private static final String HIGHEST_ID = "SELECT id FROM events ORDER BY id DESC LIMIT 1";

    /**
     * Records the outcome of matching a stored event: its status and failure reason, and its endpoints when the set
     * changed (then also {@code events_endpoints} and the event's {@code events_search} row, ADR 0007). In the
     * caller's write transaction; nothing happens for an unknown event. Reads the stored endpoints first; a caller
     * that knows them uses {@link #recordOutcome}.
     */
    public void updateOutcome(Connection c, String projectId, String eventId, List<String> endpointIds,
                              EventStatus status, String failureReason, Instant now) throws SQLException {
        List<String> stored;
        String sourceId;
        try (Database.Reusable r = store.db().reusable(c, OUTCOME_FIND)) {
            PreparedStatement s = r.statement();
            s.setString(1, eventId);
            s.setString(2, projectId);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                stored = JsonColumns.read(rs, "endpoints", STRINGS);
                sourceId = rs.getString("source_id");
            }
        }
        recordOutcome(c, new Outcome(projectId, eventId, sourceId, stored, endpointIds, status, failureReason), now);
    }

    /**
     * A planned event's outcome. {@code storedEndpoints}: the endpoints its row holds now (what the acknowledgement
     * wrote); {@code endpointIds}: the endpoints it has from now on.
     */
    public record Outcome(String projectId, String eventId, String sourceId, List<String> storedEndpoints,
                          List<String> endpointIds, EventStatus status, String failureReason) {

        public Outcome {
            sourceId = sourceId == null ? "" : sourceId;
            storedEndpoints = storedEndpoints == null ? List.of() : storedEndpoints;
            endpointIds = List.copyOf(new LinkedHashSet<>(endpointIds == null ? List.of() : endpointIds));
            failureReason = failureReason == null ? "" : failureReason;
        }

        boolean endpointsChanged() {
            return !new HashSet<>(storedEndpoints).equals(new HashSet<>(endpointIds));
        }
    }

    /**
     * {@link #updateOutcome} for a caller that knows what the event's row holds, as the planning stage does for
     * every event it was handed at the acknowledgement (ADR 0038): every planned event passes here, so nothing is
     * read back. The row is updated in place (no indexed column changes); {@code events_endpoints} and the search
     * row are written only when the endpoints changed, and the search row only when the indexer already wrote it.
     */
    public void recordOutcome(Connection c, Outcome o, Instant now) throws SQLException {
        Database db = store.db();
        boolean changed = o.endpointsChanged();
        long rowid = -1;
        try (Database.Reusable r = db.reusable(c, changed ? OUTCOME_UPDATE_RETURNING : OUTCOME_UPDATE)) {
            PreparedStatement s = r.statement();
            s.setString(1, JsonColumns.write(changed ? o.endpointIds() : o.storedEndpoints()));
            s.setString(2, o.status().wire());
            s.setString(3, o.failureReason());
            Times.set(s, 4, now);
            s.setString(5, o.eventId());
            s.setString(6, o.projectId());
            if (!changed) {
                s.executeUpdate();
                return;
            }
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return; // gone
                }
                rowid = rs.getLong(1);
            }
        }
        if (!o.storedEndpoints().isEmpty()) {
            try (Database.Reusable r = db.reusable(c, OUTCOME_DELETE_ENDPOINTS)) {
                r.statement().setString(1, o.eventId());
                r.statement().executeUpdate();
            }
        }
        insertEndpoints(c, db, o.eventId(), o.projectId(), o.sourceId(), o.endpointIds());
        long watermark;
        try (Database.Reusable r = db.reusable(c, SearchIndexer.WATERMARK); ResultSet rs = r.statement().executeQuery()) {
            watermark = rs.next() ? rs.getLong(1) : 0;
        }
        if (rowid > watermark) {
            return; // not indexed yet: the indexer reads the endpoints just written (same writer, later job)
        }
        String data;
        try (Database.Reusable r = db.reusable(c, OUTCOME_DATA)) {
            r.statement().setLong(1, rowid);
            try (ResultSet rs = r.statement().executeQuery()) {
                data = rs.next() ? rs.getString(1) : "";
            }
        }
        try (Database.Reusable r = db.reusable(c, DELETE_SEARCH_ROW)) {
            r.statement().setLong(1, rowid);
            r.statement().executeUpdate();
        }
        EventSearch.index(c, db, rowid, EventSearch.body(data, o.projectId(), o.sourceId(), o.endpointIds()));
    }

    private static final String OUTCOME_FIND = "SELECT endpoints, source_id FROM events "
            + "WHERE id = ? AND project_id = ?";
    private static final String OUTCOME_UPDATE = "UPDATE events SET endpoints = ?, status = ?, failure_reason = ?, "
            + "updated_at = ? WHERE id = ? AND project_id = ?";
    private static final String OUTCOME_UPDATE_RETURNING = OUTCOME_UPDATE + " RETURNING rowid";
    private static final String OUTCOME_DELETE_ENDPOINTS = "DELETE FROM events_endpoints WHERE event_id = ?";
    private static final String OUTCOME_DATA = "SELECT data FROM events WHERE rowid = ?";
    private static final String DELETE_SEARCH_ROW = "DELETE FROM events_search WHERE rowid = ?";

    /** {@code db} null: a statement of its own. */
    private static void insertEndpoints(Connection c, Database db, String eventId, String projectId, String sourceId,
                                        List<String> endpointIds) throws SQLException {
        try (Database.Reusable r = db == null ? null : db.reusable(c, INSERT_ENDPOINT);
             PreparedStatement own = db == null ? c.prepareStatement(INSERT_ENDPOINT) : null) {
            PreparedStatement s = r == null ? own : r.statement();
            for (String endpointId : endpointIds) {
                s.setString(1, eventId);
                s.setString(2, endpointId);
                s.setString(3, projectId);
                s.setString(4, sourceId);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** The greatest event ID stored (null when none), read from the table. */
    private static String highestId(Connection c, Database db) throws SQLException {
        try (Database.Reusable r = db.reusable(c, HIGHEST_ID); ResultSet rs = r.statement().executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    /** The ID and rowid of the last event a database's writer inserted. */
    private record Last(String id, long rowid) {
    }

    /**
     * The last event this database's writer inserted (null before the first). Every event insert runs on the one
     * writer, so after the first insert (which reads the greatest ID from the table) the last inserted ID and rowid
     * are the greatest, and the next event needs no query for either; an insert rolled back later leaves them higher
     * than stored, which only skips values. Read and written on the writer thread only (volatile for the rare read
     * of a test or a second writer generation).
     */
    private volatile Last lastWritten;

    private void written(Connection c, Database db, String id, long rowid) {
        if (db.onWriter(c)) {
            Last previous = lastWritten;
            if (previous == null || rowid > previous.rowid()) {
                lastWritten = new Last(id, rowid);
            }
        }
    }

    /** The live event {@code id} of {@code projectId}, without embedded metadata, or null. */
    public Event find(Connection c, String projectId, String id) throws SQLException {
        return ProjectRows.findById(c, "events", COLUMNS, projectId, id, EventRepository::map);
    }

    /** The live event with its {@code source_metadata}, or null. */
    public Event findWithSource(String projectId, String id) {
        String baseUrl = store.baseUrl();
        return store.db().read(c -> {
            Event event = find(c, projectId, id);
            return event == null ? null : withMetadata(c, projectId, List.of(event), baseUrl).get(0);
        });
    }

    /** The events among {@code ids} (soft-deleted ones too: a delivery still shows its event), by ID. */
    public static Map<String, Event> findAll(Connection c, String projectId, Collection<String> ids)
            throws SQLException {
        return ProjectRows.findByIdsIncludingDeleted(c, "events", COLUMNS, projectId, ids, EventRepository::map,
                Event::uid);
    }

    /** The oldest live event with an idempotency key; arguments: project ID, key. */
    public static final String FIRST_WITH_KEY = "SELECT id FROM events INDEXED BY events_idempotency "
            + "WHERE project_id = ? AND idempotency_key = ? AND deleted_at IS NULL ORDER BY id ASC LIMIT 1";

    /** The oldest live event of the project with this idempotency key (Convoy's rule for filters), or null. */
    public static String firstWithIdempotencyKey(Connection c, String projectId, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(FIRST_WITH_KEY)) {
            s.setString(1, projectId);
            s.setString(2, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** How many known event types {@link #knownTypes} lists at most (a picker, not a report). */
    public static final int KNOWN_TYPES_LIMIT = 500;

    /**
     * Each next distinct event type by one seek on {@code deliveries_type_status} (project, event_type, ...): the
     * cost grows with the number of types, not of rows. Read from the deliveries because events have no index by
     * type, and the console offers these types to filter deliveries by. Argument: the project ID.
     */
    private static final String KNOWN_TYPES = "WITH RECURSIVE t(v) AS ("
            + "SELECT (SELECT MIN(event_type) FROM event_deliveries INDEXED BY deliveries_type_status "
            + "WHERE project_id = ?1 AND deleted_at IS NULL) "
            + "UNION ALL SELECT (SELECT MIN(event_type) FROM event_deliveries INDEXED BY deliveries_type_status "
            + "WHERE project_id = ?1 AND deleted_at IS NULL AND event_type > t.v) FROM t WHERE t.v IS NOT NULL) "
            + "SELECT v FROM t WHERE v IS NOT NULL AND v <> '' LIMIT " + KNOWN_TYPES_LIMIT;

    /** The distinct event types the project's live deliveries carry, sorted. */
    public List<String> knownTypes(String projectId) {
        return store.db().read(c -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(KNOWN_TYPES)) {
                s.setString(1, projectId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        });
    }

    /** One page of the project's live events, each with its {@code source_metadata}. */
    public Page<Event> list(String projectId, EventFilter filter, ListParams params) {
        if (filter.endpointIds() != null && filter.endpointIds().isEmpty()) {
            return params.emptyPage();
        }
        String baseUrl = store.baseUrl();
        if (filter.searchesText()) {
            awaitSearchable();
        }
        return store.db().read(c -> {
            Page<Event> page = listQuery(projectId, withNamedSources(c, projectId, filter)).page(c, params,
                    Event::uid);
            return new Page<>(withMetadata(c, projectId, page.content(), baseUrl), page.pagination());
        });
    }

    /**
     * Before a text search: lets the background indexer reach every event committed so far (usually nothing to wait
     * for; a few milliseconds when events arrived in the last moments), so a search finds what was acknowledged
     * before it (ADR 0024). Gives up after {@link SearchIndexer#SEARCH_PATIENCE} (a restart's backlog).
     */
    void awaitSearchable() {
        searchIndexer.awaitCaughtUp(SearchIndexer.SEARCH_PATIENCE);
    }

    /**
     * Walks every live event of {@code projectId} that the list would show for {@code filter} in {@code window}'s
     * date window (paging ignored), oldest first, a page at a time, on the caller's connection: the batch actions
     * act on exactly what the list matches. Events come without embedded metadata.
     */
    public void forEachMatching(Connection c, String projectId, EventFilter filter, ListParams window,
                                       KeysetQuery.PageVisitor<Event> visitor) throws SQLException {
        if (filter.endpointIds() != null && filter.endpointIds().isEmpty()) {
            return;
        }
        listQuery(projectId, withNamedSources(c, projectId, filter)).walk(c, window, Event::uid, visitor);
    }

    /**
     * The list query for {@code filter}, walking the index that serves it best: an idempotency key names a handful
     * of events, so its index wins and the rest is checked per row; otherwise search terms walk the full-text index
     * (which also carries endpoints and sources); otherwise endpoints walk {@code events_endpoints} (by endpoint and
     * source when both are given), sources {@code events_source}, and no filter {@code events_project}.
     * {@code filter.endpointIds()} must not be empty (an empty scope lists nothing and needs no query).
     */
    public static KeysetQuery<Event> listQuery(String projectId, EventFilter filter) {
        KeysetQuery<Event> query = filter.text() == null ? walk(projectId, filter) : textWalk(projectId, filter);
        for (PayloadContainment containment : filter.containments()) {
            // checked on the candidates the walk yields (with terms: the full-text matches only)
            List<Object> args = new ArrayList<>();
            String condition = containment.condition("e.data", args);
            query.where(condition, args.toArray());
        }
        return query;
    }

    /** The project's sources (deleted ones too: their events stay) whose name is {@code name}, case ignored. */
    private static final String SOURCES_NAMED = "SELECT id FROM sources WHERE project_id = ? AND name = ? "
            + "COLLATE NOCASE";

    /** {@code filter} with its text query's named sources looked up (unchanged without a text query). */
    static EventFilter withNamedSources(Connection c, String projectId, EventFilter filter) throws SQLException {
        if (filter.text() == null || filter.text().namedSourceIds() != null) {
            return filter;
        }
        List<String> ids = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(SOURCES_NAMED)) {
            s.setString(1, projectId);
            s.setString(2, filter.text().text());
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return filter.withText(filter.text().withNamedSources(ids));
    }

    /**
     * A typed {@code query} ({@link TextQuery}): the union of one walk per way an event can match it, each walking
     * the index that serves it (payload words: the full-text index; ID prefix: the ID range; idempotency key:
     * {@code events_idempotency}; event type: {@code events_type}; source name: {@code events_source}), all with
     * the other filters.
     */
    private static KeysetQuery<Event> textWalk(String projectId, EventFilter filter) {
        TextQuery text = filter.text();
        EventFilter base = filter.withText(null);
        List<KeysetQuery<Event>> parts = new ArrayList<>();
        if (!text.words().isEmpty()) {
            List<String> terms = new ArrayList<>(base.searchTerms());
            text.words().stream().filter(word -> !terms.contains(word)).forEach(terms::add);
            parts.add(walk(projectId, base.withTerms(terms)));
        }
        text.idPrefix().ifPresent(prefix -> parts.add(walk(projectId, base)
                .where("e.id >= ? AND e.id < ?", prefix, prefix + "~")));
        if (base.idempotencyKey() == null || base.idempotencyKey().equals(text.text())) {
            parts.add(walk(projectId, base.withIdempotencyKey(text.text())));
        }
        boolean plain = (base.endpointIds() == null) && base.sourceIds().isEmpty() && base.idempotencyKey() == null
                && base.searchTerms().isEmpty();
        parts.add(plain
                ? new KeysetQuery<>("SELECT " + columns("e.id") + " FROM events e INDEXED BY events_type", "e.id",
                        EventRepository::map)
                        .where("e.project_id = ?", projectId)
                        .where("e.event_type = ?", text.text())
                        .where("e.deleted_at IS NULL")
                : walk(projectId, base).where("e.event_type = ?", text.text()));
        List<String> named = text.namedSourceIds() == null ? List.of() : text.namedSourceIds();
        List<String> sources = base.sourceIds().isEmpty() ? named
                : named.stream().filter(base.sourceIds()::contains).toList();
        if (!sources.isEmpty()) {
            parts.add(walk(projectId, base.withSources(sources)));
        }
        return KeysetQuery.union(parts);
    }

    private static KeysetQuery<Event> walk(String projectId, EventFilter filter) {
        List<String> endpoints = filter.endpointIds();
        List<String> sources = filter.sourceIds();
        if (filter.idempotencyKey() != null) {
            KeysetQuery<Event> query = new KeysetQuery<>("SELECT " + columns("e.id") + " FROM events e "
                    + "INDEXED BY events_idempotency", "e.id", EventRepository::map)
                    .where("e.project_id = ?", projectId)
                    .where("e.idempotency_key = ?", filter.idempotencyKey())
                    .where("e.deleted_at IS NULL")
                    .whereIn("e.source_id", sources);
            if (endpoints != null) {
                query.where("EXISTS (SELECT 1 FROM events_endpoints ee WHERE ee.event_id = e.id "
                        + "AND ee.endpoint_id IN (" + String.join(", ", Collections.nCopies(endpoints.size(), "?"))
                        + "))", endpoints.toArray());
            }
            if (!filter.searchTerms().isEmpty()) {
                query.where("EXISTS (SELECT 1 FROM events_search WHERE events_search MATCH ? AND rowid = e.rowid)",
                        EventSearch.match(filter.searchTerms(), null, List.of(), List.of()));
            }
            return query;
        }
        if (!filter.searchTerms().isEmpty()) {
            // CROSS JOIN keeps the full-text index as the outer, ordered loop
            return new KeysetQuery<>("SELECT " + columns("e.id") + " FROM events_search s CROSS JOIN events e "
                    + "ON e.rowid = s.rowid", "e.id", EventRepository::map)
                    .where("events_search MATCH ?", EventSearch.match(filter.searchTerms(), projectId, sources,
                            endpoints == null ? List.of() : endpoints))
                    .where("e.project_id = ?", projectId)
                    .where("e.deleted_at IS NULL")
                    .orderedBy(EventSearch.ROWID_ORDER);
        }
        KeysetQuery.RowLoader<Event> byIds = (c, ids) -> ProjectRows.findByIds(c, "events", COLUMNS, projectId, ids,
                EventRepository::map, Event::uid);
        if (endpoints != null) {
            String from = " FROM events_endpoints ee INDEXED BY "
                    + (sources.isEmpty() ? "events_endpoints_endpoint" : "events_endpoints_source")
                    + " CROSS JOIN events e ON e.id = ee.event_id";
            KeysetQuery<Event> query = new KeysetQuery<>("SELECT " + columns("ee.event_id AS id") + from,
                    "ee.event_id", EventRepository::map)
                    .idsFirst("SELECT ee.event_id AS id" + from, byIds)
                    .where("ee.project_id = ?", projectId)
                    .where("e.deleted_at IS NULL")
                    .anyOf("ee.endpoint_id", endpoints)
                    .anyOf("ee.source_id", sources);
            // an event that targets two of the endpoints is in both branches
            return endpoints.size() > 1 ? query.distinct() : query;
        }
        String from = " FROM events e INDEXED BY " + (sources.isEmpty() ? "events_project" : "events_source");
        return new KeysetQuery<>("SELECT " + columns("e.id") + from, "e.id", EventRepository::map)
                .idsFirst("SELECT e.id" + from, byIds)
                .where("e.project_id = ?", projectId)
                .where("e.deleted_at IS NULL")
                .anyOf("e.source_id", sources);
    }

    /**
     * The events with their sources ({@code source_metadata}) and endpoints ({@code endpoint_metadata}, redacted like
     * the endpoints API) embedded, as Convoy's answers carry them: one query per table for the whole list, never one
     * per event. Deleted sources and endpoints still show (with their {@code deleted_at}).
     */
    static List<Event> withMetadata(Connection c, String projectId, List<Event> events, String baseUrl)
            throws SQLException {
        if (events.isEmpty()) {
            return events;
        }
        List<String> sourceIds = events.stream().map(Event::sourceId).filter(id -> !id.isEmpty()).distinct().toList();
        Map<String, Source> sources = sourceIds.isEmpty() ? Map.of()
                : ProjectRows.findByIdsIncludingDeleted(c, "sources", SourceRepository.COLUMNS, projectId, sourceIds,
                        rs -> SourceRepository.map(rs, baseUrl), Source::uid);
        List<String> endpointIds = events.stream().filter(e -> e.endpoints() != null)
                .flatMap(e -> e.endpoints().stream()).distinct().toList();
        Map<String, Endpoint> endpoints = endpointIds.isEmpty() ? Map.of()
                : ProjectRows.findByIdsIncludingDeleted(c, "endpoints", EndpointRepository.COLUMNS, projectId,
                        endpointIds, EndpointRepository::map, Endpoint::uid);
        List<Event> out = new ArrayList<>(events.size());
        for (Event e : events) {
            List<Endpoint> metadata = new ArrayList<>();
            if (e.endpoints() != null) {
                for (String id : e.endpoints()) {
                    Endpoint endpoint = endpoints.get(id);
                    if (endpoint != null) {
                        metadata.add(EndpointRedaction.redact(endpoint));
                    }
                }
            }
            Source source = e.sourceId().isEmpty() ? null : sources.get(e.sourceId());
            out.add(e.toBuilder().sourceMetadata(SourceRedaction.redact(source)).endpointMetadata(metadata).build());
        }
        return out;
    }

    /** {@link #COLUMNS} qualified with {@code e.}, the ID read from {@code idExpression}. */
    private static String columns(String idExpression) {
        List<String> out = new ArrayList<>();
        for (String column : COLUMN_LIST) {
            out.add(column.equals("id") ? idExpression : "e." + column);
        }
        return String.join(", ", out);
    }

    private static String nonNull(String text) {
        return text == null ? "" : text;
    }

    /**
     * Maps a row selected with {@link #COLUMNS}; the payload is served as stored (see JsonColumns#verbatim), and as
     * text in {@code raw} (Convoy's field).
     */
    public static Event map(ResultSet rs) throws SQLException {
        return new Event(rs.getString("id"), rs.getString("event_type"), rs.getString("source_id"), "",
                rs.getString("project_id"), JsonColumns.read(rs, "endpoints", STRINGS),
                JsonColumns.read(rs, "headers", HEADERS), null, null, rs.getString("url_query_params"),
                rs.getString("url_path"), rs.getString("idempotency_key"), rs.getInt("is_duplicate_event") != 0,
                JsonColumns.verbatim(rs.getString("data")), rs.getString("data"),
                EventStatus.fromWire(rs.getString("status")), nonNull(rs.getString("failure_reason")),
                Times.get(rs, "acknowledged_at"), Times.get(rs, "created_at"), Times.get(rs, "updated_at"),
                Times.get(rs, "deleted_at"));
    }
}
