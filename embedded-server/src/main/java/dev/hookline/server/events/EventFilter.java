package dev.hookline.server.events;

import java.util.LinkedHashSet;
import java.util.List;

/**
 * The event list's filters ({@link EventRepository}). {@code endpointIds} null: any endpoint; empty: none (an empty
 * scope). Other lists may be empty.
 * {@code containments}: JSON searches the payload must each contain (the {@code query} and {@code body}
 * parameters); their terms are in {@code searchTerms}, which every matching payload has, so the search index
 * narrows the candidates first. {@code text}: a typed {@code query} (null: none), see {@link TextQuery}.
 */
public record EventFilter(List<String> endpointIds, List<String> sourceIds, String idempotencyKey,
                          List<String> searchTerms, List<PayloadContainment> containments, TextQuery text) {

    public EventFilter(List<String> endpointIds, List<String> sourceIds, String idempotencyKey,
                  List<String> searchTerms) {
        this(endpointIds, sourceIds, idempotencyKey, searchTerms, List.of(), null);
    }

    public EventFilter {
        endpointIds = endpointIds == null ? null : List.copyOf(new LinkedHashSet<>(endpointIds));
        sourceIds = sourceIds == null ? List.of() : List.copyOf(new LinkedHashSet<>(sourceIds));
        searchTerms = searchTerms == null ? List.of() : List.copyOf(searchTerms);
        containments = containments == null ? List.of() : List.copyOf(containments);
        idempotencyKey = idempotencyKey == null || idempotencyKey.isEmpty() ? null : idempotencyKey;
    }

    /** True when a page needs the full-text index (so it must have caught up first). */
    public boolean searchesText() {
        return !searchTerms.isEmpty() || (text != null && !text.words().isEmpty());
    }

    EventFilter withText(TextQuery newText) {
        return new EventFilter(endpointIds, sourceIds, idempotencyKey, searchTerms, containments, newText);
    }

    EventFilter withTerms(List<String> terms) {
        return new EventFilter(endpointIds, sourceIds, idempotencyKey, terms, containments, text);
    }

    EventFilter withSources(List<String> sources) {
        return new EventFilter(endpointIds, sources, idempotencyKey, searchTerms, containments, text);
    }

    EventFilter withIdempotencyKey(String key) {
        return new EventFilter(endpointIds, sourceIds, key, searchTerms, containments, text);
    }

    /** No filter at all. */
    public static EventFilter none() {
        return new EventFilter(null, List.of(), null, List.of());
    }
}
