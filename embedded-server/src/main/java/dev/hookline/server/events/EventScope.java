package dev.hookline.server.events;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Which events (and deliveries) a caller reaches: the whole project for an API key, or only those that target the
 * endpoints of a portal link.
 *
 * @param endpointIds the endpoints reached, or null for the whole project
 */
public record EventScope(Set<String> endpointIds) {

    /** The whole project. */
    public static final EventScope PROJECT = new EventScope(null);

    public EventScope {
        endpointIds = endpointIds == null ? null : Set.copyOf(endpointIds);
    }

    /** Only these endpoints (a portal link's). */
    public static EventScope endpoints(Collection<String> endpointIds) {
        return new EventScope(Set.copyOf(endpointIds));
    }

    public boolean isProject() {
        return endpointIds == null;
    }

    /** True if the caller may see something that targets {@code targets}: any one of them is in scope. */
    public boolean reachesAny(List<String> targets) {
        return endpointIds == null || (targets != null && targets.stream().anyMatch(endpointIds::contains));
    }

    /** True if every one of {@code targets} is in scope. */
    public boolean reachesAll(List<String> targets) {
        return endpointIds == null || (targets != null && endpointIds.containsAll(targets));
    }

    /**
     * The endpoint filter of a list: the requested endpoints (empty: all) limited to the scope; null means "any
     * endpoint of the project", an empty list "nothing".
     */
    public List<String> limit(List<String> requested) {
        if (endpointIds == null) {
            return requested.isEmpty() ? null : requested;
        }
        if (requested.isEmpty()) {
            return endpointIds.stream().sorted().toList();
        }
        return requested.stream().filter(endpointIds::contains).toList();
    }
}
