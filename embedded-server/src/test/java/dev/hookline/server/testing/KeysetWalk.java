package dev.hookline.server.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Walks a keyset-paged list forward with {@code next} cursors and back with {@code prev} cursors, and checks that
 * each walk yields every expected row exactly once, in order.
 */
public final class KeysetWalk {

    private KeysetWalk() {
    }

    /**
     * @param expected the IDs in list order (what one big page would show)
     * @param first    the query of the first page (filters, sort, perPage)
     */
    public static <T> void assertWalks(List<String> expected, ListQuery first, Function<ListQuery, Page<T>> lister,
                                       Function<T, String> idOf) {
        String label = first.toQuery();
        List<List<String>> pages = new ArrayList<>();
        Page<T> page = lister.apply(first);
        assertFalse(page.pagination().hasPrevPage(), label + ": first page has no previous page");
        pages.add(ids(page, idOf));
        while (page.pagination().hasNextPage()) {
            assertTrue(pages.size() <= expected.size(), label + ": too many pages");
            page = lister.apply(first.nextPage(page.pagination()));
            assertTrue(page.pagination().hasPrevPage(), label + ": later pages have a previous page");
            pages.add(ids(page, idOf));
        }
        int perPage = Integer.parseInt(first.value("perPage"));
        for (List<String> ids : pages) {
            assertTrue(ids.size() <= perPage, label + ": a page holds at most perPage rows");
            assertFalse(ids.isEmpty() && !expected.isEmpty(), label + ": no empty pages");
        }
        assertEquals(expected, flatten(pages), label + ": forward walk");

        // backwards, each page must be exactly the page the forward walk showed there
        for (int i = pages.size() - 2; i >= 0; i--) {
            assertTrue(page.pagination().hasPrevPage(), label + ": page " + (i + 1) + " has a previous page");
            page = lister.apply(first.prevPage(page.pagination()));
            assertTrue(page.pagination().hasNextPage(), label + ": earlier pages have a next page");
            assertEquals(pages.get(i), ids(page, idOf), label + ": backward walk, page " + i);
        }
        assertFalse(page.pagination().hasPrevPage(), label + ": back at the first page");
    }

    private static <T> List<String> ids(Page<T> page, Function<T, String> idOf) {
        return page.content().stream().map(idOf).toList();
    }

    private static List<String> flatten(List<List<String>> pages) {
        List<String> all = new ArrayList<>();
        pages.forEach(all::addAll);
        return all;
    }
}
