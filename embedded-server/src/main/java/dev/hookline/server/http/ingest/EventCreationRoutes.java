package dev.hookline.server.http.ingest;

import dev.hookline.api.model.BroadcastEventRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.FanoutEventRequest;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.ingest.IntakeService;
import java.io.IOException;

/**
 * Creating events through the API, under {@code /api/v1/projects/{projectID}/events}: to one endpoint or an
 * owner's endpoints ({@code POST /events}), to an owner's endpoints ({@code /fanout}), to every subscribed endpoint
 * ({@code /broadcast}), or to a URL without setup ({@code /dynamic}). Unlike Convoy (which queues the request and
 * answers {@code data: null}) the event and its deliveries are committed first and the answer is 201 with the stored
 * event, so the caller learns its ID. The use cases are {@link IntakeService}'s.
 */
public final class EventCreationRoutes {

    static final String DUPLICATE = "Duplicate event received, but will not be sent";

    private final IntakeService intake;

    public EventCreationRoutes(IntakeService intake) {
        this.intake = intake;
    }

    public void create(Exchange ex) throws IOException {
        answer(ex, intake.create(ex.project(), ex.body(CreateEventRequest.class)), "Event queued successfully");
    }

    public void fanout(Exchange ex) throws IOException {
        answer(ex, intake.fanout(ex.project(), ex.body(FanoutEventRequest.class)),
                "Endpoint fanout event queued successfully");
    }

    public void broadcast(Exchange ex) throws IOException {
        answer(ex, intake.broadcast(ex.project(), ex.body(BroadcastEventRequest.class)),
                "Broadcast event created successfully");
    }

    public void dynamic(Exchange ex) throws IOException {
        answer(ex, intake.dynamic(ex.project(), ex.body(DynamicEventRequest.class)),
                "Dynamic event created successfully");
    }

    private static void answer(Exchange ex, IntakeService.Accepted accepted, String message) throws IOException {
        ex.ok(201, accepted.duplicate() ? DUPLICATE : message, accepted.event());
    }
}
