package dev.hookline.server.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.hookline.api.Json;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.server.store.Store;
import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.metaevents.MetaEventRepository;
import dev.hookline.server.retry.Retry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seeds events, deliveries, attempts and meta events through the server's own stores (what ingest and the delivery
 * engine use), so list and get tests have data without an ingest path.
 */
public final class EventSeeds {

    private final Store store;
    private final EventRepository events;
    private final DeliveryRepository deliveries;
    private final AttemptRepository attempts;
    private final MetaEventRepository metaEvents;

    public EventSeeds(TestServer server) {
        this.store = server.server().store();
        this.events = server.server().repositories().events();
        this.deliveries = server.server().repositories().deliveries();
        this.attempts = server.server().repositories().attempts();
        this.metaEvents = server.server().repositories().metaEvents();
    }

    public Store store() {
        return store;
    }

    /** A new event of {@code projectId}: {@code invoice.paid}, payload {@code {"n":1}}, no source, no endpoints. */
    public EventDraft event(String projectId) {
        return new EventDraft(projectId);
    }

    /** An event being put together; {@link #insert()} stores it. */
    public final class EventDraft {
        private final String projectId;
        private String eventType = "invoice.paid";
        private String data = "{\"n\":1}";
        private String sourceId;
        private List<String> endpointIds = new ArrayList<>();
        private Map<String, List<String>> headers = Map.of("Content-Type", List.of("application/json"));
        private String idempotencyKey = "";
        private EventStatus status = EventStatus.SUCCESS;
        private String failureReason = "";

        private EventDraft(String projectId) {
            this.projectId = projectId;
        }

        public EventDraft type(String eventType) {
            this.eventType = eventType;
            return this;
        }

        /** The payload's JSON text, stored as given. */
        public EventDraft data(String json) {
            this.data = json;
            return this;
        }

        public EventDraft source(String sourceId) {
            this.sourceId = sourceId;
            return this;
        }

        public EventDraft endpoints(String... endpointIds) {
            this.endpointIds = List.of(endpointIds);
            return this;
        }

        public EventDraft headers(Map<String, List<String>> headers) {
            this.headers = headers;
            return this;
        }

        public EventDraft idempotencyKey(String key) {
            this.idempotencyKey = key;
            return this;
        }

        public EventDraft status(EventStatus status, String failureReason) {
            this.status = status;
            this.failureReason = failureReason;
            return this;
        }

        public Event insert() {
            EventRepository.NewEvent event = new EventRepository.NewEvent(projectId, eventType, sourceId, endpointIds,
                    headers, data, "a=1", "/hooks", idempotencyKey, false, status, failureReason, null);
            return store.db().write(c -> events.insert(c, event));
        }
    }

    /** A delivery of {@code event} to {@code endpointId}: {@code Scheduled}, no subscription, default retry state. */
    public DeliveryDraft delivery(Event event, String endpointId) {
        return new DeliveryDraft(event, endpointId);
    }

    /** A delivery being put together; {@link #insert()} stores it. */
    public final class DeliveryDraft {
        private final Event event;
        private final String endpointId;
        private String subscriptionId = "";
        private EventDeliveryStatus status = EventDeliveryStatus.SCHEDULED;
        private String transformedPayload;
        private Map<String, List<String>> headers = Map.of("X-Custom", List.of("1"));
        private long numTrials;
        private double latencySeconds;
        private String description = "";
        private DeliveryMode mode = DeliveryMode.AT_LEAST_ONCE;
        private Retry retry = Retry.DEFAULT;

        private DeliveryDraft(Event event, String endpointId) {
            this.event = event;
            this.endpointId = endpointId;
        }

        public DeliveryDraft subscription(String subscriptionId) {
            this.subscriptionId = subscriptionId;
            return this;
        }

        public DeliveryDraft status(EventDeliveryStatus status) {
            this.status = status;
            return this;
        }

        /** The payload a subscription function made (JSON text). */
        public DeliveryDraft transformed(String json) {
            this.transformedPayload = json;
            return this;
        }

        public DeliveryDraft headers(Map<String, List<String>> headers) {
            this.headers = headers;
            return this;
        }

        public DeliveryDraft mode(DeliveryMode mode) {
            this.mode = mode;
            return this;
        }

        /** The retry state copied from the project's strategy (default: linear, 100 s, 10 tries). */
        public DeliveryDraft retry(Retry retry) {
            this.retry = retry;
            return this;
        }

        public DeliveryDraft tried(long numTrials, double latencySeconds, String description) {
            this.numTrials = numTrials;
            this.latencySeconds = latencySeconds;
            this.description = description;
            return this;
        }

        public EventDelivery insert() {
            DeliveryRepository.NewDelivery delivery = new DeliveryRepository.NewDelivery(event.uid(), endpointId,
                    subscriptionId, event.sourceId(), event.eventType(), event.idempotencyKey(), status, mode,
                    headers, event.urlQueryParams(), retry, transformedPayload, numTrials, null, latencySeconds,
                    description, event.acknowledgedAt());
            return store.db().write(c -> deliveries.insertDeliveries(c, event.projectId(), List.of(delivery)))
                    .get(0);
        }
    }

    /**
     * An attempt of {@code delivery} that got {@code httpStatus} (e.g. {@code "500 Internal Server Error"}), now its
     * last: the delivery's {@code last_http_status} is set as the dispatcher's outcome update sets it.
     */
    public DeliveryAttempt attempt(EventDelivery delivery, String httpStatus, boolean success,
                                   Map<String, String> requestHeaders, Map<String, String> responseHeaders) {
        Instant requested = store.now();
        AttemptRepository.NewAttempt attempt = new AttemptRepository.NewAttempt(delivery.uid(),
                delivery.endpointId(), "https://receiver.example/hook", "POST", "2025-11-24", "127.0.0.1",
                requestHeaders, "{\"n\":1}", responseHeaders, httpStatus, success ? "ok" : "boom",
                success ? "" : "unexpected status", success, 42, requested, requested.plusMillis(42));
        return store.db().write(c -> {
            DeliveryAttempt stored = attempts.insert(c, delivery.projectId(), attempt);
            try (java.sql.PreparedStatement s = c.prepareStatement("UPDATE event_deliveries SET last_http_status = ? "
                    + "WHERE id = ?")) {
                s.setInt(1, AttemptRepository.statusCodeOf(httpStatus));
                s.setString(2, delivery.uid());
                s.executeUpdate();
            }
            return stored;
        });
    }

    /**
     * A meta event of {@code projectId} whose body data is {@code dataJson}; a tried one ({@code status} other than
     * Scheduled) carries an attempt.
     */
    public MetaEvent metaEvent(String projectId, String eventType, String dataJson, EventDeliveryStatus status) {
        try {
            MetaEvent.Attempt attempt = status == EventDeliveryStatus.SCHEDULED ? null
                    : new MetaEvent.Attempt(Map.of("X-Convoy-Signature", "abc"), Map.of("Content-Type", "text/plain"),
                            "received");
            MetaEventRepository.NewMetaEvent event = new MetaEventRepository.NewMetaEvent(projectId, eventType,
                    Json.strict().readTree(dataJson), status, Retry.DEFAULT, attempt,
                    attempt == null ? 0 : 1, null);
            return store.db().write(c -> metaEvents.insert(c, event));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + dataJson, e);
        }
    }
}
