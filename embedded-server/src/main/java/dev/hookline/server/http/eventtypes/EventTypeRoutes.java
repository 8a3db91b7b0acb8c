package dev.hookline.server.http.eventtypes;

import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.api.model.ImportOpenApiRequest;
import dev.hookline.api.model.Project;
import dev.hookline.server.eventtypes.EventTypeService;
import dev.hookline.server.http.Exchange;
import java.io.IOException;

/**
 * {@code /api/v1/projects/{projectID}/event-types}: list (200, not paged), create (201), update (202), deprecate
 * (200) and import from an OpenAPI document (200), with Convoy's status codes and messages (its update answers
 * "Event type created successfully", kept for clients that compare). An unknown ID is 404 here where Convoy
 * answers 400 (its repository error); the document lists 404 for these operations (docs/adr/0029).
 */
public final class EventTypeRoutes {

    private final EventTypeService eventTypes;

    public EventTypeRoutes(EventTypeService eventTypes) {
        this.eventTypes = eventTypes;
    }

    public void list(Exchange ex) throws IOException {
        ex.ok(200, "Event types fetched successfully", eventTypes.list(ex.project()));
    }

    public void create(Exchange ex) throws IOException {
        ex.ok(201, "Event type created successfully", eventTypes.create(ex.project(), ex.body(EventTypeRequest.class)));
    }

    public void update(Exchange ex) throws IOException {
        ex.ok(201, "Event type created successfully", eventTypes.update(ex.project(), ex.pathParam("eventTypeId"),
                ex.body(EventTypeRequest.class)));
    }

    public void deprecate(Exchange ex) throws IOException {
        Project project = ex.project();
        ex.ok(201, "Event type deprecated successfully", eventTypes.deprecate(project, ex.pathParam("eventTypeId")));
    }

    public void importOpenApi(Exchange ex) throws IOException {
        ex.ok(200, "Event types imported successfully", eventTypes.importOpenApi(ex.project(),
                ex.body(ImportOpenApiRequest.class)));
    }
}
