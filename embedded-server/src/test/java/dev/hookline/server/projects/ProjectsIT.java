package dev.hookline.server.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateProjectResponse;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectStatistics;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectsIT {

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
    void createReturnsProjectWithConvoyDefaultsAndAWorkingProjectKey() {
        CreateProjectResponse created = server.admin()
                .createProject(new CreateProjectRequest("shop", ProjectType.OUTGOING, null, null));
        Project project = created.project();
        assertEquals("shop", project.name());
        assertEquals(StrategyType.LINEAR, project.config().strategy().type());
        assertEquals(100L, project.config().strategy().duration());
        assertEquals(10L, project.config().strategy().retryCount());
        assertEquals("X-Convoy-Signature", project.config().signature().header());
        assertTrue(created.apiKey().key().matches("CO\\.[A-Za-z0-9]{16}\\.[A-Za-z0-9]{64}"));

        ApiClient projectClient = server.client(created.apiKey().key());
        assertEquals(List.of(project.uid()), projectClient.listProjects().stream().map(Project::uid).toList());
        assertEquals("shop", projectClient.getProject(project.uid()).name());
    }

    @Test
    void updateMergesOnlyTheConfigKeysGiven() {
        TestProject p = server.newProject("billing", ProjectType.INCOMING);
        ProjectConfig patch = ProjectConfig.builder()
                .strategy(new ProjectConfig.Strategy(StrategyType.EXPONENTIAL, null, 3L))
                .ssl(new ProjectConfig.Ssl(true))
                .build();
        Project updated = p.client().updateProject(p.id(), new UpdateProjectRequest("billing-2", null, patch));
        assertEquals("billing-2", updated.name());
        assertEquals(StrategyType.EXPONENTIAL, updated.config().strategy().type());
        assertEquals(100L, updated.config().strategy().duration(), "duration kept");
        assertEquals(3L, updated.config().strategy().retryCount());
        assertTrue(updated.config().ssl().enforceSecureEndpoints());
        assertEquals("billing-2", server.admin().getProject(p.id()).name(), "persisted");
    }

    @Test
    void enablingMetaEventsWithoutSecretGeneratesOne() {
        TestProject p = server.newProject("meta", ProjectType.OUTGOING);
        ProjectConfig patch = ProjectConfig.builder()
                .metaEvent(new ProjectConfig.MetaEventConfig(true, "http", List.of("endpoint.created"), "http://127.0.0.1:9/hooks", null))
                .build();
        Project updated = p.client().updateProject(p.id(), new UpdateProjectRequest("meta", null, patch));
        assertEquals(25, updated.config().metaEvent().secret().length());
    }

    @Test
    void deleteRevokesTheProjectKey() {
        TestProject p = server.newProject("gone", ProjectType.OUTGOING);
        server.admin().deleteProject(p.id());
        ApiException e = assertThrows(ApiException.class, () -> p.client().getProject(p.id()));
        assertEquals(401, e.status());
        assertEquals(404, assertThrows(ApiException.class, () -> server.admin().getProject(p.id())).status());
    }

    @Test
    void authMatrix() {
        TestProject mine = server.newProject("mine", ProjectType.OUTGOING);
        TestProject other = server.newProject("other", ProjectType.OUTGOING);
        String path = "/v1/projects/" + mine.id();

        RawResponse noKey = server.client("x").raw("GET", path, null, Map.of("Authorization", ""));
        assertEquals(401, noKey.status());
        assertTrue(noKey.body().contains("\"status\":false"));

        assertEquals(401, server.client("CO.nope.nope").raw("GET", path, null, Map.of()).status());
        assertEquals(401, server.client("CO.TestInstanceKey0.wrongsecret").raw("GET", path, null, Map.of()).status());
        assertEquals(403, other.client().raw("GET", path, null, Map.of()).status(), "other project's key");
        assertEquals(200, mine.client().raw("GET", path, null, Map.of()).status());
        assertEquals(200, server.admin().raw("GET", path, null, Map.of()).status(), "instance key reaches all");
        assertEquals(403, mine.client().raw("POST", "/v1/projects", "{\"name\":\"x\",\"type\":\"outgoing\"}",
                Map.of()).status(), "project keys cannot create projects");
        assertEquals(403, mine.client().raw("DELETE", path, null, Map.of()).status());
    }

    @Test
    void badInputGetsEnvelopeAndWritesNothing() {
        ApiClient admin = server.admin();
        assertBad(admin.raw("POST", "/v1/projects", "{\"name\":", Map.of()), 400, "badly-formed JSON");
        assertBad(admin.raw("POST", "/v1/projects", "{\"type\":\"outgoing\"}", Map.of()), 400, "name");
        assertBad(admin.raw("POST", "/v1/projects", "{\"name\":\"a\",\"type\":\"sideways\"}", Map.of()), 400,
                "\\\"type\\\"");
        assertBad(admin.raw("POST", "/v1/projects", "{\"name\":\"a\",\"type\":\"outgoing\",\"config\":"
                + "{\"strategy\":{\"retry_count\":\"ten\"}}}", Map.of()), 400, "config.strategy.retry_count");
        assertBad(admin.raw("POST", "/v1/projects", "{\"name\":\"a\",\"type\":\"outgoing\",\"config\":"
                + "{\"signature\":{\"versions\":[{\"hash\":\"MD5\",\"encoding\":\"hex\"}]}}}", Map.of()), 400, "SHA256");
        assertBad(admin.raw("POST", "/v1/projects", "{}", Map.of("Content-Type", "text/plain")), 415, "Content-Type");
        assertBad(admin.raw("POST", "/v1/projects", "{\"name\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}", Map.of()),
                413, "too large");
        assertBad(admin.raw("GET", "/v1/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV", null, Map.of()), 404, "project");
        assertTrue(admin.listProjects().isEmpty(), "nothing written");

        server.newProject("dup", ProjectType.OUTGOING);
        assertBad(admin.raw("POST", "/v1/projects", "{\"name\":\"dup\",\"type\":\"outgoing\"}", Map.of()), 400,
                "already exists");
        assertEquals(1, admin.listProjects().size());
    }

    @Test
    void orgIdIsTheOrganisationsIdOrItsAliasOnEveryProjectsRouteAndAnUnknownOneIsRefusedAlike() throws Exception {
        ApiClient admin = server.admin();
        Project first = admin.createProject(new CreateProjectRequest("first", ProjectType.OUTGOING, null, null))
                .project();
        String organisation = first.organisationId();
        for (String orgId : List.of(organisation, "default", "DEFAULT")) {
            RawResponse created = admin.raw("POST", "/v1/projects?orgID=" + orgId, "{\"name\":\"by " + orgId
                    + "\",\"type\":\"incoming\"}", Map.of());
            assertEquals(201, created.status(), created.body());
            assertTrue(created.body().contains("\"organisation_id\":\"" + organisation + "\""), created.body());
            RawResponse listed = admin.raw("GET", "/v1/projects?orgID=" + orgId, null, Map.of());
            assertEquals(200, listed.status(), listed.body());
            assertTrue(listed.body().contains(first.uid()), listed.body());
        }
        for (String method : List.of("POST", "GET")) {
            assertBad(admin.raw(method, "/v1/projects?orgID=nope", method.equals("POST")
                    ? "{\"name\":\"never\",\"type\":\"outgoing\"}" : null, Map.of()), 400,
                    "orgID:organisation nope not found; this server has one organisation, " + organisation);
        }
        assertEquals(4, admin.listProjects().size(), "the refused create wrote nothing");
    }

    private static void assertBad(RawResponse response, int status, String messagePart) {
        assertEquals(status, response.status(), response.body());
        assertTrue(response.body().startsWith("{\"status\":false,\"message\":"), response.body());
        assertTrue(response.body().contains(messagePart), response.body());
        assertFalse(response.body().contains("\"data\""), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
    }

    @Test
    void projectResponsesAreNullSafe() {
        Project p = server.admin().createProject(new CreateProjectRequest("n", ProjectType.OUTGOING, null, null))
                .project();
        assertNull(p.deletedAt());
    }

    @Test
    void aProjectSaysWhichKindsOfResourcesItHasAndRetainsNothing() throws Exception {
        TestProject shop = server.newProject("shop", ProjectType.OUTGOING);
        ApiClient client = shop.client();
        assertEquals(new ProjectStatistics(false, false, false, false), client.getProject(shop.id()).statistics());
        assertEquals(0L, client.getProject(shop.id()).retainedEvents(), "Hookline keeps events until deleted");

        String endpoint = client.createEndpoint(EndpointRequest.of("https://r.example/in", "r")).uid();
        client.createSubscription(new SubscriptionRequest("all", null, endpoint, null, null, null, null, null, null,
                null));
        assertEquals(new ProjectStatistics(true, false, false, true), client.getProject(shop.id()).statistics());
        new EventSeeds(server).event(shop.id()).endpoints(endpoint).insert();
        Project listed = server.admin().listProjects().stream().filter(p -> p.uid().equals(shop.id())).findFirst()
                .orElseThrow();
        assertEquals(new ProjectStatistics(true, true, false, true), listed.statistics(), "the list says it too");
        assertEquals(new ProjectStatistics(true, true, false, true), client.updateProject(shop.id(),
                new UpdateProjectRequest("shop, renamed", null, null)).statistics(), "and the update answer");

        client.deleteEndpoint(endpoint);
        assertFalse(client.getProject(shop.id()).statistics().endpointsExist(), "deleted ones do not count");
    }
}
