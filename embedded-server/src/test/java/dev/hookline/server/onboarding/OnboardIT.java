package dev.hookline.server.onboarding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.BulkOnboardAccepted;
import dev.hookline.api.model.BulkOnboardReport;
import dev.hookline.api.model.BulkOnboardRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.OnboardItem;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Subscription;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /onboard}: JSON and CSV, dry run, all or nothing, outgoing projects only. */
class OnboardIT {

    @TempDir
    Path dataDir;
    TestServer server;
    TestProject shop;
    ApiClient client;
    String path;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir);
        shop = server.newProject("shop", ProjectType.OUTGOING);
        client = shop.client();
        path = "/api/v1/projects/" + shop.id() + "/onboard";
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aValidOnboardingCreatesEndpointsAndSubscriptions() throws Exception {
        RawResponse response = server.root(shop.apiKey()).raw("POST", path, "{\"items\":["
                + "{\"name\":\"acme\",\"url\":\"https://acme.example/hooks\",\"event_type\":\"order.created\"},"
                + "{\"name\":\"globex\",\"url\":\"https://globex.example/hooks\",\"auth_username\":\"u\","
                + "\"auth_password\":\"p\"}]}", Map.of());
        assertEquals(202, response.status(), response.body());
        JsonNode body = Json.lenient().readTree(response.body());
        assertEquals("Bulk onboard request accepted", body.get("message").asText());
        assertEquals(1, body.at("/data/batch_count").asInt());
        assertEquals(2, body.at("/data/total_items").asInt());

        List<Endpoint> endpoints = client.listEndpoints(ListQuery.create()).content();
        assertEquals(2, endpoints.size());
        Endpoint globex = endpoints.stream().filter(e -> e.name().equals("globex")).findFirst().orElseThrow();
        assertEquals(EndpointAuthType.BASIC_AUTH, client.getEndpoint(globex.uid()).authentication().type());
        List<Subscription> subscriptions = client.listSubscriptions(ListQuery.create()).content();
        assertEquals(2, subscriptions.size());
        Subscription acme = subscriptions.stream().filter(s -> s.name().startsWith("acme-")).findFirst()
                .orElseThrow();
        assertEquals(List.of("order.created"), acme.filterConfig().eventTypes());
        assertTrue(acme.name().endsWith("-subscription"), acme.name());
        Subscription globexSub = subscriptions.stream().filter(s -> s.name().startsWith("globex-")).findFirst()
                .orElseThrow();
        assertEquals(List.of("*"), globexSub.filterConfig().eventTypes(), "no event type: all of them");
        assertEquals(List.of("order.created"), client.listSubscriptionFilters(acme.uid()).stream()
                .map(f -> f.eventType()).toList(), "a filter row per event type, as the API makes");
    }

    @Test
    void aDryRunReportsEveryProblemAndWritesNothing() {
        BulkOnboardRequest request = new BulkOnboardRequest(List.of(
                OnboardItem.of("ok", "https://ok.example/h", null),
                OnboardItem.of("", "not a url", null),
                new OnboardItem("half", "https://half.example/h", null, "user", null)));
        BulkOnboardReport report = client.validateOnboarding(request);
        assertEquals(3, report.totalRows());
        assertEquals(1, report.validCount());
        List<String> problems = report.errors().stream().map(e -> e.row() + ":" + e.field()).toList();
        assertTrue(problems.contains("2:name"), problems.toString());
        assertTrue(problems.contains("2:url"), problems.toString());
        assertTrue(problems.contains("3:auth_username/auth_password"), problems.toString());

        BulkOnboardReport clean = client.validateOnboarding(new BulkOnboardRequest(List.of(
                OnboardItem.of("ok", "https://ok.example/h", null))));
        assertEquals(List.of(), clean.errors());
        assertEquals(1, clean.validCount());
        assertEquals(List.of(), client.listEndpoints(ListQuery.create()).content(), "a dry run writes nothing");
        assertEquals(List.of(), client.listSubscriptions(ListQuery.create()).content());
    }

    @Test
    void anyInvalidRowRefusesTheWholeRequestWithTheReportAsData() throws Exception {
        RawResponse refused = server.root(shop.apiKey()).raw("POST", path, "{\"items\":["
                + "{\"name\":\"ok\",\"url\":\"https://ok.example/h\"},{\"name\":\"bad\",\"url\":\"ftp://x\"}]}",
                Map.of());
        assertEquals(400, refused.status(), refused.body());
        JsonNode body = Json.lenient().readTree(refused.body());
        assertFalse(body.get("status").asBoolean());
        assertEquals("Validation failed", body.get("message").asText());
        assertEquals(1, body.at("/data/valid_count").asInt());
        assertEquals(2, body.at("/data/errors/0/row").asInt());
        assertEquals("url", body.at("/data/errors/0/field").asText());
        assertEquals(List.of(), client.listEndpoints(ListQuery.create()).content(), "all or nothing");

        ApiException empty = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> client.onboard(new BulkOnboardRequest(List.of())));
        assertEquals("items list cannot be empty", empty.getMessage());
        List<OnboardItem> tooMany = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            tooMany.add(OnboardItem.of("e" + i, "https://e.example/" + i, null));
        }
        ApiException large = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> client.onboard(new BulkOnboardRequest(tooMany)));
        assertEquals("items list exceeds maximum size of 1000", large.getMessage());
    }

    @Test
    void csvFilesAreReadFromTheMultipartFileField() {
        String csv = "Name,URL,event_type\n\"Acme, Inc.\",https://acme.example/h,order.created\n"
                + "globex,https://globex.example/h,\n";
        BulkOnboardReport report = client.validateOnboardingCsv(csv);
        assertEquals(2, report.totalRows());
        assertEquals(List.of(), report.errors());
        assertEquals(List.of(), client.listEndpoints(ListQuery.create()).content());

        BulkOnboardAccepted accepted = client.onboardCsv(csv);
        assertEquals(2, accepted.totalItems());
        assertTrue(client.listEndpoints(ListQuery.create()).content().stream()
                .anyMatch(e -> e.name().equals("Acme, Inc.")));

        ApiException missing = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> client.onboardCsv("name,event_type\nx,y\n"));
        assertEquals("CSV missing required column: url", missing.getMessage());
        ApiException ragged = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> client.onboardCsv("name,url\nx\n"));
        assertEquals("CSV (data row 1): expected 2 columns but got 1", ragged.getMessage());
    }

    @Test
    void aUrlAlreadyThereIsReusedAndOneSubscriptionPerEndpointIsKept() {
        client.onboard(new BulkOnboardRequest(List.of(OnboardItem.of("a", "https://a.example/h", "x"))));
        client.onboard(new BulkOnboardRequest(List.of(OnboardItem.of("a2", "https://a.example/h", "y"),
                OnboardItem.of("b", "https://b.example/h", null))));
        assertEquals(2, client.listEndpoints(ListQuery.create()).content().size());
        List<Subscription> subscriptions = client.listSubscriptions(ListQuery.create()).content();
        assertEquals(2, subscriptions.size(), "the second row for a.example was skipped (one per endpoint)");
    }

    @Test
    void incomingProjectsAndOtherProjectsKeysAreRefused() throws Exception {
        TestProject incoming = server.newProject("in", ProjectType.INCOMING);
        ApiException refused = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> incoming.client().onboard(new BulkOnboardRequest(List.of(
                        OnboardItem.of("a", "https://a.example/h", null)))));
        assertEquals(400, refused.status());
        assertEquals("bulk onboard is only supported for outgoing projects", refused.getMessage());

        RawResponse foreign = server.root(incoming.apiKey()).raw("POST", path,
                "{\"items\":[{\"name\":\"a\",\"url\":\"https://a.example/h\"}]}", Map.of());
        assertEquals(403, foreign.status(), foreign.body());
        assertEquals(List.of(), client.listEndpoints(ListQuery.create()).content());
    }
}
