package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.List;

/**
 * An endpoint. {@code http_timeout} and {@code rate_limit_duration} are seconds ({@code rate_limit} 0 = unlimited);
 * {@code events} is written only when counted (never, here: a count per read would be an index range scan, and
 * Convoy's document does not require it); {@code failure_rate} and {@code cb_state} ("open", "half-open",
 * "closed") are {@code null} unless a circuit breaker sampled the endpoint. {@code failure_count},
 * {@code success_count}, {@code retry_count} and {@code period_failure_rate} are Convoy's counts over a chosen period
 * of its deliveries: {@code null} except where a period was asked for (as in Convoy, where they are transient). Also
 * used as the {@code data} of {@code endpoint.*} meta events and as {@code endpoint_metadata} of events, deliveries
 * and subscriptions.
 */
@JsonPropertyOrder({"uid", "project_id", "owner_id", "url", "name", "secrets", "advanced_signatures", "description",
        "slack_webhook_url", "teams_webhook_url", "support_email", "status", "http_timeout", "events",
        "authentication", "rate_limit", "rate_limit_duration", "content_type", "failure_rate", "cb_state",
        "failure_count", "success_count", "retry_count", "period_failure_rate", "mtls_client_cert", "created_at",
        "updated_at", "deleted_at"})
@RecordBuilder
public record Endpoint(String uid, String projectId, String ownerId, String url, String name,
                       List<EndpointSecret> secrets, Boolean advancedSignatures, String description,
                       String slackWebhookUrl, String teamsWebhookUrl, String supportEmail, EndpointStatus status,
                       Long httpTimeout, @JsonInclude(JsonInclude.Include.NON_NULL) Long events,
                       EndpointAuthentication authentication, Integer rateLimit, Long rateLimitDuration,
                       ContentType contentType, Double failureRate, String cbState, Long failureCount,
                       Long successCount, Long retryCount, Double periodFailureRate, MtlsClientCert mtlsClientCert,
                       Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public EndpointBuilder toBuilder() {
        return EndpointBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static EndpointBuilder builder() {
        return EndpointBuilder.builder();
    }
}
