package dev.hookline.app.endpoints;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.app.form.Form;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the endpoints table does to one endpoint: pause or resume it, delete it. Failures show in the shared
 * {@link Form}'s message (the server's words).
 */
public final class EndpointActions {

    private final Supplier<ApiClient> client;
    private final Form form;

    public EndpointActions(Supplier<ApiClient> client, Form form) {
        this.client = client;
        this.form = form;
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

    /** Deletes the endpoint (the view asks for confirmation first). */
    public void delete(Endpoint endpoint, Runnable onDone) {
        ApiClient api = client.get();
        String id = endpoint.uid();
        form.submit(() -> {
            api.deleteEndpoint(id);
            return id;
        }, deleted -> onDone.run());
    }
}
