package dev.hookline.server.http.portal;

import dev.hookline.api.model.Endpoint;
import dev.hookline.server.portallinks.StoredPortalLink;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.Project;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.http.endpoints.EndpointRoutes;
import dev.hookline.server.endpoints.EndpointService;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.auth.PortalCaller;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.portal.PortalLinkInfo;
import dev.hookline.server.portal.PortalScope;
import dev.hookline.server.portallinks.PortalLinkService;
import dev.hookline.server.projects.ProjectService;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.server.portal.PortalEndpointSetup;
import dev.hookline.server.portal.PortalSessions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code /portal-api}: what a portal link's holder sees and may do. Reads are scoped to the link's endpoints
 * ({@link PortalScope}); changes need the link's {@code can_manage_endpoint} (else 403 "Unauthorized"). An endpoint
 * outside the scope answers exactly like an unknown one (404), so its existence does not leak. The endpoint rules
 * are those of {@code /api/v1} (same validator and store); endpoints read as {@link EndpointRedaction#forPortal}:
 * no credential and no signing secret (the portal page makes a new secret itself and shows it once).
 */
public final class PortalRoutes {

    private final PortalScope portalScope;
    private final ProjectService projects;
    private final EndpointService endpoints;
    private final PortalLinkService links;
    private final PortalEndpointSetup setup;
    private final PortalSessions sessions;

    public PortalRoutes(ProjectService projects, EndpointService endpoints, PortalLinkService links,
                        PortalScope portalScope, PortalEndpointSetup setup, PortalSessions sessions) {
        this.setup = setup;
        this.sessions = sessions;
        this.portalScope = portalScope;
        this.projects = projects;
        this.endpoints = endpoints;
        this.links = links;
    }

    public void portalLink(Exchange ex) throws IOException {
        StoredPortalLink link = link(ex);
        PortalLink answer = links.find(link.projectId(), link.id());
        if (answer == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        ex.ok(200, "Portal link fetched successfully", answer.toBuilder()
                .endpointsMetadata(EndpointRedaction.forPortalAll(answer.endpointsMetadata())).build());
    }

    /** What the portal page needs to greet the holder: names and rights, nothing minted (unlike GET portal_link). */
    public void portalLinkInfo(Exchange ex) throws IOException {
        StoredPortalLink link = link(ex);
        Project project = project(link);
        ex.ok(200, "Portal link info fetched successfully", new PortalLinkInfo(project.uid(), project.name(),
                link.name(), link.canManageEndpoint(), link.authType().wire()));
    }

    public void list(Exchange ex) throws IOException {
        StoredPortalLink link = link(ex);
        ListParams params = ListParamsReader.from(ex);
        Page<Endpoint> page = endpoints.listOfLink(link.projectId(), params, ex.query("q").orElse(null),
                link.hasOwner() ? link.ownerId() : null, link.id());
        ex.ok(200, "Endpoints fetched successfully",
                new Page<>(EndpointRedaction.forPortalAll(page.content()), page.pagination()));
    }

    public void get(Exchange ex) throws IOException {
        StoredPortalLink link = link(ex);
        String endpointId = ex.pathParam("endpointID");
        Endpoint endpoint = endpoints.get(link.projectId(), endpointId, portalScope.of(link.id()));
        ex.ok(200, "Endpoint fetched successfully", EndpointRedaction.forPortal(endpoint));
    }

    /**
     * The new endpoint joins the link: it gets the link's owner_id, or is added to the link's explicit list. The body
     * is an endpoint request plus Hookline's {@code event_types} (catalogue names; absent or {@code ["*"]}: every
     * type): the endpoint's subscription is made in the same write, so the endpoint receives the next matching event.
     */
    public void create(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        Project project = project(link);
        JsonNode body = ex.bodyTree();
        if (body == null || !body.isObject()) {
            throw ApiError.badRequest("body must be a JSON object");
        }
        List<String> types = typeList(((ObjectNode) body).remove("event_types"));
        EndpointRequest request = Exchange.bodyValue(body, EndpointRequest.class);
        Endpoint created = setup.create(project, request, types, link.ownerId(),
                (c, endpoint) -> {
                    if (!links.joinIfLive(c, link, endpoint.uid())) {
                        throw ApiError.unauthorized("authorization failed");
                    }
                });
        ex.ok(201, "Endpoint created successfully", EndpointRedaction.forPortal(created));
    }

    /** Trades the link's token (or refresh key) for a short-lived session key the page keeps instead. */
    public void openSession(Exchange ex) throws IOException {
        link(ex);
        if (ex.header("Authorization").map(h -> h.regionMatches(true, 0, "Bearer PSK.", 0, 11)).orElse(false)) {
            throw ApiError.forbidden("a session key cannot open another session; open the portal link again");
        }
        PortalSessions.Session session = sessions.open(ex.principal());
        ex.responseHeader("Cache-Control", "no-store");
        ex.ok(201, "Portal session opened successfully", Map.of("session_key", session.sessionKey(),
                "expires_at", session.expiresAt().toString()));
    }

    public void catalogue(Exchange ex) throws IOException {
        Project project = project(link(ex));
        ex.ok(200, "Event types fetched successfully", setup.catalogue(project));
    }

    public void eventTypes(Exchange ex) throws IOException {
        StoredPortalLink link = link(ex);
        Project project = project(link);
        Endpoint endpoint = endpoints.get(link.projectId(), ex.pathParam("endpointID"), portalScope.of(link.id()));
        ex.ok(200, "Endpoint event types fetched successfully",
                Map.of("event_types", setup.eventTypesOf(project, endpoint.uid())));
    }

    public void setEventTypes(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        Project project = project(link);
        Endpoint endpoint = endpoints.get(link.projectId(), ex.pathParam("endpointID"), portalScope.of(link.id()));
        JsonNode body = ex.bodyTree();
        if (body == null || !body.isObject() || !body.has("event_types")) {
            throw ApiError.badRequest("event_types:please pick at least one event type, or all of them");
        }
        List<String> types = typeList(body.get("event_types"));
        if (types == null || types.isEmpty()) {
            throw ApiError.badRequest("event_types:please pick at least one event type, or all of them");
        }
        ex.ok(202, "Endpoint event types updated successfully",
                Map.of("event_types", setup.setEventTypes(project, endpoint, types)));
    }

    public void testEvent(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        Project project = project(link);
        Endpoint endpoint = endpoints.get(link.projectId(), ex.pathParam("endpointID"), portalScope.of(link.id()));
        byte[] raw = ex.rawBody();
        JsonNode body = raw.length == 0 ? null : ex.bodyTree();
        JsonNode type = body == null ? null : body.get("event_type");
        if (type != null && !type.isNull() && !type.isTextual()) {
            throw ApiError.badRequest("event_type:must be a string");
        }
        PortalEndpointSetup.TestEvent sent = setup.sendTestEvent(project, endpoint,
                type == null || type.isNull() ? null : type.asText());
        ex.ok(201, "Test event sent: its delivery is queued", Map.of("event_id", sent.eventId()));
    }

    /** The endpoint's current signing secret, on request, for a link that manages endpoints (it could roll it). */
    public void secret(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        Endpoint endpoint = endpoints.get(link.projectId(), ex.pathParam("endpointID"), portalScope.of(link.id()));
        String current = endpoint.secrets() == null ? null : endpoint.secrets().stream()
                .filter(s -> s.expiresAt() == null).reduce((a, b) -> b)
                .or(() -> endpoint.secrets().stream().reduce((a, b) -> b))
                .map(dev.hookline.api.model.EndpointSecret::value).orElse(null);
        if (current == null) {
            throw ApiError.notFound("this endpoint has no signing secret");
        }
        ex.responseHeader("Cache-Control", "no-store");
        ex.ok(200, "Endpoint secret fetched successfully", Map.of("secret", current));
    }

    /** A JSON list of strings (null when absent); a 400 naming {@code event_types} otherwise. */
    private static List<String> typeList(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw ApiError.badRequest("event_types:must be a list of event type names");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isTextual()) {
                throw ApiError.badRequest("event_types:must be a list of event type names");
            }
            out.add(item.asText());
        }
        return out;
    }

    /** Same rules as {@code /api/v1}; the owner_id stays what it is, so an endpoint cannot leave the link. */
    public void update(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        Project project = project(link);
        EndpointRequest request = ex.body(EndpointRequest.class);
        Endpoint updated = endpoints.update(link.projectId(), ex.pathParam("endpointID"), portalScope.of(link.id()),
                project.config(), request, true);
        if (updated == null) {
            throw ApiError.notFound(EndpointService.NOT_FOUND);
        }
        ex.ok(202, "Endpoint updated successfully", EndpointRedaction.forPortal(updated));
    }

    public void delete(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        if (!endpoints.delete(link.projectId(), ex.pathParam("endpointID"), portalScope.of(link.id()))) {
            throw ApiError.notFound(EndpointService.NOT_FOUND);
        }
        ex.ok(200, "Endpoint deleted successfully", null);
    }

    public void pause(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        Endpoint paused = endpoints.togglePause(link.projectId(), ex.pathParam("endpointID"),
                portalScope.of(link.id()));
        if (paused == null) {
            throw ApiError.notFound(EndpointService.NOT_FOUND);
        }
        ex.ok(202, "endpoint status updated successfully", EndpointRedaction.forPortal(paused));
    }

    public void expireSecret(Exchange ex) throws IOException {
        StoredPortalLink link = managingLink(ex);
        Endpoint rotated = EndpointRoutes.expireSecret(ex, endpoints, link.projectId(), portalScope.of(link.id()));
        ex.ok(200, "endpoint secret expired successfully", EndpointRedaction.forPortal(rotated));
    }

    private StoredPortalLink link(Exchange ex) {
        return PortalCaller.link(ex, portalScope);
    }

    private StoredPortalLink managingLink(Exchange ex) {
        StoredPortalLink link = link(ex);
        if (!link.canManageEndpoint()) {
            throw ApiError.forbidden("Unauthorized");
        }
        return link;
    }

    private Project project(StoredPortalLink link) {
        Project project = projects.find(link.projectId());
        if (project == null) {
            throw ApiError.unauthorized("authorization failed");
        }
        return project;
    }
}
