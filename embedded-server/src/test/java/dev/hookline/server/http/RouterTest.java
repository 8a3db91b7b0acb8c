package dev.hookline.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RouterTest {

    private static final Handler NONE = exchange -> {
    };

    private static Router router() {
        return new Router()
                .post("/ingest/{maskID}", Access.PUBLIC, NONE)
                .get("/api/v1/projects/{projectID}/events/{eventID}", Access.PUBLIC, NONE)
                .post("/api/v1/projects/{projectID}/events/broadcast", Access.PUBLIC, NONE)
                .get("/{anything}/health", Access.PUBLIC, NONE)
                .get("/", Access.PUBLIC, NONE);
    }

    @Test
    void pathParametersAreReadFromTheMatchingRoute() {
        Router.Match match = router().match("POST", "/ingest/abc%20def");
        assertEquals("/ingest/{maskID}", match.route().template());
        assertEquals("abc def", match.pathParams().get("maskID"));
    }

    @Test
    void logLinesShowTheIngestRouteButNotItsMask() {
        assertEquals("/ingest/{maskID}", router().loggablePath("/ingest/Zx81secretMask00"));
        assertEquals("/ingest/{maskID}/", router().loggablePath("/ingest/Zx81secretMask00/"));
        assertEquals("/api/v1/projects/p1/events/e1", router().loggablePath("/api/v1/projects/p1/events/e1"),
                "IDs that are no credential stay, for finding the request");
    }

    @Test
    void aMalformedEscapeInAPathParameterIsTheClientsMistake() {
        ApiError error = org.junit.jupiter.api.Assertions.assertThrows(ApiError.class,
                () -> router().match("POST", "/ingest/abc%"));
        assertEquals(400, error.status());
    }

    @Test
    void aTrailingSlashStillMatches() {
        assertEquals("/ingest/{maskID}", router().match("POST", "/ingest/abc/").route().template());
    }

    @Test
    void aLiteralSegmentWinsOverAParameter() {
        assertEquals("/api/v1/projects/{projectID}/events/broadcast",
                router().match("POST", "/api/v1/projects/p1/events/broadcast").route().template());
        assertEquals("/api/v1/projects/{projectID}/events/{eventID}",
                router().match("GET", "/api/v1/projects/p1/events/broadcast").route().template());
    }

    @Test
    void aFirstSegmentThatOnlyStartsLikeARouteDoesNotMatchIt() {
        assertNull(router().match("POST", "/ingestion/abc"));
        assertNull(router().match("POST", "/ingest"));
        assertNull(router().match("POST", "/apiv1/projects/p1/events/broadcast"));
    }

    @Test
    void aTemplateStartingWithAParameterMatchesAnyFirstSegment() {
        assertEquals("/{anything}/health", router().match("GET", "/status/health").route().template());
    }

    @Test
    void theRootRouteMatchesOnlyTheRoot() {
        assertEquals("/", router().match("GET", "/").route().template());
        assertNull(router().match("GET", "/other"));
    }

    @Test
    void anotherMethodOnAKnownPathIsReportedAsExisting() {
        Router router = router();
        assertNull(router.match("GET", "/ingest/abc"));
        assertTrue(router.pathExists("/ingest/abc"));
        assertFalse(router.pathExists("/nowhere/abc"));
    }

    @Test
    void routesRegisteredAfterAMatchAreFoundByTheNextMatch() {
        Router router = router();
        assertNull(router.match("DELETE", "/ingest/abc"));
        router.delete("/ingest/{maskID}", Access.PUBLIC, NONE);
        assertEquals("/ingest/{maskID}", router.match("DELETE", "/ingest/abc").route().template());
    }
}
