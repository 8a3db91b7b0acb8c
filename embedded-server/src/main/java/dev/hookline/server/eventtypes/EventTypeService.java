package dev.hookline.server.eventtypes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.EventTypeBuilder;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.api.model.ImportOpenApiRequest;
import dev.hookline.api.model.Project;
import dev.hookline.server.store.Store;
import dev.hookline.server.domain.ConflictException;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The event type catalogue's use cases (ADR 0029): list, create, update, deprecate, and import from an OpenAPI
 * document. Names are unique in a project and never change; a schema must be a JSON Schema ({@link EventSchemas}).
 * Convoy's update semantics: blank category/description and a missing schema keep the stored value. One instance
 * per server.
 */
public final class EventTypeService {

    public static final String NOT_FOUND = "event type not found";

    private final Store store;
    private final EventTypeRepository eventTypes;
    private final EventSchemas schemas;

    public EventTypeService(Store store, EventTypeRepository eventTypes, EventSchemas eventSchemas) {
        this.store = store;
        this.eventTypes = eventTypes;
        this.schemas = eventSchemas;
    }

    /** The project's event types, by name. */
    public List<EventType> list(Project project) {
        return store.db().read(c -> eventTypes.list(c, project.uid()));
    }

    /** Adds a type; a 400 when the name is missing or taken, or the schema is not one. */
    public EventType create(Project project, EventTypeRequest request) {
        if (request == null || request.name() == null || request.name().isBlank()) {
            throw InvalidInputException.field("name", "please provide a name for this event type");
        }
        String name = request.name().strip();
        JsonNode schema = schemaOf(request.jsonSchema());
        EventType type = new EventType(store.newId(), name, text(request.category()), text(request.description()),
                schema, null);
        Instant now = store.now();
        return store.db().write(c -> {
            if (eventTypes.findByName(c, project.uid(), name) != null) {
                throw new ConflictException("an event type named \"" + name + "\" already exists");
            }
            eventTypes.insert(c, project.uid(), type, now);
            return type;
        });
    }

    /** Changes category, description and schema of a type (only what is given). */
    public EventType update(Project project, String id, EventTypeRequest request) {
        JsonNode schema = request == null ? null : schemaOf(request.jsonSchema());
        Instant now = store.now();
        return store.db().write(c -> {
            EventType found = require(eventTypes.find(c, project.uid(), id));
            EventTypeBuilder changed = found.toBuilder();
            if (request != null && request.category() != null && !request.category().isBlank()) {
                changed.category(request.category().strip());
            }
            if (request != null && request.description() != null && !request.description().isBlank()) {
                changed.description(request.description().strip());
            }
            if (schema != null) {
                changed.jsonSchema(schema);
            }
            EventType updated = changed.build();
            eventTypes.update(c, project.uid(), updated, now);
            return updated;
        });
    }

    /** Marks a type deprecated (once: deprecating again keeps the first time). Events of it are still accepted. */
    public EventType deprecate(Project project, String id) {
        Instant now = store.now();
        return store.db().write(c -> {
            EventType found = require(eventTypes.find(c, project.uid(), id));
            if (found.deprecated()) {
                return found;
            }
            EventType deprecated = found.toBuilder().deprecatedAt(now).build();
            eventTypes.update(c, project.uid(), deprecated, now);
            return deprecated;
        });
    }

    /**
     * Creates a type per webhook of the OpenAPI document, or updates the schema and description of the type of that
     * name; all or nothing (one invalid schema refuses the whole import). Returns the imported types.
     */
    public List<EventType> importOpenApi(Project project, ImportOpenApiRequest request) {
        List<OpenApiWebhooks.Webhook> webhooks = OpenApiWebhooks.parse(request == null ? null : request.spec())
                .webhooks();
        for (OpenApiWebhooks.Webhook w : webhooks) {
            try {
                schemas.requireValid(w.schema());
            } catch (InvalidInputException e) {
                throw InvalidInputException.field("spec", "invalid schema for event type " + w.name() + ": "
                        + e.getMessage());
            }
        }
        Instant now = store.now();
        return store.db().write(c -> {
            List<EventType> out = new ArrayList<>();
            for (OpenApiWebhooks.Webhook w : webhooks) {
                EventType existing = eventTypes.findByName(c, project.uid(), w.name());
                if (existing == null) {
                    EventType created = new EventType(store.newId(), w.name(), "", w.description(), w.schema(), null);
                    eventTypes.insert(c, project.uid(), created, now);
                    out.add(created);
                } else {
                    EventType updated = existing.toBuilder().jsonSchema(w.schema()).description(w.description())
                            .build();
                    eventTypes.update(c, project.uid(), updated, now);
                    out.add(updated);
                }
            }
            return out;
        });
    }

    private JsonNode schemaOf(JsonNode schema) {
        return schema == null || schema.isNull() ? null : schemas.requireValid(schema);
    }

    private static EventType require(EventType found) {
        if (found == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return found;
    }

    private static String text(String value) {
        return value == null ? "" : value.strip();
    }
}
