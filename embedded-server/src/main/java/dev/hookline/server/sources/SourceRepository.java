package dev.hookline.server.sources;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.Verifier;
import dev.hookline.server.store.Store;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.paging.KeysetQuery;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.ProjectRows;
import dev.hookline.server.store.Times;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The SQL of sources (one instance per server, made by {@code HooklineServer}; write methods take the writer's connection,
 * the use cases are {@link SourceService}'s). Rows come back complete (verifier secrets included): ingest needs them, and Convoy
 * returns them in clear too. {@code url} is not stored: it is {@code {baseUrl}/ingest/{mask_id}} of the server that
 * answers.
 */
public final class SourceRepository {

    /** Columns for {@link #map}; select them from {@code sources}. */
    public static final String COLUMNS = "id, project_id, name, type, provider, mask_id, is_disabled, verifier, "
            + "custom_response, provider_config, forward_headers, pub_sub, idempotency_keys, body_function, "
            + "header_function, created_at, updated_at, deleted_at, event_type_location";

    /** Length of a source's public ingest ID (Convoy: 16 alphanumerics). */
    public static final int MASK_LENGTH = 16;

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };

    private final Store store;

    public SourceRepository(Store store) {
        this.store = store;
    }

    /** List filters; null members are not applied. {@code nameContains} is case-insensitive. */
    public record Filter(SourceType type, SourceProvider provider, String nameContains) {
    }

    /** The live source {@code id} of {@code projectId}, or null. */
    public Source find(String projectId, String id) {
        return store.db().read(c -> find(c, projectId, id, store.baseUrl()));
    }

    public Source find(Connection c, String projectId, String id, String baseUrl) throws SQLException {
        return ProjectRows.findById(c, "sources", COLUMNS, projectId, id, rs -> map(rs, baseUrl));
    }

    /** The live sources among {@code ids}, by ID (missing ones are absent from the map). */
    public Map<String, Source> findAll(String projectId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        return store.db().read(c -> findAll(c, projectId, ids, store.baseUrl()));
    }

    public Map<String, Source> findAll(Connection c, String projectId, Collection<String> ids, String baseUrl)
            throws SQLException {
        return ProjectRows.findByIds(c, "sources", COLUMNS, projectId, ids, rs -> map(rs, baseUrl), Source::uid);
    }

    /**
     * Every live {@code pub_sub} source of every live project, disabled ones included (their consumers are shown as
     * disabled): what the broker consumers must match.
     */
    public List<Source> pubSubSources() {
        return store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + prefixed("s.") + " FROM sources s "
                    + "JOIN projects p ON p.id = s.project_id AND p.deleted_at IS NULL "
                    + "WHERE s.type = 'pub_sub' AND s.deleted_at IS NULL ORDER BY s.id")) {
                try (ResultSet rs = s.executeQuery()) {
                    List<Source> sources = new ArrayList<>();
                    while (rs.next()) {
                        sources.add(map(rs, store.baseUrl()));
                    }
                    return sources;
                }
            }
        });
    }

    private static String prefixed(String alias) {
        return Arrays.stream(COLUMNS.split(",\\s*")).map(column -> alias + column)
                .collect(Collectors.joining(", "));
    }

    /** The live source whose public ingest ID is {@code maskId} (any project), or null. For ingest. */
    public Source findByMaskId(String maskId) {
        return store.db().read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS
                    + " FROM sources WHERE mask_id = ? AND deleted_at IS NULL")) {
                s.setString(1, maskId);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? map(rs, store.baseUrl()) : null;
                }
            }
        });
    }

    /** One page of the project's live sources. */
    public Page<Source> list(String projectId, Filter filter, ListParams params) {
        String baseUrl = store.baseUrl();
        KeysetQuery<Source> query = new KeysetQuery<>("SELECT " + COLUMNS + " FROM sources", "id",
                rs -> map(rs, baseUrl))
                .where("project_id = ?", projectId)
                .where("deleted_at IS NULL");
        if (filter.type() != null) {
            query.where("type = ?", filter.type().wire());
        }
        if (filter.provider() != null) {
            query.where("provider = ?", filter.provider().wire());
        }
        if (filter.nameContains() != null) {
            query.where("name LIKE ? ESCAPE '\\'", "%" + escapeLike(filter.nameContains()) + "%");
        }
        return store.db().read(c -> query.page(c, params, Source::uid));
    }

    /**
     * Inserts a new source with a fresh unique mask ID and returns it as stored. {@code draft}'s uid, mask_id, url
     * and timestamps are ignored.
     */
    public Source insert(Connection c, String projectId, Source draft, String id, Instant now) throws SQLException {
        String baseUrl = store.baseUrl();
        String maskId = newMaskId(c);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO sources(" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)")) {
            s.setString(1, id);
            s.setString(2, projectId);
            s.setString(6, maskId);
            bindMutable(s, draft, 3, 4, 5, 7);
            Times.set(s, 16, now);
            Times.set(s, 17, now);
            s.setString(18, draft.eventTypeLocation() == null ? "" : draft.eventTypeLocation());
            s.executeUpdate();
        }
        return find(c, projectId, id, baseUrl);
    }

    /**
     * Runs {@code change} on the current row inside the write transaction and stores what it returns (provider,
     * mask_id and created_at are kept). Returns the stored source, or null if there is no such live source.
     * {@code change} may throw a domain exception to reject the update; the caller's write then writes nothing.
     */
    public Source update(Connection c, String projectId, String id, java.util.function.UnaryOperator<Source> change,
                         Instant now) throws SQLException {
        String baseUrl = store.baseUrl();
        Source current = find(c, projectId, id, baseUrl);
        if (current == null) {
            return null;
        }
        Source next = change.apply(current);
        Source kept = next.toBuilder().uid(current.uid()).projectId(current.projectId()).maskId(current.maskId())
                .url(current.url()).provider(current.provider()).createdAt(current.createdAt()).updatedAt(now)
                .deletedAt(null).consumer(null).build();
        try (PreparedStatement s = c.prepareStatement("UPDATE sources SET name = ?, type = ?, provider = ?, "
                + "is_disabled = ?, verifier = ?, custom_response = ?, provider_config = ?, forward_headers = ?, "
                + "pub_sub = ?, idempotency_keys = ?, body_function = ?, header_function = ?, updated_at = ?, "
                + "event_type_location = ? WHERE id = ? AND project_id = ? AND deleted_at IS NULL")) {
            bindMutable(s, kept, 1, 2, 3, 4);
            Times.set(s, 13, now);
            s.setString(14, kept.eventTypeLocation() == null ? "" : kept.eventTypeLocation());
            s.setString(15, id);
            s.setString(16, projectId);
            s.executeUpdate();
        }
        return find(c, projectId, id, baseUrl);
    }

    /** Soft-deletes the source and its subscriptions. False if there was none. */
    public boolean softDelete(Connection c, String projectId, String id, Instant at) throws SQLException {
        long now = Times.toMicros(at);
        if (ProjectRows.softDelete(c, "sources", "id", id, projectId, now) == 0) {
            return false;
        }
        ProjectRows.softDelete(c, "subscriptions", "source_id", id, projectId, now);
        return true;
    }

    /**
     * Binds name, type, provider at the given positions, then is_disabled .. header_function (9 columns) from
     * {@code disabledAt} on.
     */
    private static void bindMutable(PreparedStatement s, Source source, int nameAt, int typeAt, int providerAt,
                                    int disabledAt) throws SQLException {
        s.setString(nameAt, source.name());
        s.setString(typeAt, source.type().wire());
        s.setString(providerAt, source.provider() == null ? "" : source.provider().wire());
        int i = disabledAt;
        s.setInt(i++, Boolean.TRUE.equals(source.isDisabled()) ? 1 : 0);
        s.setString(i++, JsonColumns.write(source.verifier() == null ? SourceValidator.NOOP : source.verifier()));
        s.setString(i++, JsonColumns.write(source.customResponse() == null ? new CustomResponse("", "")
                : source.customResponse()));
        s.setString(i++, JsonColumns.write(source.providerConfig()));
        s.setString(i++, JsonColumns.write(source.forwardHeaders()));
        s.setString(i++, JsonColumns.write(source.pubSub()));
        s.setString(i++, JsonColumns.write(source.idempotencyKeys()));
        s.setString(i++, source.bodyFunction());
        s.setString(i, source.headerFunction());
    }

    private static String newMaskId(Connection c) throws SQLException {
        while (true) {
            String candidate = Keys.random(MASK_LENGTH);
            try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM sources WHERE mask_id = ?")) {
                s.setString(1, candidate);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return candidate;
                    }
                }
            }
        }
    }

    /** Maps a row selected with {@link #COLUMNS}; {@code baseUrl} builds the ingest URL. */
    public static Source map(ResultSet rs, String baseUrl) throws SQLException {
        String maskId = rs.getString("mask_id");
        String provider = rs.getString("provider");
        CustomResponse custom = JsonColumns.read(rs, "custom_response", CustomResponse.class);
        return new Source(rs.getString("id"), rs.getString("project_id"), maskId, rs.getString("name"),
                baseUrl + "/ingest/" + maskId, SourceType.fromWire(rs.getString("type")),
                provider == null || provider.isEmpty() ? null : SourceProvider.fromWire(provider),
                rs.getInt("is_disabled") != 0, JsonColumns.read(rs, "verifier", Verifier.class),
                custom == null ? new CustomResponse("", "") : custom,
                JsonColumns.read(rs, "provider_config", Source.ProviderConfig.class),
                JsonColumns.read(rs, "forward_headers", STRINGS), JsonColumns.read(rs, "pub_sub", PubSubConfig.class),
                JsonColumns.read(rs, "idempotency_keys", STRINGS), rs.getString("body_function"),
                rs.getString("header_function"), Times.get(rs, "created_at"), Times.get(rs, "updated_at"),
                Times.get(rs, "deleted_at"), null, rs.getString("event_type_location"));
    }

    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
