package dev.hookline.server.paging;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Convoy client may ask for any page size (Convoy has no maximum): above 1000 the page holds 1000 rows, says so
 * in {@code X-Hookline-PerPage-Clamped}, and its cursor leads on to the rest.
 */
class PerPageClampIT {

    private static final String CLAMPED = "X-Hookline-PerPage-Clamped";

    @TempDir
    Path dataDir;
    TestServer server;
    ApiClient root;
    String eventsPath;

    @BeforeEach
    void seed() throws Exception {
        server = TestServer.start(dataDir);
        TestServer.TestProject project = server.newProject("many", ProjectType.OUTGOING);
        root = server.root(project.apiKey());
        eventsPath = "/api/v1/projects/" + project.id() + "/events";
        EventSeeds seeds = new EventSeeds(server);
        for (int i = 0; i < 1003; i++) {
            seeds.event(project.id()).type("bulk").data("{\"i\":" + i + "}").insert();
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aPageLargerThanTheMaximumIsServedAtTheMaximumAndSaysSo() throws Exception {
        RawResponse big = root.raw("GET", eventsPath + "?perPage=5000&sort=ASC", null, Map.of());
        assertEquals(200, big.status(), big.body());
        assertEquals("1000", big.header(CLAMPED));
        JsonNode data = Json.strict().readTree(big.body()).get("data");
        assertEquals(1000, data.get("content").size());
        assertEquals(1000, data.get("pagination").get("per_page").asInt());
        assertTrue(data.get("pagination").get("has_next_page").asBoolean());

        RawResponse rest = root.raw("GET", eventsPath + "?perPage=5000&sort=ASC&next_page_cursor="
                + data.get("pagination").get("next_page_cursor").asText(), null, Map.of());
        assertEquals(3, Json.strict().readTree(rest.body()).get("data").get("content").size());

        RawResponse huge = root.raw("GET", eventsPath + "?perPage=99999999999999999999", null, Map.of());
        assertEquals(200, huge.status(), "a number past any integer type is still just a big page");
        assertEquals("1000", huge.header(CLAMPED));
    }

    @Test
    void aPageWithinTheMaximumCarriesNoHeaderAndBadSizesAreStillRefused() {
        RawResponse exact = root.raw("GET", eventsPath + "?perPage=1000", null, Map.of());
        assertEquals(200, exact.status());
        assertNull(exact.header(CLAMPED));
        assertNull(root.raw("GET", eventsPath, null, Map.of()).header(CLAMPED));
        assertBad(root.raw("GET", eventsPath + "?perPage=0", null, Map.of()), 400, "perPage must be at least 1");
        assertBad(root.raw("GET", eventsPath + "?perPage=lots", null, Map.of()), 400, "perPage must be a whole number");
    }
}
