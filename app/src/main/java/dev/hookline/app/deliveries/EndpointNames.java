package dev.hookline.app.deliveries;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.app.console.ConsoleSession;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * Endpoint names for the deliveries table, by endpoint ID. Deliveries usually embed their endpoint
 * ({@code endpoint_metadata}); for those that do not, the endpoint is fetched once in the background and the table
 * redraws when {@link #versionProperty()} changes. Forgotten when the connection or project changes. Use on the FX
 * thread.
 */
public final class EndpointNames {

    private final ConsoleSession session;
    private final Map<String, String> names = new HashMap<>();
    private final Set<String> fetching = new HashSet<>();
    private final IntegerProperty version = new SimpleIntegerProperty(this, "version");
    private ApiClient cachedFor;

    public EndpointNames(ConsoleSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /** Learns the names embedded in {@code delivery} (call for every loaded row). */
    public void learn(EventDelivery delivery) {
        forgetIfSwitched();
        Endpoint embedded = delivery.endpointMetadata();
        if (embedded != null && embedded.uid() != null && embedded.name() != null && !embedded.name().isBlank()) {
            names.put(embedded.uid(), embedded.name());
        }
    }

    /** Learns a name from an endpoint list (the endpoint filter loads one). */
    public void learn(Endpoint endpoint) {
        forgetIfSwitched();
        if (endpoint.uid() != null && endpoint.name() != null && !endpoint.name().isBlank()) {
            names.put(endpoint.uid(), endpoint.name());
        }
    }

    /** The endpoint's name, or its ID while the name is being fetched (or when it cannot be). */
    public String nameOf(String endpointId) {
        if (endpointId == null || endpointId.isBlank()) {
            return "";
        }
        forgetIfSwitched();
        String name = names.get(endpointId);
        if (name != null) {
            return name;
        }
        if (fetching.add(endpointId)) {
            ApiClient client = session.client();
            session.tasks().run(() -> client.getEndpoint(endpointId), endpoint -> {
                if (client == cachedFor && endpoint != null && endpoint.name() != null && !endpoint.name().isBlank()) {
                    names.put(endpointId, endpoint.name());
                    version.set(version.get() + 1);
                }
            }, failure -> {
                // an unknown or unreachable endpoint keeps showing its ID; the ID stays in `fetching` so the table
                // does not ask again on every redraw
            });
        }
        return endpointId;
    }

    /** Changes whenever a fetched name arrives: cells bound to it redraw. */
    public ReadOnlyIntegerProperty versionProperty() {
        return version;
    }

    private void forgetIfSwitched() {
        if (session.client() != cachedFor) {
            cachedFor = session.client();
            names.clear();
            fetching.clear();
        }
    }
}
