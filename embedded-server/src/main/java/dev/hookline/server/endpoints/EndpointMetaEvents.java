package dev.hookline.server.endpoints;

import dev.hookline.api.Json;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.server.ServerContext;
import dev.hookline.server.metaevents.MetaEventRecorder;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The {@code endpoint.created|updated|deleted} meta events, recorded in the write that made the change: their data
 * is the endpoint as it now is, redacted as the endpoints API shows it. Stateless.
 */
public final class EndpointMetaEvents {

    private EndpointMetaEvents() {
    }

    /** Records {@code eventType} for {@code endpoint}; null when the project does not subscribe. */
    public static MetaEvent record(Connection c, ServerContext context, String eventType, Endpoint endpoint)
            throws SQLException {
        return MetaEventRecorder.record(c, context, endpoint.projectId(), eventType,
                Json.strict().valueToTree(EndpointRedaction.redact(endpoint)));
    }

    /**
     * {@code endpoint.updated} for an endpoint changed outside {@link EndpointService} (the dispatcher deactivating
     * it), read on the caller's connection; null when it is gone or not subscribed.
     */
    public static MetaEvent recordChanged(Connection c, ServerContext context, String projectId, String endpointId)
            throws SQLException {
        Endpoint endpoint = context.endpoints().find(c, projectId, endpointId);
        return endpoint == null ? null : record(c, context, MetaEventRecorder.ENDPOINT_UPDATED, endpoint);
    }
}
