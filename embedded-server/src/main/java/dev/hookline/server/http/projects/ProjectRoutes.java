package dev.hookline.server.http.projects;

import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.auth.Principal;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.projects.ProjectService;

/** {@code /api/v1/projects}: list, create (returns the project key once), get, update, delete. */
public final class ProjectRoutes {

    private final ProjectService projects;

    public ProjectRoutes(ProjectService projects) {
        this.projects = projects;
    }

    public void list(Exchange ex) throws Exception {
        Principal principal = ex.principal();
        ex.ok(200, "Projects fetched successfully", projects.list(ex.query("orgID").orElse(null),
                principal.kind() == Principal.Kind.INSTANCE ? null : principal.projectId()));
    }

    public void create(Exchange ex) throws Exception {
        String organisationId = ex.query("orgID").orElse(null);
        CreateProjectRequest request = ex.body(CreateProjectRequest.class);
        ex.ok(201, "Project created successfully", projects.create(organisationId, request.name(), request.type(),
                request.logoUrl(), request.config()));
    }

    public void get(Exchange ex) throws Exception {
        ex.ok(200, "Project fetched successfully", projects.get(ex.project()));
    }

    public void update(Exchange ex) throws Exception {
        UpdateProjectRequest request = ex.body(UpdateProjectRequest.class);
        ex.ok(202, "Project updated successfully",
                projects.update(ex.project(), request.name(), request.logoUrl(), request.config()));
    }

    public void delete(Exchange ex) throws Exception {
        projects.delete(ex.projectId());
        ex.ok(200, "Project deleted successfully", null);
    }
}
