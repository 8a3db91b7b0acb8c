package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.List;

/**
 * A project's configuration. In responses every member is filled; as the {@code config} of
 * {@link CreateProjectRequest}/{@link UpdateProjectRequest} every member is optional and {@code null} means "leave as
 * is / use the default" (Convoy merges present keys only).
 *
 * <p>{@code max_payload_read_size} is bytes; {@code search_policy} and {@code ratelimit.duration} follow Convoy
 * ({@code search_policy} a Go duration such as {@code "720h"}, rate-limit duration in seconds).
 *
 * <p>{@code validate_event_schemas} is Hookline's own key (Convoy's document has none): when true, an event whose
 * type is in the project's catalogue with a JSON Schema is refused (400) unless its data follow the schema.
 *
 * <p>{@code circuit_breaker} is Convoy's {@code datastore.CircuitBreakerConfiguration}: the thresholds of the
 * per-endpoint circuit breaker of the project's endpoints (docs/adr/0034).
 *
 * <p>{@code retention_policy} ({@code {"policy":"720h","enabled":false}}) is how long the project's events, their
 * deliveries and attempts are kept when enabled (ADR 0032). Convoy keeps its retention policy in the instance
 * configuration ({@code retention_policy{policy,enabled}}); Hookline keeps the same shape per project.
 *
 * <p>{@code portal_frame_ancestors} is Hookline's own key (docs/adr/0025): the origins ({@code https://app.example})
 * allowed to embed the project's customer portal in a frame, written into the page's {@code frame-ancestors}; empty
 * (the default) lets no one frame it. Left out of the JSON when {@code null} (a Convoy config has no such key).
 */
@JsonPropertyOrder({"max_payload_read_size", "replay_attacks_prevention_enabled", "add_event_id_trace_headers",
        "disable_endpoint", "multiple_endpoint_subscriptions", "search_policy", "ratelimit", "strategy", "signature",
        "ssl", "meta_event", "request_id_header", "validate_event_schemas",
        "circuit_breaker", "retention_policy", "verify_dynamic_events", "allow_unmatched_dynamic_urls",
        "portal_frame_ancestors"})
@RecordBuilder
public record ProjectConfig(Long maxPayloadReadSize, Boolean replayAttacksPreventionEnabled,
                            Boolean addEventIdTraceHeaders, Boolean disableEndpoint,
                            Boolean multipleEndpointSubscriptions, String searchPolicy, RateLimitConfig ratelimit,
                            Strategy strategy, Signature signature, Ssl ssl, MetaEventConfig metaEvent,
                            String requestIdHeader, Boolean validateEventSchemas, CircuitBreaker circuitBreaker,
                            RetentionPolicy retentionPolicy, Boolean verifyDynamicEvents,
                            Boolean allowUnmatchedDynamicUrls,
                            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> portalFrameAncestors) {

    /** This configuration with {@code portal_frame_ancestors} set to {@code origins}. */
    public ProjectConfig withPortalFrameAncestors(List<String> origins) {
        return toBuilder().portalFrameAncestors(origins).build();
    }

    /** A builder holding this configuration's values, to change a few of them without naming every other. */
    public ProjectConfigBuilder toBuilder() {
        return ProjectConfigBuilder.builder(this);
    }

    /**
     * An empty builder: every member null, which in a create or update request means "leave as is / use the
     * default". The one way to build a configuration outside this record (the canonical constructor is Jackson's).
     */
    public static ProjectConfigBuilder builder() {
        return ProjectConfigBuilder.builder();
    }

    /** This configuration with {@code retention_policy} set to {@code policy}. */
    public ProjectConfig withRetentionPolicy(RetentionPolicy policy) {
        return toBuilder().retentionPolicy(policy).build();
    }

    /** Whether events of a catalogued type with a JSON Schema are checked against it at intake (ADR 0029). */
    public boolean validatesEventSchemas() {
        return Boolean.TRUE.equals(validateEventSchemas);
    }

    /** The project retry strategy: {@code type}, {@code duration} in seconds, {@code retry_count}. */
    @JsonPropertyOrder({"type", "duration", "retry_count"})
    public record Strategy(StrategyType type, Long duration, Long retryCount) {
    }

    /** Signature settings: the header name and the signature versions (the last one signs simple signatures). */
    @JsonPropertyOrder({"header", "versions"})
    public record Signature(String header, List<SignatureVersion> versions) {
    }

    /** One signature version: hash (e.g. {@code SHA256}) and encoding ({@code hex|base64}). */
    @JsonPropertyOrder({"uid", "hash", "encoding", "created_at"})
    public record SignatureVersion(String uid, String hash, String encoding, Instant createdAt) {
    }

    /** TLS policy: whether endpoint URLs must be https. */
    @JsonPropertyOrder({"enforce_secure_endpoints"})
    public record Ssl(Boolean enforceSecureEndpoints) {
    }

    /**
     * How long events are kept: {@code policy} a Go duration such as {@code "720h"}; {@code enabled} whether older
     * events (with their deliveries and attempts, once every delivery is settled) are deleted. In an update either
     * member may be left out (null: as is).
     */
    @JsonPropertyOrder({"policy", "enabled"})
    public record RetentionPolicy(String policy, Boolean enabled) {

        /** Whether old events are deleted (not named {@code isEnabled}: Jackson would write it as {@code enabled}). */
        public boolean deletes() {
            return Boolean.TRUE.equals(enabled);
        }
    }

    /**
     * Meta-event settings: {@code type} is {@code "http"}; {@code event_type} lists the meta events to emit;
     * {@code pub_sub} is Convoy's broker for meta events, stored and returned (meta events still go over HTTP here,
     * ADR 0030).
     */
    @JsonPropertyOrder({"is_enabled", "type", "event_type", "url", "secret", "pub_sub"})
    public record MetaEventConfig(Boolean isEnabled, String type, List<String> eventType, String url, String secret,
                                  PubSubConfig pubSub) {

        /** Without {@code pub_sub}: left as is on update. */
        public MetaEventConfig(Boolean isEnabled, String type, List<String> eventType, String url, String secret) {
            this(isEnabled, type, eventType, url, secret, null);
        }
    }

    /**
     * The circuit breaker's thresholds, in Convoy's units: {@code sample_rate} seconds (the resolution of the
     * observation window), {@code error_timeout} seconds (how long an open circuit waits before a probe),
     * {@code failure_threshold} percent of failed tries in the window that opens the circuit, {@code
     * success_threshold} percent of successful tries in the window a successful probe needs to close it, {@code
     * observability_window} minutes, {@code minimum_request_count} tries in the window before it is judged, {@code
     * consecutive_failure_threshold} openings in a row after which the endpoint is deactivated (when
     * {@code disable_endpoint} is on).
     */
    @JsonPropertyOrder({"sample_rate", "error_timeout", "failure_threshold", "success_threshold",
            "observability_window", "minimum_request_count", "consecutive_failure_threshold"})
    public record CircuitBreaker(Long sampleRate, Long errorTimeout, Long failureThreshold, Long successThreshold,
                                 Long observabilityWindow, Long minimumRequestCount,
                                 Long consecutiveFailureThreshold) {

        /** Convoy's defaults: 30 s samples over 5 min, open at 70 % of 10+ tries, 30 s timeout, close at 5 %. */
        public static final CircuitBreaker DEFAULTS = new CircuitBreaker(30L, 30L, 70L, 5L, 5L, 10L, 10L);
    }
}
