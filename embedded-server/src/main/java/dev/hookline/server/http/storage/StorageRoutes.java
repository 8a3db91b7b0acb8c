package dev.hookline.server.http.storage;

import dev.hookline.server.http.Exchange;
import dev.hookline.server.retention.StorageService;
import java.io.IOException;

/**
 * {@code GET /api/v1/projects/{projectID}/storage} (Hookline's own): the data directory's size and the project's
 * oldest kept event under its retention policy (ADR 0032).
 */
public final class StorageRoutes {

    private final StorageService storage;

    public StorageRoutes(StorageService storage) {
        this.storage = storage;
    }

    public void describe(Exchange ex) throws IOException {
        ex.ok(200, "Storage fetched successfully", storage.describe(ex.project()));
    }

    public void compact(Exchange ex) throws IOException {
        ex.ok(200, "Storage compacted successfully", storage.compact());
    }
}
