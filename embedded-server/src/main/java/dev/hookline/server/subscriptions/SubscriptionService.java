package dev.hookline.server.subscriptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.model.AlertConfig;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.SubscriptionStatus;
import dev.hookline.server.store.Store;
import dev.hookline.server.domain.ConflictException;
import dev.hookline.server.domain.GoDuration;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.Names;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.sources.SourceRedaction;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.subscriptions.SubscriptionRepository.Row;
import dev.hookline.server.subscriptions.SubscriptionRepository.StoredFilter;
import dev.hookline.server.subscriptions.SubscriptionRepository.Values;
import dev.hookline.server.transforms.ScriptRunner;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Subscription use cases: list, create, get, update, delete, with validation (names, functions, filters, retry,
 * alert and rate-limit configs) and the one-subscription-per-endpoint rule of outgoing projects. Creating or updating
 * one keeps its per-event-type filter rows in step ({@link EventTypeFilterRows}), as Convoy does. Answers carry the
 * endpoint ({@code endpoint_metadata}, redacted like the endpoint API) and the source ({@code source_metadata})
 * instead of their IDs, as Convoy's do.
 */
public final class SubscriptionService {

    static final String NOT_FOUND = "failed to find subscription";
    private static final Pattern TRANSFORM = Pattern.compile("function\\s+transform\\s*\\(");
    private static final String[] PARTS = {"headers", "body", "query", "path"};

    private final Store store;
    private final EndpointRepository endpoints;
    private final SourceRepository sources;
    private final SubscriptionRepository subscriptions;
    private final EventTypeFilterRows filterRows;

    public SubscriptionService(Store store, EndpointRepository endpoints, SourceRepository sources,
                               SubscriptionRepository subscriptions, EventTypeFilterRows filterRows) {
        this.store = store;
        this.endpoints = endpoints;
        this.sources = sources;
        this.subscriptions = subscriptions;
        this.filterRows = filterRows;
    }

    /** Filters: {@code endpointIds} (any of them; empty for all), {@code name} (contains, case-insensitive; null). */
    public Page<Subscription> list(Project project, List<String> endpointIdFilter, String nameContains,
                                   ListParams params) {
        List<String> endpointIds = endpointIdFilter.stream().map(String::strip).distinct().toList();
        String name = nameContains == null ? null : nameContains.strip();
        Page<Row> page = subscriptions.list(project.uid(), endpointIds, name, params);
        Map<String, Endpoint> endpointsById = endpoints.findAll(project.uid(),
                page.content().stream().map(Row::endpointId).filter(Objects::nonNull).toList());
        Map<String, Source> sourcesById = sources.findAll(project.uid(),
                page.content().stream().map(Row::sourceId).filter(Objects::nonNull).toList());
        List<Subscription> content = new ArrayList<>();
        for (Row row : page.content()) {
            content.add(withMetadata(row.subscription(), endpointsById.get(row.endpointId()),
                    row.sourceId() == null ? null : sourcesById.get(row.sourceId())));
        }
        return new Page<>(content, page.pagination());
    }

    /** Creates a subscription; the answer echoes the filter as sent (Convoy's {@code is_flattened:false}). */
    public Subscription create(Project project, SubscriptionRequest request) {
        Values values = values(project, request);
        return store.db().write(c -> insert(c, project, values));
    }

    /**
     * {@link #create} inside the caller's write: a portal link's new endpoint and its subscription are stored
     * together or not at all (docs/adr/0025).
     */
    public Subscription createIn(Connection c, Project project, SubscriptionRequest request) throws SQLException {
        return insert(c, project, values(project, request));
    }

    /** The request checked (a 400 naming the field otherwise) and in the stored shape. */
    private Values values(Project project, SubscriptionRequest request) {
        if (blank(request.name())) {
            throw InvalidInputException.of("name:please provide a valid subscription name");
        }
        if (blank(request.endpointId())) {
            throw InvalidInputException.of("endpoint_id:please provide a valid endpoint id");
        }
        boolean incoming = project.type() == ProjectType.INCOMING;
        if (incoming && blank(request.sourceId())) {
            throw InvalidInputException.of("source_id is required for incoming projects");
        }
        FilterConfig requested = request.filterConfig();
        StoredFilter filter = filter(requested == null ? null : requested.eventTypes(),
                requested == null ? null : requested.filter());
        Values values = new Values(name(request.name()), request.endpointId().strip(),
                blank(request.sourceId()) ? null : request.sourceId().strip(), function(request.function()),
                alertConfig(request.alertConfig()), retryConfig(request.retryConfig()), filter,
                rateLimitConfig(request.rateLimitConfig()),
                request.deliveryMode() == null ? DeliveryMode.AT_LEAST_ONCE : request.deliveryMode());
        return values;
    }

    private Subscription insert(Connection c, Project project, Values values) throws SQLException {
        boolean oneEach = project.type() == ProjectType.OUTGOING && !multipleAllowed(project);
        String id = store.newId();
        Instant now = store.now();
        String baseUrl = store.baseUrl();
        Endpoint endpoint = endpoint(c, project.uid(), values.endpointId());
        Source source = source(c, project.uid(), values.sourceId(), baseUrl);
        if (oneEach && subscriptions.countForEndpoint(c, project.uid(), values.endpointId(), null) > 0) {
            throw new ConflictException("a subscription for this endpoint already exists");
        }
        Row row = subscriptions.insert(c, id, project.uid(), values, now);
        filterRows.follow(c, id, null, values.filter(), now);
        // Convoy's create answer echoes the filter as sent (is_flattened false); reads show the stored form.
        Subscription s = row.subscription();
        Subscription echoed = s.toBuilder().sourceMetadata(null).endpointMetadata(null).deviceMetadata(null)
                .filterConfig(new FilterConfig(s.filterConfig().eventTypes(), row.rawFilter())).build();
        return withMetadata(echoed, endpoint, source);
    }

    public Subscription get(Project project, String subscriptionId) {
        String baseUrl = store.baseUrl();
        Subscription found = store.db().read(c -> {
            Row row = subscriptions.find(c, project.uid(), subscriptionId);
            return row == null ? null : withMetadata(c, project.uid(), row, baseUrl);
        });
        if (found == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return found;
    }

    /**
     * Convoy's update semantics: only what is given changes (blank strings, zero counts and empty lists keep the
     * stored value); a given filter replaces all four filter parts. A new endpoint or source must exist in the
     * project, and an outgoing project still allows one subscription per endpoint.
     */
    public Subscription update(Project project, String subscriptionId, SubscriptionRequest request) {
        FilterConfig requested = request.filterConfig();
        List<String> eventTypes = requested == null || requested.eventTypes() == null
                || requested.eventTypes().isEmpty() ? null : requested.eventTypes();
        FilterConfig.Filter requestedFilter = requested == null || isEmpty(requested.filter()) ? null
                : requested.filter();
        StoredFilter newFilter = eventTypes == null && requestedFilter == null ? null
                : filter(eventTypes, requestedFilter);
        String function = blank(request.function()) ? null : function(request.function());
        String name = blank(request.name()) ? null : name(request.name());
        AlertConfig alert = alertConfig(request.alertConfig());
        Subscription.RetryConfig retry = retryConfig(request.retryConfig());
        RateLimitConfig rateLimit = rateLimitConfig(request.rateLimitConfig());
        boolean oneEach = project.type() == ProjectType.OUTGOING && !multipleAllowed(project);
        Instant now = store.now();
        String baseUrl = store.baseUrl();
        Subscription updated = store.db().write(c -> {
            Row current = subscriptions.find(c, project.uid(), subscriptionId);
            if (current == null) {
                throw new NotFoundException(NOT_FOUND);
            }
            Values was = SubscriptionRepository.valuesOf(current);
            String endpointId = blank(request.endpointId()) ? was.endpointId() : request.endpointId().strip();
            if (!endpointId.equals(was.endpointId())) {
                endpoint(c, project.uid(), endpointId);
                if (oneEach && subscriptions.countForEndpoint(c, project.uid(), endpointId, subscriptionId) > 0) {
                    throw new ConflictException("a subscription for this endpoint already exists");
                }
            }
            String sourceId = blank(request.sourceId()) ? was.sourceId() : request.sourceId().strip();
            if (sourceId != null && !sourceId.equals(was.sourceId())) {
                source(c, project.uid(), sourceId, baseUrl);
            }
            StoredFilter filter = was.filter();
            if (newFilter != null) {
                filter = new StoredFilter(eventTypes == null ? filter.eventTypes() : newFilter.eventTypes(),
                        requestedFilter == null ? filter.raw() : newFilter.raw(),
                        requestedFilter == null ? filter.flat() : newFilter.flat());
            }
            Values next = new Values(name == null ? was.name() : name, endpointId, sourceId,
                    function == null ? was.function() : function, mergeAlert(was.alertConfig(), alert),
                    mergeRetry(was.retryConfig(), retry), filter, mergeRateLimit(was.rateLimitConfig(), rateLimit),
                    request.deliveryMode() == null ? was.deliveryMode() : request.deliveryMode());
            Row row = subscriptions.replace(c, project.uid(), subscriptionId, next, now);
            filterRows.follow(c, subscriptionId, was.filter(), filter, now);
            return withMetadata(c, project.uid(), row, baseUrl);
        });
        return updated;
    }

    /**
     * {@code PUT .../toggle_status}: active becomes inactive and back. An inactive subscription matches no event
     * (the event says so in its {@code failure_reason} when nothing else matched) until it is toggled back.
     */
    public Subscription toggleStatus(Project project, String subscriptionId) {
        Instant now = store.now();
        String baseUrl = store.baseUrl();
        return store.db().write(c -> {
            Row current = subscriptions.find(c, project.uid(), subscriptionId);
            if (current == null) {
                throw new NotFoundException(NOT_FOUND);
            }
            SubscriptionStatus next = current.subscription().active() ? SubscriptionStatus.INACTIVE
                    : SubscriptionStatus.ACTIVE;
            return withMetadata(c, project.uid(), subscriptions.setStatus(c, project.uid(), subscriptionId, next, now),
                    baseUrl);
        });
    }

    public void delete(String projectId, String subscriptionId) {
        Instant now = store.now();
        if (!store.db().write(c -> subscriptions.softDelete(c, projectId, subscriptionId, now))) {
            throw new NotFoundException(NOT_FOUND);
        }
    }

    // ------------------------------------------------------------------------------------------ validation

    private static String name(String name) {
        return Names.limit(name).strip();
    }

    private static String function(String script) {
        if (blank(script)) {
            return null;
        }
        if (!TRANSFORM.matcher(script).find()) {
            throw InvalidInputException.of("function:the transform function is not found, please define it or rename the "
                    + "existing function");
        }
        String syntaxError = ScriptRunner.syntaxError(script);
        if (syntaxError != null) {
            throw InvalidInputException.of("function:" + syntaxError);
        }
        return script;
    }

    /** Event types (default {@code ["*"]}) and the four filter parts, each an object, validated and flattened. */
    static StoredFilter filter(List<String> eventTypes, FilterConfig.Filter filter) {
        List<String> types = new ArrayList<>();
        if (eventTypes != null) {
            for (int i = 0; i < eventTypes.size(); i++) {
                String type = eventTypes.get(i);
                if (blank(type)) {
                    throw InvalidInputException.of("filter_config.event_types[" + i + "]:event types must be non-empty "
                            + "strings");
                }
                if (!types.contains(type.strip())) {
                    types.add(type.strip());
                }
            }
        }
        if (types.isEmpty()) {
            types.add("*");
        }
        JsonNode[] given = filter == null ? new JsonNode[4]
                : new JsonNode[] {filter.headers(), filter.body(), filter.query(), filter.path()};
        ObjectNode[] raw = new ObjectNode[4];
        ObjectNode[] flat = new ObjectNode[4];
        for (int i = 0; i < PARTS.length; i++) {
            String field = "filter_config.filter." + PARTS[i];
            JsonNode part = given[i];
            if (part != null && !part.isNull() && !part.isObject()) {
                throw InvalidInputException.of(field + ":must be a JSON object");
            }
            try {
                flat[i] = FilterFlattener.flattenFilter(part);
            } catch (FilterFlattener.InvalidFilterException e) {
                throw InvalidInputException.of(field + ":" + e.getMessage());
            }
            raw[i] = part == null || part.isNull() ? JsonNodeFactory.instance.objectNode()
                    : ((ObjectNode) part).deepCopy();
        }
        return new StoredFilter(List.copyOf(types), raw, flat);
    }

    private static AlertConfig alertConfig(AlertConfig alert) {
        if (alert == null) {
            return null;
        }
        if (alert.count() != null && alert.count() < 0) {
            throw InvalidInputException.of("alert_config.count:must not be negative");
        }
        if (!blank(alert.threshold()) && !validDuration(alert.threshold())) {
            throw InvalidInputException.of("alert_config.threshold:please provide a valid time duration (e.g. \"1h\"), "
                    + "got \"" + alert.threshold() + "\"");
        }
        return new AlertConfig(alert.count() == null ? 0 : alert.count(),
                blank(alert.threshold()) ? "" : alert.threshold().strip());
    }

    private static RateLimitConfig rateLimitConfig(RateLimitConfig rateLimit) {
        if (rateLimit == null) {
            return null;
        }
        if ((rateLimit.count() != null && rateLimit.count() < 0)
                || (rateLimit.duration() != null && rateLimit.duration() < 0)) {
            throw InvalidInputException.of("rate_limit_config:count and duration must not be negative");
        }
        return new RateLimitConfig(rateLimit.count() == null ? 0 : rateLimit.count(),
                rateLimit.duration() == null ? 0L : rateLimit.duration());
    }

    /** The request shape (Go duration string or interval seconds) to the stored shape (seconds). */
    private static Subscription.RetryConfig retryConfig(SubscriptionRequest.RetryConfig retry) {
        if (retry == null) {
            return null;
        }
        Long seconds = retry.intervalSeconds();
        if (!blank(retry.duration())) {
            Duration duration;
            try {
                duration = GoDuration.parse(retry.duration().strip());
            } catch (IllegalArgumentException e) {
                throw InvalidInputException.of("retry_config.duration:please provide a valid time duration (e.g. \"10s\"),"
                        + " got \"" + retry.duration() + "\"");
            }
            seconds = duration.toSeconds();
        }
        if ((seconds != null && seconds < 0) || (retry.retryCount() != null && retry.retryCount() < 0)) {
            throw InvalidInputException.of("retry_config:duration and retry_count must not be negative");
        }
        return new Subscription.RetryConfig(retry.type(), seconds, retry.retryCount());
    }

    private static AlertConfig mergeAlert(AlertConfig was, AlertConfig given) {
        if (given == null) {
            return was;
        }
        int count = given.count() > 0 ? given.count() : was == null || was.count() == null ? 0 : was.count();
        String threshold = !given.threshold().isEmpty() ? given.threshold()
                : was == null || was.threshold() == null ? "" : was.threshold();
        return new AlertConfig(count, threshold);
    }

    private static Subscription.RetryConfig mergeRetry(Subscription.RetryConfig was, Subscription.RetryConfig given) {
        if (given == null) {
            return was;
        }
        if (was == null) {
            return given;
        }
        return new Subscription.RetryConfig(given.type() != null ? given.type() : was.type(),
                given.duration() != null && given.duration() > 0 ? given.duration() : was.duration(),
                given.retryCount() != null && given.retryCount() > 0 ? given.retryCount() : was.retryCount());
    }

    private static RateLimitConfig mergeRateLimit(RateLimitConfig was, RateLimitConfig given) {
        if (given == null) {
            return was;
        }
        return new RateLimitConfig(given.count() > 0 || was == null ? given.count() : was.count(),
                given.duration() > 0 || was == null ? given.duration() : was.duration());
    }

    // ------------------------------------------------------------------------------------------ lookups

    private Endpoint endpoint(Connection c, String projectId, String endpointId) throws SQLException {
        Endpoint endpoint = endpoints.find(c, projectId, endpointId);
        if (endpoint == null) {
            throw InvalidInputException.of("failed to find endpoint by id");
        }
        return endpoint;
    }

    private Source source(Connection c, String projectId, String sourceId, String baseUrl)
            throws SQLException {
        if (sourceId == null) {
            return null;
        }
        Source source = sources.find(c, projectId, sourceId, baseUrl);
        if (source == null) {
            throw InvalidInputException.of("failed to find source by id");
        }
        return source;
    }

    private Subscription withMetadata(Connection c, String projectId, Row row, String baseUrl)
            throws SQLException {
        Endpoint endpoint = row.endpointId() == null ? null : endpoints.find(c, projectId, row.endpointId());
        Source source = row.sourceId() == null ? null : sources.find(c, projectId, row.sourceId(), baseUrl);
        return withMetadata(row.subscription(), endpoint, source);
    }

    private static Subscription withMetadata(Subscription s, Endpoint endpoint, Source source) {
        return s.toBuilder().sourceMetadata(SourceRedaction.redact(source))
                .endpointMetadata(EndpointRedaction.redact(endpoint))
                .deviceMetadata(null).build();
    }

    private static boolean multipleAllowed(Project project) {
        return project.config() != null && Boolean.TRUE.equals(project.config().multipleEndpointSubscriptions());
    }

    private static boolean isEmpty(FilterConfig.Filter filter) {
        return filter == null || (isNull(filter.headers()) && isNull(filter.body()) && isNull(filter.query())
                && isNull(filter.path()));
    }

    private static boolean isNull(JsonNode node) {
        return node == null || node.isNull();
    }

    private static boolean validDuration(String text) {
        return GoDuration.isValid(text.strip());
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
