package dev.hookline.server.http;

import dev.hookline.server.paging.ListParams;

/**
 * Reads the list parameters every list route takes from the query string ({@link ListParams} checks them). A
 * {@code perPage} above {@link ListParams#MAX_PER_PAGE} is served that many rows and the answer says so in
 * {@value #PER_PAGE_CLAMPED} (its value: the rows per page actually used).
 */
public final class ListParamsReader {

    public static final String PER_PAGE_CLAMPED = "X-Hookline-PerPage-Clamped";

    private ListParamsReader() {
    }

    public static ListParams from(Exchange exchange) {
        String perPage = value(exchange, "perPage");
        ListParams params = ListParams.of(perPage, value(exchange, "sort"), value(exchange, "direction"),
                value(exchange, "next_page_cursor"), value(exchange, "prev_page_cursor"),
                value(exchange, "startDate"), value(exchange, "endDate"));
        if (ListParams.clampsPerPage(perPage)) {
            exchange.responseHeader(PER_PAGE_CLAMPED, Integer.toString(params.perPage()));
        }
        return params;
    }

    private static String value(Exchange exchange, String name) {
        return exchange.query(name).orElse(null);
    }
}
