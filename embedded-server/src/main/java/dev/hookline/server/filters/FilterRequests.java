package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.subscriptions.FilterFlattener;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * Validates filter requests into stored filters: each part an object (or absent), valid per
 * {@link FilterFlattener} and kept both flattened and as sent; {@code event_type} non-blank; {@code enabled_at}
 * three-valued (absent, {@code null}, an RFC 3339 time). Errors name the field: {@code [2].body:...} in a bulk.
 */
final class FilterRequests {

    private static final int MAX_EVENT_TYPE_LENGTH = 255;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private FilterRequests() {
    }

    /** A new filter from a create request; {@code json} is the same request as a tree (for {@code enabled_at}). */
    static SubscriptionFilter create(String prefix, SubscriptionFilterRequest request, JsonNode json, String id,
                                     String subscriptionId, Instant now) {
        String eventType = eventType(prefix, request.eventType());
        if (eventType == null) {
            throw InvalidInputException.of(prefix + "event_type:please provide an event type (\"*\" for every type)");
        }
        Instant enabledAt = json.has("enabled_at") ? enabledAt(prefix, json.get("enabled_at")) : now;
        ObjectNode[] raw = new ObjectNode[4];
        ObjectNode[] flat = new ObjectNode[4];
        part(prefix, "headers", request.headers(), raw, flat, 0);
        part(prefix, "body", request.body(), raw, flat, 1);
        part(prefix, "query", request.query(), raw, flat, 2);
        part(prefix, "path", request.path(), raw, flat, 3);
        return new SubscriptionFilter(id, subscriptionId, eventType, enabledAt, flat[0], flat[1], flat[2], flat[3],
                raw[0], raw[1], raw[2], raw[3], now, now);
    }

    /** {@code was} with what the update request gives; left-out members keep their value. */
    static SubscriptionFilter update(String prefix, SubscriptionFilter was, SubscriptionFilterRequest request,
                                     JsonNode json, Instant now) {
        String eventType = eventType(prefix, request.eventType());
        Instant enabledAt = json.has("enabled_at") ? enabledAt(prefix, json.get("enabled_at")) : was.enabledAt();
        ObjectNode[] raw = {obj(was.rawHeaders()), obj(was.rawBody()), obj(was.rawQuery()), obj(was.rawPath())};
        ObjectNode[] flat = {obj(was.headers()), obj(was.body()), obj(was.query()), obj(was.path())};
        JsonNode[] given = {request.headers(), request.body(), request.query(), request.path()};
        String[] names = {"headers", "body", "query", "path"};
        for (int i = 0; i < names.length; i++) {
            if (given[i] != null) {
                part(prefix, names[i], given[i], raw, flat, i);
            }
        }
        return new SubscriptionFilter(was.uid(), was.subscriptionId(), eventType == null ? was.eventType() : eventType,
                enabledAt, flat[0], flat[1], flat[2], flat[3], raw[0], raw[1], raw[2], raw[3], was.createdAt(), now);
    }

    /** A filter part checked and flattened (for an ad-hoc test); {@code field} names it in errors. */
    static ObjectNode flattened(String field, JsonNode part) {
        if (part != null && !part.isObject()) {
            throw InvalidInputException.of(field + ":must be a JSON object");
        }
        try {
            return FilterFlattener.flattenFilter(part);
        } catch (FilterFlattener.InvalidFilterException e) {
            throw InvalidInputException.of(field + ":" + e.getMessage());
        }
    }

    private static void part(String prefix, String name, JsonNode part, ObjectNode[] raw, ObjectNode[] flat, int i) {
        flat[i] = flattened(prefix + name, part);
        raw[i] = part == null ? NODES.objectNode() : ((ObjectNode) part).deepCopy();
    }

    private static String eventType(String prefix, String eventType) {
        if (eventType == null || eventType.isBlank()) {
            return null;
        }
        String type = eventType.strip();
        if (type.length() > MAX_EVENT_TYPE_LENGTH) {
            throw InvalidInputException.of(prefix + "event_type:must be at most " + MAX_EVENT_TYPE_LENGTH + " characters");
        }
        return type;
    }

    private static Instant enabledAt(String prefix, JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isTextual()) {
            try {
                return OffsetDateTime.parse(value.textValue()).toInstant();
            } catch (DateTimeParseException e) {
                // fall through to the error below
            }
        }
        throw InvalidInputException.of(prefix + "enabled_at:must be an RFC 3339 time (e.g. \"2026-01-02T15:04:05Z\") "
                + "or null to disable the filter");
    }

    private static ObjectNode obj(JsonNode node) {
        return node != null && node.isObject() ? (ObjectNode) node : NODES.objectNode();
    }
}
