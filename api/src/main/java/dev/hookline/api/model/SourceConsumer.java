package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * The live state of a {@code pub_sub} source's broker consumer (Hookline only; Convoy shows none): whether it runs,
 * the last failure in plain words, and what it did with messages since the server started. Counts and errors live
 * in memory and start again at zero with the server.
 *
 * @param state            connecting, running, retrying, disabled or stopped
 * @param since            when it entered {@code state}
 * @param lastError        the last connection failure ("cannot connect to 127.0.0.1:5672 (connection refused)"),
 *                         or null; kept after a recovery so a person can see what happened
 * @param lastErrorAt      when that was, or null
 * @param nextRetryAt      when a {@code retrying} consumer tries again, else null
 * @param messagesReceived messages that became events (duplicates included)
 * @param messagesRejected messages rejected for good (malformed, unknown endpoint, failing function)
 * @param lastRejection    why the last rejected message was rejected, or null
 * @param lastRejectionAt  when that was, or null
 */
@JsonPropertyOrder({"state", "since", "last_error", "last_error_at", "next_retry_at", "messages_received",
        "messages_rejected", "last_rejection", "last_rejection_at"})
public record SourceConsumer(ConsumerState state, Instant since, String lastError, Instant lastErrorAt,
                             Instant nextRetryAt, long messagesReceived, long messagesRejected, String lastRejection,
                             Instant lastRejectionAt) {
}
