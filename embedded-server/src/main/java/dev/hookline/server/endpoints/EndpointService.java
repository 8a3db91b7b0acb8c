package dev.hookline.server.endpoints;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.store.Store;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.paging.ListParams;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Endpoint use cases, for {@code /api/v1} (scope {@link EndpointScope#PROJECT}) and {@code /portal-api} (a portal
 * link's scope): validation ({@link EndpointValidator}), the write, and the {@code endpoint.*} meta event recorded
 * in the same transaction. Methods that take a scope return null (nothing written) when the endpoint does not exist
 * in the project or is outside the scope, because the two APIs answer that differently.
 */
public final class EndpointService {

    /** Convoy's message for an endpoint that is not there. */
    public static final String NOT_FOUND = "Resource not found";
    public static final long MAX_SECRET_EXPIRATION_SECONDS = Duration.ofDays(7).toSeconds();

    private final Store store;
    private final Signals signals;
    private final EndpointRepository endpoints;
    private final EndpointMetaEvents metaEvents;
    private final EndpointValidator validator;
    private final Circuits circuits;

    /**
     * The endpoints' circuit breakers as endpoints see them: their state shown on an endpoint, reset by activation.
     * The dispatcher owns the breakers; {@code HooklineServer} connects the two, so this package does not depend on
     * the dispatcher.
     */
    public interface Circuits {
        /** {@code endpoint} with its breaker's {@code failure_rate} and {@code cb_state} (unchanged without one). */
        Endpoint describe(Endpoint endpoint, Instant now);

        /** True when the endpoint's breaker is closed (or it has none). */
        boolean closed(String endpointId, Instant now);

        /** Closes the endpoint's breaker. */
        void reset(String endpointId);
    }

    public EndpointService(Store store, Signals signals, DestinationPolicy destinations, EndpointRepository endpoints,
                           EndpointMetaEvents metaEvents, Circuits circuits) {
        this.store = store;
        this.signals = signals;
        this.endpoints = endpoints;
        this.metaEvents = metaEvents;
        this.validator = new EndpointValidator(store::now, () -> destinations, store::baseUrl);
        this.circuits = circuits;
    }

    /** Something to do in the write that creates an endpoint, after its insert; if it throws, nothing is written. */
    @FunctionalInterface
    public interface AlsoInWrite {
        void apply(Connection c, Endpoint created) throws SQLException;
    }

    /** Live endpoints of the project (name filter and owner may be null), each with its circuit breaker's state. */
    public Page<Endpoint> list(String projectId, ListParams params, String nameContains, String ownerId) {
        Page<Endpoint> page = endpoints.list(projectId, params, nameContains, ownerId, null);
        return new Page<>(page.content().stream().map(this::withCircuit).toList(), page.pagination());
    }

    /** Live endpoints of a portal link: its owner's, or (no owner) those it lists. */
    public Page<Endpoint> listOfLink(String projectId, ListParams params, String nameContains, String ownerId,
                                     String portalLinkId) {
        Page<Endpoint> page = endpoints.list(projectId, params, nameContains, ownerId,
                ownerId == null ? portalLinkId : null);
        return new Page<>(page.content().stream().map(this::withCircuit).toList(), page.pagination());
    }

    /** The live endpoint with its circuit breaker's state; {@link NotFoundException} when there is none. */
    public Endpoint get(String projectId, String endpointId) {
        Endpoint endpoint = endpoints.find(projectId, endpointId);
        if (endpoint == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return withCircuit(endpoint);
    }

    /** The live endpoint, with its circuit breaker's state, if {@code scope} contains it; else {@link NotFoundException}. */
    public Endpoint get(String projectId, String endpointId, EndpointScope scope) {
        Endpoint endpoint = store.db().read(c -> {
            Endpoint found = endpoints.find(c, projectId, endpointId);
            return found != null && scope.contains(c, found) ? found : null;
        });
        if (endpoint == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return withCircuit(endpoint);
    }

    /** Creates an active endpoint with one secret (the one given, or a random one). */
    public Endpoint create(String projectId, ProjectConfig config, EndpointRequest request) {
        return create(projectId, validator.forCreate(request, config), request.secret(), null);
    }

    /**
     * Creates an endpoint owned by {@code ownerId} (whatever the request says) and runs {@code alsoInWrite} in the
     * same write (a portal link adds it to its list there).
     */
    public Endpoint createOwned(String projectId, ProjectConfig config, EndpointRequest request, String ownerId,
                                AlsoInWrite alsoInWrite) {
        return create(projectId, validator.forPortal().forCreate(request, config).withOwner(ownerId), request.secret(),
                alsoInWrite);
    }

    private Endpoint create(String projectId, EndpointValidator.Draft draft, String givenSecret,
                            AlsoInWrite alsoInWrite) {
        Instant now = store.now();
        String secret = EndpointValidator.initialSecret(givenSecret);
        List<EndpointSecret> secrets = List.of(new EndpointSecret(store.newId(), secret, null, now, now, null));
        Endpoint created = draft.newEndpoint(store.newId(), projectId, secrets, now);
        return store.db().write(c -> {
            endpoints.insert(c, created);
            if (alsoInWrite != null) {
                alsoInWrite.apply(c, created);
            }
            metaEvents.record(c, MetaEventRecorder.ENDPOINT_CREATED, created);
            return created;
        });
    }

    /**
     * Replaces the endpoint's settings with the request (null members keep values); secrets and status are kept.
     * With {@code ownerFixed} the owner_id stays what it is (a portal link's endpoint cannot leave the link).
     */
    public Endpoint update(String projectId, String endpointId, EndpointScope scope, ProjectConfig config,
                           EndpointRequest request, boolean ownerFixed) {
        Instant now = store.now();
        return modify(projectId, endpointId, scope, current -> {
            EndpointValidator.Draft draft = (scope == EndpointScope.PROJECT ? validator : validator.forPortal())
                    .forUpdate(request, config, current);
            return (ownerFixed ? draft.withOwner(current.ownerId()) : draft).applyTo(current, now);
        });
    }

    /** active -> paused, paused -> active; other states are refused. */
    public Endpoint togglePause(String projectId, String endpointId, EndpointScope scope) {
        Instant now = store.now();
        return modify(projectId, endpointId, scope, current -> {
            EndpointStatus next = switch (current.status()) {
                case ACTIVE -> EndpointStatus.PAUSED;
                case PAUSED -> EndpointStatus.ACTIVE;
                default -> throw InvalidInputException.of("current endpoint status - " + current.status().wire()
                        + ", does not support pausing or unpausing");
            };
            return current.toBuilder().status(next).updatedAt(now).build();
        });
    }

    /**
     * inactive or paused -> active, and the endpoint's circuit breaker is reset (closed). An endpoint that is
     * active but whose circuit is open or half-open is activated by the reset alone; an active endpoint with a
     * closed circuit is refused. Null when the endpoint is not there.
     */
    public Endpoint activate(String projectId, String endpointId) {
        Endpoint current = endpoints.find(projectId, endpointId);
        boolean circuitNotClosed = current != null && !circuits.closed(endpointId, store.now());
        circuits.reset(endpointId);
        Instant now = store.now();
        Endpoint active = circuitNotClosed && current.status() == EndpointStatus.ACTIVE ? current
                : modify(projectId, endpointId, EndpointScope.PROJECT, endpoint -> {
                    if (endpoint.status() != EndpointStatus.INACTIVE && endpoint.status() != EndpointStatus.PAUSED) {
                        throw InvalidInputException.of("current endpoint status - " + endpoint.status().wire()
                                + ", does not support activation");
                    }
                    return endpoint.toBuilder().status(EndpointStatus.ACTIVE).updatedAt(now).build();
                });
        if (active != null) {
            signals.deliveriesDue();
            active = withCircuit(active);
        }
        return active;
    }

    /**
     * Rotates the signing secret: the current secret (the first one without {@code expires_at}) expires
     * {@code expirationSeconds} from now, and {@code newSecret} (or a random one) is appended.
     */
    public Endpoint expireSecret(String projectId, String endpointId, EndpointScope scope, Long expirationSeconds,
                                 String newSecret) {
        if (expirationSeconds == null) {
            throw InvalidInputException.of("expiration:please provide the old secret's remaining "
                    + "lifetime in seconds (0 to " + MAX_SECRET_EXPIRATION_SECONDS + ")");
        }
        if (expirationSeconds < 0 || expirationSeconds > MAX_SECRET_EXPIRATION_SECONDS) {
            throw InvalidInputException.of("expiration:must be between 0 and "
                    + MAX_SECRET_EXPIRATION_SECONDS + " seconds (7 days)");
        }
        Duration expiresIn = Duration.ofSeconds(expirationSeconds);
        String secret = EndpointValidator.initialSecret(newSecret);
        Instant now = store.now();
        String secretId = store.newId();
        return modify(projectId, endpointId, scope, current -> {
            List<EndpointSecret> secrets = new ArrayList<>();
            boolean expired = false;
            for (EndpointSecret s : current.secrets() == null ? List.<EndpointSecret>of() : current.secrets()) {
                if (!expired && s.expiresAt() == null && s.deletedAt() == null) {
                    s = new EndpointSecret(s.uid(), s.value(), now.plus(expiresIn), s.createdAt(), now, null);
                    expired = true;
                }
                secrets.add(s);
            }
            secrets.add(new EndpointSecret(secretId, secret, null, now, now, null));
            return current.toBuilder().secrets(List.copyOf(secrets)).updatedAt(now).build();
        });
    }

    /** Soft-deletes the endpoint and its subscriptions in one write; false when not there or out of scope. */
    public boolean delete(String projectId, String endpointId, EndpointScope scope) {
        Instant now = store.now();
        return store.db().write(c -> {
            Endpoint current = endpoints.find(c, projectId, endpointId);
            if (current == null || !scope.contains(c, current)) {
                return false;
            }
            Endpoint deleted = endpoints.softDelete(c, projectId, endpointId, now);
            metaEvents.record(c, MetaEventRecorder.ENDPOINT_DELETED, deleted);
            return true;
        });
    }

    /**
     * Applies {@code change} to the live endpoint inside one write, records {@code endpoint.updated} and returns
     * the stored result; null (nothing written) when not there or out of scope.
     */
    private Endpoint modify(String projectId, String endpointId, EndpointScope scope,
                            Function<Endpoint, Endpoint> change) {
        return store.db().write(c -> {
            Endpoint current = endpoints.find(c, projectId, endpointId);
            if (current == null || !scope.contains(c, current)) {
                return null;
            }
            Endpoint next = change.apply(current);
            endpoints.save(c, next);
            metaEvents.record(c, MetaEventRecorder.ENDPOINT_UPDATED, next);
            return next;
        });
    }

    /** The endpoint with its circuit breaker's {@code failure_rate} and {@code cb_state}. */
    private Endpoint withCircuit(Endpoint endpoint) {
        return circuits.describe(endpoint, store.now());
    }
}
