package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.server.subscriptions.FilterFlattener;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Matches Convoy subscription filters against event bodies and headers. Pure and thread-safe.
 *
 * <p>A filter may be nested ({@code {"data":{"amount":{"$gte":5}}}}) or flattened ({@code {"data.amount":{...}}});
 * null and {@code {}} match everything. Compiled filters (regexes included) are kept in a bounded cache keyed by the
 * filter's value, so the same subscription filter is compiled once however many events it sees. The matching rules
 * are on {@link CompiledFilter}.
 */
public final class FilterEngine {

    /** Enough for every live subscription filter of a large installation; past it the cache starts over. */
    private static final int CACHE_LIMIT = 4096;

    /** Compiled filters by their JSON: one cache per engine (one engine per server, made by {@code HooklineServer}). */
    private final Map<JsonNode, CompiledFilter> bodyFilters = new ConcurrentHashMap<>();
    private final Map<JsonNode, CompiledFilter> headerFilters = new ConcurrentHashMap<>();

    /**
     * True if the document satisfies the filter.
     *
     * @throws FilterFlattener.InvalidFilterException if the filter is not valid (stored filters were validated)
     */
    public boolean matches(JsonNode filter, JsonNode document) {
        return compile(filter).matches(document);
    }

    /**
     * True if a stored subscription filter (already flattened) accepts the body and the headers. Header names match
     * case-insensitively; headers may map a name to a value or to a list of values ({@code {name:[values]}}, as
     * events store them).
     */
    public boolean matches(SubscriptionRepository.StoredFilter filter, JsonNode body, JsonNode headers) {
        return matchesHeaders(filter.flat()[0], headers) && matches(filter.flat()[1], body);
    }

    /**
     * True if the headers satisfy a header filter: names compared case-insensitively (HTTP header names are), a
     * header sent once compares as its value, a header sent several times as the list of its values (so a plain
     * value matches if any of them is equal).
     */
    public boolean matchesHeaders(JsonNode filter, JsonNode headers) {
        return compileHeaders(filter).matches(normalizeHeaders(headers));
    }

    /** The compiled form of a body (or any document) filter; cached. */
    public CompiledFilter compile(JsonNode filter) {
        return cached(bodyFilters, filter, false);
    }

    /** The compiled form of a header filter; names lower-cased. Use with {@link #normalizeHeaders}. */
    public CompiledFilter compileHeaders(JsonNode filter) {
        return cached(headerFilters, filter, true);
    }

    /** Headers as header filters see them: lower-cased names, a single value unwrapped from its list. */
    public static JsonNode normalizeHeaders(JsonNode headers) {
        ObjectNode normalized = JsonNodeFactory.instance.objectNode();
        if (headers == null || !headers.isObject()) {
            return normalized;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = headers.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode value = field.getValue();
            if (value.isArray() && value.size() == 1) {
                value = value.get(0);
            }
            normalized.set(field.getKey().toLowerCase(Locale.ROOT), value);
        }
        return normalized;
    }

    /**
     * Headers as a map of lists (how ingest and events hold them) in the JSON shape {@link #matchesHeaders} and
     * {@link SubscriptionMatch} take.
     */
    public static JsonNode headerDocument(Map<String, ? extends List<String>> headers) {
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        if (headers != null) {
            headers.forEach((name, values) -> {
                var list = document.putArray(name);
                if (values != null) {
                    values.forEach(list::add);
                }
            });
        }
        return document;
    }

    private static CompiledFilter cached(Map<JsonNode, CompiledFilter> cache, JsonNode filter, boolean headers) {
        if (filter == null || filter.isNull() || filter.isMissingNode() || (filter.isObject() && filter.isEmpty())) {
            return CompiledFilter.matchAll();
        }
        CompiledFilter compiled = cache.get(filter);
        if (compiled == null) {
            compiled = CompiledFilter.compile(filter, headers);
            if (cache.size() >= CACHE_LIMIT) {
                cache.clear();
            }
            // A copy as the key: the caller may change its node later.
            cache.put(filter.deepCopy(), compiled);
        }
        return compiled;
    }
}
