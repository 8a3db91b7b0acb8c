package dev.hookline.server.ingest;

import dev.hookline.api.model.BroadcastEventRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.FanoutEventRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.store.Store;
import dev.hookline.server.pacing.FloodPacing;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.eventtypes.EventSchemas;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.subscriptions.EventTypeFilterRows;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.domain.NotPermittedException;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.endpoints.EndpointMetaEvents;
import dev.hookline.server.endpoints.EndpointValidator;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.projects.ProjectConfigs;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import dev.hookline.server.transforms.ScriptSandbox;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * The intake use cases: a webhook sent to an http source (after the route verified it), an event created through
 * the API (to an endpoint or owner, fanout, broadcast, dynamic), and the storing step broker messages share. Each
 * validates and targets the event on the caller's thread (what Convoy answers synchronously: request validation,
 * schema validation, an unknown endpoint or owner), commits it with its idempotency check and returns: acknowledged
 * on durable receipt (ADR 0038). Matching, filters, transforms (the {@link ScriptSandbox}) and the deliveries follow
 * in the planning stage, off the caller's thread, fair between projects and restart-safe. Throws the
 * {@code dev.hookline.server.domain} exceptions; knows nothing of HTTP. One instance per server:
 * {@link #start} it before traffic comes in, {@link #close} it before the script sandbox and the database.
 */
public final class IntakeService implements AutoCloseable {

    /** The header ingest adds to an event: the mask of the source it came through. */
    public static final String SOURCE_ID_HEADER = "X-Convoy-Source-Id";

    private final Store store;
    private final EndpointRepository endpoints;
    private final SourceRepository sources;
    private final SubscriptionRepository subscriptions;
    private final EventTypeFilterRows filterRows;
    private final ConfigCache cache;
    private final ScriptSandbox scripts;
    private final EndpointMetaEvents endpointMetaEvents;
    private final EventIntake intake;
    private final EventTargets targets;
    private final EndpointValidator endpointValidator;

    public IntakeService(Store store, Signals signals, DestinationPolicy destinations,
                         EndpointRepository endpoints, SourceRepository sources, SubscriptionRepository subscriptions,
                         EventTypeFilterRows filterRows, EventRepository events, EventSchemas eventSchemas,
                         MetaEventRecorder metaEvents, EndpointMetaEvents endpointMetaEvents,
                         ConfigCache cache, DeliveryPlanner planner, ScriptSandbox scripts, FloodPacing pacing) {
        this.store = store;
        this.endpoints = endpoints;
        this.sources = sources;
        this.subscriptions = subscriptions;
        this.filterRows = filterRows;
        this.endpointMetaEvents = endpointMetaEvents;
        this.cache = cache;
        this.scripts = scripts;
        this.intake = new EventIntake(store, signals, events, eventSchemas, metaEvents, cache, planner, pacing);
        this.targets = new EventTargets(store, endpoints, subscriptions, filterRows);
        this.endpointValidator = new EndpointValidator(store::now, () -> destinations, store::baseUrl);
    }

    /** A stored event as its caller is answered: the event (its deliveries still to plan), and whether it was a
     * duplicate (never planned). */
    public record Accepted(Event event, boolean duplicate) {

        static Accepted of(EventIntake.Stored stored) {
            return new Accepted(stored.event(), stored.duplicate());
        }
    }

    /** Plans the events the last run acknowledged but left unplanned, and starts the planning stage. */
    public void start() {
        intake.start();
    }

    /** Stops the planning stage; what is not planned yet is planned at the next start. */
    @Override
    public void close() {
        intake.close();
    }

    /** Events acknowledged whose deliveries are not planned yet. */
    public int planningBacklog() {
        return intake.planningBacklog();
    }

    /** A webhook as the route received and verified it. */
    public record Webhook(Source source, IngestPayload payload, Map<String, List<String>> headers,
                          Function<String, String> header, Map<String, List<String>> query, String rawQuery,
                          String path) {
    }

    // ------------------------------------------------------------------------------------------------- ingest

    /** The live, enabled http source of the mask: not found when unknown, invalid when not http, not permitted
     * when disabled. */
    public Source httpSource(String maskId) {
        Source source = cache.sourceByMask(maskId);
        if (source == null) {
            throw new NotFoundException("source not found");
        }
        if (source.type() != SourceType.HTTP) {
            throw new InvalidInputException("Source type needs to be HTTP");
        }
        if (Boolean.TRUE.equals(source.isDisabled())) {
            throw new NotPermittedException("source is disabled: it accepts no events until it is enabled again");
        }
        return source;
    }

    /** The live project of {@code source}; "source not found" when it is gone. */
    public Project projectOf(Source source) {
        Project project = cache.project(source.projectId());
        if (project == null) {
            throw new NotFoundException("source not found");
        }
        return project;
    }

    /** The largest body the project accepts on ingest ({@code max_payload_read_size}). */
    public static long maxPayloadBytes(Project project) {
        Long configured = project.config() == null ? null : project.config().maxPayloadReadSize();
        return configured == null || configured <= 0 ? ProjectConfigs.DEFAULT_MAX_PAYLOAD_BYTES : configured;
    }

    /** Stores a verified webhook: idempotency key, the source's functions, write. Committed on return; planned
     * after. */
    public Accepted ingest(Webhook w) {
        Source source = w.source();
        String key = IdempotencyKeys.compute(source.name(), source.idempotencyKeys(), w.header(), w.query(),
                w.payload().tree());
        SourceFunctions.Result event = new SourceFunctions(scripts).apply(source, w.payload(), w.headers());
        return Accepted.of(intake.submit(new EventIntake.Draft(source.projectId(),
                event.eventType() == null ? source.maskId() : event.eventType(), source.uid(),
                new DeliveryPlanner.Target.FromSource(source.uid()), List.of(), event.headers(), event.payload(),
                w.rawQuery(), w.path(), key)));
    }

    /** Remembers that the Twitter source answered a CRC challenge now (only that column changes). */
    public void recordCrc(Source source) {
        Instant now = store.now();
        store.db().write(c -> sources.update(c, source.projectId(), source.uid(),
                current -> current.withProviderConfig(new Source.ProviderConfig(new Source.Twitter(now))), now));
    }

    // ---------------------------------------------------------------------------------------------- event API

    /** {@code POST /events}: to the endpoint (or app) given, else to the owner's endpoints. */
    public Accepted create(Project project, CreateEventRequest r) {
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        String endpointId = !blank(r.endpointId()) ? r.endpointId() : r.appId();
        checkSchemaFirst(project, common);
        return submit(targets.toEndpointOrOwner(project, common, endpointId, r.ownerId(), null));
    }

    /** {@code POST /events/fanout}: to every endpoint of the owner. */
    public Accepted fanout(Project project, FanoutEventRequest r) {
        if (blank(r.ownerId())) {
            throw new InvalidInputException("owner_id:please provide an owner id");
        }
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        checkSchemaFirst(project, common);
        return submit(targets.toOwner(project, common, r.ownerId(), null));
    }

    /** {@code POST /events/broadcast}: to every endpoint subscribed to the type. */
    public Accepted broadcast(Project project, BroadcastEventRequest r) {
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        return submit(EventTargets.broadcast(project, common, null));
    }

    /**
     * {@code POST /events/dynamic}: to a URL without setup. The endpoint (found by URL or made) and its subscription
     * are committed first, in a write of their own; then the event is stored (and planned after) like any other.
     */
    public Accepted dynamic(Project project, DynamicEventRequest r) {
        if (blank(r.url())) {
            throw new InvalidInputException("url:please provide a url");
        }
        EventTargets.Common common = EventTargets.common(r.eventType(), r.data(), r.customHeaders(),
                r.idempotencyKey());
        List<String> eventTypes = new ArrayList<>();
        if (r.eventTypes() != null) {
            for (String type : r.eventTypes()) {
                if (blank(type)) {
                    throw new InvalidInputException("event_types:event types must not be empty");
                }
                eventTypes.add(type.strip());
            }
        }
        checkSchemaFirst(project, common);
        String url = r.url().strip();
        String newEndpointId = store.newId();
        EndpointValidator.Draft endpointDraft = endpointValidator.forCreate(
                EndpointRequest.of(url, "endpoint-" + newEndpointId), project.config());
        String secret = EndpointValidator.initialSecret(r.secret());
        List<String> endpointIds = store.db().write(c -> {
            Endpoint endpoint = endpoints.findByUrl(c, project.uid(), endpointDraft.url());
            if (endpoint == null) {
                endpoint = newEndpoint(project.uid(), newEndpointId, endpointDraft, secret);
                endpoints.insert(c, endpoint);
                endpointMetaEvents.record(c, MetaEventRecorder.ENDPOINT_CREATED, endpoint);
            }
            dynamicSubscription(c, project.uid(), endpoint, eventTypes);
            return List.of(endpoint.uid());
        });
        return submit(() -> EventTargets.draft(project, common, new DeliveryPlanner.Target.ToEndpoints(endpointIds),
                endpointIds, null));
    }

    // ------------------------------------------------------------------------------------------------- shared

    /**
     * The schema check before targeting, which may write configuration (an owner's catch-all subscription, a dynamic
     * endpoint): a refused event must leave nothing behind. Submitting checks again, for the ways in that target
     * without writing (ingest, brokers); the second look is a cache hit.
     */
    private void checkSchemaFirst(Project project, EventTargets.Common common) {
        intake.checkSchema(project.uid(), common.eventType(), common.payload());
    }

    /** Targets and stores an event; committed on return, planned after. */
    Accepted submit(EventTargets.Targeting targeting) {
        return Accepted.of(intake.submit(targeting.draft()));
    }

    /** How events created by a caller are targeted, shared with broker intake. */
    EventTargets targets() {
        return targets;
    }

    ConfigCache cache() {
        return cache;
    }

    ScriptSandbox scripts() {
        return scripts;
    }

    /**
     * Convoy's dynamic rule: the endpoint's first subscription, its event types replaced by the request's when it
     * gives some; a new {@code subscription-<uuid>} taking the request's types (all types when none) otherwise.
     */
    private void dynamicSubscription(Connection c, String projectId, Endpoint endpoint, List<String> eventTypes)
            throws SQLException {
        List<SubscriptionRepository.Row> existing = subscriptions.findByEndpoint(c, projectId, endpoint.uid());
        Instant now = store.now();
        if (existing.isEmpty()) {
            SubscriptionRepository.Values values = EventTargets.subscriptionValues("subscription-" + UUID.randomUUID(),
                    endpoint.uid(), eventTypes.isEmpty() ? List.of("*") : eventTypes);
            String id = store.newId();
            subscriptions.insert(c, id, projectId, values, now);
            filterRows.follow(c, id, null, values.filter(), now); // one row per event type (ADR 0030)
            return;
        }
        if (eventTypes.isEmpty()) {
            return;
        }
        SubscriptionRepository.Row row = existing.get(0);
        SubscriptionRepository.Values was = SubscriptionRepository.valuesOf(row);
        SubscriptionRepository.StoredFilter filter = new SubscriptionRepository.StoredFilter(List.copyOf(eventTypes),
                was.filter().raw(), was.filter().flat());
        subscriptions.replace(c, projectId, row.uid(), new SubscriptionRepository.Values(was.name(), was.endpointId(),
                was.sourceId(), was.function(), was.alertConfig(), was.retryConfig(), filter, was.rateLimitConfig(),
                was.deliveryMode()), now);
        filterRows.follow(c, row.uid(), was.filter(), filter, now);
    }

    private Endpoint newEndpoint(String projectId, String id, EndpointValidator.Draft draft, String secret) {
        Instant now = store.now();
        List<EndpointSecret> secrets = List.of(new EndpointSecret(store.newId(), secret, null, now, now, null));
        return draft.newEndpoint(id, projectId, secrets, now);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
