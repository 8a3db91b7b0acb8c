package dev.hookline.app.endpoints;

import dev.hookline.api.client.ListQuery;

/**
 * The server-side filters of the endpoints list; blank text means "no filter".
 *
 * @param search  {@code q}: part of the endpoint's name
 * @param ownerId {@code ownerId}: endpoints of one owner
 */
public record EndpointFilter(String search, String ownerId) {

    public EndpointFilter {
        search = clean(search);
        ownerId = clean(ownerId);
    }

    public static EndpointFilter none() {
        return new EndpointFilter(null, null);
    }

    /** The filters as query parameters (the table adds paging). */
    public ListQuery toQuery() {
        return ListQuery.create().with("q", search).with("ownerId", ownerId);
    }

    static String clean(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
