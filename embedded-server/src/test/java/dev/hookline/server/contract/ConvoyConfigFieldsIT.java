package dev.hookline.server.contract;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The config and source fields of Convoy's HEAD document that Hookline stores and returns: project
 * {@code config.verify_dynamic_events}, {@code config.allow_unmatched_dynamic_urls}, {@code config.meta_event.pub_sub}
 * and source {@code event_type_location} (what each does here: ADR 0030; the broker side of
 * {@code event_type_location} is in {@code BrokerSourcesIT}).
 */
class ConvoyConfigFieldsIT {

    @TempDir
    Path dataDir;
    TestServer server;
    ApiClient admin;
    TestServer.TestProject project;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        admin = server.root(TestServer.INSTANCE_KEY);
        project = server.newProject("fields", ProjectType.INCOMING);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** The {@code data} of a successful envelope with this status. */
    private static JsonNode data(dev.hookline.api.client.RawResponse response, int status) {
        assertEquals(status, response.status(), response.body());
        JsonNode body = dev.hookline.server.testing.ApiAssertions.tree(response);
        assertTrue(body.path("status").asBoolean(), response.body());
        return body.path("data");
    }

    @Test
    void projectConfigKeepsTheDynamicEventKeysAndTheMetaEventBroker() {
        String path = "/api/v1/projects/" + project.id();
        JsonNode before = data(admin.raw("GET", path, null, Map.of()), 200).path("config");
        assertFalse(before.path("verify_dynamic_events").asBoolean(true), "false by default: " + before);
        assertFalse(before.path("allow_unmatched_dynamic_urls").asBoolean(true));
        assertTrue(before.path("meta_event").path("pub_sub").isNull());

        JsonNode updated = data(admin.raw("PUT", path, "{\"name\":\"fields\",\"config\":{"
                + "\"verify_dynamic_events\":true,\"allow_unmatched_dynamic_urls\":true,\"meta_event\":{"
                + "\"pub_sub\":{\"type\":\"sqs\",\"workers\":1,\"sqs\":{\"access_key_id\":\"AKIA\","
                + "\"secret_key\":\"s\",\"default_region\":\"eu-west-1\",\"queue_name\":\"meta\"}}}}}", Map.of()),
                202).path("config");
        assertTrue(updated.path("verify_dynamic_events").asBoolean());
        assertTrue(updated.path("allow_unmatched_dynamic_urls").asBoolean());
        assertEquals("meta", updated.at("/meta_event/pub_sub/sqs/queue_name").asText());

        JsonNode read = data(admin.raw("GET", path, null, Map.of()), 200).path("config");
        assertTrue(read.path("verify_dynamic_events").asBoolean(), "stored");
        assertEquals("sqs", read.at("/meta_event/pub_sub/type").asText());
        JsonNode untouched = data(admin.raw("PUT", path, "{\"name\":\"fields\",\"config\":"
                + "{\"disable_endpoint\":true}}", Map.of()), 202).path("config");
        assertTrue(untouched.path("allow_unmatched_dynamic_urls").asBoolean(), "left out: kept");
        assertEquals("sqs", untouched.at("/meta_event/pub_sub/type").asText());
    }

    @Test
    void sourceEventTypeLocationIsStoredReturnedAndChecked() {
        String sources = "/api/v1/projects/" + project.id() + "/sources";
        ApiClient client = server.root(project.apiKey());
        JsonNode plain = data(client.raw("POST", sources, "{\"name\":\"plain\",\"type\":\"http\"}",
                Map.of()), 201);
        assertEquals("", plain.path("event_type_location").asText("missing"), "\"\" when unset");

        JsonNode located = data(client.raw("POST", sources, "{\"name\":\"typed\",\"type\":\"http\","
                + "\"event_type_location\":\"request.body.event.type\"}", Map.of()), 201);
        assertEquals("request.body.event.type", located.path("event_type_location").asText());
        String id = located.path("uid").asText();
        assertEquals("request.body.event.type", data(client.raw("GET", sources + "/" + id, null, Map.of()),
                200).path("event_type_location").asText());
        JsonNode kept = data(client.raw("PUT", sources + "/" + id, "{\"name\":\"typed\",\"type\":\"http\"}",
                Map.of()), 202);
        assertEquals("request.body.event.type", kept.path("event_type_location").asText(), "left out: kept");
        JsonNode changed = data(client.raw("PUT", sources + "/" + id, "{\"name\":\"typed\",\"type\":"
                + "\"http\",\"event_type_location\":\"request.query.t\"}", Map.of()), 202);
        assertEquals("request.query.t", changed.path("event_type_location").asText());

        assertBad(client.raw("POST", sources, "{\"name\":\"bad\",\"type\":\"http\",\"event_type_location\":"
                + "\"body.type\"}", Map.of()), 400, "event_type_location");
        assertBad(client.raw("POST", sources, "{\"name\":\"bad\",\"type\":\"pub_sub\",\"event_type_location\":"
                + "\"request.query.t\",\"pub_sub\":{\"type\":\"sqs\",\"workers\":1,\"sqs\":{\"access_key_id\":"
                + "\"AKIA\",\"secret_key\":\"s\",\"default_region\":\"eu-west-1\",\"queue_name\":\"q\"}}}",
                Map.of()), 400, "event_type_location");
    }
}
