package dev.hookline.server.endpoints;

import dev.hookline.api.Json;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.server.metaevents.MetaEventRecorder;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The {@code endpoint.created|updated|deleted} meta events, recorded in the write that made the change: their data
 * is the endpoint as it now is, redacted as the endpoints API shows it. One per server.
 */
public final class EndpointMetaEvents {

    private final EndpointRepository endpoints;
    private final MetaEventRecorder recorder;

    public EndpointMetaEvents(EndpointRepository endpoints, MetaEventRecorder recorder) {
        this.endpoints = endpoints;
        this.recorder = recorder;
    }

    /** Records {@code eventType} for {@code endpoint}; null when the project does not subscribe. */
    public MetaEvent record(Connection c, String eventType, Endpoint endpoint)
            throws SQLException {
        return recorder.record(c, endpoint.projectId(), eventType,
                Json.strict().valueToTree(EndpointRedaction.redact(endpoint)));
    }

    /**
     * {@code endpoint.updated} for an endpoint changed outside {@link EndpointService} (the dispatcher deactivating
     * it), read on the caller's connection; null when it is gone or not subscribed.
     */
    public MetaEvent recordChanged(Connection c, String projectId, String endpointId)
            throws SQLException {
        Endpoint endpoint = endpoints.find(c, projectId, endpointId);
        return endpoint == null ? null : record(c, MetaEventRecorder.ENDPOINT_UPDATED, endpoint);
    }
}
