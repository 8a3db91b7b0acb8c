package dev.hookline.server.http.capture;

import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.server.capture.CaptureService;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import java.io.IOException;

/**
 * {@code /api/v1/projects/{projectID}/capture-bins} (Hookline's own): create, list, get, update and delete a
 * project's capture bins, and read or clear what one got.
 */
public final class CaptureBinRoutes {

    private final CaptureService capture;

    public CaptureBinRoutes(CaptureService capture) {
        this.capture = capture;
    }

    public void list(Exchange ex) throws Exception {
        ex.ok(200, "Capture bins fetched successfully", capture.list(ex.projectId()));
    }

    public void create(Exchange ex) throws Exception {
        ex.ok(201, "Capture bin created successfully", capture.create(ex.projectId(), optionalBody(ex)));
    }

    public void get(Exchange ex) throws Exception {
        ex.ok(200, "Capture bin fetched successfully", capture.get(ex.projectId(), ex.pathParam("binID")));
    }

    public void update(Exchange ex) throws Exception {
        ex.ok(202, "Capture bin updated successfully",
                capture.update(ex.projectId(), ex.pathParam("binID"), optionalBody(ex)));
    }

    public void delete(Exchange ex) throws Exception {
        capture.delete(ex.projectId(), ex.pathParam("binID"));
        ex.ok(200, "Capture bin deleted successfully", null);
    }

    public void requests(Exchange ex) throws Exception {
        long after;
        try {
            after = Long.parseLong(ex.query("after").orElse("0").trim());
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("after must be a request's seq (a whole number)");
        }
        ex.ok(200, "Captured requests fetched successfully",
                capture.requests(ex.projectId(), ex.pathParam("binID"), after));
    }

    public void clear(Exchange ex) throws Exception {
        capture.clear(ex.projectId(), ex.pathParam("binID"));
        ex.ok(200, "Captured requests cleared successfully", null);
    }

    /** An empty body means "all defaults" (creating a bin needs nothing). */
    private static CaptureBinRequest optionalBody(Exchange ex) throws IOException {
        return ex.rawBody().length == 0 ? null : ex.body(CaptureBinRequest.class);
    }
}
