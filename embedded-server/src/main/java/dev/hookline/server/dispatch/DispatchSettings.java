package dev.hookline.server.dispatch;

import java.time.Duration;

/**
 * The dispatcher's knobs. {@link #DEFAULTS} is what the server runs with; tests may shrink them.
 *
 * @param pollInterval       how often due deliveries are looked for when nobody signalled
 * @param claimBatch         how many due deliveries one claim looks at (and at most claims)
 * @param maxInFlight        deliveries claimed and not yet answered, over all endpoints: bounds memory and threads
 * @param perEndpointSends   concurrent sends to one endpoint: a slow or hanging endpoint ties up at most this many
 * @param perEndpointBacklog claimed deliveries of one endpoint waiting for a send slot
 * @param shutdownGrace      how long close() lets tries in flight finish (the rest are left to recovery at start)
 */
public record DispatchSettings(Duration pollInterval, int claimBatch, int maxInFlight, int perEndpointSends,
                               int perEndpointBacklog, Duration shutdownGrace) {

    public static final DispatchSettings DEFAULTS = new DispatchSettings(Duration.ofMillis(100), 256, 2048, 16, 240,
            Duration.ofSeconds(3));

    /**
     * How many deliveries of one project may be claimed at once: three quarters of {@link #maxInFlight}, so a flood in
     * one project always leaves room for the others' next deliveries (ADR 0042).
     */
    int perProjectInFlight() {
        return Math.max(1, maxInFlight - maxInFlight / 4);
    }

    /** How many deliveries of one endpoint may be claimed at once (sending plus waiting). */
    int perEndpointLoad() {
        return perEndpointSends + perEndpointBacklog;
    }
}
