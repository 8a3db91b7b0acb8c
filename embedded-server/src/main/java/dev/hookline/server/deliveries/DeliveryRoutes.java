package dev.hookline.server.deliveries;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.events.EventRoutes;
import dev.hookline.server.events.EventScope;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.BatchOutcome;
import dev.hookline.server.paging.ListParams;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code /api/v1/projects/{projectID}/eventdeliveries}: list, get, a delivery's attempts, and sending again by hand
 * (resend, force resend, batch retry and its count; {@link DeliveryRecovery}). The reads take an
 * {@link EventScope} so the portal API serves the same answers limited to a link's endpoints.
 */
public final class DeliveryRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/eventdeliveries";
    static final String NOT_FOUND = "event delivery not found";
    static final String ATTEMPT_NOT_FOUND = "event delivery attempt not found";

    private final ServerContext context;
    private final DeliveryStore store;
    private final DeliveryRecovery recovery;

    public DeliveryRoutes(ServerContext context) {
        this.context = context;
        this.store = new DeliveryStore(context);
        this.recovery = new DeliveryRecovery(context);
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, ex -> ex.ok(200, "Event deliveries fetched successfully",
                list(ex, projectId(ex), EventScope.PROJECT)));
        router.get(BASE + "/{eventDeliveryID}", Access.API_KEY, ex -> ex.ok(200,
                "Event Delivery fetched successfully", get(projectId(ex), ex.pathParam("eventDeliveryID"),
                        EventScope.PROJECT)));
        router.get(BASE + "/{eventDeliveryID}/deliveryattempts", Access.API_KEY, ex -> ex.ok(200,
                "Event delivery attempts fetched successfully", attempts(projectId(ex),
                        ex.pathParam("eventDeliveryID"), EventScope.PROJECT)));
        router.get(BASE + "/{eventDeliveryID}/deliveryattempts/{deliveryAttemptID}", Access.API_KEY,
                ex -> ex.ok(200, "Event delivery attempt fetched successfully", attempt(projectId(ex),
                        ex.pathParam("eventDeliveryID"), ex.pathParam("deliveryAttemptID"), EventScope.PROJECT)));
        // recovery: send again by hand
        router.put(BASE + "/{eventDeliveryID}/resend", Access.API_KEY, ex -> ex.ok(200,
                "App event processed for retry successfully", recovery.resend(projectId(ex),
                        ex.pathParam("eventDeliveryID"), EventScope.PROJECT)));
        router.post(BASE + "/forceresend", Access.API_KEY, this::forceResend);
        router.post(BASE + "/batchretry", Access.API_KEY, ex -> {
            BatchOutcome outcome = recovery.batchRetry(projectId(ex), filter(ex, EventScope.PROJECT),
                    ListParamsReader.from(ex));
            ex.ok(200, outcome.message(), null);
        });
        router.get(BASE + "/countbatchretryevents", Access.API_KEY, ex -> ex.ok(200,
                "event deliveries count successful", Map.of("num", recovery.countBatchRetry(projectId(ex),
                        filter(ex, EventScope.PROJECT), ListParamsReader.from(ex)))));
    }

    private void forceResend(Exchange ex) throws IOException {
        BatchOutcome outcome = recovery.forceResend(projectId(ex), forceResendIds(ex), EventScope.PROJECT);
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
     * One page of deliveries. Filters: {@code endpointId} (repeated, also with {@code []}), {@code eventId},
     * {@code subscriptionId}, {@code idempotencyKey}, {@code status} (repeated; an unknown value is a 400),
     * {@code eventType} or {@code event_type}; limited to {@code scope}.
     */
    public Page<EventDelivery> list(Exchange ex, String projectId, EventScope scope) {
        DeliveryStore.Filter filter = filter(ex, scope);
        ListParams params = ListParamsReader.from(ex);
        return store.list(projectId, filter, params);
    }

    /** The list's filters (see {@link #list}), shared by the batch actions so they act on what the list shows. */
    public static DeliveryStore.Filter filter(Exchange ex, EventScope scope) {
        return new DeliveryStore.Filter(scope.limit(EventRoutes.ids(ex, "endpointId")),
                ex.query("eventId").orElse(null), ex.query("subscriptionId").orElse(null),
                ex.query("idempotencyKey").orElse(null), statuses(ex.queryAll("status")),
                ex.query("eventType").or(() -> ex.query("event_type")).orElse(null));
    }

    /** The delivery with its embedded metadata; 404 when unknown or outside {@code scope}. */
    public EventDelivery get(String projectId, String deliveryId, EventScope scope) {
        String baseUrl = context.baseUrl();
        return context.db().read(c -> {
            EventDelivery delivery = DeliveryStore.find(c, projectId, deliveryId);
            if (delivery == null || !scope.reachesAny(List.of(delivery.endpointId()))) {
                throw ApiError.notFound(NOT_FOUND);
            }
            return DeliveryViews.complete(c, projectId, List.of(delivery), baseUrl).get(0);
        });
    }

    /** The delivery's attempts, oldest first (a plain array, as in Convoy). */
    public List<DeliveryAttempt> attempts(String projectId, String deliveryId, EventScope scope) {
        return context.db().read(c -> {
            EventDelivery delivery = DeliveryStore.find(c, projectId, deliveryId);
            if (delivery == null || !scope.reachesAny(List.of(delivery.endpointId()))) {
                throw ApiError.notFound(NOT_FOUND);
            }
            return AttemptStore.list(c, projectId, deliveryId);
        });
    }

    /** One attempt; 404 for an unknown delivery or attempt (Convoy answers 400 for the attempt). */
    public DeliveryAttempt attempt(String projectId, String deliveryId, String attemptId, EventScope scope) {
        return context.db().read(c -> {
            EventDelivery delivery = DeliveryStore.find(c, projectId, deliveryId);
            if (delivery == null || !scope.reachesAny(List.of(delivery.endpointId()))) {
                throw ApiError.notFound(NOT_FOUND);
            }
            DeliveryAttempt attempt = AttemptStore.find(c, projectId, deliveryId, attemptId);
            if (attempt == null) {
                throw ApiError.notFound(ATTEMPT_NOT_FOUND);
            }
            return attempt;
        });
    }

    /** The {@code status} values, matched without regard to case; an unknown one is a 400 that names it. */
    static List<EventDeliveryStatus> statuses(List<String> values) {
        List<EventDeliveryStatus> out = new ArrayList<>();
        for (String value : values) {
            EventDeliveryStatus status = Arrays.stream(EventDeliveryStatus.values())
                    .filter(s -> s.wire().equalsIgnoreCase(value.strip())).findFirst().orElse(null);
            if (status == null) {
                throw ApiError.badRequest("status:unknown value \"" + value + "\", allowed values are "
                        + Arrays.stream(EventDeliveryStatus.values()).map(EventDeliveryStatus::wire)
                        .collect(Collectors.joining(", ")));
            }
            out.add(status);
        }
        return out;
    }

    private static String projectId(Exchange ex) {
        Project project = ex.project();
        return project.uid();
    }
}
