package dev.hookline.server.deliveries;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.server.store.Store;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.Times;
import dev.hookline.server.store.RowMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The HTTP attempts of event deliveries: one row per try, written by the dispatcher, read oldest first. */
public final class AttemptRepository {

    /** The columns {@link #map} reads. */
    public static final String COLUMNS = "id, project_id, event_delivery_id, endpoint_id, url, method, api_version, "
            + "ip_address, request_http_header, request_body, response_http_header, http_status, response_data, "
            + "error, status, latency_ms, requested_at, responded_at, created_at, updated_at, deleted_at";

    private static final TypeReference<Map<String, String>> HEADERS = new TypeReference<>() {
    };

    private final Store store;

    public AttemptRepository(Store store) {
        this.store = store;
    }

    /**
     * One try. {@code httpStatus} is the status line text ({@code "200 OK"}, empty without a response),
     * {@code success} whether it delivered, {@code requestBody} the body sent (after transforms).
     */
    public record NewAttempt(String deliveryId, String endpointId, String url, String method, String apiVersion,
                             String ipAddress, Map<String, String> requestHeaders, String requestBody,
                             Map<String, String> responseHeaders, String httpStatus, String responseData,
                             String error, boolean success, long latencyMs, Instant requestedAt,
                             Instant respondedAt) {

        public NewAttempt {
            Objects.requireNonNull(deliveryId, "deliveryId");
            Objects.requireNonNull(url, "url");
            endpointId = endpointId == null ? "" : endpointId;
            method = method == null ? "POST" : method;
            apiVersion = apiVersion == null ? "" : apiVersion;
            ipAddress = ipAddress == null ? "" : ipAddress;
            requestHeaders = requestHeaders == null ? Map.of() : requestHeaders;
            requestBody = requestBody == null ? "" : requestBody;
            responseHeaders = responseHeaders == null ? Map.of() : responseHeaders;
            httpStatus = httpStatus == null ? "" : httpStatus;
            responseData = responseData == null ? "" : responseData;
            error = error == null ? "" : error;
        }
    }

    /**
     * Stores an attempt in the caller's write transaction (with the delivery's new state, which includes its
     * {@code last_http_status}: the writer of the delivery sets it, ADR 0033).
     */
    public DeliveryAttempt insert(Connection c, String projectId, NewAttempt a)
            throws SQLException {
        String id = store.newId();
        try (PreparedStatement s = c.prepareStatement(INSERT)) {
            bind(s, id, projectId, a, store.now());
            s.executeUpdate();
        }
        return find(c, projectId, a.deliveryId(), id);
    }

    /**
     * The code of a status line ({@code "503 Service Unavailable"} is 503), or 0 without one (no answer), as
     * migration V010 reads the stored attempts: a delivery's {@code last_http_status} for its last attempt.
     */
    public static int statusCodeOf(String statusLine) {
        if (statusLine == null || statusLine.length() < 3) {
            return 0;
        }
        String code = statusLine.substring(0, 3);
        if (!code.chars().allMatch(Character::isDigit) || code.charAt(0) < '1' || code.charAt(0) > '5') {
            return 0;
        }
        return Integer.parseInt(code);
    }

    /** An attempt and the project it belongs to, for {@link #insertAll}. */
    public record OfProject(String projectId, NewAttempt attempt) {
    }

    /**
     * Stores many attempts (of any projects) in the caller's write transaction with one statement, without reading
     * them back: the dispatcher records a batch of tries together with the deliveries' new states (and sets their
     * {@code last_http_status} in that same update).
     */
    public void insertAll(Connection c, List<OfProject> attempts) throws SQLException {
        if (attempts.isEmpty()) {
            return;
        }
        Instant now = store.now();
        try (PreparedStatement s = c.prepareStatement(INSERT)) {
            for (OfProject a : attempts) {
                bind(s, store.newId(), a.projectId(), a.attempt(), now);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private static final String INSERT = "INSERT INTO delivery_attempts(" + COLUMNS + ") VALUES ("
            + String.join(", ", Collections.nCopies(20, "?")) + ", NULL)";

    private static void bind(PreparedStatement s, String id, String projectId, NewAttempt a, Instant now)
            throws SQLException {
        int i = 1;
        s.setString(i++, id);
        s.setString(i++, projectId);
        s.setString(i++, a.deliveryId());
        s.setString(i++, a.endpointId());
        s.setString(i++, a.url());
        s.setString(i++, a.method());
        s.setString(i++, a.apiVersion());
        s.setString(i++, a.ipAddress());
        s.setString(i++, JsonColumns.write(a.requestHeaders()));
        s.setString(i++, a.requestBody());
        s.setString(i++, JsonColumns.write(a.responseHeaders()));
        s.setString(i++, a.httpStatus());
        s.setString(i++, a.responseData());
        s.setString(i++, a.error());
        s.setInt(i++, a.success() ? 1 : 0);
        s.setLong(i++, a.latencyMs());
        Times.set(s, i++, a.requestedAt());
        Times.set(s, i++, a.respondedAt());
        Times.set(s, i++, now);
        Times.set(s, i, now);
    }

    /** A delivery's attempts, oldest first; arguments: delivery ID, project ID. */
    public static final String LIST = "SELECT " + COLUMNS + " FROM delivery_attempts INDEXED BY attempts_delivery "
            + "WHERE event_delivery_id = ? AND project_id = ? AND deleted_at IS NULL ORDER BY id ASC";

    /** The attempts of delivery {@code deliveryId}, oldest first. */
    public List<DeliveryAttempt> list(Connection c, String projectId, String deliveryId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(LIST)) {
            s.setString(1, deliveryId);
            s.setString(2, projectId);
            return RowMapper.all(s, AttemptRepository::map);
        }
    }

    /** The attempt {@code attemptId} of delivery {@code deliveryId}, or null. */
    public DeliveryAttempt find(Connection c, String projectId, String deliveryId, String attemptId)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM delivery_attempts WHERE id = ? "
                + "AND event_delivery_id = ? AND project_id = ? AND deleted_at IS NULL")) {
            s.setString(1, attemptId);
            s.setString(2, deliveryId);
            s.setString(3, projectId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? map(rs) : null;
            }
        }
    }

    /** Maps a row selected with {@link #COLUMNS}; {@code msg_id} is the delivery's ID, as in Convoy. */
    public static DeliveryAttempt map(ResultSet rs) throws SQLException {
        Instant requestedAt = Times.get(rs, "requested_at");
        return new DeliveryAttempt(rs.getString("id"), rs.getString("url"), rs.getString("method"),
                rs.getString("endpoint_id"), rs.getString("api_version"), rs.getString("project_id"),
                rs.getString("event_delivery_id"), rs.getString("ip_address"),
                JsonColumns.read(rs, "request_http_header", HEADERS),
                JsonColumns.read(rs, "response_http_header", HEADERS), rs.getString("request_body"),
                rs.getString("http_status"), rs.getString("response_data"), rs.getString("error"),
                rs.getInt("status") != 0, requestedAt, Times.get(rs, "responded_at"),
                requestedAt == null ? null : rs.getLong("latency_ms"), Times.get(rs, "created_at"),
                Times.get(rs, "updated_at"), Times.get(rs, "deleted_at"));
    }
}
