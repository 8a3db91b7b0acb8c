package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
 * <p>{@code retention_policy} ({@code {"policy":"720h","enabled":false}}) is how long the project's events, their
 * deliveries and attempts are kept when enabled (ADR 0032). Convoy keeps its retention policy in the instance
 * configuration ({@code retention_policy{policy,enabled}}); Hookline keeps the same shape per project.
 */
@JsonPropertyOrder({"max_payload_read_size", "replay_attacks_prevention_enabled", "add_event_id_trace_headers",
        "disable_endpoint", "multiple_endpoint_subscriptions", "search_policy", "ratelimit", "strategy", "signature",
        "ssl", "meta_event", "request_id_header", "validate_event_schemas", "retention_policy"})
public record ProjectConfig(Long maxPayloadReadSize, Boolean replayAttacksPreventionEnabled,
                            Boolean addEventIdTraceHeaders, Boolean disableEndpoint,
                            Boolean multipleEndpointSubscriptions, String searchPolicy, RateLimitConfig ratelimit,
                            Strategy strategy, Signature signature, Ssl ssl, MetaEventConfig metaEvent,
                            String requestIdHeader, Boolean validateEventSchemas, RetentionPolicy retentionPolicy) {

    /**
     * A configuration without {@code validate_event_schemas} (Convoy has no such key): left as is on update, off by
     * default.
     */
    public ProjectConfig(Long maxPayloadReadSize, Boolean replayAttacksPreventionEnabled,
                         Boolean addEventIdTraceHeaders, Boolean disableEndpoint,
                         Boolean multipleEndpointSubscriptions, String searchPolicy, RateLimitConfig ratelimit,
                         Strategy strategy, Signature signature, Ssl ssl, MetaEventConfig metaEvent,
                         String requestIdHeader) {
        this(maxPayloadReadSize, replayAttacksPreventionEnabled, addEventIdTraceHeaders, disableEndpoint,
                multipleEndpointSubscriptions, searchPolicy, ratelimit, strategy, signature, ssl, metaEvent,
                requestIdHeader, null);
    }

    /** A configuration without {@code retention_policy}: left as is on update, the default (off) on create. */
    public ProjectConfig(Long maxPayloadReadSize, Boolean replayAttacksPreventionEnabled,
                         Boolean addEventIdTraceHeaders, Boolean disableEndpoint,
                         Boolean multipleEndpointSubscriptions, String searchPolicy, RateLimitConfig ratelimit,
                         Strategy strategy, Signature signature, Ssl ssl, MetaEventConfig metaEvent,
                         String requestIdHeader, Boolean validateEventSchemas) {
        this(maxPayloadReadSize, replayAttacksPreventionEnabled, addEventIdTraceHeaders, disableEndpoint,
                multipleEndpointSubscriptions, searchPolicy, ratelimit, strategy, signature, ssl, metaEvent,
                requestIdHeader, validateEventSchemas, null);
    }

    /** This configuration with {@code retention_policy} set to {@code policy}. */
    public ProjectConfig withRetentionPolicy(RetentionPolicy policy) {
        return new ProjectConfig(maxPayloadReadSize, replayAttacksPreventionEnabled, addEventIdTraceHeaders,
                disableEndpoint, multipleEndpointSubscriptions, searchPolicy, ratelimit, strategy, signature, ssl,
                metaEvent, requestIdHeader, validateEventSchemas, policy);
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

    /** Meta-event settings: {@code type} is {@code "http"}; {@code event_type} lists the meta events to emit. */
    @JsonPropertyOrder({"is_enabled", "type", "event_type", "url", "secret"})
    public record MetaEventConfig(Boolean isEnabled, String type, List<String> eventType, String url, String secret) {
    }
}
