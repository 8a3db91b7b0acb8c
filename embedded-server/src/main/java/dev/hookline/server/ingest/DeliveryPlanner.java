package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.store.Store;
import dev.hookline.server.transforms.ScriptSandbox;
import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryLifecycle;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.deliveries.DeliveryRepository.NewDelivery;
import dev.hookline.server.retry.Retry;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.events.ReplayPlanner;
import dev.hookline.server.filters.FilterEngine;
import dev.hookline.server.filters.SubscriptionMatch;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.subscriptions.SubscriptionRepository;
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
 * resulting delivery looks like. Every way in uses it (ingest, the event API, broker intake, replay) in two steps
 * (ADR 0023, 0038): {@link #plan} matches and transforms off the writer (in the planning stage, {@link EventPlanning},
 * after the event was acknowledged; for a replay on the caller's thread), reading committed
 * configuration through the {@link ConfigCache} and read connections; {@link #insert} then only stores the plan in
 * the caller's write transaction, so an event's deliveries and outcome commit together and the writer never waits for a
 * filter or a script.
 *
 * <p>A configuration change committed between the plan and its write is harmless: the event is stored as if it had
 * arrived just before the change (its plan is as of the configuration it read). Endpoints and subscriptions are
 * deleted softly, so a delivery planned to one deleted meanwhile stores fine and the dispatcher treats it as it
 * treats any delivery whose endpoint went away later.
 *
 * <p>Rules (Convoy's, see docs/adr/0010):
 * <ul>
 *   <li>Candidates: an event from a source matches the source's subscriptions (incoming); otherwise the
 *       subscriptions of its endpoints (outgoing); a broadcast, every subscription that delivers to an endpoint.</li>
 *   <li>An inactive subscription (toggled off, ADR 0029) matches nothing; when no subscription matched, the
 *       event's failure reason names the inactive ones that take its type.</li>
 *   <li>A subscription matches when its event types hold the event's type or {@code *} (exact, case-sensitive),
 *       and its filter matches body and headers.</li>
 *   <li>Each match makes one delivery: {@code Scheduled} now, or {@code Discarded} when the endpoint is not
 *       active (paused or inactive); retry settings from the project strategy; delivery mode from the subscription;
 *       headers = the headers the event forwards (a source's {@code forward_headers}, an API event's custom
 *       headers).</li>
 *   <li>When the subscription's transform function fails (an error, its time limit, its memory bound), the delivery
 *       is stored as {@code Failure} with the reason as its description and one attempt that made no request and says
 *       why.</li>
 *   <li>The event's endpoints become the matched endpoints and its status {@code Success}; with no match it keeps
 *       its endpoints and becomes {@code Failure} "no subscription matched this event".</li>
 * </ul>
 */
public final class DeliveryPlanner implements ReplayPlanner {

    public static final String NO_MATCH = "no subscription matched this event";
    /** Start of the description of a delivery whose subscription function failed. */
    public static final String TRANSFORM_FAILED = "the subscription's transform function failed: ";

    /** The header document of an event without headers. */
    private static final JsonNode NO_HEADERS = Json.lenient().createObjectNode();

    /** Convoy's cap on the exponential back-off delay, copied into exponential deliveries. */
    static final long EXPONENTIAL_MAX_RETRY_SECONDS = Retry.EXPONENTIAL_MAX_RETRY_SECONDS;

    private final Store store;
    private final EventRepository events;
    private final DeliveryRepository deliveries;
    private final AttemptRepository attempts;
    private final SubscriptionMatch subscriptionMatch;
    private final ConfigCache cache;
    private final ScriptSandbox scripts;

    public DeliveryPlanner(Store store, EventRepository events, DeliveryRepository deliveries,
                           AttemptRepository attempts, SubscriptionMatch subscriptionMatch, ConfigCache cache,
                           ScriptSandbox scripts) {
        this.store = store;
        this.events = events;
        this.deliveries = deliveries;
        this.attempts = attempts;
        this.subscriptionMatch = subscriptionMatch;
        this.cache = cache;
        this.scripts = scripts;
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

    /**
     * The event a plan is made for. {@code data} is the payload's JSON text, {@code body} the same parsed (null:
     * parsed here when a filter or transform needs it); {@code sourceId} null or empty for API events.
     */
    record Subject(String projectId, Target target, String eventType, String data, JsonNode body,
                   Map<String, List<String>> headers, String sourceId) {
    }

    /** The stored event a plan's deliveries belong to. */
    record StoredEvent(String projectId, String eventId, String eventType, String sourceId, String idempotencyKey,
                       String urlQueryParams, Instant acknowledgedAt) {
    }

    /** One matched subscription, ready to become a delivery once the event has its ID. */
    record Match(SubscriptionRepository.Row subscription, Endpoint endpoint, EventDeliveryStatus status,
                 String transformedPayload, String failure) {
    }

    /** The matches of an event and the endpoint IDs they deliver to (in match order, each once). */
    record Plan(List<Match> matches, List<String> endpointIds, Retry retry, Map<String, List<String>> headers,
                List<String> inactive) {

        EventStatus eventStatus() {
            return matches.isEmpty() ? EventStatus.FAILURE : EventStatus.SUCCESS;
        }

        /** The same plan with only the matches {@code from} (inclusive) to {@code to} (exclusive). */
        Plan slice(int from, int to) {
            return new Plan(matches.subList(from, to), endpointIds, retry, headers, inactive);
        }

        /** The same plan without the matches of {@code subscriptionIds}. */
        Plan without(java.util.Set<String> subscriptionIds) {
            return new Plan(matches.stream().filter(m -> !subscriptionIds.contains(m.subscription().uid())).toList(),
                    endpointIds, retry, headers, inactive);
        }

        /** Why nothing was delivered: no match, and which subscriptions for the type were switched off. */
        String failureReason() {
            if (!matches.isEmpty()) {
                return "";
            }
            if (inactive.isEmpty()) {
                return NO_MATCH;
            }
            return NO_MATCH + ": " + String.join("; ", inactive.stream().map(s -> "subscription " + s
                    + " is inactive").toList());
        }
    }

    /** A stored event matched again against today's subscriptions, ready for {@link #storeReplay}. */
    record Replay(Event event, Plan plan) implements ReplayPlanner.Planned {

        @Override
        public int deliveries() {
            return plan == null ? 0 : plan.matches().size();
        }
    }

    /** Plans the replay of stored {@code event} (incoming by its source, outgoing by its endpoints); off the writer. */
    @Override
    public Replay planReplay(Event event) {
        Target target = event.sourceId() != null && !event.sourceId().isEmpty()
                ? new Target.FromSource(event.sourceId())
                : new Target.ToEndpoints(event.endpoints() == null ? List.of() : event.endpoints());
        return new Replay(event, plan(new Subject(event.projectId(), target, event.eventType(),
                JsonColumns.text(event.data()), null, event.headers() == null ? Map.of() : event.headers(),
                event.sourceId())));
    }

    /**
     * Stores a replay's deliveries in the caller's write transaction and updates the event's endpoints (and their
     * search row) when they changed, and its status. Returns the deliveries as stored.
     */
    @Override
    public List<EventDelivery> storeReplay(Connection c, ReplayPlanner.Planned planned) throws SQLException {
        Replay replay = (Replay) planned;
        Event event = replay.event();
        Plan plan = replay.plan();
        // a replay of an event still waiting for its first plan is that plan: the planning stage then finds no
        // marker and stores nothing, so the event is never planned twice (ADR 0038)
        new PlanQueueRepository(store.db()).take(c, event.uid());
        List<EventDelivery> stored = insert(c, new StoredEvent(event.projectId(), event.uid(),
                event.eventType(), event.sourceId(), event.idempotencyKey(), event.urlQueryParams(),
                event.acknowledgedAt()), plan);
        List<String> endpoints = plan.matches().isEmpty() ? event.endpoints() : plan.endpointIds();
        events.updateOutcome(c, event.projectId(), event.uid(), endpoints, plan.eventStatus(),
                plan.failureReason(), store.now());
        return stored;
    }

    /**
     * Works out the deliveries of an event: candidates and filters against committed configuration (a read
     * connection, never the writer), then each matched subscription's transform in the script sandbox. Called by the
     * planning stage (ADR 0038), never on the writer.
     */
    Plan plan(Subject s) {
        Project project = cache.project(s.projectId());
        Retry retry = retryOf(project);
        Map<String, List<String>> deliveryHeaders = dev.hookline.server.outbound.Hops.carried(s.headers(),
                deliveryHeaders(s.projectId(), s.sourceId(), s.headers()));
        List<SubscriptionRepository.Row> candidates = candidates(s.projectId(), s.target());
        if (candidates.isEmpty()) {
            return new Plan(List.of(), List.of(), retry, deliveryHeaders, List.of());
        }
        JsonNode body = s.body() == null ? parse(s.data()) : s.body();
        // once per event, not per subscription: a header filter may sit on the subscription or on one of its
        // filter rows, and only SubscriptionMatch knows which applies (event types included: a filter row for
        // a type decides even when the subscription's event types leave that type out)
        JsonNode headersNode = s.headers().isEmpty() ? NO_HEADERS : FilterEngine.headerDocument(s.headers());
        List<String> inactive = new ArrayList<>();
        List<Matched> matched = store.db().read(c -> {
            List<Matched> out = new ArrayList<>();
            for (SubscriptionRepository.Row row : candidates) {
                if (!row.subscription().active()) {
                    // toggled off: never matched; named in the event's failure reason when it would have taken it
                    FilterConfig config = row.subscription().filterConfig();
                    if (SubscriptionMatch.acceptsType(config == null ? null : config.eventTypes(), s.eventType())) {
                        inactive.add(row.subscription().name() + " (" + row.uid() + ")");
                    }
                    continue;
                }
                Endpoint endpoint = cache.endpoint(s.projectId(), row.endpointId());
                if (endpoint != null && subscriptionMatch.matches(c, row, s.eventType(), body, headersNode)) {
                    out.add(new Matched(row, endpoint));
                }
            }
            return out;
        });
        // scripts run after the read connection is back in the pool: a slow one must not hold it
        List<Match> matches = new ArrayList<>(matched.size());
        Set<String> endpointIds = new LinkedHashSet<>();
        for (Matched m : matched) {
            EventDeliveryStatus status = DeliveryLifecycle.next(null, 0,
                    DeliveryLifecycle.planned(m.endpoint().status() == EndpointStatus.ACTIVE));
            String function = m.row().subscription().function();
            if (ScriptSandbox.isSet(function)) {
                ScriptResult transformed = scripts.run(s.projectId(), function, body);
                if (transformed.ok()) {
                    matches.add(new Match(m.row(), m.endpoint(), status, transformed.output().toString(), null));
                } else {
                    matches.add(new Match(m.row(), m.endpoint(), DeliveryLifecycle.next(null, 0,
                            DeliveryLifecycle.Transition.PLANNED_TRANSFORM_FAILED), null,
                            TRANSFORM_FAILED + transformed.error()));
                }
            } else {
                matches.add(new Match(m.row(), m.endpoint(), status, null, null));
            }
            endpointIds.add(m.endpoint().uid());
        }
        return new Plan(matches, List.copyOf(endpointIds), retry, deliveryHeaders, List.copyOf(inactive));
    }

    private record Matched(SubscriptionRepository.Row row, Endpoint endpoint) {
    }

    /**
     * {@code plan} without the subscriptions the event already has deliveries for: an event whose plan was written in
     * slices and cut short by a stop gets the rest, not the first slices twice.
     */
    Plan withoutStored(Connection c, StoredEvent e, Plan plan) throws SQLException {
        if (plan.matches().isEmpty()) {
            return plan;
        }
        java.util.Set<String> stored = deliveries.subscriptionsDeliveredTo(c, e.projectId(), e.eventId());
        return stored.isEmpty() ? plan : plan.without(stored);
    }

    /** Stores the plan's deliveries for the stored event (and an attempt per failed transform); inserts only. */
    List<EventDelivery> insert(Connection c, StoredEvent e, Plan plan)
            throws SQLException {
        if (plan.matches().isEmpty()) {
            return List.of();
        }
        Instant now = store.now();
        Instant acknowledgedAt = e.acknowledgedAt() == null ? now : e.acknowledgedAt();
        List<NewDelivery> rows = new ArrayList<>(plan.matches().size());
        for (Match m : plan.matches()) {
            rows.add(new NewDelivery(e.eventId(), m.endpoint().uid(), m.subscription().uid(), e.sourceId(),
                    e.eventType(), e.idempotencyKey(), m.status(), m.subscription().subscription().deliveryMode(),
                    plan.headers(), e.urlQueryParams(), plan.retry(), m.transformedPayload(),
                    m.failure() == null ? 0 : 1, now, 0, description(m), acknowledgedAt,
                    m.failure() == null ? null : 0)); // a failed transform: tried, no answer (its attempt below)
        }
        List<EventDelivery> stored = deliveries.insertDeliveries(c, e.projectId(), rows);
        for (int i = 0; i < stored.size(); i++) {
            Match m = plan.matches().get(i);
            if (m.failure() != null) {
                attempts.insert(c, e.projectId(), new AttemptRepository.NewAttempt(stored.get(i).uid(),
                        m.endpoint().uid(), m.endpoint().url(), "POST", "", "", Map.of(), "", Map.of(), "", "",
                        m.failure() + " (no request was sent)", false, 0, null, null));
            }
        }
        return stored;
    }

    private List<SubscriptionRepository.Row> candidates(String projectId, Target target) {
        return switch (target) {
            case Target.FromSource s -> cache.subscriptionsBySource(projectId, s.sourceId());
            case Target.ToEndpoints e -> {
                if (e.endpointIds().size() == 1) {
                    yield cache.subscriptionsByEndpoint(projectId, e.endpointIds().get(0));
                }
                List<SubscriptionRepository.Row> rows = new ArrayList<>();
                for (String endpointId : new LinkedHashSet<>(e.endpointIds())) {
                    rows.addAll(cache.subscriptionsByEndpoint(projectId, endpointId));
                }
                yield rows;
            }
            case Target.Broadcast b -> cache.subscriptionsWithEndpoint(projectId);
        };
    }

    /**
     * The headers deliveries carry: for an event from a source only the source's {@code forward_headers} (matched
     * case-insensitively, sent under the source's spelling); for an API event all its headers (the custom headers).
     */
    private Map<String, List<String>> deliveryHeaders(String projectId, String sourceId,
                                                      Map<String, List<String>> headers) {
        if (sourceId == null || sourceId.isEmpty()) {
            return headers;
        }
        Source source = cache.source(projectId, sourceId);
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
        return Retry.of(project);
    }

    /** Why a delivery is not sent as planned, in the lifecycle's words: its transform failed, its endpoint paused. */
    private static String description(Match m) {
        if (m.failure() != null) {
            return DeliveryLifecycle.transformFailedDescription(m.failure());
        }
        return m.status() == EventDeliveryStatus.DISCARDED
                ? DeliveryLifecycle.discardedAtPlanning(m.endpoint().status().wire()) : "";
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
