package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
public record Endpoint(String uid, String projectId, String ownerId, String url, String name,
                       List<EndpointSecret> secrets, Boolean advancedSignatures, String description,
                       String slackWebhookUrl, String teamsWebhookUrl, String supportEmail, EndpointStatus status,
                       Long httpTimeout, @JsonInclude(JsonInclude.Include.NON_NULL) Long events,
                       EndpointAuthentication authentication, Integer rateLimit, Long rateLimitDuration,
                       ContentType contentType, Double failureRate, String cbState, Long failureCount,
                       Long successCount, Long retryCount, Double periodFailureRate, MtlsClientCert mtlsClientCert,
                       Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link Endpoint} member by member (the record has too many members to list positionally). */
    public static final class Builder {
        private String uid;
        private String projectId;
        private String ownerId;
        private String url;
        private String name;
        private List<EndpointSecret> secrets;
        private Boolean advancedSignatures;
        private String description;
        private String slackWebhookUrl;
        private String teamsWebhookUrl;
        private String supportEmail;
        private EndpointStatus status;
        private Long httpTimeout;
        private Long events;
        private EndpointAuthentication authentication;
        private Integer rateLimit;
        private Long rateLimitDuration;
        private ContentType contentType;
        private Double failureRate;
        private String cbState;
        private Long failureCount;
        private Long successCount;
        private Long retryCount;
        private Double periodFailureRate;
        private MtlsClientCert mtlsClientCert;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant deletedAt;

        private Builder() {
        }

        private Builder(Endpoint from) {
            this.uid = from.uid;
            this.projectId = from.projectId;
            this.ownerId = from.ownerId;
            this.url = from.url;
            this.name = from.name;
            this.secrets = from.secrets;
            this.advancedSignatures = from.advancedSignatures;
            this.description = from.description;
            this.slackWebhookUrl = from.slackWebhookUrl;
            this.teamsWebhookUrl = from.teamsWebhookUrl;
            this.supportEmail = from.supportEmail;
            this.status = from.status;
            this.httpTimeout = from.httpTimeout;
            this.events = from.events;
            this.authentication = from.authentication;
            this.rateLimit = from.rateLimit;
            this.rateLimitDuration = from.rateLimitDuration;
            this.contentType = from.contentType;
            this.failureRate = from.failureRate;
            this.cbState = from.cbState;
            this.failureCount = from.failureCount;
            this.successCount = from.successCount;
            this.retryCount = from.retryCount;
            this.periodFailureRate = from.periodFailureRate;
            this.mtlsClientCert = from.mtlsClientCert;
            this.createdAt = from.createdAt;
            this.updatedAt = from.updatedAt;
            this.deletedAt = from.deletedAt;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder projectId(String projectId) {
            this.projectId = projectId;
            return this;
        }

        public Builder ownerId(String ownerId) {
            this.ownerId = ownerId;
            return this;
        }

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder secrets(List<EndpointSecret> secrets) {
            this.secrets = secrets;
            return this;
        }

        public Builder advancedSignatures(Boolean advancedSignatures) {
            this.advancedSignatures = advancedSignatures;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder slackWebhookUrl(String slackWebhookUrl) {
            this.slackWebhookUrl = slackWebhookUrl;
            return this;
        }

        public Builder teamsWebhookUrl(String teamsWebhookUrl) {
            this.teamsWebhookUrl = teamsWebhookUrl;
            return this;
        }

        public Builder supportEmail(String supportEmail) {
            this.supportEmail = supportEmail;
            return this;
        }

        public Builder status(EndpointStatus status) {
            this.status = status;
            return this;
        }

        public Builder httpTimeout(Long httpTimeout) {
            this.httpTimeout = httpTimeout;
            return this;
        }

        public Builder events(Long events) {
            this.events = events;
            return this;
        }

        public Builder authentication(EndpointAuthentication authentication) {
            this.authentication = authentication;
            return this;
        }

        public Builder rateLimit(Integer rateLimit) {
            this.rateLimit = rateLimit;
            return this;
        }

        public Builder rateLimitDuration(Long rateLimitDuration) {
            this.rateLimitDuration = rateLimitDuration;
            return this;
        }

        public Builder contentType(ContentType contentType) {
            this.contentType = contentType;
            return this;
        }

        public Builder failureRate(Double failureRate) {
            this.failureRate = failureRate;
            return this;
        }

        public Builder cbState(String cbState) {
            this.cbState = cbState;
            return this;
        }

        public Builder failureCount(Long failureCount) {
            this.failureCount = failureCount;
            return this;
        }

        public Builder successCount(Long successCount) {
            this.successCount = successCount;
            return this;
        }

        public Builder retryCount(Long retryCount) {
            this.retryCount = retryCount;
            return this;
        }

        public Builder periodFailureRate(Double periodFailureRate) {
            this.periodFailureRate = periodFailureRate;
            return this;
        }

        public Builder mtlsClientCert(MtlsClientCert mtlsClientCert) {
            this.mtlsClientCert = mtlsClientCert;
            return this;
        }

        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder updatedAt(Instant updatedAt) {
            this.updatedAt = updatedAt;
            return this;
        }

        public Builder deletedAt(Instant deletedAt) {
            this.deletedAt = deletedAt;
            return this;
        }

        public Endpoint build() {
            return new Endpoint(uid, projectId, ownerId, url, name, secrets, advancedSignatures, description,
                    slackWebhookUrl, teamsWebhookUrl, supportEmail, status, httpTimeout, events,
                    authentication, rateLimit, rateLimitDuration, contentType, failureRate, cbState, failureCount,
                    successCount, retryCount, periodFailureRate,
                    mtlsClientCert, createdAt, updatedAt, deletedAt);
        }
    }
}
