package dev.hookline.server.http.deliveries;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.server.deliveries.DeliveryFilter;
import dev.hookline.server.deliveries.DeliveryRecovery;
import dev.hookline.server.deliveries.DeliveryService;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.events.EventRoutes;
import dev.hookline.server.paging.BatchOutcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /api/v1/projects/{projectID}/eventdeliveries}: list, get, a delivery's attempts, and sending again by hand
 * (resend, force resend, batch retry and its count). The portal API serves the same answers limited to a link's
 * endpoints, reading the same filters ({@link #filter}).
 */
public final class DeliveryRoutes {

    private final DeliveryService deliveries;
    private final DeliveryRecovery recovery;

    public DeliveryRoutes(DeliveryService deliveries, DeliveryRecovery recovery) {
        this.deliveries = deliveries;
        this.recovery = recovery;
    }

    public void list(Exchange ex) throws IOException {
        ex.ok(200, "Event deliveries fetched successfully",
                deliveries.list(ex.projectId(), filter(ex, EventScope.PROJECT), ListParamsReader.from(ex)));
    }

    public void get(Exchange ex) throws IOException {
        ex.ok(200, "Event Delivery fetched successfully",
                deliveries.get(ex.projectId(), ex.pathParam("eventDeliveryID"), EventScope.PROJECT));
    }

    public void attempts(Exchange ex) throws IOException {
        ex.ok(200, "Event delivery attempts fetched successfully",
                deliveries.attempts(ex.projectId(), ex.pathParam("eventDeliveryID"), EventScope.PROJECT));
    }

    public void attempt(Exchange ex) throws IOException {
        ex.ok(200, "Event delivery attempt fetched successfully", deliveries.attempt(ex.projectId(),
                ex.pathParam("eventDeliveryID"), ex.pathParam("deliveryAttemptID"), EventScope.PROJECT));
    }

    /** Sends one delivery again by hand. */
    public void resend(Exchange ex) throws IOException {
        ex.ok(200, "App event processed for retry successfully",
                recovery.resend(ex.projectId(), ex.pathParam("eventDeliveryID"), EventScope.PROJECT));
    }

    public void batchRetry(Exchange ex) throws IOException {
        BatchOutcome outcome = recovery.batchRetry(ex.projectId(), filter(ex, EventScope.PROJECT),
                ListParamsReader.from(ex));
        ex.ok(200, outcome.message(), null);
    }

    public void countBatchRetry(Exchange ex) throws IOException {
        ex.ok(200, "event deliveries count successful", Map.of("num", recovery.countBatchRetry(ex.projectId(),
                filter(ex, EventScope.PROJECT), ListParamsReader.from(ex))));
    }

    public void forceResend(Exchange ex) throws IOException {
        BatchOutcome outcome = recovery.forceResend(ex.projectId(), forceResendIds(ex), EventScope.PROJECT);
        ex.ok(200, outcome.message(), null);
    }

    /** The body of a force resend, {@code {"ids": ["..."]}}: the deliveries to send again (400 when malformed). */
    public static List<String> forceResendIds(Exchange ex) throws IOException {
        JsonNode ids = ex.bodyTree().path("ids");
        if (!ids.isArray() || ids.isEmpty()) {
            throw ApiError.badRequest("ids:please provide the IDs of the event deliveries to resend");
        }
        List<String> values = new ArrayList<>();
        for (JsonNode id : ids) {
            if (!id.isTextual() || id.asText().isBlank()) {
                throw ApiError.badRequest("ids:every entry must be an event delivery ID (a string)");
            }
            values.add(id.asText().strip());
        }
        return values;
    }

    /**
     * The list's filters, shared by the batch actions: {@code endpointId} (repeated, also with {@code []}),
     * {@code eventId}, {@code subscriptionId}, {@code idempotencyKey}, {@code status} (repeated; an unknown value is
     * a 400), {@code eventType} or {@code event_type}, and Hookline's {@code httpStatus} (repeated: the last
     * attempt's status class, {@code 2xx} ... {@code 5xx} or {@code none}; an unknown value is a 400; ADR 0033) and
     * {@code heldBy} (repeated: {@code circuit_open}, {@code rate_limited}, {@code endpoint_paused}; an unknown value
     * is a 400; ADR 0008); limited to {@code scope}.
     */
    public static DeliveryFilter filter(Exchange ex, EventScope scope) {
        return DeliveryService.filter(scope, EventRoutes.ids(ex, "endpointId"), ex.query("eventId").orElse(null),
                ex.query("subscriptionId").orElse(null), ex.query("idempotencyKey").orElse(null),
                ex.queryAll("status"), ex.query("eventType").or(() -> ex.query("event_type")).orElse(null),
                ex.queryAll("httpStatus"), ex.queryAll("heldBy"));
    }
}
