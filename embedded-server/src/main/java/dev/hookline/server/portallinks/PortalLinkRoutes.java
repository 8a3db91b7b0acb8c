package dev.hookline.server.portallinks;

import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.Project;
import dev.hookline.server.ServerContext;
import dev.hookline.server.auth.KeyAuthenticator;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.ListParams;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * {@code /api/v1/projects/{projectID}/portal-links}: list, create, get, update, revoke, refresh_token.
 *
 * <p>Deviation from Convoy's code (not its docs): a link needs {@code owner_id} <em>or</em> a non-empty
 * {@code endpoints} list, as Convoy's documentation presents them as alternatives (Convoy's code demands owner_id).
 */
public final class PortalLinkRoutes {

    static final String BASE = "/api/v1/projects/{projectID}/portal-links";
    static final String NOT_FOUND = "Resource not found";

    private final PortalLinkStore store;
    private final KeyAuthenticator authenticator;

    public PortalLinkRoutes(ServerContext context, KeyAuthenticator authenticator) {
        this.store = new PortalLinkStore(context);
        this.authenticator = authenticator;
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, this::list);
        router.post(BASE, Access.API_KEY, this::create);
        router.get(BASE + "/{portalLinkID}", Access.API_KEY, this::get);
        router.put(BASE + "/{portalLinkID}", Access.API_KEY, this::update);
        router.put(BASE + "/{portalLinkID}/revoke", Access.API_KEY, this::revoke);
        router.get(BASE + "/{portalLinkID}/refresh_token", Access.API_KEY, this::refreshToken);
    }

    private void list(Exchange ex) throws IOException {
        Project project = ex.project();
        ListParams params = ListParamsReader.from(ex);
        ex.ok(200, "Portal links fetched successfully", store.list(project.uid(), params,
                ex.query("ownerId").orElse(null), ex.queryAll("endpointId"), ex.query("q").orElse(null)));
    }

    private void create(Exchange ex) throws IOException {
        Project project = ex.project();
        PortalLink created = store.create(project.uid(), draft(ex.body(PortalLinkRequest.class)));
        ex.ok(201, "Portal link created successfully", created);
    }

    private void get(Exchange ex) throws IOException {
        Project project = ex.project();
        PortalLink link = store.get(project.uid(), ex.pathParam("portalLinkID"));
        if (link == null) {
            throw ApiError.notFound(NOT_FOUND);
        }
        ex.ok(200, "Portal link fetched successfully", link);
    }

    private void update(Exchange ex) throws IOException {
        Project project = ex.project();
        PortalLinkRequest request = ex.body(PortalLinkRequest.class);
        PortalLink updated = store.update(project.uid(), ex.pathParam("portalLinkID"), draft(request));
        if (updated == null) {
            throw ApiError.notFound(NOT_FOUND);
        }
        authenticator.forgetAll(); // an auth_type change retires the old credentials at once
        ex.ok(202, "Portal link updated successfully", updated);
    }

    private void revoke(Exchange ex) throws IOException {
        Project project = ex.project();
        if (!store.revoke(project.uid(), ex.pathParam("portalLinkID"))) {
            throw ApiError.notFound(NOT_FOUND);
        }
        authenticator.forgetAll();
        ex.ok(200, "Portal link revoked successfully", null);
    }

    private void refreshToken(Exchange ex) throws IOException {
        Project project = ex.project();
        String key = store.refreshKey(project.uid(), ex.pathParam("portalLinkID"));
        if (key == null) {
            throw ApiError.notFound(NOT_FOUND);
        }
        ex.ok(200, "Portal link fetched successfully", key);
    }

    /** Validates a create/update body. */
    static PortalLinkStore.Draft draft(PortalLinkRequest request) {
        if (request.name() == null || request.name().isBlank()) {
            throw ApiError.badRequest("name:please provide the portal link's name");
        }
        if (request.name().length() > 255) {
            throw ApiError.badRequest("name:must be at most 255 characters");
        }
        String ownerId = request.ownerId() == null ? "" : request.ownerId().trim();
        LinkedHashSet<String> endpoints = new LinkedHashSet<>();
        if (request.endpoints() != null) {
            for (String id : request.endpoints()) {
                if (id == null || id.isBlank()) {
                    throw ApiError.badRequest("endpoints:must not contain empty endpoint ids");
                }
                endpoints.add(id.trim());
            }
        }
        if (ownerId.isEmpty() && endpoints.isEmpty()) {
            throw ApiError.badRequest("please provide an owner_id or endpoints");
        }
        return new PortalLinkStore.Draft(request.name().trim(), ownerId, List.copyOf(new ArrayList<>(endpoints)),
                Boolean.TRUE.equals(request.canManageEndpoint()),
                request.authType() == null ? PortalAuthType.STATIC_TOKEN : request.authType());
    }
}
