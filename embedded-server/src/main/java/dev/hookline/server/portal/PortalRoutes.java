package dev.hookline.server.portal;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.endpoints.EndpointRoutes;
import dev.hookline.server.endpoints.EndpointStore;
import dev.hookline.server.endpoints.EndpointValidator;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.portallinks.PortalLinkStore;
import dev.hookline.server.projects.ProjectStore;
import java.io.IOException;

/**
 * {@code /portal-api}: what a portal link's holder sees and may do. Reads are scoped to the link's endpoints
 * ({@link PortalScope}); changes need the link's {@code can_manage_endpoint} (else 403 "Unauthorized"). An endpoint
 * outside the scope answers exactly like an unknown one (404), so its existence does not leak. The endpoint rules
 * are those of {@code /api/v1} (same validator and store).
 */
public final class PortalRoutes {

    static final String BASE = "/portal-api";

    private final ServerContext context;
    private final ProjectStore projects;
    private final EndpointStore endpoints;
    private final EndpointValidator validator;
    private final PortalLinkStore links;

    public PortalRoutes(ServerContext context, ProjectStore projects) {
        this.context = context;
        this.projects = projects;
        this.endpoints = new EndpointStore(context);
        this.validator = new EndpointValidator(context::now);
        this.links = new PortalLinkStore(context);
    }

    public void register(Router router) {
        router.get(BASE + "/portal_link", Access.PORTAL, this::portalLink);
        router.get(BASE + "/portal_link/info", Access.PORTAL, this::portalLinkInfo);
        router.get(BASE + "/endpoints", Access.PORTAL, this::list);
        router.post(BASE + "/endpoints", Access.PORTAL, this::create);
        router.get(BASE + "/endpoints/{endpointID}", Access.PORTAL, this::get);
        router.put(BASE + "/endpoints/{endpointID}", Access.PORTAL, this::update);
        router.delete(BASE + "/endpoints/{endpointID}", Access.PORTAL, this::delete);
        router.put(BASE + "/endpoints/{endpointID}/pause", Access.PORTAL, this::pause);
        router.put(BASE + "/endpoints/{endpointID}/expire_secret", Access.PORTAL, this::expireSecret);
    }

    private void portalLink(Exchange ex) throws IOException {
        PortalLinkStore.Link link = link(ex);
        PortalLink answer = links.get(link.projectId(), link.id());
        if (answer == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        ex.ok(200, "Portal link fetched successfully", answer);
    }

    /** What the portal page needs to greet the holder: names and rights, nothing minted (unlike GET portal_link). */
    private void portalLinkInfo(Exchange ex) throws IOException {
        PortalLinkStore.Link link = link(ex);
        Project project = project(link);
        ex.ok(200, "Portal link info fetched successfully", new PortalLinkInfo(project.uid(), project.name(),
                link.name(), link.canManageEndpoint(), link.authType().wire()));
    }

    private void list(Exchange ex) throws IOException {
        PortalLinkStore.Link link = link(ex);
        ListParams params = ListParams.from(ex);
        Page<Endpoint> page = endpoints.list(link.projectId(), params, ex.query("q").orElse(null),
                link.hasOwner() ? link.ownerId() : null, link.hasOwner() ? null : link.id());
        ex.ok(200, "Endpoints fetched successfully", EndpointRoutes.redacted(new Page<>(
                page.content().stream().map(this::withCircuit).toList(), page.pagination())));
    }

    private void get(Exchange ex) throws IOException {
        PortalLinkStore.Link link = link(ex);
        String endpointId = ex.pathParam("endpointID");
        Endpoint endpoint = context.db().read(c -> {
            Endpoint found = EndpointStore.find(c, link.projectId(), endpointId);
            return found != null && PortalLinkStore.contains(c, link, found) ? found : null;
        });
        if (endpoint == null) {
            throw ApiError.notFound(EndpointRoutes.NOT_FOUND);
        }
        ex.ok(200, "Endpoint fetched successfully", EndpointRedaction.redact(withCircuit(endpoint)));
    }

    /** The new endpoint joins the link: it gets the link's owner_id, or is added to the link's explicit list. */
    private void create(Exchange ex) throws IOException {
        PortalLinkStore.Link link = managingLink(ex);
        Project project = project(link);
        EndpointRequest request = ex.body(EndpointRequest.class);
        EndpointValidator.Draft draft = validator.forCreate(request, project.config()).withOwner(link.ownerId());
        Endpoint created = endpoints.create(link.projectId(), draft,
                EndpointValidator.initialSecret(request.secret()), (c, endpoint) -> {
                    if (PortalLinkStore.findLive(c, link.id()) == null) {
                        throw ApiError.unauthorized("authorization failed");
                    }
                    if (!link.hasOwner()) {
                        PortalLinkStore.addListedEndpoint(c, link.id(), endpoint.uid());
                    }
                    return endpoint;
                });
        ex.ok(201, "Endpoint created successfully", EndpointRedaction.redact(created));
    }

    /** Same rules as {@code /api/v1}; the owner_id stays what it is, so an endpoint cannot leave the link. */
    private void update(Exchange ex) throws IOException {
        PortalLinkStore.Link link = managingLink(ex);
        Project project = project(link);
        EndpointRequest request = ex.body(EndpointRequest.class);
        Endpoint updated = endpoints.update(link.projectId(), ex.pathParam("endpointID"), PortalScope.of(link.id()),
                current -> validator.forUpdate(request, project.config(), current).withOwner(current.ownerId()));
        if (updated == null) {
            throw ApiError.notFound(EndpointRoutes.NOT_FOUND);
        }
        ex.ok(202, "Endpoint updated successfully", EndpointRedaction.redact(updated));
    }

    private void delete(Exchange ex) throws IOException {
        PortalLinkStore.Link link = managingLink(ex);
        if (!endpoints.delete(link.projectId(), ex.pathParam("endpointID"), PortalScope.of(link.id()))) {
            throw ApiError.notFound(EndpointRoutes.NOT_FOUND);
        }
        ex.ok(200, "Endpoint deleted successfully", null);
    }

    private void pause(Exchange ex) throws IOException {
        PortalLinkStore.Link link = managingLink(ex);
        Endpoint paused = endpoints.togglePause(link.projectId(), ex.pathParam("endpointID"),
                PortalScope.of(link.id()));
        if (paused == null) {
            throw ApiError.notFound(EndpointRoutes.NOT_FOUND);
        }
        ex.ok(202, "endpoint status updated successfully", EndpointRedaction.redact(paused));
    }

    private void expireSecret(Exchange ex) throws IOException {
        PortalLinkStore.Link link = managingLink(ex);
        Endpoint rotated = EndpointRoutes.expireSecret(ex, endpoints, link.projectId(), PortalScope.of(link.id()));
        if (rotated == null) {
            throw ApiError.notFound(EndpointRoutes.NOT_FOUND);
        }
        ex.ok(200, "endpoint secret expired successfully", EndpointRedaction.redact(rotated));
    }

    /** The endpoint with its circuit breaker's {@code failure_rate} and {@code cb_state}, as on {@code /api/v1}. */
    private Endpoint withCircuit(Endpoint endpoint) {
        return context.circuitBreakers().describe(endpoint, context.now());
    }

    private PortalLinkStore.Link link(Exchange ex) {
        return context.db().read(c -> PortalScope.link(c, ex.principal()));
    }

    private PortalLinkStore.Link managingLink(Exchange ex) {
        PortalLinkStore.Link link = link(ex);
        if (!link.canManageEndpoint()) {
            throw ApiError.forbidden("Unauthorized");
        }
        return link;
    }

    private Project project(PortalLinkStore.Link link) {
        Project project = projects.find(link.projectId());
        if (project == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        return project;
    }
}
