package dev.hookline.server.http.routes;

import static dev.hookline.server.http.Access.API_KEY;
import static dev.hookline.server.http.Access.INSTANCE_KEY;
import static dev.hookline.server.http.Access.PORTAL;
import static dev.hookline.server.http.Access.PUBLIC;

import dev.hookline.server.http.Access;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.http.capture.CaptureBinRoutes;
import dev.hookline.server.http.capture.CaptureRoutes;
import dev.hookline.server.http.deliveries.DeliveryRoutes;
import dev.hookline.server.http.deliveries.DeliveryStatisticsRoutes;
import dev.hookline.server.http.endpoints.EndpointRoutes;
import dev.hookline.server.http.events.EventRoutes;
import dev.hookline.server.http.eventtypes.EventTypeRoutes;
import dev.hookline.server.http.filters.SubscriptionFilterRoutes;
import dev.hookline.server.http.health.HealthRoutes;
import dev.hookline.server.http.ingest.EventCreationRoutes;
import dev.hookline.server.http.ingest.IngestRoutes;
import dev.hookline.server.http.metaevents.MetaEventRoutes;
import dev.hookline.server.http.onboarding.OnboardRoutes;
import dev.hookline.server.http.openapi.OpenApiRoutes;
import dev.hookline.server.http.outbound.OAuth2TestRoutes;
import dev.hookline.server.http.portal.PortalEventRoutes;
import dev.hookline.server.http.portal.PortalPageRoutes;
import dev.hookline.server.http.portal.PortalRoutes;
import dev.hookline.server.http.portallinks.PortalLinkRoutes;
import dev.hookline.server.http.projects.ProjectRoutes;
import dev.hookline.server.http.sources.SourceRoutes;
import dev.hookline.server.http.storage.StorageRoutes;
import dev.hookline.server.http.subscriptions.SubscriptionRoutes;
import dev.hookline.server.http.transforms.FunctionTestRoutes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Hookline's whole HTTP API in one table: every route's method, path template, who may call it ({@link Access})
 * and the handler method that answers it, grouped by feature. The {@code *Routes} classes are the HTTP adapters
 * (they read the request, call a service, write the answer); which URL reaches which of their methods is said here
 * and nowhere else.
 *
 * <p>The table needs no server to be read: {@link #routes()} lists it, and the OpenAPI agreement test compares it
 * with Hookline's OpenAPI document route for route. {@link #register} builds a {@link Router} from it with the
 * handler objects {@code HooklineServer} made. Routes are registered in the table's order; the router prefers the
 * template with more literal segments (so {@code /events/broadcast} is never read as an event ID) and only then the
 * one registered first.
 */
public final class ApiRoutes {

    private static final String V1 = "/api/v1";
    private static final String PROJECTS = V1 + "/projects";
    private static final String PROJECT = PROJECTS + "/{projectID}";
    private static final String PORTAL_API = "/portal-api";

    private ApiRoutes() {
    }

    /** Every route of the API, in registration order. */
    public static List<Route> routes() {
        Table api = new Table();

        // Projects: any key reads (a project key only its own project); only the instance key creates or deletes
        api.group(ProjectRoutes.class, r -> {
            r.get(PROJECTS, API_KEY, ProjectRoutes::list);
            r.post(PROJECTS, INSTANCE_KEY, ProjectRoutes::create);
            r.get(PROJECT, API_KEY, ProjectRoutes::get);
            r.put(PROJECT, API_KEY, ProjectRoutes::update);
            r.delete(PROJECT, INSTANCE_KEY, ProjectRoutes::delete);
        });

        // The server itself: this API's OpenAPI document, health for load balancers, the data directory's storage
        api.group(OpenApiRoutes.class, r -> r.get(V1 + "/openapi.yaml", API_KEY, OpenApiRoutes::serve));
        api.group(HealthRoutes.class, r -> r.get("/healthz", PUBLIC, HealthRoutes::healthz));
        api.group(StorageRoutes.class, r -> {
            r.get(PROJECT + "/storage", API_KEY, StorageRoutes::describe);
            // the whole server's file: the instance key only (a rebuild of an old database holds writes meanwhile)
            r.post(V1 + "/storage/compact", INSTANCE_KEY, StorageRoutes::compact);
        });

        // Endpoints: where deliveries go
        api.group(EndpointRoutes.class, r -> {
            r.get(PROJECT + "/endpoints", API_KEY, EndpointRoutes::list);
            r.post(PROJECT + "/endpoints", API_KEY, EndpointRoutes::create);
            r.get(PROJECT + "/endpoints/{endpointID}", API_KEY, EndpointRoutes::get);
            r.put(PROJECT + "/endpoints/{endpointID}", API_KEY, EndpointRoutes::update);
            r.delete(PROJECT + "/endpoints/{endpointID}", API_KEY, EndpointRoutes::delete);
            r.put(PROJECT + "/endpoints/{endpointID}/pause", API_KEY, EndpointRoutes::pause);
            r.post(PROJECT + "/endpoints/{endpointID}/activate", API_KEY, EndpointRoutes::activate);
            r.put(PROJECT + "/endpoints/{endpointID}/expire_secret", API_KEY, EndpointRoutes::expireSecret);
        });
        // an endpoint's OAuth2 settings tried before they are saved
        api.group(OAuth2TestRoutes.class, r -> r.post(PROJECT + "/endpoints/oauth2/test", API_KEY,
                OAuth2TestRoutes::test));

        // Events: reading and replaying (creating them is further down, with ingest)
        api.group(EventRoutes.class, r -> {
            r.get(PROJECT + "/events", API_KEY, EventRoutes::list);
            r.get(PROJECT + "/events/knowntypes", API_KEY, EventRoutes::knownTypes);
            r.get(PROJECT + "/events/{eventID}", API_KEY, EventRoutes::get);
            r.put(PROJECT + "/events/{eventID}/replay", API_KEY, EventRoutes::replay);
            r.post(PROJECT + "/events/batchreplay", API_KEY, EventRoutes::batchReplay);
            r.get(PROJECT + "/events/countbatchreplayevents", API_KEY, EventRoutes::countBatchReplay);
        });

        // Event deliveries: reading them and their attempts, and sending again by hand
        api.group(DeliveryRoutes.class, r -> {
            r.get(PROJECT + "/eventdeliveries", API_KEY, DeliveryRoutes::list);
            r.get(PROJECT + "/eventdeliveries/{eventDeliveryID}", API_KEY, DeliveryRoutes::get);
            r.get(PROJECT + "/eventdeliveries/{eventDeliveryID}/deliveryattempts", API_KEY,
                    DeliveryRoutes::attempts);
            r.get(PROJECT + "/eventdeliveries/{eventDeliveryID}/deliveryattempts/{deliveryAttemptID}", API_KEY,
                    DeliveryRoutes::attempt);
            r.put(PROJECT + "/eventdeliveries/{eventDeliveryID}/resend", API_KEY, DeliveryRoutes::resend);
            r.post(PROJECT + "/eventdeliveries/forceresend", API_KEY, DeliveryRoutes::forceResend);
            r.post(PROJECT + "/eventdeliveries/batchretry", API_KEY, DeliveryRoutes::batchRetry);
            r.get(PROJECT + "/eventdeliveries/countbatchretryevents", API_KEY, DeliveryRoutes::countBatchRetry);
        });
        // counts of what the deliveries list matches, for the API and (limited to a link's endpoints) the portal
        api.group(DeliveryStatisticsRoutes.class, r -> {
            r.get(PROJECT + "/eventdeliveries/statustotals", API_KEY, DeliveryStatisticsRoutes::statusTotals);
            // a literal segment: matched before /endpoints/{endpointID}, so the path is never read as an endpoint ID
            r.get(PROJECT + "/endpoints/period-failure-rates", API_KEY,
                    DeliveryStatisticsRoutes::periodFailureRates);
            r.get(PROJECT + "/eventdeliveries/timeseries", API_KEY, DeliveryStatisticsRoutes::timeSeries);
            r.get(PORTAL_API + "/eventdeliveries/statustotals", PORTAL, DeliveryStatisticsRoutes::portalStatusTotals);
            r.get(PORTAL_API + "/eventdeliveries/timeseries", PORTAL, DeliveryStatisticsRoutes::portalTimeSeries);
        });

        // Meta events: Hookline's own events about endpoints and deliveries, sent to the project's meta endpoint
        api.group(MetaEventRoutes.class, r -> {
            r.get(PROJECT + "/meta-events", API_KEY, MetaEventRoutes::list);
            r.get(PROJECT + "/meta-events/{metaEventID}", API_KEY, MetaEventRoutes::get);
            r.put(PROJECT + "/meta-events/{metaEventID}/resend", API_KEY, MetaEventRoutes::resend);
        });

        // Portal links: handing a customer the portal for some endpoints
        api.group(PortalLinkRoutes.class, r -> {
            r.get(PROJECT + "/portal-links", API_KEY, PortalLinkRoutes::list);
            r.post(PROJECT + "/portal-links", API_KEY, PortalLinkRoutes::create);
            r.get(PROJECT + "/portal-links/{portalLinkID}", API_KEY, PortalLinkRoutes::get);
            r.put(PROJECT + "/portal-links/{portalLinkID}", API_KEY, PortalLinkRoutes::update);
            r.put(PROJECT + "/portal-links/{portalLinkID}/revoke", API_KEY, PortalLinkRoutes::revoke);
            r.get(PROJECT + "/portal-links/{portalLinkID}/refresh_token", API_KEY, PortalLinkRoutes::refreshToken);
        });

        // Portal API: a portal link's token, limited to the link's endpoints (ADR 0025)
        api.group(PortalRoutes.class, r -> {
            r.get(PORTAL_API + "/portal_link", PORTAL, PortalRoutes::portalLink);
            r.get(PORTAL_API + "/portal_link/info", PORTAL, PortalRoutes::portalLinkInfo);
            r.get(PORTAL_API + "/endpoints", PORTAL, PortalRoutes::list);
            r.post(PORTAL_API + "/endpoints", PORTAL, PortalRoutes::create);
            r.get(PORTAL_API + "/endpoints/{endpointID}", PORTAL, PortalRoutes::get);
            r.put(PORTAL_API + "/endpoints/{endpointID}", PORTAL, PortalRoutes::update);
            r.delete(PORTAL_API + "/endpoints/{endpointID}", PORTAL, PortalRoutes::delete);
            r.put(PORTAL_API + "/endpoints/{endpointID}/pause", PORTAL, PortalRoutes::pause);
            r.put(PORTAL_API + "/endpoints/{endpointID}/expire_secret", PORTAL, PortalRoutes::expireSecret);
            // Hookline's own: the catalogue, a session, an endpoint's event types, a test event, the secret again
            r.get(PORTAL_API + "/event_types", PORTAL, PortalRoutes::catalogue);
            r.post(PORTAL_API + "/session", PORTAL, PortalRoutes::openSession);
            r.get(PORTAL_API + "/endpoints/{endpointID}/event_types", PORTAL, PortalRoutes::eventTypes);
            r.put(PORTAL_API + "/endpoints/{endpointID}/event_types", PORTAL, PortalRoutes::setEventTypes);
            r.post(PORTAL_API + "/endpoints/{endpointID}/test_event", PORTAL, PortalRoutes::testEvent);
            r.get(PORTAL_API + "/endpoints/{endpointID}/secret", PORTAL, PortalRoutes::secret);
        });
        // the API's events and deliveries, masked and limited to what targets the link's endpoints
        api.group(PortalEventRoutes.class, r -> {
            r.get(PORTAL_API + "/events", PORTAL, PortalEventRoutes::listEvents);
            r.get(PORTAL_API + "/events/{eventID}", PORTAL, PortalEventRoutes::getEvent);
            r.put(PORTAL_API + "/events/{eventID}/replay", PORTAL, PortalEventRoutes::replay);
            r.post(PORTAL_API + "/events/batchreplay", PORTAL, PortalEventRoutes::batchReplay);
            r.get(PORTAL_API + "/events/countbatchreplayevents", PORTAL, PortalEventRoutes::countBatchReplay);
            r.get(PORTAL_API + "/eventdeliveries", PORTAL, PortalEventRoutes::listDeliveries);
            r.get(PORTAL_API + "/eventdeliveries/{eventDeliveryID}", PORTAL, PortalEventRoutes::getDelivery);
            r.get(PORTAL_API + "/eventdeliveries/{eventDeliveryID}/deliveryattempts", PORTAL,
                    PortalEventRoutes::attempts);
            r.get(PORTAL_API + "/eventdeliveries/{eventDeliveryID}/deliveryattempts/{deliveryAttemptID}", PORTAL,
                    PortalEventRoutes::attempt);
            r.put(PORTAL_API + "/eventdeliveries/{eventDeliveryID}/resend", PORTAL, PortalEventRoutes::resend);
            r.post(PORTAL_API + "/eventdeliveries/forceresend", PORTAL, PortalEventRoutes::forceResend);
            r.post(PORTAL_API + "/eventdeliveries/batchretry", PORTAL, PortalEventRoutes::batchRetry);
            r.get(PORTAL_API + "/eventdeliveries/countbatchretryevents", PORTAL,
                    PortalEventRoutes::countBatchRetry);
        });
        // the portal page (HTML, checks the link's token itself) and its static assets
        api.group(PortalPageRoutes.class, r -> {
            r.get("/portal", PUBLIC, PortalPageRoutes::page);
            r.get("/portal/assets/{file}", PUBLIC, PortalPageRoutes::asset);
        });

        // Capture bins: a URL that records what is sent to it, for trying endpoints out
        api.group(CaptureBinRoutes.class, r -> {
            r.get(PROJECT + "/capture-bins", API_KEY, CaptureBinRoutes::list);
            r.post(PROJECT + "/capture-bins", API_KEY, CaptureBinRoutes::create);
            r.get(PROJECT + "/capture-bins/{binID}", API_KEY, CaptureBinRoutes::get);
            r.put(PROJECT + "/capture-bins/{binID}", API_KEY, CaptureBinRoutes::update);
            r.delete(PROJECT + "/capture-bins/{binID}", API_KEY, CaptureBinRoutes::delete);
            r.get(PROJECT + "/capture-bins/{binID}/requests", API_KEY, CaptureBinRoutes::requests);
            r.delete(PROJECT + "/capture-bins/{binID}/requests", API_KEY, CaptureBinRoutes::clear);
        });
        api.group(CaptureRoutes.class, r -> r.post("/capture/{binID}", PUBLIC, CaptureRoutes::receive));

        // Sources: where incoming webhooks arrive
        api.group(SourceRoutes.class, r -> {
            r.get(PROJECT + "/sources", API_KEY, SourceRoutes::list);
            r.post(PROJECT + "/sources", API_KEY, SourceRoutes::create);
            r.get(PROJECT + "/sources/{sourceID}", API_KEY, SourceRoutes::get);
            r.put(PROJECT + "/sources/{sourceID}", API_KEY, SourceRoutes::update);
            r.delete(PROJECT + "/sources/{sourceID}", API_KEY, SourceRoutes::delete);
        });

        // Subscriptions: which events go to which endpoint, and their filters
        api.group(SubscriptionRoutes.class, r -> {
            r.get(PROJECT + "/subscriptions", API_KEY, SubscriptionRoutes::list);
            r.post(PROJECT + "/subscriptions", API_KEY, SubscriptionRoutes::create);
            r.get(PROJECT + "/subscriptions/{subscriptionID}", API_KEY, SubscriptionRoutes::get);
            r.put(PROJECT + "/subscriptions/{subscriptionID}", API_KEY, SubscriptionRoutes::update);
            r.delete(PROJECT + "/subscriptions/{subscriptionID}", API_KEY, SubscriptionRoutes::delete);
            r.put(PROJECT + "/subscriptions/{subscriptionID}/toggle_status", API_KEY,
                    SubscriptionRoutes::toggleStatus);
        });
        api.group(SubscriptionFilterRoutes.class, r -> {
            r.post(PROJECT + "/subscriptions/test_filter", API_KEY, SubscriptionFilterRoutes::testFilter);
            r.get(PROJECT + "/subscriptions/{subscriptionID}/filters", API_KEY, SubscriptionFilterRoutes::list);
            r.post(PROJECT + "/subscriptions/{subscriptionID}/filters", API_KEY, SubscriptionFilterRoutes::create);
            r.post(PROJECT + "/subscriptions/{subscriptionID}/filters/bulk", API_KEY,
                    SubscriptionFilterRoutes::bulkCreate);
            r.put(PROJECT + "/subscriptions/{subscriptionID}/filters/bulk_update", API_KEY,
                    SubscriptionFilterRoutes::bulkUpdate);
            r.post(PROJECT + "/subscriptions/{subscriptionID}/filters/test/{eventType}", API_KEY,
                    SubscriptionFilterRoutes::testMatch);
            r.get(PROJECT + "/subscriptions/{subscriptionID}/filters/{filterID}", API_KEY,
                    SubscriptionFilterRoutes::get);
            r.put(PROJECT + "/subscriptions/{subscriptionID}/filters/{filterID}", API_KEY,
                    SubscriptionFilterRoutes::update);
            r.delete(PROJECT + "/subscriptions/{subscriptionID}/filters/{filterID}", API_KEY,
                    SubscriptionFilterRoutes::delete);
        });

        // Event types: the catalogue subscriptions choose from, also imported from an OpenAPI document's webhooks
        api.group(EventTypeRoutes.class, r -> {
            r.get(PROJECT + "/event-types", API_KEY, EventTypeRoutes::list);
            r.post(PROJECT + "/event-types", API_KEY, EventTypeRoutes::create);
            r.post(PROJECT + "/event-types/import", API_KEY, EventTypeRoutes::importOpenApi);
            r.put(PROJECT + "/event-types/{eventTypeId}", API_KEY, EventTypeRoutes::update);
            r.post(PROJECT + "/event-types/{eventTypeId}/deprecate", API_KEY, EventTypeRoutes::deprecate);
        });

        // Bulk onboarding: JSON, or a CSV file uploaded as multipart/form-data
        api.group(OnboardRoutes.class, r -> r.postMultipart(PROJECT + "/onboard", API_KEY, OnboardRoutes::onboard));

        // Transform functions tried on a sample before they are saved
        api.group(FunctionTestRoutes.class, r -> {
            r.post(PROJECT + "/subscriptions/test_function", API_KEY, FunctionTestRoutes::testSubscriptionFunction);
            r.post(PROJECT + "/sources/test_function", API_KEY, FunctionTestRoutes::testSourceFunction);
        });

        // Ingest: webhooks sent to a source's URL (the source's verifier, not a key) and Twitter's CRC challenge
        api.group(IngestRoutes.class, r -> {
            r.post("/ingest/{maskID}", PUBLIC, IngestRoutes::ingest);
            r.get("/ingest/{maskID}", PUBLIC, IngestRoutes::crc);
        });
        // events created through the API: to an endpoint or owner, fanned out, broadcast, or to a URL without setup
        api.group(EventCreationRoutes.class, r -> {
            r.post(PROJECT + "/events", API_KEY, EventCreationRoutes::create);
            r.post(PROJECT + "/events/fanout", API_KEY, EventCreationRoutes::fanout);
            r.post(PROJECT + "/events/broadcast", API_KEY, EventCreationRoutes::broadcast);
            r.post(PROJECT + "/events/dynamic", API_KEY, EventCreationRoutes::dynamic);
        });

        return List.copyOf(api.routes);
    }

    /**
     * Registers every route on {@code router}, each answered by the one object among {@code handlers} of the class
     * its table entry names. A route class with no object, two objects of one class, or an object no route uses is
     * a wiring mistake and fails here, at start, rather than as a 500 at the first request.
     */
    public static void register(Router router, Object... handlers) {
        Map<Class<?>, Object> byClass = new LinkedHashMap<>();
        for (Object handler : handlers) {
            if (byClass.put(handler.getClass(), handler) != null) {
                throw new IllegalArgumentException("two handler objects of " + handler.getClass().getName());
            }
        }
        Set<Class<?>> unused = new LinkedHashSet<>(byClass.keySet());
        for (Route route : routes()) {
            Object handler = byClass.get(route.handlerClass());
            if (handler == null) {
                throw new IllegalArgumentException("no " + route.handlerClass().getName() + " for " + route);
            }
            unused.remove(route.handlerClass());
            Action<Object> action = route.action();
            router.add(route.method(), route.path(), route.access(), ex -> action.handle(handler, ex));
            if (route.multipart()) {
                router.acceptMultipart(route.path());
            }
        }
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException("handler objects no route uses: " + unused);
        }
    }

    /** A handler method of a route class, unbound: {@code EndpointRoutes::create}. */
    @FunctionalInterface
    public interface Action<T> {
        void handle(T handlers, Exchange exchange) throws Exception;
    }

    /**
     * One entry of the table.
     *
     * @param multipart whether the request may be {@code multipart/form-data} (a file upload) besides JSON
     * @param handlerClass the route class whose object answers
     * @param action the handler method, called on that object
     */
    public record Route(String method, String path, Access access, boolean multipart, Class<?> handlerClass,
                        Action<Object> action) {
        @Override
        public String toString() {
            return method + " " + path + " (" + access + ", " + handlerClass.getSimpleName() + ")";
        }
    }

    /** The routes of one route class, added to the table in the order written. */
    public static final class Group<T> {
        private final Class<T> handlerClass;
        private final List<Route> into;

        private Group(Class<T> handlerClass, List<Route> into) {
            this.handlerClass = handlerClass;
            this.into = into;
        }

        public void get(String path, Access access, Action<T> action) {
            add("GET", path, access, false, action);
        }

        public void post(String path, Access access, Action<T> action) {
            add("POST", path, access, false, action);
        }

        /** A POST whose body may also be {@code multipart/form-data} (a file upload). */
        public void postMultipart(String path, Access access, Action<T> action) {
            add("POST", path, access, true, action);
        }

        public void put(String path, Access access, Action<T> action) {
            add("PUT", path, access, false, action);
        }

        public void delete(String path, Access access, Action<T> action) {
            add("DELETE", path, access, false, action);
        }

        private void add(String method, String path, Access access, boolean multipart, Action<T> action) {
            into.add(new Route(method, path, access, multipart, handlerClass,
                    (handler, ex) -> action.handle(handlerClass.cast(handler), ex)));
        }
    }

    private static final class Table {
        private final List<Route> routes = new ArrayList<>();

        <T> void group(Class<T> handlerClass, Consumer<Group<T>> body) {
            body.accept(new Group<>(handlerClass, routes));
        }
    }
}
