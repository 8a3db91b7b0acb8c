package dev.hookline.server.ingest;

import dev.hookline.api.model.BroadcastEventRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.FanoutEventRequest;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.endpoints.EndpointValidator;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.endpoints.EndpointMetaEvents;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Creating events through the API, under {@code /api/v1/projects/{projectID}/events}: to one endpoint or an
 * owner's endpoints ({@code POST /events}), to an owner's endpoints ({@code /fanout}), to every subscribed endpoint
 * ({@code /broadcast}), or to a URL without setup ({@code /dynamic}). Unlike Convoy (which queues the request and
 * answers {@code data: null}) the event and its deliveries are committed first and the answer is 201 with the stored
 * event, so the caller learns its ID.
 */
public final class EventCreationRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/events";
    static final String DUPLICATE = "Duplicate event received, but will not be sent";

    private final ServerContext context;
    private final EndpointValidator endpointValidator;

    public EventCreationRoutes(ServerContext context) {
        this.context = context;
        this.endpointValidator = new EndpointValidator(context::now);
        ConfigCache.of(context);
    }

    public void register(Router router) {
        router.post(BASE, Access.API_KEY, this::create);
        router.post(BASE + "/fanout", Access.API_KEY, this::fanout);
        router.post(BASE + "/broadcast", Access.API_KEY, this::broadcast);
        router.post(BASE + "/dynamic", Access.API_KEY, this::dynamic);
    }

    private void create(Exchange ex) throws IOException {
        Project project = ex.project();
        CreateEventRequest r = ex.body(CreateEventRequest.class);
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        String endpointId = !blank(r.endpointId()) ? r.endpointId() : r.appId();
        answer(ex, EventTargets.write(context, EventTargets.toEndpointOrOwner(context, project, common, endpointId,
                r.ownerId(), null)), "Event queued successfully");
    }

    private void fanout(Exchange ex) throws IOException {
        Project project = ex.project();
        FanoutEventRequest r = ex.body(FanoutEventRequest.class);
        if (blank(r.ownerId())) {
            throw ApiError.badRequest("owner_id:please provide an owner id");
        }
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        answer(ex, EventTargets.write(context, EventTargets.toOwner(context, project, common, r.ownerId(), null)),
                "Endpoint fanout event queued successfully");
    }

    private void broadcast(Exchange ex) throws IOException {
        Project project = ex.project();
        BroadcastEventRequest r = ex.body(BroadcastEventRequest.class);
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        answer(ex, EventTargets.write(context, EventTargets.broadcast(project, common, null)),
                "Broadcast event created successfully");
    }

    private void dynamic(Exchange ex) throws IOException {
        Project project = ex.project();
        DynamicEventRequest r = ex.body(DynamicEventRequest.class);
        if (blank(r.url())) {
            throw ApiError.badRequest("url:please provide a url");
        }
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        List<String> eventTypes = new ArrayList<>();
        if (r.eventTypes() != null) {
            for (String type : r.eventTypes()) {
                if (blank(type)) {
                    throw ApiError.badRequest("event_types:event types must not be empty");
                }
                eventTypes.add(type.strip());
            }
        }
        String url = r.url().strip();
        String newEndpointId = context.newId();
        EndpointValidator.Draft endpointDraft = endpointValidator.forCreate(
                EndpointRequest.of(url, "endpoint-" + newEndpointId), project.config());
        String secret = EndpointValidator.initialSecret(r.secret());
        EventIntake.Stored stored = EventTargets.write(context, c -> {
            Endpoint endpoint = context.endpoints().findByUrl(c, project.uid(), endpointDraft.url());
            if (endpoint == null) {
                endpoint = newEndpoint(project.uid(), newEndpointId, endpointDraft, secret);
                context.endpoints().insert(c, endpoint);
                EndpointMetaEvents.record(c, context, MetaEventRecorder.ENDPOINT_CREATED, endpoint);
            }
            dynamicSubscription(c, project.uid(), endpoint, eventTypes);
            List<String> endpointIds = List.of(endpoint.uid());
            return EventTargets.draft(project, common, new DeliveryPlanner.Target.ToEndpoints(endpointIds),
                    endpointIds, null);
        });
        answer(ex, stored, "Dynamic event created successfully");
    }

    private static void answer(Exchange ex, EventIntake.Stored stored, String message) throws IOException {
        ex.ok(201, stored.duplicate() ? DUPLICATE : message, stored.event());
    }

    /**
     * Convoy's dynamic rule: the endpoint's first subscription, its event types replaced by the request's when it
     * gives some; a new {@code subscription-<uuid>} taking the request's types (all types when none) otherwise.
     */
    private void dynamicSubscription(Connection c, String projectId, Endpoint endpoint, List<String> eventTypes)
            throws SQLException {
        List<SubscriptionRepository.Row> existing = context.subscriptions().findByEndpoint(c, projectId, endpoint.uid());
        Instant now = context.now();
        if (existing.isEmpty()) {
            context.subscriptions().insert(c, context.newId(), projectId, EventTargets.subscriptionValues("subscription-"
                    + UUID.randomUUID(), endpoint.uid(), eventTypes.isEmpty() ? List.of("*") : eventTypes), now);
            return;
        }
        if (eventTypes.isEmpty()) {
            return;
        }
        SubscriptionRepository.Row row = existing.get(0);
        SubscriptionRepository.Values was = SubscriptionRepository.valuesOf(row);
        SubscriptionRepository.StoredFilter filter = new SubscriptionRepository.StoredFilter(List.copyOf(eventTypes),
                was.filter().raw(), was.filter().flat());
        context.subscriptions().replace(c, projectId, row.uid(), new SubscriptionRepository.Values(was.name(), was.endpointId(),
                was.sourceId(), was.function(), was.alertConfig(), was.retryConfig(), filter, was.rateLimitConfig(),
                was.deliveryMode()), now);
    }

    private Endpoint newEndpoint(String projectId, String id, EndpointValidator.Draft draft, String secret) {
        Instant now = context.now();
        List<EndpointSecret> secrets = List.of(new EndpointSecret(context.newId(), secret, null, now, now, null));
        return draft.newEndpoint(id, projectId, secrets, now);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
