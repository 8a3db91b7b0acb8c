package dev.hookline.app.endpoints;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.RowActions;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the endpoints table does to one endpoint: pause or resume it, send it a test event, delete it. Failures show in the shared
 * {@link Form}'s message (the server's words).
 */
public final class EndpointActions extends RowActions {

    public EndpointActions(Supplier<ApiClient> client, Form form) {
        super(client, form);
    }

    /** The label of the pause/resume toggle for an endpoint in {@code status}. */
    public static String toggleLabel(EndpointStatus status) {
        return status == EndpointStatus.ACTIVE ? "Pause" : "Resume";
    }

    /**
     * Pauses an active endpoint, resumes a paused one; an inactive one (switched off after failures) is activated.
     * {@code onDone} gets the endpoint with its new status.
     */
    public void togglePause(Endpoint endpoint, Consumer<Endpoint> onDone) {
        ApiClient api = client.get();
        String id = endpoint.uid();
        if (endpoint.status() == EndpointStatus.INACTIVE) {
            form.submit(() -> api.activateEndpoint(id), onDone);
        } else {
            form.submit(() -> api.pauseEndpoint(id), onDone);
        }
    }

    /** The event type of "Send test event" (Hookline's; a subscription filtering on types may leave it out). */
    public static final String TEST_EVENT_TYPE = "hookline.test";

    /**
     * Sends a test event straight to the endpoint (no subscription needed: the event API's {@code endpoint_id});
     * {@code onSent} gets the event, whose delivery can then be watched.
     */
    public void sendTestEvent(Endpoint endpoint, Consumer<Event> onSent) {
        ApiClient api = client.get();
        ObjectNode data = Json.strict().createObjectNode()
                .put("message", "A test event from Hookline to \"" + endpoint.name() + "\"")
                .put("sent_at", Instant.now().toString());
        form.submit(() -> api.createEvent(CreateEventRequest.toEndpoint(endpoint.uid(), TEST_EVENT_TYPE, data)),
                onSent);
    }

    /** Deletes the endpoint (the view asks for confirmation first). */
    public void delete(Endpoint endpoint, Runnable onDone) {
        String id = endpoint.uid();
        send(api -> api.deleteEndpoint(id), onDone);
    }
}
