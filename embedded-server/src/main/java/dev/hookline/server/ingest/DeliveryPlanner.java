package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.ServerContext;
import dev.hookline.server.deliveries.AttemptStore;
import dev.hookline.server.deliveries.DeliveryStore;
import dev.hookline.server.deliveries.DeliveryStore.NewDelivery;
import dev.hookline.server.deliveries.DeliveryStore.Retry;
import dev.hookline.server.events.EventStore;
import dev.hookline.server.filters.FilterEngine;
import dev.hookline.server.filters.SubscriptionMatch;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.subscriptions.SubscriptionStore;
import dev.hookline.server.transforms.ScriptResult;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns an event into its deliveries: the one place that decides which subscriptions an event matches and what each
 * resulting delivery looks like. Every way in uses it (ingest, the event API, replay), always inside the caller's
 * write transaction, so an event and its deliveries commit together.
 *
 * <p>Rules (Convoy's, see docs/adr/0010):
 * <ul>
 *   <li>Candidates: an event from a source matches the source's subscriptions (incoming); otherwise the
 *       subscriptions of its endpoints (outgoing); a broadcast, every subscription that delivers to an endpoint.</li>
 *   <li>A subscription matches when its event types hold the event's type or {@code *} (exact, case-sensitive),
 *       and its filter matches body and headers.</li>
 *   <li>Each match makes one delivery: {@code Scheduled} now, or {@code Discarded} when the endpoint is not
 *       active (paused or inactive); retry settings from the project strategy; delivery mode from the subscription;
 *       headers = the headers the event forwards (a source's {@code forward_headers}, an API event's custom
 *       headers).</li>
 *   <li>When the subscription's transform function fails, the delivery is stored as {@code Failure} with the reason
 *       as its description and one attempt that made no request and says why.</li>
 *   <li>The event's endpoints become the matched endpoints and its status {@code Success}; with no match it keeps
 *       its endpoints and becomes {@code Failure} "no subscription matched this event".</li>
 * </ul>
 */
public final class DeliveryPlanner {

    public static final String NO_MATCH = "no subscription matched this event";
    /** Start of the description of a delivery whose subscription function failed. */
    public static final String TRANSFORM_FAILED = "the subscription's transform function failed: ";

    /** The header document of an event without headers. */
    private static final JsonNode NO_HEADERS = Json.lenient().createObjectNode();

    /** Convoy's cap on the exponential back-off delay, copied into exponential deliveries. */
    static final long EXPONENTIAL_MAX_RETRY_SECONDS = 7_200;

    private DeliveryPlanner() {
    }

    /** Which subscriptions an event is matched against. */
    public sealed interface Target {
        /** Incoming: the source's subscriptions. */
        record FromSource(String sourceId) implements Target {
        }

        /** Outgoing: the subscriptions of these endpoints. */
        record ToEndpoints(List<String> endpointIds) implements Target {
        }

        /** Every subscription of the project that delivers to an endpoint. */
        record Broadcast() implements Target {
        }
    }

    /** One matched subscription, ready to become a delivery once the event has its ID. */
    record Match(SubscriptionStore.Row subscription, Endpoint endpoint, EventDeliveryStatus status,
                 String transformedPayload, String failure) {
    }

    /** The matches of an event and the endpoint IDs they deliver to (in match order, each once). */
    record Plan(List<Match> matches, List<String> endpointIds, Retry retry, Map<String, List<String>> headers) {

        EventStatus eventStatus() {
            return matches.isEmpty() ? EventStatus.FAILURE : EventStatus.SUCCESS;
        }

        String failureReason() {
            return matches.isEmpty() ? NO_MATCH : "";
        }
    }

    /**
     * Matches a stored event against today's subscriptions and stores its deliveries in the caller's write
     * transaction (incoming by the event's source, outgoing by its endpoints); updates the event's endpoints (and
     * their search row) when they changed, and its status. Used by replay. Returns the deliveries as stored.
     */
    public static List<EventDelivery> createDeliveries(Connection c, ServerContext context, Event event)
            throws SQLException {
        Target target = event.sourceId() != null && !event.sourceId().isEmpty()
                ? new Target.FromSource(event.sourceId())
                : new Target.ToEndpoints(event.endpoints() == null ? List.of() : event.endpoints());
        String data = JsonColumns.text(event.data());
        Plan plan = plan(c, context, event.projectId(), target, event.eventType(), data, null,
                event.headers() == null ? Map.of() : event.headers(), event.sourceId());
        List<EventDelivery> stored = insert(c, context, event.projectId(), event.uid(), event.eventType(),
                event.sourceId(), event.idempotencyKey(), event.urlQueryParams(), event.acknowledgedAt(), plan);
        List<String> endpoints = plan.matches().isEmpty() ? event.endpoints() : plan.endpointIds();
        EventStore.updateOutcome(c, event.projectId(), event.uid(), endpoints, plan.eventStatus(),
                plan.failureReason(), context.now());
        return stored;
    }

    /**
     * Works out the deliveries of an event not stored yet (ingest and the event API store the event with the
     * matched endpoints right after). {@code data} is the payload's JSON text, {@code body} the same parsed (null:
     * parsed here when a filter needs it).
     */
    static Plan plan(Connection c, ServerContext context, String projectId, Target target, String eventType,
                     String data, JsonNode body, Map<String, List<String>> headers, String sourceId)
            throws SQLException {
        ConfigCache cache = ConfigCache.forWriter(context, c);
        Project project = cache.project(c, projectId);
        Retry retry = retryOf(project);
        Map<String, List<String>> deliveryHeaders = deliveryHeaders(c, cache, projectId, sourceId, headers);
        List<SubscriptionStore.Row> candidates = candidates(c, cache, projectId, target);
        if (candidates.isEmpty()) {
            return new Plan(List.of(), List.of(), retry, deliveryHeaders);
        }
        JsonNode parsedBody = body;
        JsonNode headersNode = null;
        List<Match> matches = new ArrayList<>();
        Set<String> endpointIds = new LinkedHashSet<>();
        for (SubscriptionStore.Row row : candidates) {
            Endpoint endpoint = cache.endpoint(c, projectId, row.endpointId());
            if (endpoint == null) {
                continue;
            }
            if (parsedBody == null) {
                parsedBody = parse(data);
            }
            // once per event, not per subscription: a header filter may sit on the subscription or on one of its
            // filter rows, and only SubscriptionMatch knows which applies (event types included: a filter row for
            // a type decides even when the subscription's event types leave that type out)
            if (headersNode == null) {
                headersNode = headers.isEmpty() ? NO_HEADERS : FilterEngine.headerDocument(headers);
            }
            if (!SubscriptionMatch.matches(c, row, eventType, parsedBody, headersNode)) {
                continue;
            }
            EventDeliveryStatus status = endpoint.status() == EndpointStatus.ACTIVE
                    ? EventDeliveryStatus.SCHEDULED : EventDeliveryStatus.DISCARDED;
            String function = row.subscription().function();
            if (Transforms.isSet(function)) {
                ScriptResult transformed = Transforms.run(function, parsedBody);
                if (transformed.ok()) {
                    matches.add(new Match(row, endpoint, status, transformed.output().toString(), null));
                } else {
                    matches.add(new Match(row, endpoint, EventDeliveryStatus.FAILURE, null,
                            TRANSFORM_FAILED + transformed.error()));
                }
            } else {
                matches.add(new Match(row, endpoint, status, null, null));
            }
            endpointIds.add(endpoint.uid());
        }
        return new Plan(matches, List.copyOf(endpointIds), retry, deliveryHeaders);
    }

    /** Stores the plan's deliveries for the stored event {@code eventId} (and an attempt per failed transform). */
    static List<EventDelivery> insert(Connection c, ServerContext context, String projectId, String eventId,
                                      String eventType, String sourceId, String idempotencyKey,
                                      String urlQueryParams, Instant acknowledgedAt, Plan plan) throws SQLException {
        if (plan.matches().isEmpty()) {
            return List.of();
        }
        Instant now = context.now();
        List<NewDelivery> deliveries = new ArrayList<>(plan.matches().size());
        for (Match m : plan.matches()) {
            deliveries.add(new NewDelivery(eventId, m.endpoint().uid(), m.subscription().uid(), sourceId, eventType,
                    idempotencyKey, m.status(), m.subscription().subscription().deliveryMode(), plan.headers(),
                    urlQueryParams, plan.retry(), m.transformedPayload(), m.failure() == null ? 0 : 1, now, 0,
                    m.failure() != null ? m.failure() : m.status() == EventDeliveryStatus.DISCARDED
                            ? "endpoint is " + m.endpoint().status().wire() : "", // the dispatcher's words
                    acknowledgedAt == null ? now : acknowledgedAt));
        }
        List<EventDelivery> stored = DeliveryStore.insertDeliveries(c, context, projectId, deliveries);
        for (int i = 0; i < stored.size(); i++) {
            Match m = plan.matches().get(i);
            if (m.failure() != null) {
                AttemptStore.insert(c, context, projectId, new AttemptStore.NewAttempt(stored.get(i).uid(),
                        m.endpoint().uid(), m.endpoint().url(), "POST", "", "", Map.of(), "", Map.of(), "", "",
                        m.failure() + " (no request was sent)", false, 0, null, null));
            }
        }
        return stored;
    }

    private static List<SubscriptionStore.Row> candidates(Connection c, ConfigCache cache, String projectId,
                                                          Target target) {
        return switch (target) {
            case Target.FromSource s -> cache.subscriptionsBySource(c, projectId, s.sourceId());
            case Target.ToEndpoints e -> {
                if (e.endpointIds().size() == 1) {
                    yield cache.subscriptionsByEndpoint(c, projectId, e.endpointIds().get(0));
                }
                List<SubscriptionStore.Row> rows = new ArrayList<>();
                for (String endpointId : new LinkedHashSet<>(e.endpointIds())) {
                    rows.addAll(cache.subscriptionsByEndpoint(c, projectId, endpointId));
                }
                yield rows;
            }
            case Target.Broadcast b -> cache.subscriptionsWithEndpoint(c, projectId);
        };
    }

    /**
     * The headers deliveries carry: for an event from a source only the source's {@code forward_headers} (matched
     * case-insensitively, sent under the source's spelling); for an API event all its headers (the custom headers).
     */
    private static Map<String, List<String>> deliveryHeaders(Connection c, ConfigCache cache, String projectId,
                                                             String sourceId, Map<String, List<String>> headers) {
        if (sourceId == null || sourceId.isEmpty()) {
            return headers;
        }
        Source source = cache.source(c, projectId, sourceId);
        if (source != null && source.type() == SourceType.PUB_SUB) {
            // a broker message's headers are its custom headers, sent on like the event API's (Convoy does so)
            return headers;
        }
        if (source == null || source.forwardHeaders() == null || source.forwardHeaders().isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String name : source.forwardHeaders()) {
            String wanted = name.toLowerCase(Locale.ROOT);
            for (Map.Entry<String, List<String>> h : headers.entrySet()) {
                if (h.getKey().toLowerCase(Locale.ROOT).equals(wanted)) {
                    out.put(name, h.getValue());
                }
            }
        }
        return out;
    }

    public static Retry retryOf(Project project) {
        ProjectConfig.Strategy strategy = project == null || project.config() == null ? null
                : project.config().strategy();
        if (strategy == null || strategy.type() == null) {
            return Retry.DEFAULT;
        }
        long interval = strategy.duration() == null ? Retry.DEFAULT.intervalSeconds() : strategy.duration();
        long limit = strategy.retryCount() == null ? Retry.DEFAULT.retryLimit() : strategy.retryCount();
        return new Retry(strategy.type(), interval, limit,
                strategy.type() == StrategyType.EXPONENTIAL ? EXPONENTIAL_MAX_RETRY_SECONDS : 0);
    }

    private static JsonNode parse(String data) {
        try {
            return Json.lenient().readTree(data);
        } catch (IOException e) {
            // stored payloads are JSON; a corrupt one is matched as an empty body rather than failing the write
            return Json.lenient().createObjectNode();
        }
    }
}
