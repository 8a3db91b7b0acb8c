package dev.hookline.server.brokers;

import java.time.Instant;

/**
 * What one source's consumer did since the server started, across its restarts: messages received and rejected,
 * and the last rejection's reason. Written by many worker threads.
 */
final class ConsumerStats {

    private long received;
    private long rejected;
    private String lastRejection;
    private Instant lastRejectionAt;

    synchronized void received() {
        received++;
    }

    synchronized void rejected(String reason, Instant at) {
        rejected++;
        lastRejection = reason;
        lastRejectionAt = at;
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(received, rejected, lastRejection, lastRejectionAt);
    }

    record Snapshot(long received, long rejected, String lastRejection, Instant lastRejectionAt) {
    }
}
