package dev.hookline.server.testing;

import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventStatus;
import dev.hookline.server.ServerContext;
import dev.hookline.server.events.EventStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seeds events, deliveries, attempts and meta events through the server's own stores (what ingest and the delivery
 * engine use), so list and get tests have data without an ingest path.
 */
public final class EventSeeds {

    private final ServerContext context;
    private final EventStore events;

    public EventSeeds(TestServer server) {
        this.context = server.server().context();
        this.events = new EventStore(context);
    }

    public ServerContext context() {
        return context;
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
            return events.insert(new EventStore.NewEvent(projectId, eventType, sourceId, endpointIds, headers, data,
                    "a=1", "/hooks", idempotencyKey, false, status, failureReason, null));
        }
    }
}
