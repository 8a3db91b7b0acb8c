package dev.hookline.server.http.capture;

import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.api.model.Project;
import dev.hookline.server.capture.CaptureService;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import java.io.IOException;

/**
 * {@code /api/v1/projects/{projectID}/capture-bins} (Hookline's own): create, list, get, update and delete a
 * project's capture bins, and read or clear what one got.
 */
public final class CaptureBinRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/capture-bins";

    private final CaptureService capture;

    public CaptureBinRoutes(CaptureService capture) {
        this.capture = capture;
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, this::list);
        router.post(BASE, Access.API_KEY, this::create);
        router.get(BASE + "/{binID}", Access.API_KEY, this::get);
        router.put(BASE + "/{binID}", Access.API_KEY, this::update);
        router.delete(BASE + "/{binID}", Access.API_KEY, this::delete);
        router.get(BASE + "/{binID}/requests", Access.API_KEY, this::requests);
        router.delete(BASE + "/{binID}/requests", Access.API_KEY, this::clear);
    }

    private void list(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Capture bins fetched successfully", capture.list(project.uid()));
    }

    private void create(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(201, "Capture bin created successfully", capture.create(project.uid(), optionalBody(ex)));
    }

    private void get(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(200, "Capture bin fetched successfully", capture.get(project.uid(), ex.pathParam("binID")));
    }

    private void update(Exchange ex) throws Exception {
        Project project = ex.project();
        ex.ok(202, "Capture bin updated successfully",
                capture.update(project.uid(), ex.pathParam("binID"), optionalBody(ex)));
    }

    private void delete(Exchange ex) throws Exception {
        Project project = ex.project();
        capture.delete(project.uid(), ex.pathParam("binID"));
        ex.ok(200, "Capture bin deleted successfully", null);
    }

    private void requests(Exchange ex) throws Exception {
        Project project = ex.project();
        long after;
        try {
            after = Long.parseLong(ex.query("after").orElse("0").trim());
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("after must be a request's seq (a whole number)");
        }
        ex.ok(200, "Captured requests fetched successfully",
                capture.requests(project.uid(), ex.pathParam("binID"), after));
    }

    private void clear(Exchange ex) throws Exception {
        Project project = ex.project();
        capture.clear(project.uid(), ex.pathParam("binID"));
        ex.ok(200, "Captured requests cleared successfully", null);
    }

    /** An empty body means "all defaults" (creating a bin needs nothing). */
    private static CaptureBinRequest optionalBody(Exchange ex) throws IOException {
        return ex.rawBody().length == 0 ? null : ex.body(CaptureBinRequest.class);
    }
}
