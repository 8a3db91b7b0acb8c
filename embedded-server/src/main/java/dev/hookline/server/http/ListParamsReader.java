package dev.hookline.server.http;

import dev.hookline.server.paging.ListParams;

/** Reads the list parameters every list route takes from the query string ({@link ListParams} checks them). */
public final class ListParamsReader {

    private ListParamsReader() {
    }

    public static ListParams from(Exchange exchange) {
        return ListParams.of(value(exchange, "perPage"), value(exchange, "sort"), value(exchange, "direction"),
                value(exchange, "next_page_cursor"), value(exchange, "prev_page_cursor"),
                value(exchange, "startDate"), value(exchange, "endDate"));
    }

    private static String value(Exchange exchange, String name) {
        return exchange.query(name).orElse(null);
    }
}
