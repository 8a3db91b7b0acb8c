package dev.hookline.server.http.health;

import dev.hookline.api.model.Envelope;
import dev.hookline.api.model.ServerHealth;
import dev.hookline.server.health.HealthService;
import dev.hookline.server.http.Exchange;
import java.io.IOException;

/**
 * {@code GET /healthz} without credentials (as Convoy's): the envelope with the health as {@code data}, 200 when
 * healthy, 503 with {@code "status":false} and the problem as {@code message} when not (load balancers and the
 * console read the status code; people read the message).
 */
public final class HealthRoutes {

    private final HealthService health;

    public HealthRoutes(HealthService health) {
        this.health = health;
    }

    public void healthz(Exchange ex) throws IOException {
        ServerHealth report = health.check();
        if (report.healthy()) {
            ex.ok(200, "Hookline is healthy", report);
        } else {
            ex.sendJson(503, new Envelope<>(false, report.problem(), report));
        }
    }
}
