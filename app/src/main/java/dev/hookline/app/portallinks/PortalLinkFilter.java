package dev.hookline.app.portallinks;

import dev.hookline.api.client.ListQuery;
import java.util.List;
import java.util.Objects;

/**
 * The server-side filters of the portal links list; blank means "no filter".
 *
 * @param search      {@code q}: part of the link's name
 * @param ownerId     {@code ownerId}
 * @param endpointIds repeated {@code endpointId} keys: links reaching these endpoints
 */
public record PortalLinkFilter(String search, String ownerId, List<String> endpointIds) {

    public PortalLinkFilter {
        search = clean(search);
        ownerId = clean(ownerId);
        endpointIds = endpointIds == null ? List.of() : endpointIds.stream().map(PortalLinkFilter::clean)
                .filter(Objects::nonNull).distinct().toList();
    }

    public static PortalLinkFilter none() {
        return new PortalLinkFilter(null, null, List.of());
    }

    /** The filters as query parameters (the table adds paging). */
    public ListQuery toQuery() {
        return ListQuery.create().with("q", search).with("ownerId", ownerId)
                .withAll("endpointId", endpointIds);
    }

    private static String clean(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
