package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Decides whether one subscription wants one event, once the caller has picked the subscription by source
 * (incoming projects) or endpoint (outgoing). The rule (ADR 0009): event types say which events, filters which of
 * those.
 * <ol>
 *   <li>The event type must be one of the subscription's {@code filter_config.event_types} (exact, case-sensitive),
 *       or those contain {@code "*"}.
 *   <li>Then the most specific filter decides: the subscription's filter row ({@code /subscriptions/{id}/filters})
 *       for exactly this type, else its {@code "*"} row, else {@code filter_config.filter}. A deciding row that is
 *       disabled ({@code enabled_at} null) means no delivery; otherwise the filter must accept the headers and the
 *       body.
 * </ol>
 * Since docs/adr/0030 a subscription has a row for each of its event types from the moment it is created (Convoy's
 * rows, {@link SubscriptionFilterRows}), holding a copy of {@code filter_config.filter} until a client changes it; such
 * a copy decides exactly as {@code filter_config.filter} would, so step 2's fallback only serves subscriptions stored
 * before then. A row for a type not in {@code event_types} is allowed (as in Convoy) and never consulted: step 1 has
 * already said no.
 * Step 1 alone is what a caller may check first to skip candidates cheaply ({@link #acceptsType}). One instance per
 * server (made by {@code HooklineServer}), over its filter rows and its filter engine's cache.
 */
public final class SubscriptionMatch {

    private static final String ALL_TYPES = FilterRepository.ALL_TYPES;

    private final FilterRepository filters;
    private final FilterEngine engine;

    public SubscriptionMatch(FilterRepository filters, FilterEngine engine) {
        this.filters = filters;
        this.engine = engine;
    }

    /**
     * True if {@code subscription} should get a delivery of this event. {@code headers} may map names to values or
     * to lists of values ({@link FilterEngine#headerDocument}). The connection is the caller's transaction
     * (read-only use).
     */
    public boolean matches(Connection c, SubscriptionRepository.Row subscription, String eventType, JsonNode body,
                                  JsonNode headers) throws SQLException {
        FilterConfig config = subscription.subscription().filterConfig();
        if (!acceptsType(config == null ? null : config.eventTypes(), eventType)) {
            return false;
        }
        return filtersAccept(c, subscription, eventType, body, headers);
    }

    /**
     * Step 2 of {@link #matches} on its own: the most specific filter row for {@code eventType} (exact, else
     * {@code *}), else {@code filter_config.filter}, accepts the event, whether or not the subscription takes the
     * type. What Convoy's filter test answers.
     */
    public boolean filtersAccept(Connection c, SubscriptionRepository.Row subscription, String eventType,
                                 JsonNode body, JsonNode headers) throws SQLException {
        FilterConfig config = subscription.subscription().filterConfig();
        FilterRepository.DecidingFilter row = filters.mostSpecific(c, subscription.uid(), eventType);
        if (row != null) {
            return row.enabled() && engine.matchesHeaders(row.headers(), headers) && engine.matches(row.body(), body);
        }
        FilterConfig.Filter filter = config == null ? null : config.filter();
        return filter == null
                || (engine.matchesHeaders(filter.headers(), headers) && engine.matches(filter.body(), body));
    }

    /** Exact, case-sensitive membership, {@code "*"} accepting every type; no types at all means all types. */
    public static boolean acceptsType(List<String> eventTypes, String eventType) {
        if (eventTypes == null || eventTypes.isEmpty()) {
            return true;
        }
        for (String type : eventTypes) {
            if (ALL_TYPES.equals(type) || type.equals(eventType)) {
                return true;
            }
        }
        return false;
    }
}
