package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** A list response's {@code data}: {@code {content, pagination}}. */
@JsonPropertyOrder({"content", "pagination"})
public record Page<T>(List<T> content, Pagination pagination) {

    /** Keyset pagination state, in Convoy's key order. Cursors are row IDs; empty string when absent. */
    @JsonPropertyOrder({"per_page", "has_next_page", "has_prev_page", "prev_page_cursor", "next_page_cursor"})
    public record Pagination(int perPage, boolean hasNextPage, boolean hasPrevPage,
                             String prevPageCursor, String nextPageCursor) {
    }
}
