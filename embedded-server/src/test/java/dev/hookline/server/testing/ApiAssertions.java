package dev.hookline.server.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Assertions on raw responses (envelope, status, message) and the keyset pagination walk. */
public final class ApiAssertions {

    private ApiAssertions() {
    }

    public static JsonNode tree(RawResponse response) {
        try {
            return Json.strict().readTree(response.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    /** A success envelope with this status and message, and a {@code data} key. */
    public static JsonNode assertEnvelope(RawResponse response, int status, String message) {
        assertEquals(status, response.status(), response.body());
        JsonNode body = tree(response);
        assertTrue(body.path("status").asBoolean(), response.body());
        assertEquals(message, body.path("message").asText());
        assertTrue(body.has("data"), response.body());
        return body.get("data");
    }

    /** An error envelope (no data, no stack trace) with this status whose message contains {@code messagePart}. */
    public static void assertBad(RawResponse response, int status, String messagePart) {
        assertEquals(status, response.status(), response.body());
        assertTrue(response.body().startsWith("{\"status\":false,\"message\":"), response.body());
        assertTrue(response.body().contains(messagePart), "expected \"" + messagePart + "\" in " + response.body());
        assertFalse(response.body().contains("\"data\""), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
    }

    /**
     * Walks a list forward with {@code next_page_cursor} to the end, checks the rows are exactly {@code expected}
     * in order, then walks back with {@code prev_page_cursor} checking every page again.
     */
    public static <T> void walk(Function<ListQuery, Page<T>> list, ListQuery query, List<String> expected,
                                Function<T, String> id) {
        int perPage = Integer.parseInt(query.value("perPage"));
        List<List<String>> pages = new ArrayList<>();
        Page<T> page = list.apply(query);
        assertFalse(page.pagination().hasPrevPage(), "first page has no previous page");
        while (true) {
            List<String> ids = page.content().stream().map(id).toList();
            assertFalse(ids.isEmpty() && !expected.isEmpty(), "no empty pages");
            assertTrue(ids.size() <= perPage);
            pages.add(ids);
            if (!page.pagination().hasNextPage()) {
                break;
            }
            assertTrue(pages.size() <= expected.size(), "walk terminates");
            page = list.apply(query.nextPage(page.pagination()));
        }
        assertEquals(expected, pages.stream().flatMap(List::stream).toList(),
                "forward walk, perPage " + perPage + ", " + query);
        for (int i = pages.size() - 2; i >= 0; i--) {
            assertTrue(page.pagination().hasPrevPage(), "page " + (i + 1) + " has a previous page");
            page = list.apply(query.prevPage(page.pagination()));
            assertEquals(pages.get(i), page.content().stream().map(id).toList(),
                    "backward walk page " + i + ", perPage " + perPage + ", " + query);
        }
        assertFalse(page.pagination().hasPrevPage(), "back at the first page");
    }
}
