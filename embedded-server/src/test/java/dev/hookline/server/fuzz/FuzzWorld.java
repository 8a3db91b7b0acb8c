package dev.hookline.server.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.server.testing.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fuzz suite's server: a real server on port 0 over SQLite in a temp dir, with two projects seeded through the
 * API, each with an endpoint (credentials set), a source, a subscription and its filter, an event and its delivery,
 * a portal link and a meta event. Project "alpha" is the caller's; "bravo" is the other project, whose names, URLs,
 * secrets and keys ({@link Seeded#markers}) must never appear in an answer to alpha's credentials. (Its IDs are not
 * markers: the fuzz requests carry them, and may store them as free text in alpha's data.)
 */
final class FuzzWorld implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The tables whose content must not change when a request is refused (the search index is written later). */
    private static final List<String> TABLES = List.of("organisations", "projects", "api_keys", "endpoints",
            "sources", "devices", "subscriptions", "filters", "events", "events_endpoints", "event_deliveries",
            "delivery_attempts", "meta_events", "portal_links", "portal_links_endpoints", "portal_tokens");

    /** One seeded project: its key, its portal link's token, and its IDs by path-parameter name. */
    record Seeded(String name, String apiKey, String portalToken, Map<String, String> ids, List<String> markers) {
    }

    private final TestServer server;
    private final RawHttp http;
    final Seeded alpha;
    final Seeded bravo;

    FuzzWorld(Path dataDir) throws IOException {
        this.server = TestServer.start(dataDir);
        this.http = new RawHttp(server.server().port());
        this.alpha = seed("alpha");
        this.bravo = seed("bravo");
    }

    RawHttp http() {
        return http;
    }

    TestServer server() {
        return server;
    }

    /** A digest of every row of the stored tables: equal before and after means nothing was written. */
    String fingerprint() {
        server.awaitPlanned(); // an accepted event is planned after its answer (ADR 0038): not the refused request's write
        return server.server().store().db().read(c -> {
            MessageDigest digest = sha256();
            for (String table : TABLES) {
                digest.update(table.getBytes(StandardCharsets.UTF_8));
                // some tables have no rowid: rows are digested one by one and their digests sorted
                List<String> rows = new ArrayList<>();
                try (PreparedStatement s = c.prepareStatement("SELECT * FROM " + table);
                     ResultSet rs = s.executeQuery()) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        MessageDigest row = sha256();
                        for (int i = 1; i <= columns; i++) {
                            byte[] value = rs.getBytes(i);
                            row.update(value == null ? new byte[] {0} : value);
                            row.update((byte) 0x1f);
                        }
                        rows.add(HexFormat.of().formatHex(row.digest()));
                    }
                }
                rows.stream().sorted().forEach(row -> digest.update(row.getBytes(StandardCharsets.UTF_8)));
            }
            return HexFormat.of().formatHex(digest.digest());
        });
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Seeded seed(String name) throws IOException {
        JsonNode created = data(call("POST", "/api/v1/projects", TestServer.INSTANCE_KEY,
                "{\"name\":\"" + name + "\",\"type\":\"outgoing\"}"));
        String project = created.path("project").path("uid").asText();
        String key = created.path("api_key").path("key").asText();
        String base = "/api/v1/projects/" + project;
        call("PUT", base, key, "{\"name\":\"" + name + "\",\"config\":{\"meta_event\":{\"is_enabled\":true,"
                + "\"type\":\"http\",\"url\":\"https://meta." + name + ".example/hook\",\"event_type\":"
                + "[\"endpoint.created\"]}}}");
        JsonNode endpoint = data(call("POST", base + "/endpoints", key, "{\"name\":\"" + name + "-endpoint\","
                + "\"url\":\"https://" + name + ".example/hook\",\"owner_id\":\"" + name + "-owner\","
                + "\"secret\":\"" + name + "-signing-secret\",\"authentication\":{\"type\":\"basic_auth\","
                + "\"basic_auth\":{\"username\":\"" + name + "-user\",\"password\":\"" + name + "-basic-pass\"}}}"));
        JsonNode source = data(call("POST", base + "/sources", key, "{\"name\":\"" + name + "-source\","
                + "\"type\":\"http\",\"verifier\":{\"type\":\"api_key\",\"api_key\":{\"header_name\":\"X-Src-Key\","
                + "\"header_value\":\"" + name + "-source-key\"}}}"));
        JsonNode subscription = data(call("POST", base + "/subscriptions", key, "{\"name\":\"" + name + "-sub\","
                + "\"endpoint_id\":\"" + endpoint.path("uid").asText() + "\",\"source_id\":\""
                + source.path("uid").asText() + "\",\"filter_config\":{\"event_types\":[\"*\"]}}"));
        JsonNode event = data(call("POST", base + "/events", key, "{\"endpoint_id\":\""
                + endpoint.path("uid").asText() + "\",\"event_type\":\"" + name + ".created\",\"data\":{\"marker\":\""
                + name + "-event-data\"}}"));
        server.awaitPlanned(); // the event's delivery is planned after the answer (ADR 0038)
        JsonNode deliveries = data(call("GET", base + "/eventdeliveries?eventId=" + event.path("uid").asText(), key,
                null));
        JsonNode filter = data(call("POST", base + "/subscriptions/" + subscription.path("uid").asText()
                + "/filters", key, "{\"event_type\":\"" + name + ".created\",\"body\":{\"marker\":\"" + name
                + "-event-data\"}}"));
        JsonNode metaEvents = data(call("GET", base + "/meta-events", key, null));
        JsonNode link = data(call("POST", base + "/portal-links", key, "{\"name\":\"" + name + "-link\","
                + "\"owner_id\":\"" + name + "-owner\",\"can_manage_endpoint\":true}"));

        Map<String, String> ids = new LinkedHashMap<>();
        ids.put("projectID", project);
        ids.put("endpointID", endpoint.path("uid").asText());
        ids.put("sourceID", source.path("uid").asText());
        ids.put("maskID", source.path("mask_id").asText());
        ids.put("subscriptionID", subscription.path("uid").asText());
        ids.put("filterID", filter.path("uid").asText());
        ids.put("eventID", event.path("uid").asText());
        ids.put("eventDeliveryID", first(deliveries).path("uid").asText());
        ids.put("metaEventID", first(metaEvents).path("uid").asText());
        ids.put("portalLinkID", link.path("uid").asText());
        ids.put("eventType", name + ".created");
        for (Map.Entry<String, String> id : ids.entrySet()) {
            if (id.getValue().isEmpty()) {
                throw new IllegalStateException("seeding " + name + " left no " + id.getKey());
            }
        }
        // what only this project's data holds: the fuzz requests carry its IDs and event type, never these
        List<String> markers = List.of(key, link.path("token").asText(), name + "-signing-secret",
                name + "-basic-pass", name + "-source-key", name + "-event-data", name + "-endpoint",
                name + "-source", name + "-sub", name + "-link", name + "-user", "https://" + name + ".example/hook",
                "https://meta." + name + ".example/hook");
        return new Seeded(name, key, link.path("token").asText(), Map.copyOf(ids), markers);
    }

    private RawHttp.Response call(String method, String target, String key, String json) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + key);
        headers.put("Content-Type", "application/json");
        RawHttp.Response response = http.send(new RawHttp.Request(method, target, headers,
                json == null ? null : json.getBytes(StandardCharsets.UTF_8)));
        if (response.status() >= 300) {
            throw new IllegalStateException("seeding " + method + " " + target + " -> " + response.status() + " "
                    + response.text());
        }
        return response;
    }

    private static JsonNode data(RawHttp.Response response) {
        try {
            return JSON.readTree(response.body()).path("data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first item of a list answer: a bare array or a page's {@code content}. */
    private static JsonNode first(JsonNode data) {
        JsonNode items = data.isArray() ? data : data.path("content");
        return items.path(0);
    }

    @Override
    public void close() {
        server.close();
    }
}
