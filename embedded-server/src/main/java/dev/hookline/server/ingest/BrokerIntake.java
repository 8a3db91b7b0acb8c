package dev.hookline.server.ingest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageIntake;
import dev.hookline.server.brokers.RejectedMessageException;
import dev.hookline.server.domain.DomainException;
import dev.hookline.server.transforms.ScriptResult;
import dev.hookline.server.transforms.ScriptSandbox;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a broker message of a {@code pub_sub} source into an event, exactly as the event API would make it, committed
 * before {@link #accept} returns (so the consumer acknowledges the message to its broker on durable receipt; the
 * event's deliveries are planned afterwards, ADR 0038). Convoy's rules ({@code internal/pkg/pubsub/ingest.go}):
 * <ol>
 *   <li>the body is JSON; the source's {@code body_function} runs on it first;</li>
 *   <li>the result must be an object with only {@code endpoint_id, owner_id, event_type, data, custom_headers,
 *       idempotency_key}, a non-empty {@code event_type} and a {@code data} member;</li>
 *   <li>headers are the message's own headers (names lower-cased) plus {@code custom_headers} (the message's win),
 *       then the source's {@code header_function} runs on them;</li>
 *   <li>header {@code x-convoy-message-type} picks the event API: {@code single} (the default: {@code POST /events},
 *       to {@code endpoint_id}, or to {@code owner_id}'s endpoints), {@code fanout} ({@code POST /events/fanout},
 *       {@code owner_id} required) or {@code broadcast} ({@code POST /events/broadcast}).</li>
 * </ol>
 * The idempotency key is the message's {@code idempotency_key}, else the one the source's {@code idempotency_keys}
 * locations give; a message seen again with a known key is stored as a duplicate and delivered to nobody. Anything
 * the event API would answer 4xx to rejects the message for good, with the same words.
 */
public final class BrokerIntake implements MessageIntake {

    /** The header that picks single, fanout or broadcast. */
    public static final String MESSAGE_TYPE_HEADER = "x-convoy-message-type";
    /** The broker's ID of the message, kept among the event's headers. */
    public static final String BROKER_MESSAGE_ID_HEADER = "x-broker-message-id";
    private static final Set<String> MESSAGE_FIELDS = Set.of("endpoint_id", "owner_id", "event_type", "data",
            "custom_headers", "idempotency_key");


    private final IntakeService intake;
    private final EventTargets targets;
    private final ConfigCache cache;
    private final ScriptSandbox scripts;

    public BrokerIntake(IntakeService intake) {
        this.intake = intake;
        this.targets = intake.targets();
        this.cache = intake.cache();
        this.scripts = intake.scripts();
    }

    @Override
    public void accept(Source source, BrokerMessage message) throws RejectedMessageException {
        store(source, message);
    }

    /** Stores the message as an event (committed on return) and answers it. */
    public Event store(Source source, BrokerMessage message) throws RejectedMessageException {
        Project project = cache.project(source.projectId());
        if (project == null) {
            // the supervisor stops this source's consumer shortly; leave the message in the broker meanwhile
            throw new IllegalStateException("project " + source.projectId() + " of source " + source.uid()
                    + " no longer exists");
        }
        JsonNode body = functionOutput(source, parse(message.body()));
        Fields fields = fields(body, locatedEventType(source.eventTypeLocation(), body, message));
        Map<String, String> headers = headers(source, message, fields.customHeaders());
        String key = fields.idempotencyKey() != null && !fields.idempotencyKey().isBlank() ? fields.idempotencyKey()
                : IdempotencyKeys.compute(source.name(), source.idempotencyKeys(), headerLookup(headers), Map.of(),
                        body);
        String type = headers.getOrDefault(MESSAGE_TYPE_HEADER, "single").strip().toLowerCase(Locale.ROOT);
        try {
            EventTargets.Common common = EventTargets.common(fields.eventType(), fields.data(), headers, key);
            EventTargets.Targeting targeting = switch (type) {
                case "single" -> targets.toEndpointOrOwner(project, common, fields.endpointId(),
                        fields.ownerId(), source.uid());
                case "fanout" -> targets.toOwner(project, common, fields.ownerId(), source.uid());
                case "broadcast" -> EventTargets.broadcast(project, common, source.uid());
                default -> throw new RejectedMessageException(MESSAGE_TYPE_HEADER + " is \"" + type
                        + "\"; it must be single, fanout or broadcast");
            };
            return intake.submit(targeting).event();
        } catch (DomainException e) {
            // what the event API would refuse (invalid, not found...) rejects the message for good, same words
            throw new RejectedMessageException(plainWords(e.getMessage()));
        }
    }

    /** The message's fields, checked as strictly as Convoy's decoder (unknown fields refused). */
    private record Fields(String endpointId, String ownerId, String eventType, JsonNode data,
                          Map<String, String> customHeaders, String idempotencyKey) {
    }

    private static JsonNode parse(String body) throws RejectedMessageException {
        if (body.isBlank()) {
            throw new RejectedMessageException("the message is empty; it must be a JSON object with event_type and "
                    + "data");
        }
        try {
            JsonNode tree = Json.lenient().readTree(body);
            if (tree == null || tree.isMissingNode()) {
                throw new RejectedMessageException("the message is not JSON");
            }
            return tree;
        } catch (JsonProcessingException e) {
            // where, not what: Jackson's own words quote the payload, and reasons end up in logs and on the source
            JsonLocation at = e.getLocation();
            throw new RejectedMessageException("the message is not JSON" + (at == null ? "" : " (line "
                    + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        }
    }

    private JsonNode functionOutput(Source source, JsonNode body) throws RejectedMessageException {
        if (!ScriptSandbox.isSet(source.bodyFunction())) {
            return body;
        }
        ScriptResult result = scripts.run(source.projectId(), source.bodyFunction(), body);
        if (!result.ok()) {
            throw new RejectedMessageException("body_function failed: " + result.error());
        }
        return result.output();
    }

    /**
     * The event type at the source's {@code event_type_location} (Convoy's HEAD), or null when it has none or the
     * message has no text there: {@code request.body.a.b} is the path {@code a.b} in the message's {@code data} (a
     * broker message's payload, as an HTTP source's body is), {@code request.header.X} the message header or
     * attribute {@code X} (any case).
     */
    private static String locatedEventType(String location, JsonNode body, BrokerMessage message) {
        if (location == null || location.isBlank()) {
            return null;
        }
        String[] parts = location.split("\\.", 3);
        if (parts.length < 3) {
            return null;
        }
        if (parts[1].equals("header")) {
            for (var header : message.headers().entrySet()) {
                if (header.getKey().equalsIgnoreCase(parts[2]) && !header.getValue().isBlank()) {
                    return header.getValue().strip();
                }
            }
            return null;
        }
        JsonNode at = body.isObject() ? body.path("data") : body;
        for (String key : parts[2].split("\\.")) {
            at = at.path(key);
        }
        return at.isTextual() && !at.asText().isBlank() ? at.asText() : null;
    }

    private static Fields fields(JsonNode body, String locatedEventType) throws RejectedMessageException {
        if (!body.isObject()) {
            throw new RejectedMessageException("the message must be a JSON object with event_type and data (use a "
                    + "body_function to reshape other messages)");
        }
        for (var name : (Iterable<String>) body::fieldNames) {
            if (!MESSAGE_FIELDS.contains(name)) {
                throw new RejectedMessageException("the message has an unknown field \"" + name + "\"; a message "
                        + "has only endpoint_id, owner_id, event_type, data, custom_headers and idempotency_key (use "
                        + "a body_function to reshape it)");
            }
        }
        String eventType = locatedEventType != null ? locatedEventType : text(body, "event_type");
        if (eventType == null || eventType.isBlank()) {
            throw new RejectedMessageException("the message has no event_type");
        }
        JsonNode data = body.get("data");
        if (data == null || data.isNull()) {
            throw new RejectedMessageException("the message has no data");
        }
        Map<String, String> custom = new LinkedHashMap<>();
        JsonNode customHeaders = body.get("custom_headers");
        if (customHeaders != null && !customHeaders.isNull()) {
            if (!customHeaders.isObject()) {
                throw new RejectedMessageException("custom_headers must be an object of header names to strings");
            }
            for (var header : customHeaders.properties()) {
                if (!header.getValue().isTextual()) {
                    throw new RejectedMessageException("custom_headers." + header.getKey() + " must be a string");
                }
                custom.put(header.getKey(), header.getValue().asText());
            }
        }
        return new Fields(text(body, "endpoint_id"), text(body, "owner_id"), eventType, data, custom,
                text(body, "idempotency_key"));
    }

    private static String text(JsonNode body, String field) throws RejectedMessageException {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new RejectedMessageException(field + " must be a string");
        }
        return value.asText();
    }

    /** The message's headers and custom_headers (lower-cased, the message's win), then the header_function's. */
    private Map<String, String> headers(Source source, BrokerMessage message, Map<String, String> custom)
            throws RejectedMessageException {
        Map<String, String> merged = new LinkedHashMap<>();
        message.headers().forEach((name, value) -> merged.put(name.toLowerCase(Locale.ROOT), value));
        custom.forEach((name, value) -> merged.putIfAbsent(name.toLowerCase(Locale.ROOT), value));
        merged.putIfAbsent(MESSAGE_TYPE_HEADER, "single");
        if (ScriptSandbox.isSet(source.headerFunction())) {
            ObjectNode input = Json.lenient().createObjectNode();
            merged.forEach(input::put);
            ScriptResult result = scripts.run(source.projectId(), source.headerFunction(), input);
            if (!result.ok()) {
                throw new RejectedMessageException("header_function failed: " + result.error());
            }
            if (!result.output().isObject()) {
                throw new RejectedMessageException("header_function must return an object of header names to "
                        + "strings");
            }
            merged.clear();
            for (var header : result.output().properties()) {
                if (!header.getValue().isTextual()) {
                    throw new RejectedMessageException("header_function returned a non-string value for header "
                            + header.getKey());
                }
                merged.put(header.getKey(), header.getValue().asText());
            }
        }
        if (!message.messageId().isEmpty()) {
            merged.put(BROKER_MESSAGE_ID_HEADER, message.messageId());
        }
        return merged;
    }

    private static java.util.function.Function<String, String> headerLookup(Map<String, String> headers) {
        return name -> headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** {@code "endpoint_id:failed to find endpoint by id"} reads {@code "endpoint_id: failed to find ..."}. */
    private static String plainWords(String apiMessage) {
        int colon = apiMessage.indexOf(':');
        return colon > 0 && !apiMessage.substring(0, colon).contains(" ")
                ? apiMessage.substring(0, colon) + ": " + apiMessage.substring(colon + 1) : apiMessage;
    }
}
