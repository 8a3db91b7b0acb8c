package dev.hookline.app.sources;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;

/**
 * The server-side filters of the sources list; {@code null} or blank means "no filter".
 *
 * @param search   {@code q}: part of the source's name
 * @param type     {@code type}
 * @param provider {@code provider}
 */
public record SourceFilter(String search, SourceType type, SourceProvider provider) {

    public SourceFilter {
        search = search == null || search.isBlank() ? null : search.strip();
    }

    public static SourceFilter none() {
        return new SourceFilter(null, null, null);
    }

    /** The filters as query parameters (the table adds paging). */
    public ListQuery toQuery() {
        return ListQuery.create().with("q", search)
                .with("type", type == null ? null : type.wire())
                .with("provider", provider == null ? null : provider.wire());
    }
}
