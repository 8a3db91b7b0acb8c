package dev.hookline.server.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectConfig.CircuitBreaker;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The project's {@code circuit_breaker} config on the wire: defaults, merge, validation, older stored configs. */
class CircuitBreakerConfigIT {

    @TempDir
    Path dataDir;
    TestServer server;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aNewProjectHasConvoysThresholdsInConvoysUnits() {
        Project created = server.admin().createProject(new CreateProjectRequest("shop", ProjectType.OUTGOING, null,
                null)).project();
        assertEquals(new CircuitBreaker(30L, 30L, 70L, 5L, 5L, 10L, 10L), created.config().circuitBreaker());
        RawResponse raw = server.admin().raw("GET", "/v1/projects/" + created.uid(), null, Map.of());
        assertTrue(raw.body().contains("\"circuit_breaker\":{\"sample_rate\":30,\"error_timeout\":30,"
                + "\"failure_threshold\":70,\"success_threshold\":5,\"observability_window\":5,"
                + "\"minimum_request_count\":10,\"consecutive_failure_threshold\":10}"), raw.body());
    }

    @Test
    void createTakesTheGivenMembersAndDefaultsTheRest() {
        RawResponse created = server.admin().raw("POST", "/v1/projects", "{\"name\":\"a\",\"type\":\"outgoing\","
                + "\"config\":{\"circuit_breaker\":{\"failure_threshold\":40,\"observability_window\":10}}}",
                Map.of());
        assertEquals(201, created.status(), created.body());
        Project project = server.admin().listProjects().stream().filter(p -> p.name().equals("a")).findFirst()
                .orElseThrow();
        assertEquals(new CircuitBreaker(30L, 30L, 40L, 5L, 10L, 10L, 10L), project.config().circuitBreaker());
    }

    @Test
    void anUpdateMergesThePresentMembersAndKeepsThemThroughOtherUpdates() {
        TestProject p = server.newProject("billing", ProjectType.OUTGOING);
        ApiClient client = p.client();
        Project updated = client.updateProject(p.id(), new UpdateProjectRequest("billing", null,
                circuitBreaker(new CircuitBreaker(null, 120L, null, 20L, null, 25L, null))));
        CircuitBreaker expected = new CircuitBreaker(30L, 120L, 70L, 20L, 5L, 25L, 10L);
        assertEquals(expected, updated.config().circuitBreaker());
        assertEquals(expected, client.getProject(p.id()).config().circuitBreaker(), "stored");

        client.updateProject(p.id(), new UpdateProjectRequest("billing", null, ProjectConfig.builder().disableEndpoint(true).build()));
        Project again = client.getProject(p.id());
        assertEquals(expected, again.config().circuitBreaker(), "an update without circuit_breaker keeps it");
        assertTrue(again.config().disableEndpoint());
    }

    @Test
    void valuesOutOfRangeAreRefusedWithTheKeyAndTheUnitAndNothingIsWritten() {
        TestProject p = server.newProject("ranges", ProjectType.OUTGOING);
        ApiClient admin = server.admin();
        String path = "/v1/projects/" + p.id();
        assertBad(admin.raw("PUT", path, update("renamed", "\"failure_threshold\":0"), Map.of()),
                "config.circuit_breaker.failure_threshold must be between 1 and 100 (percent)");
        assertBad(admin.raw("PUT", path, update("renamed", "\"success_threshold\":101"), Map.of()),
                "config.circuit_breaker.success_threshold must be between 1 and 100 (percent)");
        assertBad(admin.raw("PUT", path, update("renamed", "\"error_timeout\":-5"), Map.of()),
                "config.circuit_breaker.error_timeout must be between 1 and 86400 seconds");
        assertBad(admin.raw("PUT", path, update("renamed", "\"minimum_request_count\":0"), Map.of()),
                "config.circuit_breaker.minimum_request_count must be between 1 and 100000 tries");
        assertBad(admin.raw("PUT", path, update("renamed", "\"consecutive_failure_threshold\":0"), Map.of()),
                "config.circuit_breaker.consecutive_failure_threshold must be between 1 and 1000 openings");
        assertBad(admin.raw("PUT", path, update("renamed", "\"observability_window\":2000"), Map.of()),
                "config.circuit_breaker.observability_window must be between 1 and 1440 minutes");
        assertBad(admin.raw("PUT", path, update("renamed", "\"sample_rate\":300,\"observability_window\":5"),
                Map.of()), "config.circuit_breaker.sample_rate (300 seconds) must be shorter than "
                + "config.circuit_breaker.observability_window (5 minutes)");
        assertBad(admin.raw("PUT", path, update("renamed", "\"sample_rate\":1,\"observability_window\":120"),
                Map.of()), "config.circuit_breaker.observability_window may hold at most 3600 samples: 120 minutes "
                + "of 1-second samples are 7200; use a longer sample_rate");
        assertBad(admin.raw("PUT", path, update("renamed", "\"failure_threshold\":\"most\""), Map.of()),
                "config.circuit_breaker.failure_threshold");
        assertBad(admin.raw("POST", "/v1/projects", "{\"name\":\"never\",\"type\":\"outgoing\",\"config\":"
                + "{\"circuit_breaker\":{\"sample_rate\":0}}}", Map.of()),
                "config.circuit_breaker.sample_rate must be between 1 and 3600 seconds");

        Project after = admin.getProject(p.id());
        assertEquals("ranges", after.name(), "nothing of a refused update is written");
        assertEquals(CircuitBreaker.DEFAULTS, after.config().circuitBreaker());
        assertFalse(admin.listProjects().stream().anyMatch(x -> x.name().equals("never")));
    }

    @Test
    void aProjectStoredBeforeTheKeyExistedAnswersTheDefaultsAndCanBeChanged() throws Exception {
        TestProject p = server.newProject("old", ProjectType.OUTGOING);
        server.server().store().db().write(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("UPDATE projects SET config = json_remove(config, '$.circuit_breaker')");
            }
        });
        assertEquals(CircuitBreaker.DEFAULTS, p.client().getProject(p.id()).config().circuitBreaker());
        Project updated = p.client().updateProject(p.id(), new UpdateProjectRequest("old", null,
                circuitBreaker(new CircuitBreaker(null, null, 90L, null, null, null, null))));
        assertEquals(new CircuitBreaker(30L, 30L, 90L, 5L, 5L, 10L, 10L), updated.config().circuitBreaker());
    }

    static ProjectConfig circuitBreaker(CircuitBreaker cb) {
        return ProjectConfig.builder().circuitBreaker(cb).build();
    }

    private static String update(String name, String members) {
        return "{\"name\":\"" + name + "\",\"config\":{\"circuit_breaker\":{" + members + "}}}";
    }

    private static void assertBad(RawResponse response, String message) {
        assertEquals(400, response.status(), response.body());
        assertTrue(response.body().startsWith("{\"status\":false,\"message\":"), response.body());
        assertTrue(response.body().contains(message), response.body());
        assertFalse(response.body().contains("\"data\""), response.body());
    }
}
