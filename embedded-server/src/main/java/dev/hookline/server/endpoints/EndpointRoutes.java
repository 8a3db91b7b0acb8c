package dev.hookline.server.endpoints;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.ExpireSecretRequest;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.dispatch.CircuitBreakers;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.ListParams;
import java.io.IOException;
import java.time.Duration;

/**
 * {@code /api/v1/projects/{projectID}/endpoints}: list, create, get, update, delete, pause, activate, expire_secret.
 * Answers carry the endpoint redacted ({@link EndpointRedaction}).
 *
 * <p>Unlike Convoy, creating or updating an https endpoint does not ping it first (docs/adr/0006): the receiver
 * may not be up yet, and the first delivery attempt reports the same problem.
 */
public final class EndpointRoutes {

    static final String BASE = "/api/v1/projects/{projectID}/endpoints";
    public static final String NOT_FOUND = "Resource not found";
    public static final long MAX_SECRET_EXPIRATION_SECONDS = Duration.ofDays(7).toSeconds();

    private final ServerContext context;
    private final EndpointStore store;
    private final EndpointValidator validator;

    public EndpointRoutes(ServerContext context) {
        this.context = context;
        this.store = new EndpointStore(context);
        this.validator = new EndpointValidator(context::now);
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, this::list);
        router.post(BASE, Access.API_KEY, this::create);
        router.get(BASE + "/{endpointID}", Access.API_KEY, this::get);
        router.put(BASE + "/{endpointID}", Access.API_KEY, this::update);
        router.delete(BASE + "/{endpointID}", Access.API_KEY, this::delete);
        router.put(BASE + "/{endpointID}/pause", Access.API_KEY, this::pause);
        router.post(BASE + "/{endpointID}/activate", Access.API_KEY, this::activate);
        router.put(BASE + "/{endpointID}/expire_secret", Access.API_KEY, this::expireSecret);
    }

    private void list(Exchange ex) throws IOException {
        Project project = ex.project();
        ListParams params = ListParams.from(ex);
        Page<Endpoint> page = store.list(project.uid(), params, ex.query("q").orElse(null),
                ex.query("ownerId").orElse(null), null);
        ex.ok(200, "Endpoints fetched successfully", redacted(new Page<>(page.content().stream()
                .map(this::withCircuit).toList(), page.pagination())));
    }

    private void create(Exchange ex) throws IOException {
        Project project = ex.project();
        EndpointRequest request = ex.body(EndpointRequest.class);
        EndpointValidator.Draft draft = validator.forCreate(request, project.config());
        Endpoint created = store.create(project.uid(), draft, EndpointValidator.initialSecret(request.secret()), null);
        ex.ok(201, "Endpoint created successfully", EndpointRedaction.redact(created));
    }

    private void get(Exchange ex) throws IOException {
        Project project = ex.project();
        Endpoint endpoint = store.find(project.uid(), ex.pathParam("endpointID"));
        if (endpoint == null) {
            throw ApiError.notFound(NOT_FOUND);
        }
        ex.ok(200, "Endpoint fetched successfully", EndpointRedaction.redact(withCircuit(endpoint)));
    }

    private void update(Exchange ex) throws IOException {
        Project project = ex.project();
        EndpointRequest request = ex.body(EndpointRequest.class);
        Endpoint updated = store.update(project.uid(), ex.pathParam("endpointID"), EndpointScope.PROJECT,
                current -> validator.forUpdate(request, project.config(), current));
        if (updated == null) {
            throw ApiError.notFound(NOT_FOUND);
        }
        ex.ok(202, "Endpoint updated successfully", EndpointRedaction.redact(updated));
    }

    private void delete(Exchange ex) throws IOException {
        Project project = ex.project();
        if (!store.delete(project.uid(), ex.pathParam("endpointID"), EndpointScope.PROJECT)) {
            throw ApiError.notFound(NOT_FOUND);
        }
        ex.ok(200, "Endpoint deleted successfully", null);
    }

    private void pause(Exchange ex) throws IOException {
        Project project = ex.project();
        Endpoint paused = store.togglePause(project.uid(), ex.pathParam("endpointID"), EndpointScope.PROJECT);
        if (paused == null) {
            throw ApiError.badRequest("failed to find endpoint");
        }
        ex.ok(202, "endpoint status updated successfully", EndpointRedaction.redact(paused));
    }

    /**
     * inactive or paused -> active, and the endpoint's circuit breaker is reset (closed). An endpoint that is
     * active but whose circuit is open or half-open is activated by the reset alone.
     */
    private void activate(Exchange ex) throws IOException {
        Project project = ex.project();
        String endpointId = ex.pathParam("endpointID");
        Endpoint current = store.find(project.uid(), endpointId);
        boolean circuitNotClosed = current != null && context.circuitBreakers().state(endpointId, context.now())
                != CircuitBreakers.State.CLOSED;
        context.circuitBreakers().reset(endpointId);
        Endpoint active = circuitNotClosed && current.status() == EndpointStatus.ACTIVE ? current
                : store.activate(project.uid(), endpointId, EndpointScope.PROJECT);
        if (active == null) {
            throw ApiError.badRequest("failed to find endpoint");
        }
        context.signalDeliveriesDue();
        ex.ok(202, "endpoint status successfully activated", EndpointRedaction.redact(withCircuit(active)));
    }

    /** The endpoint with its circuit breaker's {@code failure_rate} and {@code cb_state}. */
    private Endpoint withCircuit(Endpoint endpoint) {
        return context.circuitBreakers().describe(endpoint, context.now());
    }

    private void expireSecret(Exchange ex) throws IOException {
        Project project = ex.project();
        Endpoint rotated = expireSecret(ex, store, project.uid(), EndpointScope.PROJECT);
        if (rotated == null) {
            throw ApiError.notFound(NOT_FOUND);
        }
        ex.ok(200, "endpoint secret expired successfully", EndpointRedaction.redact(rotated));
    }

    /** Reads and checks an {@link ExpireSecretRequest} and rotates; null when the endpoint is unknown/out of scope. */
    public static Endpoint expireSecret(Exchange ex, EndpointStore store, String projectId, EndpointScope scope)
            throws IOException {
        ExpireSecretRequest request = ex.body(ExpireSecretRequest.class);
        if (request.expiration() == null) {
            throw ApiError.badRequest("expiration:please provide the old secret's remaining lifetime in seconds "
                    + "(0 to " + MAX_SECRET_EXPIRATION_SECONDS + ")");
        }
        if (request.expiration() < 0 || request.expiration() > MAX_SECRET_EXPIRATION_SECONDS) {
            throw ApiError.badRequest("expiration:must be between 0 and " + MAX_SECRET_EXPIRATION_SECONDS
                    + " seconds (7 days)");
        }
        return store.expireSecret(projectId, ex.pathParam("endpointID"), scope,
                EndpointValidator.initialSecret(request.secret()), Duration.ofSeconds(request.expiration()));
    }

    /** The page with every endpoint redacted. */
    public static Page<Endpoint> redacted(Page<Endpoint> page) {
        return new Page<>(EndpointRedaction.redactAll(page.content()), page.pagination());
    }
}
