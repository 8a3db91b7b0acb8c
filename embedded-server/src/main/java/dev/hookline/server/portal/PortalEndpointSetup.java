package dev.hookline.server.portal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.endpoints.EndpointService;
import dev.hookline.server.eventtypes.EventTypeService;
import dev.hookline.server.ingest.IntakeService;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.subscriptions.SubscriptionService;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What an endpoint owner sets up in the portal beyond the endpoint itself (docs/adr/0025): the event types it
 * receives (its subscription, made in the same write as the endpoint, all types by default), a test event, and the
 * signing secret shown again on request. Event types are the project's catalogue names; {@code "*"} means every type,
 * including those added later.
 */
public final class PortalEndpointSetup {

    /** Every event type, now and later. */
    public static final String ALL = "*";
    /** The type of a test event when the owner picks none (only for endpoints that receive every type). */
    public static final String SAMPLE_TYPE = "portal.test";

    private final EndpointService endpoints;
    private final SubscriptionService subscriptions;
    private final EventTypeService eventTypes;
    private final IntakeService intake;

    public PortalEndpointSetup(EndpointService endpoints, SubscriptionService subscriptions,
                               EventTypeService eventTypes, IntakeService intake) {
        this.endpoints = endpoints;
        this.subscriptions = subscriptions;
        this.eventTypes = eventTypes;
        this.intake = intake;
    }

    /** The project's live catalogue (deprecated types left out), by name. */
    public List<EventType> catalogue(Project project) {
        return eventTypes.list(project).stream().filter(t -> !t.deprecated()).toList();
    }

    /**
     * Creates the endpoint and, for an outgoing project, its subscription to {@code types} (null or empty: every
     * type), in one write; {@code join} adds it to the link there.
     */
    public Endpoint create(Project project, EndpointRequest request, List<String> types, String ownerId,
                           EndpointService.AlsoInWrite join) {
        List<String> picked = checked(project, types);
        return endpoints.createOwned(project.uid(), project.config(), request, ownerId, (c, endpoint) -> {
            join.apply(c, endpoint);
            if (project.type() == ProjectType.OUTGOING) {
                subscriptions.createIn(c, project, subscription(endpoint, picked));
            }
        });
    }

    /** The event types the endpoint receives (the union of its subscriptions'); empty when it has none. */
    public List<String> eventTypesOf(Project project, String endpointId) {
        Set<String> out = new LinkedHashSet<>();
        for (Subscription s : subscriptionsOf(project, endpointId)) {
            if (s.filterConfig() != null && s.filterConfig().eventTypes() != null) {
                out.addAll(s.filterConfig().eventTypes());
            }
        }
        return List.copyOf(out);
    }

    /**
     * Sets the event types the endpoint receives: its subscriptions change, or it gets one when it has none (an
     * endpoint made before the portal made subscriptions, or in the console). The endpoint must be the link's
     * (checked by the caller).
     */
    public List<String> setEventTypes(Project project, Endpoint endpoint, List<String> types) {
        List<String> picked = checked(project, types);
        List<Subscription> current = subscriptionsOf(project, endpoint.uid());
        if (current.isEmpty()) {
            if (project.type() != ProjectType.OUTGOING) {
                throw InvalidInputException.of("event_types:an incoming project's endpoint gets its events from a "
                        + "source; ask the project's owner to subscribe it");
            }
            subscriptions.create(project, subscription(endpoint, picked));
        } else {
            for (Subscription s : current) {
                subscriptions.update(project, s.uid(), new SubscriptionRequest(null, null, null, null, null, null,
                        null, new FilterConfig(picked, null), null, null));
            }
        }
        return eventTypesOf(project, endpoint.uid());
    }

    /**
     * A test event: its ID. Its delivery is planned after the answer, like every event's (ADR 0038), so the page
     * links to the event, which shows the delivery, or why there is none (a subscription filter left it out).
     */
    public record TestEvent(String eventId) {
    }

    /**
     * Sends a test event to the endpoint (only to it): {@code type} from the types its active subscriptions receive,
     * or the sample type when they receive every type. Everything that can be refused is checked before the event is
     * written; an event a subscription filter leaves out is still an event (0 deliveries).
     */
    public TestEvent sendTestEvent(Project project, Endpoint endpoint, String type) {
        Set<String> receives = new LinkedHashSet<>();
        for (Subscription s : subscriptionsOf(project, endpoint.uid())) {
            if (s.active() && s.filterConfig() != null && s.filterConfig().eventTypes() != null) {
                receives.addAll(s.filterConfig().eventTypes());
            }
        }
        if (receives.isEmpty()) {
            throw InvalidInputException.of("event_type:this endpoint has no active subscription, so it receives no "
                    + "events; pick its event types first");
        }
        String chosen = type == null || type.isBlank() ? null : type.strip();
        if (chosen == null) {
            if (!receives.contains(ALL)) {
                throw InvalidInputException.of("event_type:pick one of the event types this endpoint receives");
            }
            chosen = SAMPLE_TYPE;
        } else if (!receives.contains(ALL) && !receives.contains(chosen)) {
            throw InvalidInputException.of("event_type:this endpoint does not receive " + chosen
                    + "; pick one of the event types it receives");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("test", true);
        data.put("message", "A test event sent from the webhook portal");
        data.put("event_type", chosen);
        IntakeService.Accepted accepted = intake.create(project, new CreateEventRequest(endpoint.uid(), null, null,
                chosen, data, null, null));
        return new TestEvent(accepted.event().uid());
    }

    private List<Subscription> subscriptionsOf(Project project, String endpointId) {
        return subscriptions.list(project, List.of(endpointId), null,
                ListParams.of("100", null, null, null, null, null, null)).content();
    }

    private static SubscriptionRequest subscription(Endpoint endpoint, List<String> types) {
        String name = (endpoint.name() + " (portal)");
        return new SubscriptionRequest(name.length() > 255 ? name.substring(0, 255) : name, null, endpoint.uid(),
                null, null, null, null, new FilterConfig(types, null), null, null);
    }

    /**
     * Null, empty or containing {@code "*"}: every type. Otherwise each must be a catalogue name (matched without
     * regard to case, answered in the catalogue's spelling), or any non-blank name when the catalogue is empty.
     */
    private List<String> checked(Project project, List<String> types) {
        if (types == null || types.isEmpty() || types.stream().anyMatch(ALL::equals)) {
            return List.of(ALL);
        }
        List<EventType> catalogue = catalogue(project);
        List<String> out = new ArrayList<>();
        for (String type : types) {
            if (type == null || type.isBlank()) {
                throw InvalidInputException.of("event_types:an event type name must not be empty");
            }
            String name = type.strip();
            if (!catalogue.isEmpty()) {
                name = catalogue.stream().map(EventType::name)
                        .filter(n -> n.toLowerCase(Locale.ROOT).equals(type.strip().toLowerCase(Locale.ROOT)))
                        .findFirst().orElseThrow(() -> InvalidInputException.of("event_types:" + type.strip()
                                + " is not one of this project's event types"));
            }
            if (!out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }
}
