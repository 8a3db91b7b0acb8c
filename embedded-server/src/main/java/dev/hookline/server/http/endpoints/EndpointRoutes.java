package dev.hookline.server.http.endpoints;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ExpireSecretRequest;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Project;
import dev.hookline.server.endpoints.EndpointRedaction;
import dev.hookline.server.endpoints.EndpointScope;
import dev.hookline.server.endpoints.EndpointService;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import java.io.IOException;

/**
 * {@code /api/v1/projects/{projectID}/endpoints}: list, create, get, update, delete, pause, activate, expire_secret.
 * Answers carry the endpoint redacted ({@link EndpointRedaction}).
 *
 * <p>Unlike Convoy, creating or updating an https endpoint does not ping it first (docs/adr/0006): the receiver
 * may not be up yet, and the first delivery attempt reports the same problem.
 */
public final class EndpointRoutes {

    private final EndpointService endpoints;

    public EndpointRoutes(EndpointService endpoints) {
        this.endpoints = endpoints;
    }

    public void list(Exchange ex) throws IOException {
        Page<Endpoint> page = endpoints.list(ex.projectId(), ListParamsReader.from(ex), ex.query("q").orElse(null),
                ex.query("ownerId").orElse(null));
        ex.ok(200, "Endpoints fetched successfully", redacted(page));
    }

    public void create(Exchange ex) throws IOException {
        Project project = ex.project();
        EndpointRequest request = ex.body(EndpointRequest.class);
        Endpoint created = endpoints.create(project.uid(), project.config(), request);
        ex.ok(201, "Endpoint created successfully", EndpointRedaction.redact(created));
    }

    public void get(Exchange ex) throws IOException {
        Endpoint endpoint = endpoints.get(ex.projectId(), ex.pathParam("endpointID"));
        ex.ok(200, "Endpoint fetched successfully", EndpointRedaction.redact(endpoint));
    }

    public void update(Exchange ex) throws IOException {
        Project project = ex.project();
        EndpointRequest request = ex.body(EndpointRequest.class);
        Endpoint updated = endpoints.update(project.uid(), ex.pathParam("endpointID"), EndpointScope.PROJECT,
                project.config(), request, false);
        if (updated == null) {
            throw ApiError.notFound(EndpointService.NOT_FOUND);
        }
        ex.ok(202, "Endpoint updated successfully", EndpointRedaction.redact(updated));
    }

    public void delete(Exchange ex) throws IOException {
        if (!endpoints.delete(ex.projectId(), ex.pathParam("endpointID"), EndpointScope.PROJECT)) {
            throw ApiError.notFound(EndpointService.NOT_FOUND);
        }
        ex.ok(200, "Endpoint deleted successfully", null);
    }

    /** Convoy answers an unknown endpoint here with 400 "failed to find endpoint" (not 404). */
    public void pause(Exchange ex) throws IOException {
        Endpoint paused = endpoints.togglePause(ex.projectId(), ex.pathParam("endpointID"), EndpointScope.PROJECT);
        if (paused == null) {
            throw ApiError.badRequest("failed to find endpoint");
        }
        ex.ok(202, "endpoint status updated successfully", EndpointRedaction.redact(paused));
    }

    public void activate(Exchange ex) throws IOException {
        Endpoint active = endpoints.activate(ex.projectId(), ex.pathParam("endpointID"));
        if (active == null) {
            throw ApiError.badRequest("failed to find endpoint");
        }
        ex.ok(202, "endpoint status successfully activated", EndpointRedaction.redact(active));
    }

    public void expireSecret(Exchange ex) throws IOException {
        Endpoint rotated = expireSecret(ex, endpoints, ex.projectId(), EndpointScope.PROJECT);
        ex.ok(200, "endpoint secret expired successfully", EndpointRedaction.redact(rotated));
    }

    /** Reads an {@link ExpireSecretRequest} and rotates; 404 when the endpoint is unknown or out of scope. */
    public static Endpoint expireSecret(Exchange ex, EndpointService endpoints, String projectId,
                                        EndpointScope scope) throws IOException {
        ExpireSecretRequest request = ex.body(ExpireSecretRequest.class);
        Endpoint rotated = endpoints.expireSecret(projectId, ex.pathParam("endpointID"), scope, request.expiration(),
                request.secret());
        if (rotated == null) {
            throw ApiError.notFound(EndpointService.NOT_FOUND);
        }
        return rotated;
    }

    /** The page with every endpoint redacted. */
    private static Page<Endpoint> redacted(Page<Endpoint> page) {
        return new Page<>(EndpointRedaction.redactAll(page.content()), page.pagination());
    }
}
