package dev.hookline.server.http.portallinks;

import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.portallinks.PortalLinkService;
import java.io.IOException;

/** {@code /api/v1/projects/{projectID}/portal-links}: list, create, get, update, revoke, refresh_token. */
public final class PortalLinkRoutes {

    private final PortalLinkService links;

    public PortalLinkRoutes(PortalLinkService links) {
        this.links = links;
    }

    public void list(Exchange ex) throws IOException {
        ListParams params = ListParamsReader.from(ex);
        ex.ok(200, "Portal links fetched successfully", links.list(ex.projectId(), params,
                ex.query("ownerId").orElse(null), ex.queryAll("endpointId"), ex.query("q").orElse(null)));
    }

    public void create(Exchange ex) throws IOException {
        ex.ok(201, "Portal link created successfully",
                links.create(ex.projectId(), ex.body(PortalLinkRequest.class)));
    }

    public void get(Exchange ex) throws IOException {
        ex.ok(200, "Portal link fetched successfully", links.get(ex.projectId(), ex.pathParam("portalLinkID")));
    }

    public void update(Exchange ex) throws IOException {
        PortalLinkRequest request = ex.body(PortalLinkRequest.class);
        ex.ok(202, "Portal link updated successfully",
                links.update(ex.projectId(), ex.pathParam("portalLinkID"), request));
    }

    public void revoke(Exchange ex) throws IOException {
        links.revoke(ex.projectId(), ex.pathParam("portalLinkID"));
        ex.ok(200, "Portal link revoked successfully", null);
    }

    public void refreshToken(Exchange ex) throws IOException {
        ex.ok(200, "Portal link fetched successfully",
                links.refreshKey(ex.projectId(), ex.pathParam("portalLinkID")));
    }
}
