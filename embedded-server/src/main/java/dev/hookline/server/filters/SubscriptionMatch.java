package dev.hookline.server.filters;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.SubscriptionFilter;
import dev.hookline.server.subscriptions.SubscriptionStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Decides whether one subscription wants one event, once the caller has picked the subscription by source
 * (incoming projects) or endpoint (outgoing). The rule (ADR 0009):
 * <ol>
 *   <li>If the subscription has a filter row ({@code /subscriptions/{id}/filters}) for exactly this event type, that
 *       row decides; else its {@code "*"} row, if any, decides. A deciding row that is disabled
 *       ({@code enabled_at} null) means no delivery; an enabled one must accept the headers and the body.
 *   <li>Without such a row, the event type must be one of the subscription's {@code filter_config.event_types}
 *       (exact, case-sensitive) or those contain {@code "*"}, and {@code filter_config.filter} must accept the
 *       headers and the body.
 * </ol>
 */
public final class SubscriptionMatch {

    private static final String ALL_TYPES = FilterStore.ALL_TYPES;

    private SubscriptionMatch() {
    }

    /**
     * True if {@code subscription} should get a delivery of this event. {@code headers} may map names to values or
     * to lists of values. The connection is the caller's transaction (read-only use).
     */
    public static boolean matches(Connection c, SubscriptionStore.Row subscription, String eventType, JsonNode body,
                                  JsonNode headers) throws SQLException {
        SubscriptionFilter row = FilterStore.mostSpecific(c, subscription.uid(), eventType);
        if (row != null) {
            return row.enabledAt() != null && FilterEngine.matchesHeaders(row.headers(), headers)
                    && FilterEngine.matches(row.body(), body);
        }
        FilterConfig config = subscription.subscription().filterConfig();
        if (config == null) {
            return true;
        }
        if (!acceptsType(config.eventTypes(), eventType)) {
            return false;
        }
        FilterConfig.Filter filter = config.filter();
        return filter == null
                || (FilterEngine.matchesHeaders(filter.headers(), headers) && FilterEngine.matches(filter.body(), body));
    }

    /** Exact, case-sensitive membership, {@code "*"} accepting every type; no types at all means all types. */
    static boolean acceptsType(List<String> eventTypes, String eventType) {
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
