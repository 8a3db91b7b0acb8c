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
        assertEquals(expected, flatten(pages), label + ": forward walk");

        List<List<String>> back = new ArrayList<>();
        back.add(0, ids(page, idOf));
        while (page.pagination().hasPrevPage()) {
            assertTrue(back.size() <= expected.size(), label + ": too many pages backwards");
            page = lister.apply(first.prevPage(page.pagination()));
            assertTrue(page.pagination().hasNextPage(), label + ": earlier pages have a next page");
            back.add(0, ids(page, idOf));
        }
        assertEquals(expected, flatten(back), label + ": backward walk");
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
