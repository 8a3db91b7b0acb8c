package dev.hookline.server.http.storage;

import dev.hookline.server.http.Access;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.retention.StorageService;

/**
 * {@code GET /api/v1/projects/{projectID}/storage} (Hookline's own): the data directory's size and the project's
 * oldest kept event under its retention policy (ADR 0032).
 */
public final class StorageRoutes {

    private final StorageService storage;

    public StorageRoutes(StorageService storage) {
        this.storage = storage;
    }

    public void register(Router router) {
        router.get("/api/v1/projects/{projectID}/storage", Access.API_KEY,
                ex -> ex.ok(200, "Storage fetched successfully", storage.describe(ex.project())));
        // the whole server's file: the instance key only (a rebuild of an old database holds writes meanwhile)
        router.post("/api/v1/storage/compact", Access.INSTANCE_KEY,
                ex -> ex.ok(200, "Storage compacted successfully", storage.compact()));
    }
}
