package dev.hookline.app.form;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Loads what a picker offers: every page of a list, up to a cap, so a form never offers a truncated first page. */
public final class Choices {

    /** More than a picker can usefully show; past it the user types the ID instead. */
    public static final int CAP = 1000;
    private static final int PER_PAGE = 100;

    private Choices() {
    }

    /** All rows {@code list} answers, following the next-page cursor, at most {@link #CAP}. Runs in the background. */
    public static <T> List<T> all(Function<ListQuery, Page<T>> list) {
        List<T> rows = new ArrayList<>();
        ListQuery query = ListQuery.ofPerPage(PER_PAGE);
        while (true) {
            Page<T> page = list.apply(query);
            rows.addAll(page.content());
            if (rows.size() >= CAP || page.pagination() == null || !page.pagination().hasNextPage()) {
                return rows.size() > CAP ? List.copyOf(rows.subList(0, CAP)) : List.copyOf(rows);
            }
            query = ListQuery.ofPerPage(PER_PAGE).nextPage(page.pagination());
        }
    }
}
