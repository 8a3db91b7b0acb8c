package dev.hookline.server.portal;

import dev.hookline.api.model.Endpoint;
import dev.hookline.server.store.Store;
import dev.hookline.server.portallinks.PortalLinkRepository;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Predicate;

/**
 * Whether a portal link holder, an outside party, can change an endpoint's URL: the endpoint is reached by a live
 * link of its project with {@code can_manage_endpoint}. The sender connects to such endpoints with the portal
 * policy, public addresses only, whatever the server allows (ADR 0039): the save-time check cannot see a name
 * that resolves to a private address later. Read per project and kept {@link #FRESH_FOR}, so a busy sender asks
 * the database a few times a second at most; an endpoint saved through the portal was checked with every address
 * its name had then, which covers the moments before the next read. A read that fails counts as managed (public
 * addresses only) rather than opening the server's network to an outside party.
 */
public final class PortalManagedEndpoints implements Predicate<Endpoint> {

    static final Duration FRESH_FOR = Duration.ofSeconds(2);

    private record Snapshot(PortalLinkRepository.Managed managed, long readAtNanos) {
    }

    private final Store store;
    private final PortalLinkRepository portalLinks;
    private final ConcurrentMap<String, Snapshot> byProject = new ConcurrentHashMap<>();

    public PortalManagedEndpoints(Store store, PortalLinkRepository portalLinks) {
        this.store = store;
        this.portalLinks = portalLinks;
    }

    @Override
    public boolean test(Endpoint endpoint) {
        if (endpoint == null || endpoint.uid() == null || endpoint.uid().isEmpty() || endpoint.projectId() == null) {
            return false; // not a stored endpoint (a meta-event URL is the project's own setting)
        }
        long now = System.nanoTime();
        Snapshot snapshot = byProject.get(endpoint.projectId());
        if (snapshot == null || now - snapshot.readAtNanos() > FRESH_FOR.toNanos()) {
            try {
                snapshot = new Snapshot(store.db().read(c -> portalLinks.managed(c,
                        endpoint.projectId())), now);
            } catch (RuntimeException e) {
                return true;
            }
            byProject.put(endpoint.projectId(), snapshot);
        }
        return snapshot.managed().contains(endpoint);
    }
}
