package dev.hookline.server.projects;

import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateProjectResponse;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.ServerContext;
import dev.hookline.server.auth.KeyAuthenticator;
import dev.hookline.server.auth.Principal;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;

/** {@code /api/v1/projects}: list, create (returns the project key once), get, update, delete. */
public final class ProjectRoutes {

    private final ServerContext context;
    private final ProjectStore store;
    private final KeyAuthenticator authenticator;

    public ProjectRoutes(ServerContext context, ProjectStore store, KeyAuthenticator authenticator) {
        this.context = context;
        this.store = store;
        this.authenticator = authenticator;
    }

    public void register(Router router) {
        router.get("/api/v1/projects", Access.API_KEY, this::list);
        router.post("/api/v1/projects", Access.INSTANCE_KEY, this::create);
        router.get("/api/v1/projects/{projectID}", Access.API_KEY, this::get);
        router.put("/api/v1/projects/{projectID}", Access.API_KEY, this::update);
        router.delete("/api/v1/projects/{projectID}", Access.INSTANCE_KEY, this::delete);
    }

    private void list(Exchange ex) throws Exception {
        Principal principal = ex.principal();
        ex.ok(200, "Projects fetched successfully",
                store.list(principal.kind() == Principal.Kind.INSTANCE ? null : principal.projectId()));
    }

    private void create(Exchange ex) throws Exception {
        ex.query("orgID").ifPresent(orgId -> {
            if (!orgId.equals(store.defaultOrganisationId())) {
                throw ApiError.badRequest("organisation " + orgId + " not found; this server has one organisation, "
                        + store.defaultOrganisationId() + " (orgID may be omitted)");
            }
        });
        CreateProjectRequest request = ex.body(CreateProjectRequest.class);
        String name = requireName(request.name());
        if (request.type() == null) {
            throw ApiError.badRequest("type:please provide a valid type (incoming or outgoing)");
        }
        ProjectConfig config = ProjectConfigs.validate(ProjectConfigs.merge(
                ProjectConfigs.defaults(context::newId, context.now()), request.config(), context::newId,
                context.now()));
        CreateProjectResponse created = store.create(name, request.type(), request.logoUrl(), config);
        ex.ok(201, "Project created successfully", created);
    }

    private void get(Exchange ex) throws Exception {
        ex.ok(200, "Project fetched successfully", ex.<Project>project());
    }

    private void update(Exchange ex) throws Exception {
        Project current = ex.project();
        UpdateProjectRequest request = ex.body(UpdateProjectRequest.class);
        String name = requireName(request.name());
        ProjectConfig config = ProjectConfigs.validate(
                ProjectConfigs.merge(current.config(), request.config(), context::newId, context.now()));
        ex.ok(202, "Project updated successfully", store.update(current, name, request.logoUrl(), config));
    }

    private void delete(Exchange ex) throws Exception {
        Project project = ex.project();
        store.delete(project.uid());
        authenticator.forgetAll();
        ex.ok(200, "Project deleted successfully", null);
    }

    private static String requireName(String name) {
        if (name == null || name.isBlank()) {
            throw ApiError.badRequest("name:please provide a valid name");
        }
        if (name.length() > 255) {
            throw ApiError.badRequest("name:must be at most 255 characters");
        }
        return name.trim();
    }
}
