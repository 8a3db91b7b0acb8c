package dev.hookline.api.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import dev.hookline.api.model.BroadcastEventRequest;
import dev.hookline.api.model.BulkOnboardAccepted;
import dev.hookline.api.model.BulkOnboardReport;
import dev.hookline.api.model.BulkOnboardRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateProjectResponse;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.DeliveryStatusTotals;
import dev.hookline.api.model.DeliveryTimeSeries;
import dev.hookline.api.model.DynamicEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointFailureRate;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Envelope;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.api.model.ExpireSecretRequest;
import dev.hookline.api.model.FilterMatchRequest;
import dev.hookline.api.model.FilterMatchResult;
import dev.hookline.api.model.FilterTestRequest;
import dev.hookline.api.model.FunctionTestRequest;
import dev.hookline.api.model.FunctionTestResult;
import dev.hookline.api.model.FanoutEventRequest;
import dev.hookline.api.model.ImportOpenApiRequest;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.OAuth2TestRequest;
import dev.hookline.api.model.OAuth2TestResult;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ServerHealth;
import dev.hookline.api.model.StorageInfo;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.api.model.SubscriptionFilterRequest;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.api.model.UpdateSourceRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import okhttp3.ConnectionSpec;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * The one HTTP client of the Convoy v1 REST API (and Hookline, which speaks it).
 *
 * <p>{@code baseUrl} is everything up to and including {@code /api} (e.g. {@code http://127.0.0.1:5005/api});
 * project-scoped calls go to {@code {baseUrl}/v1/projects/{projectId}/...} and need {@link #withProject(String)}.
 * Portal calls go to {@code {baseUrl minus /api}/portal-api/...} with this client's key as the portal token.
 *
 * <p>Tolerant like a real Convoy needs: any 2xx is success (PUTs answer 202), error bodies without {@code data},
 * empty or non-JSON error bodies (415), unknown enum values and nanosecond timestamps ({@link Json#lenient()}).
 * Failures are {@link ApiException}s; unreachable servers give status 0.
 *
 * <p>Immutable and thread-safe. {@link #withProject(String)} returns a client sharing this one's connection pool;
 * {@link #close()} on any of them releases that shared pool. The API key is never logged nor printed.
 */
public final class ApiClient implements AutoCloseable {

    private static final MediaType JSON = MediaType.get("application/json");
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final HttpUrl base;
    private final HttpUrl hostRoot;
    private final String apiKey;
    private final String projectId;
    private final OkHttpClient http;
    private final ObjectMapper mapper = Json.lenient();

    /**
     * @param baseUrl up to and including {@code /api}, e.g. {@code http://127.0.0.1:5005/api} (a trailing slash is ok)
     * @param apiKey  bearer token: a {@code CO.} API key, or a portal token for the {@code portal*} methods
     */
    public ApiClient(String baseUrl, String apiKey) {
        this(parseBase(baseUrl), apiKey, null, httpClientFor(parseBase(baseUrl)));
    }

    /**
     * A plain-HTTP server on this machine (the console's embedded one) gets a client without TLS: OkHttp otherwise
     * sets TLS up when the client is built, loading the JDK's trust store (some 150 certificates parsed) on the
     * console's start path for a connection that never uses it (ADR 0035). Any other server gets OkHttp's defaults.
     */
    private static OkHttpClient httpClientFor(HttpUrl base) {
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
                .connectTimeout(CONNECT_TIMEOUT)
                .readTimeout(READ_TIMEOUT)
                .writeTimeout(READ_TIMEOUT);
        if (!base.isHttps() && isLoopback(base.host())) {
            builder.connectionSpecs(List.of(ConnectionSpec.CLEARTEXT));
        }
        return builder.build();
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }

    /** Whether this client set TLS up (it has the trust store); not for a plain-HTTP server on this machine. */
    boolean preparedForTls() {
        return http.x509TrustManager() != null;
    }

    private ApiClient(HttpUrl base, String apiKey, String projectId, OkHttpClient http) {
        this.base = base;
        this.hostRoot = hostRootOf(base);
        this.apiKey = Objects.requireNonNull(apiKey, "apiKey");
        this.projectId = projectId;
        this.http = http;
    }

    /** A client for project {@code projectId}, sharing this client's connections. */
    public ApiClient withProject(String projectId) {
        return new ApiClient(base, apiKey, Objects.requireNonNull(projectId, "projectId"), http);
    }

    /** The selected project, or {@code null}. */
    public String projectId() {
        return projectId;
    }

    /** The base URL, ending in {@code /api} (no trailing slash). */
    public String baseUrl() {
        String s = base.toString();
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    // ---------------------------------------------------------------------------------------------- projects

    /** {@code GET /v1/projects} (Convoy: personal key/JWT only; a plain array, not paged). */
    public List<Project> listProjects() {
        return listProjects(null);
    }

    /** {@code GET /v1/projects?orgID=} ({@code orgId} may be null). */
    public List<Project> listProjects(String orgId) {
        return call("GET", url(List.of("v1", "projects"), orgQuery(orgId)), null, listOf(Project.class));
    }

    /** {@code POST /v1/projects}: the project and its one-time API key. */
    public CreateProjectResponse createProject(CreateProjectRequest request) {
        return createProject(request, null);
    }

    /** {@code POST /v1/projects?orgID=} ({@code orgId} may be null). */
    public CreateProjectResponse createProject(CreateProjectRequest request, String orgId) {
        return call("POST", url(List.of("v1", "projects"), orgQuery(orgId)), request,
                type(CreateProjectResponse.class));
    }

    public Project getProject(String id) {
        return call("GET", url(List.of("v1", "projects", id), null), null, type(Project.class));
    }

    public Project updateProject(String id, UpdateProjectRequest request) {
        return call("PUT", url(List.of("v1", "projects", id), null), request, type(Project.class));
    }

    public void deleteProject(String id) {
        call("DELETE", url(List.of("v1", "projects", id), null), null, type(JsonNode.class));
    }

    // --------------------------------------------------------------------------------------------- endpoints

    /** Filters: {@code q} (name), {@code ownerId}. */
    public Page<Endpoint> listEndpoints(ListQuery query) {
        return call("GET", project(query, "endpoints"), null, pageOf(Endpoint.class));
    }

    public Endpoint createEndpoint(EndpointRequest request) {
        return call("POST", project(null, "endpoints"), request, type(Endpoint.class));
    }

    public Endpoint getEndpoint(String id) {
        return call("GET", project(null, "endpoints", id), null, type(Endpoint.class));
    }

    public Endpoint updateEndpoint(String id, EndpointRequest request) {
        return call("PUT", project(null, "endpoints", id), request, type(Endpoint.class));
    }

    public void deleteEndpoint(String id) {
        call("DELETE", project(null, "endpoints", id), null, type(JsonNode.class));
    }

    /** {@code PUT .../endpoints/{id}/pause}: toggles active/paused; returns the endpoint with its new status. */
    public Endpoint pauseEndpoint(String id) {
        return call("PUT", project(null, "endpoints", id, "pause"), null, type(Endpoint.class));
    }

    /** {@code POST .../endpoints/{id}/activate}. */
    public Endpoint activateEndpoint(String id) {
        return call("POST", project(null, "endpoints", id, "activate"), null, type(Endpoint.class));
    }

    /** {@code PUT .../endpoints/{id}/expire_secret}: rotates the secret. */
    public Endpoint expireSecret(String id, ExpireSecretRequest request) {
        return call("PUT", project(null, "endpoints", id, "expire_secret"), request, type(Endpoint.class));
    }

    /**
     * {@code GET .../endpoints/period-failure-rates}: each endpoint's successful, failed and retrying deliveries in
     * the window of {@code query} ({@code startDate}/{@code endDate}; the last 7 days by default) and its failure
     * rate (0 to 1; null when it had none). At most 100 endpoints are answered.
     */
    public List<EndpointFailureRate> endpointFailureRates(List<String> endpointIds, ListQuery query) {
        ListQuery q = (query == null ? ListQuery.create() : query).withAll("endpointId", endpointIds);
        return call("GET", project(q, "endpoints", "period-failure-rates"), null, listOf(EndpointFailureRate.class));
    }

    /**
     * {@code POST .../endpoints/oauth2/test}: asks the token server for a token with these settings. A refusing token
     * server is a result with {@code success=false} and the reason, not an exception.
     */
    public OAuth2TestResult testOAuth2(OAuth2TestRequest request) {
        return call("POST", project(null, "endpoints", "oauth2", "test"), request, type(OAuth2TestResult.class));
    }

    // ----------------------------------------------------------------------------------------------- sources

    /** Filters: {@code type}, {@code provider}, {@code q}. */
    public Page<Source> listSources(ListQuery query) {
        return call("GET", project(query, "sources"), null, pageOf(Source.class));
    }

    public Source createSource(CreateSourceRequest request) {
        return call("POST", project(null, "sources"), request, type(Source.class));
    }

    public Source getSource(String id) {
        return call("GET", project(null, "sources", id), null, type(Source.class));
    }

    public Source updateSource(String id, UpdateSourceRequest request) {
        return call("PUT", project(null, "sources", id), request, type(Source.class));
    }

    public void deleteSource(String id) {
        call("DELETE", project(null, "sources", id), null, type(JsonNode.class));
    }

    // ----------------------------------------------------------------------------------------- subscriptions

    /** Filters: {@code endpointId} (repeatable), {@code name}. */
    public Page<Subscription> listSubscriptions(ListQuery query) {
        return call("GET", project(query, "subscriptions"), null, pageOf(Subscription.class));
    }

    public Subscription createSubscription(SubscriptionRequest request) {
        return call("POST", project(null, "subscriptions"), request, type(Subscription.class));
    }

    public Subscription getSubscription(String id) {
        return call("GET", project(null, "subscriptions", id), null, type(Subscription.class));
    }

    public Subscription updateSubscription(String id, SubscriptionRequest request) {
        return call("PUT", project(null, "subscriptions", id), request, type(Subscription.class));
    }

    public void deleteSubscription(String id) {
        call("DELETE", project(null, "subscriptions", id), null, type(JsonNode.class));
    }

    /**
     * {@code PUT .../subscriptions/{id}/toggle_status}: active becomes inactive and back; returns the subscription
     * with its new {@code status}. (Convoy answers no subscription: then null.)
     */
    public Subscription toggleSubscriptionStatus(String id) {
        return call("PUT", project(null, "subscriptions", id, "toggle_status"), null, type(Subscription.class));
    }

    /** True if the sample request passes the filters ({@code POST /subscriptions/test_filter}). */
    public boolean testSubscriptionFilter(FilterTestRequest request) {
        return call("POST", project(null, "subscriptions", "test_filter"), request, type(Boolean.class));
    }

    /** Runs a subscription transform function on a sample payload; a failing script is an {@link ApiException}. */
    public FunctionTestResult testSubscriptionFunction(FunctionTestRequest request) {
        return call("POST", project(null, "subscriptions", "test_function"), request, type(FunctionTestResult.class));
    }

    /** Runs a source body or header function on a sample payload; a failing script is an {@link ApiException}. */
    public FunctionTestResult testSourceFunction(FunctionTestRequest request) {
        return call("POST", project(null, "sources", "test_function"), request, type(FunctionTestResult.class));
    }

    /** The per-event-type filters of a subscription (all of them; not paged). */
    public List<SubscriptionFilter> listSubscriptionFilters(String subscriptionId) {
        return call("GET", project(null, "subscriptions", subscriptionId, "filters"), null,
                listOf(SubscriptionFilter.class));
    }

    public SubscriptionFilter createSubscriptionFilter(String subscriptionId, SubscriptionFilterRequest request) {
        return call("POST", project(null, "subscriptions", subscriptionId, "filters"), request,
                type(SubscriptionFilter.class));
    }

    /** Creates several filters at once: all or none. */
    public List<SubscriptionFilter> createSubscriptionFilters(String subscriptionId,
                                                              List<SubscriptionFilterRequest> requests) {
        return call("POST", project(null, "subscriptions", subscriptionId, "filters", "bulk"), requests,
                listOf(SubscriptionFilter.class));
    }

    public SubscriptionFilter getSubscriptionFilter(String subscriptionId, String filterId) {
        return call("GET", project(null, "subscriptions", subscriptionId, "filters", filterId), null,
                type(SubscriptionFilter.class));
    }

    public SubscriptionFilter updateSubscriptionFilter(String subscriptionId, String filterId,
                                                       SubscriptionFilterRequest request) {
        return call("PUT", project(null, "subscriptions", subscriptionId, "filters", filterId), request,
                type(SubscriptionFilter.class));
    }

    /** Updates several filters at once (each request names its filter in {@code uid}): all or none. */
    public List<SubscriptionFilter> updateSubscriptionFilters(String subscriptionId,
                                                              List<SubscriptionFilterRequest> requests) {
        return call("PUT", project(null, "subscriptions", subscriptionId, "filters", "bulk_update"), requests,
                listOf(SubscriptionFilter.class));
    }

    public void deleteSubscriptionFilter(String subscriptionId, String filterId) {
        call("DELETE", project(null, "subscriptions", subscriptionId, "filters", filterId), null,
                type(JsonNode.class));
    }

    /** Would an event of {@code eventType} with this body and headers reach the subscription? */
    public boolean testSubscriptionFilters(String subscriptionId, String eventType, FilterMatchRequest request) {
        FilterMatchResult result = call("POST", project(null, "subscriptions", subscriptionId, "filters", "test",
                eventType), request, type(FilterMatchResult.class));
        return result.isMatch();
    }

    // ------------------------------------------------------------------------------------------- event types

    /** The project's event type catalogue (not paged). */
    public List<EventType> listEventTypes() {
        return call("GET", project(null, "event-types"), null, listOf(EventType.class));
    }

    public EventType createEventType(EventTypeRequest request) {
        return call("POST", project(null, "event-types"), request, type(EventType.class));
    }

    /** Changes category, description and schema (what is given); the name never changes. */
    public EventType updateEventType(String id, EventTypeRequest request) {
        return call("PUT", project(null, "event-types", id), request, type(EventType.class));
    }

    public EventType deprecateEventType(String id) {
        return call("POST", project(null, "event-types", id, "deprecate"), null, type(EventType.class));
    }

    /** Creates or updates an event type per webhook of an OpenAPI document (JSON or YAML text). */
    public List<EventType> importEventTypes(String openApiDocument) {
        return call("POST", project(null, "event-types", "import"), new ImportOpenApiRequest(openApiDocument),
                listOf(EventType.class));
    }

    // -------------------------------------------------------------------------------------------- onboarding

    /** {@code POST .../onboard?dry_run=true}: validates the rows and writes nothing. */
    public BulkOnboardReport validateOnboarding(BulkOnboardRequest request) {
        return call("POST", project(ListQuery.create().with("dry_run", "true"), "onboard"), request,
                type(BulkOnboardReport.class));
    }

    /**
     * {@code POST .../onboard}: creates the endpoints and subscriptions, all or nothing; any invalid row refuses the
     * whole request ({@link ApiException} "Validation failed": run {@link #validateOnboarding} for the rows).
     */
    public BulkOnboardAccepted onboard(BulkOnboardRequest request) {
        return call("POST", project(null, "onboard"), request, type(BulkOnboardAccepted.class));
    }

    /** {@link #validateOnboarding} for a CSV file (columns {@code name,url,event_type,auth_username,auth_password}). */
    public BulkOnboardReport validateOnboardingCsv(String csv) {
        return call("POST", project(ListQuery.create().with("dry_run", "true"), "onboard"), csvUpload(csv),
                type(BulkOnboardReport.class));
    }

    /** {@link #onboard} for a CSV file, sent as the multipart field {@code file}. */
    public BulkOnboardAccepted onboardCsv(String csv) {
        return call("POST", project(null, "onboard"), csvUpload(csv), type(BulkOnboardAccepted.class));
    }

    private static RequestBody csvUpload(String csv) {
        return new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", "onboard.csv",
                        RequestBody.create(csv.getBytes(StandardCharsets.UTF_8), MediaType.get("text/csv")))
                .build();
    }

    // ------------------------------------------------------------------------------------------ portal links

    /** Filters: {@code ownerId}, {@code endpointId} (repeatable), {@code q}. */
    public Page<PortalLink> listPortalLinks(ListQuery query) {
        return call("GET", project(query, "portal-links"), null, pageOf(PortalLink.class));
    }

    public PortalLink createPortalLink(PortalLinkRequest request) {
        return call("POST", project(null, "portal-links"), request, type(PortalLink.class));
    }

    public PortalLink getPortalLink(String id) {
        return call("GET", project(null, "portal-links", id), null, type(PortalLink.class));
    }

    public PortalLink updatePortalLink(String id, PortalLinkRequest request) {
        return call("PUT", project(null, "portal-links", id), request, type(PortalLink.class));
    }

    /** {@code PUT .../portal-links/{id}/revoke} (there is no DELETE). */
    public void revokePortalLink(String id) {
        call("PUT", project(null, "portal-links", id, "revoke"), null, type(JsonNode.class));
    }

    /** {@code GET .../portal-links/{id}/refresh_token}: a fresh {@code PRT.} auth key. */
    public String refreshPortalLinkToken(String id) {
        return call("GET", project(null, "portal-links", id, "refresh_token"), null, type(String.class));
    }

    // ------------------------------------------------------------------------------------------------ events

    /** Filters: dates, {@code endpointId}/{@code sourceId} (repeatable), {@code idempotencyKey}, {@code query}. */
    public Page<Event> listEvents(ListQuery query) {
        return call("GET", project(query, "events"), null, pageOf(Event.class));
    }

    public Event getEvent(String id) {
        return call("GET", project(null, "events", id), null, type(Event.class));
    }

    /**
     * The event types the project has seen, sorted, for a picker (free text stays allowed: the list may be
     * incomplete). The embedded server answers {@code GET .../events/knowntypes} (its own route: the distinct types
     * of the project's deliveries); a server without it (Convoy) answers 404 ({@link ApiException}). The one place
     * to change when the types come from Convoy's {@code /event-types} instead.
     */
    public List<String> knownEventTypes() {
        return call("GET", project(null, "events", "knowntypes"), null, listOf(String.class));
    }

    /** {@code PUT .../events/{id}/replay}: returns the event as loaded before the replay. */
    public Event replayEvent(String id) {
        return call("PUT", project(null, "events", id, "replay"), null, type(Event.class));
    }

    /**
     * {@code POST .../events}: an event for one endpoint or an owner's endpoints. Hookline answers the stored event
     * (Convoy answers {@code null}: then this returns null).
     */
    public Event createEvent(CreateEventRequest request) {
        return call("POST", project(null, "events"), request, type(Event.class));
    }

    /** {@code POST .../events/fanout}: an event for every endpoint of {@code owner_id}. */
    public Event fanoutEvent(FanoutEventRequest request) {
        return call("POST", project(null, "events", "fanout"), request, type(Event.class));
    }

    /** {@code POST .../events/broadcast}: an event for every endpoint subscribed to its type. */
    public Event broadcastEvent(BroadcastEventRequest request) {
        return call("POST", project(null, "events", "broadcast"), request, type(Event.class));
    }

    /** {@code POST .../events/dynamic}: an event for a URL; its endpoint and subscription are made when missing. */
    public Event dynamicEvent(DynamicEventRequest request) {
        return call("POST", project(null, "events", "dynamic"), request, type(Event.class));
    }

    /**
     * {@code POST .../events/batchreplay}: replays every event the events list matches for {@code filters} (the
     * list's filters and dates; paging is ignored).
     */
    public BatchOutcome batchReplayEvents(ListQuery filters) {
        return batch("POST", project(filters, "events", "batchreplay"), null);
    }

    /** {@code GET .../events/countbatchreplayevents}: how many events {@link #batchReplayEvents} would replay. */
    public long countBatchReplayEvents(ListQuery filters) {
        return count(project(filters, "events", "countbatchreplayevents"));
    }

    // ------------------------------------------------------------------------------------- event deliveries

    /**
     * Filters: dates, {@code endpointId}/{@code status} (repeatable), {@code eventId}, {@code subscriptionId},
     * {@code idempotencyKey}, {@code eventType}; on a Hookline server also {@code httpStatus}
     * ({@link ListQuery#httpStatus}).
     */
    public Page<EventDelivery> listEventDeliveries(ListQuery query) {
        return call("GET", project(query, "eventdeliveries"), null, pageOf(EventDelivery.class));
    }

    /**
     * Whether the server filters deliveries by their last attempt's HTTP status ({@link ListQuery#httpStatus},
     * Hookline's): asks for one delivery with a value no server accepts. Hookline refuses it (400 naming
     * {@code httpStatus}); a Convoy server ignores the unknown parameter and lists deliveries, so a filter sent to it
     * would silently match everything. Other failures (connection, key) are thrown.
     */
    public boolean supportsDeliveryHttpStatusFilter() {
        try {
            listEventDeliveries(ListQuery.ofPerPage(1).with(ListQuery.HTTP_STATUS, "probe"));
            return false;
        } catch (ApiException e) {
            if (e.status() == 400 && e.serverMessage() != null && e.serverMessage().contains(ListQuery.HTTP_STATUS)) {
                return true;
            }
            throw e;
        }
    }

    public EventDelivery getEventDelivery(String id) {
        return call("GET", project(null, "eventdeliveries", id), null, type(EventDelivery.class));
    }

    /** {@code PUT .../eventdeliveries/{id}/resend}: the delivery, now {@code Scheduled}. */
    public EventDelivery resendEventDelivery(String id) {
        return call("PUT", project(null, "eventdeliveries", id, "resend"), null, type(EventDelivery.class));
    }

    /** {@code POST .../eventdeliveries/forceresend}: sends delivered ({@code Success}) deliveries again. */
    public BatchOutcome forceResendEventDeliveries(List<String> ids) {
        return batch("POST", project(null, "eventdeliveries", "forceresend"), Map.of("ids", List.copyOf(ids)));
    }

    /**
     * {@code POST .../eventdeliveries/batchretry}: sends again the failed and discarded deliveries the deliveries
     * list matches for {@code filters} (the list's filters and dates; paging is ignored).
     */
    public BatchOutcome batchRetryEventDeliveries(ListQuery filters) {
        return batch("POST", project(filters, "eventdeliveries", "batchretry"), null);
    }

    /** {@code GET .../eventdeliveries/countbatchretryevents}: how many {@link #batchRetryEventDeliveries} would try. */
    public long countBatchRetryEventDeliveries(ListQuery filters) {
        return count(project(filters, "eventdeliveries", "countbatchretryevents"));
    }

    /**
     * {@code GET .../eventdeliveries/statustotals}: how many deliveries {@link #listEventDeliveries} matches for
     * {@code filters} (its filters and dates; paging is ignored), per status. A Convoy server answers it only to the
     * dashboard and portal; elsewhere it is a 404 ({@link ApiException}).
     */
    public DeliveryStatusTotals eventDeliveryStatusTotals(ListQuery filters) {
        return call("GET", project(filters, "eventdeliveries", "statustotals"), null,
                type(DeliveryStatusTotals.class));
    }

    /**
     * {@code GET .../eventdeliveries/timeseries} (Hookline's own): the matching deliveries per status in
     * {@code bucket} ({@code hour} or {@code day}) buckets of the window of {@code filters}.
     */
    public DeliveryTimeSeries eventDeliveryTimeSeries(ListQuery filters, String bucket) {
        ListQuery query = (filters == null ? ListQuery.create() : filters).with("bucket", bucket);
        return call("GET", project(query, "eventdeliveries", "timeseries"), null, type(DeliveryTimeSeries.class));
    }

    /** A plain array, not paged. */
    public List<DeliveryAttempt> listDeliveryAttempts(String deliveryId) {
        return call("GET", project(null, "eventdeliveries", deliveryId, "deliveryattempts"), null,
                listOf(DeliveryAttempt.class));
    }

    public DeliveryAttempt getDeliveryAttempt(String deliveryId, String attemptId) {
        return call("GET", project(null, "eventdeliveries", deliveryId, "deliveryattempts", attemptId), null,
                type(DeliveryAttempt.class));
    }

    // ------------------------------------------------------------------------------------------ meta events

    /** Only paging and dates. */
    public Page<MetaEvent> listMetaEvents(ListQuery query) {
        return call("GET", project(query, "meta-events"), null, pageOf(MetaEvent.class));
    }

    public MetaEvent getMetaEvent(String id) {
        return call("GET", project(null, "meta-events", id), null, type(MetaEvent.class));
    }

    /** {@code PUT .../meta-events/{id}/resend}. */
    public MetaEvent resendMetaEvent(String id) {
        return call("PUT", project(null, "meta-events", id, "resend"), null, type(MetaEvent.class));
    }

    // ------------------------------------------------------------------------------------------ storage

    /**
     * {@code GET .../storage} (Hookline's own): the data directory's size and the project's oldest kept event. A
     * server without it (a remote Convoy) answers 404 ({@link ApiException}).
     */
    public StorageInfo storage() {
        return call("GET", project(null, "storage"), null, type(StorageInfo.class));
    }

    /**
     * {@code POST /v1/storage/compact} (Hookline only, the instance key): gives the database's free pages back to the
     * disk and answers the file's size before and after.
     */
    public dev.hookline.api.model.StorageCompaction compactStorage() {
        return call("POST", url(List.of("v1", "storage", "compact"), null), null,
                type(dev.hookline.api.model.StorageCompaction.class));
    }

    // ------------------------------------------------------------------------------------------ capture bins

    /**
     * {@code GET .../capture-bins} (Hookline's own, not paged): the project's capture bins, oldest first. A server
     * without them (a remote Convoy) answers 404 ({@link ApiException}).
     */
    public List<CaptureBin> listCaptureBins() {
        return call("GET", project(null, "capture-bins"), null, listOf(CaptureBin.class));
    }

    public CaptureBin getCaptureBin(String id) {
        return call("GET", project(null, "capture-bins", id), null, type(CaptureBin.class));
    }

    public CaptureBin createCaptureBin(CaptureBinRequest request) {
        return call("POST", project(null, "capture-bins"), request, type(CaptureBin.class));
    }

    /** Null members of {@code request} keep their value. */
    public CaptureBin updateCaptureBin(String id, CaptureBinRequest request) {
        return call("PUT", project(null, "capture-bins", id), request, type(CaptureBin.class));
    }

    public void deleteCaptureBin(String id) {
        call("DELETE", project(null, "capture-bins", id), null, type(JsonNode.class));
    }

    /** The requests the bin holds with {@code seq > afterSeq} (0: all), oldest first. */
    public List<CapturedRequest> listCapturedRequests(String binId, long afterSeq) {
        ListQuery query = ListQuery.create().with("after", Long.toString(afterSeq));
        return call("GET", project(query, "capture-bins", binId, "requests"), null, listOf(CapturedRequest.class));
    }

    /** Forgets every request the bin holds. */
    public void clearCapturedRequests(String binId) {
        call("DELETE", project(null, "capture-bins", binId, "requests"), null, type(JsonNode.class));
    }

    // ------------------------------------------------------------------------------------------- portal API

    public Page<Endpoint> portalListEndpoints(ListQuery query) {
        return call("GET", portal(query, "endpoints"), null, pageOf(Endpoint.class));
    }

    public Endpoint portalGetEndpoint(String id) {
        return call("GET", portal(null, "endpoints", id), null, type(Endpoint.class));
    }

    /** Needs a link with {@code can_manage_endpoint}, else 403. */
    public Endpoint portalCreateEndpoint(EndpointRequest request) {
        return call("POST", portal(null, "endpoints"), request, type(Endpoint.class));
    }

    public Endpoint portalUpdateEndpoint(String id, EndpointRequest request) {
        return call("PUT", portal(null, "endpoints", id), request, type(Endpoint.class));
    }

    public void portalDeleteEndpoint(String id) {
        call("DELETE", portal(null, "endpoints", id), null, type(JsonNode.class));
    }

    public Endpoint portalPauseEndpoint(String id) {
        return call("PUT", portal(null, "endpoints", id, "pause"), null, type(Endpoint.class));
    }

    /** The link's events: filters as {@link #listEvents}, limited to the link's endpoints. */
    public Page<Event> portalListEvents(ListQuery query) {
        return call("GET", portal(query, "events"), null, pageOf(Event.class));
    }

    public Event portalGetEvent(String id) {
        return call("GET", portal(null, "events", id), null, type(Event.class));
    }

    /** Only for events whose endpoints all belong to the link (else 403). */
    public Event portalReplayEvent(String id) {
        return call("PUT", portal(null, "events", id, "replay"), null, type(Event.class));
    }

    /** {@link #batchReplayEvents} limited to events wholly the link's. */
    public BatchOutcome portalBatchReplayEvents(ListQuery filters) {
        return batch("POST", portal(filters, "events", "batchreplay"), null);
    }

    public long portalCountBatchReplayEvents(ListQuery filters) {
        return count(portal(filters, "events", "countbatchreplayevents"));
    }

    /** The link's deliveries: filters as {@link #listEventDeliveries}, limited to the link's endpoints. */
    public Page<EventDelivery> portalListEventDeliveries(ListQuery query) {
        return call("GET", portal(query, "eventdeliveries"), null, pageOf(EventDelivery.class));
    }

    public EventDelivery portalGetEventDelivery(String id) {
        return call("GET", portal(null, "eventdeliveries", id), null, type(EventDelivery.class));
    }

    /** A plain array, not paged. */
    public List<DeliveryAttempt> portalListDeliveryAttempts(String deliveryId) {
        return call("GET", portal(null, "eventdeliveries", deliveryId, "deliveryattempts"), null,
                listOf(DeliveryAttempt.class));
    }

    public DeliveryAttempt portalGetDeliveryAttempt(String deliveryId, String attemptId) {
        return call("GET", portal(null, "eventdeliveries", deliveryId, "deliveryattempts", attemptId), null,
                type(DeliveryAttempt.class));
    }

    /** {@link #resendEventDelivery} for a delivery to one of the link's endpoints. */
    public EventDelivery portalResendEventDelivery(String id) {
        return call("PUT", portal(null, "eventdeliveries", id, "resend"), null, type(EventDelivery.class));
    }

    public BatchOutcome portalForceResendEventDeliveries(List<String> ids) {
        return batch("POST", portal(null, "eventdeliveries", "forceresend"), Map.of("ids", List.copyOf(ids)));
    }

    public BatchOutcome portalBatchRetryEventDeliveries(ListQuery filters) {
        return batch("POST", portal(filters, "eventdeliveries", "batchretry"), null);
    }

    public long portalCountBatchRetryEventDeliveries(ListQuery filters) {
        return count(portal(filters, "eventdeliveries", "countbatchretryevents"));
    }

    /** {@link #eventDeliveryStatusTotals} limited to the link's endpoints. */
    public DeliveryStatusTotals portalEventDeliveryStatusTotals(ListQuery filters) {
        return call("GET", portal(filters, "eventdeliveries", "statustotals"), null,
                type(DeliveryStatusTotals.class));
    }

    /** {@link #eventDeliveryTimeSeries} limited to the link's endpoints. */
    public DeliveryTimeSeries portalEventDeliveryTimeSeries(ListQuery filters, String bucket) {
        ListQuery query = (filters == null ? ListQuery.create() : filters).with("bucket", bucket);
        return call("GET", portal(query, "eventdeliveries", "timeseries"), null, type(DeliveryTimeSeries.class));
    }

    // ------------------------------------------------------------------------------------------------ generic

    /**
     * Any call, returning the whole envelope with {@code data} as a tree. {@code pathAfterBase} is relative to the
     * base URL, e.g. {@code /v1/projects/01H.../events/fanout}; {@code body} is serialised with Jackson (a record,
     * map or {@link JsonNode}); non-2xx throws {@link ApiException}.
     */
    public Envelope<JsonNode> send(String method, String pathAfterBase, Object bodyOrNull, ListQuery queryOrNull) {
        HttpUrl url = withQuery(resolve(pathAfterBase), queryOrNull);
        JavaType envType = mapper.getTypeFactory().constructParametricType(Envelope.class, JsonNode.class);
        return execute(method, url, bodyOrNull, envType);
    }

    /**
     * {@code GET /healthz} at the server root: Hookline's health (also when it answers 503), or {@code null} when the
     * server tells none (Convoy answers {@code data: null}; other servers 404). Throws only when the server cannot be
     * reached ({@link ApiException#isConnectionFailure()}).
     */
    public ServerHealth health() {
        HttpUrl url = hostRoot.newBuilder().addPathSegment("healthz").build();
        Request request = new Request.Builder().url(url).header("Accept", "application/json").get().build();
        try (Response resp = http.newCall(request).execute()) {
            ResponseBody body = resp.body();
            String text = body == null ? "" : body.string();
            if (resp.code() != 200 && resp.code() != 503) {
                return null;
            }
            JsonNode data = mapper.readTree(text).path("data");
            return data.isObject() ? mapper.treeToValue(data, ServerHealth.class) : null;
        } catch (JsonProcessingException e) {
            return null; // not Hookline's health document: nothing known
        } catch (IOException e) {
            throw connectionFailure(url, e);
        }
    }

    /**
     * Escape hatch for tests: sends {@code body} as-is ({@code Content-Type: application/json} unless
     * {@code extraHeaders} says otherwise) and never throws on a non-2xx status. {@code extraHeaders} replace the
     * defaults ({@code Authorization}, {@code Content-Type}, {@code Accept}); a {@code null} value removes that header.
     * {@code pathAfterBase} may carry a query string. Connection failures still throw {@link ApiException} (status 0).
     */
    public RawResponse raw(String method, String pathAfterBase, String bodyOrNull, Map<String, String> extraHeaders) {
        HttpUrl url = resolve(pathAfterBase);
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("Authorization", "Bearer " + apiKey);
        headers.put("Accept", "application/json");
        if (bodyOrNull != null) {
            headers.put("Content-Type", JSON.toString());
        }
        if (extraHeaders != null) {
            headers.putAll(extraHeaders);
        }
        String contentType = headers.remove("Content-Type");
        Request.Builder rb = new Request.Builder().url(url);
        headers.forEach((k, v) -> {
            if (v != null) {
                rb.header(k, v);
            }
        });
        RequestBody body = null;
        if (bodyOrNull != null || needsBody(method)) {
            byte[] bytes = bodyOrNull == null ? new byte[0] : bodyOrNull.getBytes(StandardCharsets.UTF_8);
            MediaType mt = contentType == null ? null : MediaType.parse(contentType);
            if (contentType != null && mt == null) {
                rb.header("Content-Type", contentType); // not parseable as a media type: send it verbatim
            }
            body = RequestBody.create(bytes, mt);
        } else if (contentType != null) {
            rb.header("Content-Type", contentType);
        }
        rb.method(method, body);
        try (Response resp = http.newCall(rb.build()).execute()) {
            ResponseBody rbody = resp.body();
            String text = rbody == null ? "" : rbody.string();
            return new RawResponse(resp.code(), text, headerMap(resp.headers()));
        } catch (IOException e) {
            throw connectionFailure(url, e);
        }
    }

    /** Releases the connection pool and dispatcher threads (shared with clients from {@link #withProject}). */
    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    /** Never includes the API key. */
    @Override
    public String toString() {
        return "ApiClient[" + baseUrl() + (projectId == null ? "" : ", project=" + projectId) + "]";
    }

    // ------------------------------------------------------------------------------ remote Convoy tolerances

    /**
     * The projects this client's key can see. An instance or personal key lists them all ({@code GET /v1/projects});
     * a Convoy project API key cannot list projects (401/403) and needs no organisation ID: then the one project the
     * client is bound to is fetched instead. Without a bound project, the list failure is thrown.
     */
    public List<Project> listAccessibleProjects() {
        try {
            return listProjects();
        } catch (ApiException e) {
            boolean keyCannotList = e.status() == 401 || e.status() == 403 || e.status() == 404 || e.status() == 400;
            if (!keyCannotList || projectId == null) {
                throw e;
            }
            return List.of(getProject(projectId));
        }
    }

    /**
     * The {@code data} of a 2xx envelope as {@code dataType}. Convoy answers some successes with {@code data: null}
     * (deletes, revokes, queued work) or a bare number (its older {@code POST /events} answered {@code data: 200};
     * event creation is asynchronous and returns no event): where an object or list is expected, a scalar or null
     * reads as {@code null} instead of failing a call that did succeed.
     */
    private <T> T decodeData(JsonNode data, JavaType dataType, HttpUrl url) {
        if (data == null || data.isNull() || data.isMissingNode()) {
            return null;
        }
        boolean wantsContainer = !dataType.isPrimitive() && !dataType.isTypeOrSubTypeOf(String.class)
                && !dataType.isTypeOrSubTypeOf(Number.class) && !dataType.isTypeOrSubTypeOf(Boolean.class)
                && !dataType.isTypeOrSubTypeOf(JsonNode.class) && !dataType.isEnumType();
        if (wantsContainer && data.isValueNode()) {
            return null;
        }
        try {
            return mapper.readerFor(dataType).readValue(mapper.treeAsTokens(data));
        } catch (IOException e) {
            String detail = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new ApiException(200, "invalid response from " + describe(url) + ": " + detail, null, e);
        }
    }

    // --------------------------------------------------------------------------------------------- internals

    /** A batch action: its counts are in the message. */
    private BatchOutcome batch(String method, HttpUrl url, Object body) {
        JavaType envType = mapper.getTypeFactory().constructParametricType(Envelope.class, JsonNode.class);
        Envelope<JsonNode> env = execute(method, url, body, envType);
        return BatchOutcome.of(env == null ? null : env.message());
    }

    /** A count answer: {@code data = {"num": n}}. */
    private long count(HttpUrl url) {
        JsonNode data = call("GET", url, null, type(JsonNode.class));
        return data == null ? 0 : data.path("num").asLong();
    }

    private <T> T call(String method, HttpUrl url, Object body, JavaType dataType) {
        JavaType envType = mapper.getTypeFactory().constructParametricType(Envelope.class, JsonNode.class);
        Envelope<JsonNode> env = execute(method, url, body, envType);
        return env == null ? null : decodeData(env.data(), dataType, url);
    }

    private <E> E execute(String method, HttpUrl url, Object body, JavaType envType) {
        Request.Builder rb = new Request.Builder()
                .url(url)
                .header("Authorization", "Bearer " + apiKey)
                .header("Accept", "application/json");
        RequestBody requestBody = null;
        if (body instanceof RequestBody ready) {
            requestBody = ready;
        } else if (body != null) {
            try {
                requestBody = RequestBody.create(mapper.writeValueAsBytes(body), JSON);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("cannot serialise request body: " + e.getOriginalMessage(), e);
            }
        } else if (needsBody(method)) {
            requestBody = RequestBody.create(new byte[0], null);
        }
        rb.method(method, requestBody);
        String text;
        int code;
        String reason;
        try (Response resp = http.newCall(rb.build()).execute()) {
            ResponseBody rbody = resp.body();
            text = rbody == null ? "" : rbody.string();
            code = resp.code();
            reason = resp.message();
        } catch (IOException e) {
            throw connectionFailure(url, e);
        }
        if (code < 200 || code > 299) {
            throw httpError(code, reason, text);
        }
        if (text.isBlank()) {
            return null;
        }
        try {
            return mapper.readValue(text, envType);
        } catch (JsonProcessingException e) {
            throw new ApiException(code, "invalid response from " + describe(url) + ": " + e.getOriginalMessage(),
                    null, e);
        }
    }

    private ApiException httpError(int code, String reason, String body) {
        String serverMessage = null;
        if (!body.isBlank()) {
            try {
                JsonNode node = mapper.readTree(body);
                if (node != null && node.isObject() && node.path("message").isTextual()) {
                    serverMessage = node.get("message").asText();
                }
            } catch (JsonProcessingException ignored) {
                // not JSON: fall through to the status line
            }
        }
        String statusLine = "HTTP " + code + " " + reasonPhrase(code, reason);
        String message;
        if (serverMessage != null && !serverMessage.isBlank()) {
            message = serverMessage;
        } else if (serverMessage == null && !body.isBlank()) {
            String snippet = body.strip();
            message = statusLine.strip() + ": " + (snippet.length() > 200 ? snippet.substring(0, 200) + "..." : snippet);
        } else {
            message = statusLine.strip();
        }
        return new ApiException(code, message, serverMessage);
    }

    private static ApiException connectionFailure(HttpUrl url, IOException e) {
        String where = describe(url);
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String detail = root.getMessage();
        if (root instanceof UnknownHostException) {
            detail = "unknown host " + detail;
        } else if (detail == null || detail.isBlank()) {
            detail = root.getClass().getSimpleName();
        } else if (root instanceof ConnectException && detail.startsWith("Failed to connect")) {
            detail = "Connection refused";
        }
        boolean timeout = e instanceof SocketTimeoutException || root instanceof SocketTimeoutException
                || (e instanceof InterruptedIOException && "timeout".equals(e.getMessage()));
        if (timeout && !detail.toLowerCase(Locale.ROOT).contains("connect")) {
            return new ApiException(0, "no answer from " + where + " (timed out)", null, e);
        }
        return new ApiException(0, "cannot reach " + where + ": " + detail, null, e);
    }

    /** scheme://host:port/path without the query (never contains credentials). */
    private static String describe(HttpUrl url) {
        return url.newBuilder().query(null).username("").password("").build().toString();
    }

    private static String reasonPhrase(int code, String reason) {
        if (reason != null && !reason.isBlank()) {
            return reason;
        }
        return switch (code) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 402 -> "Payment Required";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Payload Too Large";
            case 415 -> "Unsupported Media Type";
            case 422 -> "Unprocessable Entity";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "";
        };
    }

    private static boolean needsBody(String method) {
        String m = method.toUpperCase(Locale.ROOT);
        return m.equals("POST") || m.equals("PUT") || m.equals("PATCH");
    }

    private static Map<String, List<String>> headerMap(Headers headers) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String name : headers.names()) {
            out.put(name.toLowerCase(Locale.ROOT), List.copyOf(headers.values(name)));
        }
        return Collections.unmodifiableMap(out);
    }

    private HttpUrl project(ListQuery query, String... segments) {
        if (projectId == null) {
            throw new IllegalStateException("no project selected: use withProject(projectId)");
        }
        List<String> path = new ArrayList<>(List.of("v1", "projects", projectId));
        path.addAll(List.of(segments));
        return url(path, query);
    }

    private HttpUrl portal(ListQuery query, String... segments) {
        HttpUrl.Builder b = hostRoot.newBuilder().addPathSegment("portal-api");
        for (String s : segments) {
            b.addPathSegment(requireSegment(s));
        }
        return withQuery(b.build(), query);
    }

    private HttpUrl url(List<String> segments, ListQuery query) {
        HttpUrl.Builder b = base.newBuilder();
        for (String s : segments) {
            b.addPathSegment(requireSegment(s));
        }
        return withQuery(b.build(), query);
    }

    private static String requireSegment(String s) {
        if (s == null || s.isEmpty()) {
            throw new IllegalArgumentException("id must not be empty");
        }
        return s;
    }

    private static HttpUrl withQuery(HttpUrl url, ListQuery query) {
        if (query == null || query.params().isEmpty()) {
            return url;
        }
        HttpUrl.Builder b = url.newBuilder();
        query.params().forEach((name, values) -> values.forEach(v -> b.addQueryParameter(name, v)));
        return b.build();
    }

    private static ListQuery orgQuery(String orgId) {
        return orgId == null ? null : ListQuery.create().with("orgID", orgId);
    }

    private HttpUrl resolve(String pathAfterBase) {
        String p = pathAfterBase.startsWith("/") ? pathAfterBase : "/" + pathAfterBase;
        HttpUrl url = HttpUrl.parse(baseUrl() + p);
        if (url == null) {
            throw new IllegalArgumentException("bad path: " + pathAfterBase);
        }
        return url;
    }

    private JavaType type(Class<?> c) {
        return mapper.getTypeFactory().constructType(c);
    }

    private JavaType pageOf(Class<?> c) {
        return mapper.getTypeFactory().constructParametricType(Page.class, c);
    }

    private JavaType listOf(Class<?> c) {
        return mapper.getTypeFactory().constructCollectionType(List.class, c);
    }

    private static HttpUrl parseBase(String baseUrl) {
        Objects.requireNonNull(baseUrl, "baseUrl");
        String s = baseUrl.strip();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        HttpUrl url = HttpUrl.parse(s);
        if (url == null) {
            throw new IllegalArgumentException("not an http(s) URL: " + baseUrl);
        }
        return url;
    }

    /** The base with a trailing {@code api} segment removed: where {@code /portal-api} and {@code /ingest} live. */
    private static HttpUrl hostRootOf(HttpUrl base) {
        List<String> segs = new ArrayList<>(base.pathSegments());
        while (!segs.isEmpty() && segs.get(segs.size() - 1).isEmpty()) {
            segs.remove(segs.size() - 1);
        }
        if (!segs.isEmpty() && segs.get(segs.size() - 1).equals("api")) {
            segs.remove(segs.size() - 1);
        }
        HttpUrl.Builder b = base.newBuilder().encodedPath("/");
        for (String s : segs) {
            b.addPathSegment(s);
        }
        return b.build();
    }
}
