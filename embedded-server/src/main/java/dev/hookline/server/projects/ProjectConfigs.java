package dev.hookline.server.projects;

import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.CircuitBreakerRanges;
import dev.hookline.api.model.ProjectConfig.CircuitBreaker;
import dev.hookline.api.model.ProjectConfig.MetaEventConfig;
import dev.hookline.api.model.ProjectConfig.RetentionPolicy;
import dev.hookline.api.model.ProjectConfig.Signature;
import dev.hookline.api.model.ProjectConfig.SignatureVersion;
import dev.hookline.api.model.ProjectConfig.Ssl;
import dev.hookline.api.model.ProjectConfig.Strategy;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.StrategyType;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.GoDuration;
import java.time.Duration;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Project configuration: Convoy's defaults, the "present keys only" merge of an update, and validation.
 *
 * <p>One deliberate difference: {@code ssl.enforce_secure_endpoints} defaults to false, because the embedded server
 * mostly delivers to receivers on a developer's own machine over plain http (docs/adr/0006).
 */
public final class ProjectConfigs {

    public static final long DEFAULT_MAX_PAYLOAD_BYTES = 51_200;
    public static final String DEFAULT_SIGNATURE_HEADER = "X-Convoy-Signature";
    public static final String DEFAULT_REQUEST_ID_HEADER = "X-Convoy-Idempotency-Key";
    /** Convoy's default retention policy: 30 days, off (ADR 0032). */
    public static final RetentionPolicy DEFAULT_RETENTION = new RetentionPolicy("720h", false);
    /** The shortest retention policy taken: shorter ones would delete events while they are still being looked at. */
    public static final Duration MIN_RETENTION = Duration.ofMinutes(1);
    private static final Set<String> HASHES = Set.of("SHA256", "SHA512");
    private static final Set<String> ENCODINGS = Set.of("hex", "base64");
    private static final Set<String> META_EVENT_TYPES = Set.of(
            "endpoint.created", "endpoint.updated", "endpoint.deleted",
            "eventdelivery.success", "eventdelivery.failed",
            // Hookline's extension (metaevents.MetaEventRecorder.EVENT_LOOP_CUT): a webhook loop was cut, ADR 0039
            "event.loop_cut");

    private ProjectConfigs() {
    }

    /** The most samples an observation window may hold (its memory is per endpoint: 16 bytes a sample). */
    public static final long MAX_CIRCUIT_SAMPLES = CircuitBreakerRanges.MAX_SAMPLES;

    /**
     * Convoy's defaults (linear 100 s x 10, SHA256/hex signatures, 1000 req / 60 s, meta events off, circuit
     * breaker at 70 % of 10 tries in 5 min).
     */
    public static ProjectConfig defaults(Supplier<String> ids, Instant now) {
        return ProjectConfig.builder()
                .maxPayloadReadSize(DEFAULT_MAX_PAYLOAD_BYTES)
                .replayAttacksPreventionEnabled(false)
                .addEventIdTraceHeaders(false)
                .disableEndpoint(false)
                .multipleEndpointSubscriptions(false)
                .searchPolicy("720h")
                .ratelimit(new RateLimitConfig(1000, 60L))
                .strategy(new Strategy(StrategyType.LINEAR, 100L, 10L))
                .signature(new Signature(DEFAULT_SIGNATURE_HEADER,
                        List.of(new SignatureVersion(ids.get(), "SHA256", "hex", now))))
                .ssl(new Ssl(false))
                .metaEvent(new MetaEventConfig(false, "http", List.of(), "", ""))
                .requestIdHeader(DEFAULT_REQUEST_ID_HEADER)
                .validateEventSchemas(false)
                .circuitBreaker(CircuitBreaker.DEFAULTS)
                .retentionPolicy(DEFAULT_RETENTION)
                .verifyDynamicEvents(false)
                .allowUnmatchedDynamicUrls(false)
                .portalFrameAncestors(List.of())
                .build();
    }

    /**
     * A stored config with the members added since it was written filled with their defaults (a project saved
     * before {@code circuit_breaker} or {@code retention_policy} existed answers Convoy's thresholds and the
     * default, disabled retention policy, and its breakers and sweeps use them).
     */
    public static ProjectConfig completed(ProjectConfig stored) {
        if (stored == null) {
            return null;
        }
        ProjectConfig config = stored;
        if (config.circuitBreaker() == null) {
            config = withCircuitBreaker(config, CircuitBreaker.DEFAULTS);
        }
        if (config.retentionPolicy() == null) {
            config = config.withRetentionPolicy(DEFAULT_RETENTION);
        }
        if (config.verifyDynamicEvents() == null || config.allowUnmatchedDynamicUrls() == null) {
            ProjectConfig c = config;
            config = c.toBuilder()
                    .verifyDynamicEvents(or(c.verifyDynamicEvents(), false))
                    .allowUnmatchedDynamicUrls(or(c.allowUnmatchedDynamicUrls(), false))
                    .build();
        }
        if (config.portalFrameAncestors() == null) {
            config = config.withPortalFrameAncestors(List.of());
        }
        return config;
    }

    /** How long events of a project with {@code config} are kept, or null when its retention policy is off. */
    public static Duration retentionPeriod(ProjectConfig config) {
        RetentionPolicy retention = config == null ? null : config.retentionPolicy();
        if (retention == null || !retention.deletes()) {
            return null;
        }
        try {
            Duration period = GoDuration.parse(retention.policy());
            return period.compareTo(MIN_RETENTION) < 0 ? null : period;
        } catch (IllegalArgumentException e) {
            return null; // refused on save; a hand-edited row keeps everything rather than guess
        }
    }

    /** {@code base} with every non-null member of {@code patch} applied (nested objects merged the same way). */
    public static ProjectConfig merge(ProjectConfig base, ProjectConfig patch, Supplier<String> ids, Instant now) {
        if (patch == null) {
            return base;
        }
        return ProjectConfig.builder()
                .maxPayloadReadSize(or(patch.maxPayloadReadSize(), base.maxPayloadReadSize()))
                .replayAttacksPreventionEnabled(or(patch.replayAttacksPreventionEnabled(), base.replayAttacksPreventionEnabled()))
                .addEventIdTraceHeaders(or(patch.addEventIdTraceHeaders(), base.addEventIdTraceHeaders()))
                .disableEndpoint(or(patch.disableEndpoint(), base.disableEndpoint()))
                .multipleEndpointSubscriptions(or(patch.multipleEndpointSubscriptions(), base.multipleEndpointSubscriptions()))
                .searchPolicy(or(patch.searchPolicy(), base.searchPolicy()))
                .ratelimit(patch.ratelimit() == null ? base.ratelimit() : new RateLimitConfig( or(patch.ratelimit().count(), base.ratelimit().count()), or(patch.ratelimit().duration(), base.ratelimit().duration())))
                .strategy(patch.strategy() == null ? base.strategy() : new Strategy( or(patch.strategy().type(), base.strategy().type()), or(patch.strategy().duration(), base.strategy().duration()), or(patch.strategy().retryCount(), base.strategy().retryCount())))
                .signature(patch.signature() == null ? base.signature() : mergeSignature(base.signature(), patch.signature(), ids, now))
                .ssl(patch.ssl() == null ? base.ssl() : new Ssl( or(patch.ssl().enforceSecureEndpoints(), base.ssl().enforceSecureEndpoints())))
                .metaEvent(patch.metaEvent() == null ? base.metaEvent() : new MetaEventConfig( or(patch.metaEvent().isEnabled(), base.metaEvent().isEnabled()), or(patch.metaEvent().type(), base.metaEvent().type()), or(patch.metaEvent().eventType(), base.metaEvent().eventType()), or(patch.metaEvent().url(), base.metaEvent().url()), or(patch.metaEvent().secret(), base.metaEvent().secret()), or(patch.metaEvent().pubSub(), base.metaEvent().pubSub())))
                .requestIdHeader(or(patch.requestIdHeader(), base.requestIdHeader()))
                .validateEventSchemas(or(patch.validateEventSchemas(), base.validateEventSchemas()))
                .circuitBreaker(mergeCircuitBreaker(or(base.circuitBreaker(), CircuitBreaker.DEFAULTS), patch.circuitBreaker()))
                .retentionPolicy(mergeRetention(base.retentionPolicy(), patch.retentionPolicy()))
                .verifyDynamicEvents(or(patch.verifyDynamicEvents(), base.verifyDynamicEvents()))
                .allowUnmatchedDynamicUrls(or(patch.allowUnmatchedDynamicUrls(), base.allowUnmatchedDynamicUrls()))
                .portalFrameAncestors(or(patch.portalFrameAncestors(), base.portalFrameAncestors()))
                .build();
    }

    private static CircuitBreaker mergeCircuitBreaker(CircuitBreaker base, CircuitBreaker patch) {
        if (patch == null) {
            return base;
        }
        return new CircuitBreaker(or(patch.sampleRate(), base.sampleRate()),
                or(patch.errorTimeout(), base.errorTimeout()),
                or(patch.failureThreshold(), base.failureThreshold()),
                or(patch.successThreshold(), base.successThreshold()),
                or(patch.observabilityWindow(), base.observabilityWindow()),
                or(patch.minimumRequestCount(), base.minimumRequestCount()),
                or(patch.consecutiveFailureThreshold(), base.consecutiveFailureThreshold()));
    }

    private static RetentionPolicy mergeRetention(RetentionPolicy base, RetentionPolicy patch) {
        RetentionPolicy current = base == null ? DEFAULT_RETENTION : base;
        if (patch == null) {
            return current;
        }
        return new RetentionPolicy(or(patch.policy(), current.policy()), or(patch.enabled(), current.enabled()));
    }

    private static Signature mergeSignature(Signature base, Signature patch, Supplier<String> ids, Instant now) {
        List<SignatureVersion> versions = base.versions();
        if (patch.versions() != null) {
            versions = new ArrayList<>();
            for (SignatureVersion v : patch.versions()) {
                versions.add(new SignatureVersion(v.uid() == null || v.uid().isBlank() ? ids.get() : v.uid(),
                        v.hash(), v.encoding(), v.createdAt() == null ? now : v.createdAt()));
            }
        }
        return new Signature(or(patch.header(), base.header()), versions);
    }

    /**
     * Checks a complete (merged) config, fills the meta-event secret when enabled without one, and returns it.
     * Every problem is a 400 naming the key.
     */
    public static ProjectConfig validate(ProjectConfig config) {
        if (config.maxPayloadReadSize() <= 0) {
            throw InvalidInputException.of("config.max_payload_read_size must be greater than 0");
        }
        if (config.ratelimit().count() == null || config.ratelimit().count() <= 0
                || config.ratelimit().duration() == null || config.ratelimit().duration() <= 0) {
            throw InvalidInputException.of("config.ratelimit.count and config.ratelimit.duration must be greater than 0");
        }
        Strategy strategy = config.strategy();
        if (strategy.type() == null) {
            throw InvalidInputException.of("config.strategy.type must be linear or exponential");
        }
        if (strategy.duration() == null || strategy.duration() <= 0) {
            throw InvalidInputException.of("config.strategy.duration must be greater than 0 (seconds)");
        }
        if (strategy.retryCount() == null || strategy.retryCount() < 1 || strategy.retryCount() > 1000) {
            throw InvalidInputException.of("config.strategy.retry_count must be between 1 and 1000");
        }
        Signature signature = config.signature();
        if (signature.header() == null || !signature.header().matches("[A-Za-z0-9-]+")) {
            throw InvalidInputException.of("config.signature.header must be a valid HTTP header name");
        }
        if (signature.versions() == null || signature.versions().isEmpty()) {
            throw InvalidInputException.of("config.signature.versions must list at least one version");
        }
        for (SignatureVersion v : signature.versions()) {
            if (v.hash() == null || !HASHES.contains(v.hash().toUpperCase(Locale.ROOT))) {
                throw InvalidInputException.of("config.signature.versions.hash must be SHA256 or SHA512, got " + v.hash());
            }
            if (v.encoding() == null || !ENCODINGS.contains(v.encoding())) {
                throw InvalidInputException.of("config.signature.versions.encoding must be hex or base64, got "
                        + v.encoding());
            }
        }
        if (config.requestIdHeader() == null || !config.requestIdHeader().matches("[A-Za-z0-9-]+")) {
            throw InvalidInputException.of("config.request_id_header must be a valid HTTP header name");
        }
        validateCircuitBreaker(config.circuitBreaker());
        validateRetention(config.retentionPolicy());
        config = config.withPortalFrameAncestors(portalFrameAncestors(config.portalFrameAncestors()));
        MetaEventConfig meta = config.metaEvent();
        if (meta.type() != null && !meta.type().isEmpty() && !meta.type().equals("http")) {
            throw InvalidInputException.of("config.meta_event.type must be http");
        }
        if (meta.eventType() != null) {
            for (String type : meta.eventType()) {
                if (!META_EVENT_TYPES.contains(type)) {
                    throw InvalidInputException.of("config.meta_event.event_type has an unknown meta event \"" + type
                            + "\"; known: " + String.join(", ", META_EVENT_TYPES.stream().sorted().toList()));
                }
            }
        }
        if (Boolean.TRUE.equals(meta.isEnabled())) {
            if (!isHttpUrl(meta.url())) {
                throw InvalidInputException.of("config.meta_event.url must be an http(s) URL when meta events are enabled");
            }
            if (Boolean.TRUE.equals(config.ssl().enforceSecureEndpoints()) && !meta.url().startsWith("https://")) {
                throw InvalidInputException.of("config.meta_event.url must use https (ssl.enforce_secure_endpoints)");
            }
            if (meta.secret() == null || meta.secret().isEmpty()) {
                meta = new MetaEventConfig(true, "http", meta.eventType(), meta.url(), Keys.random(25),
                        meta.pubSub());
                config = ProjectConfig.builder()
                        .maxPayloadReadSize(config.maxPayloadReadSize())
                        .replayAttacksPreventionEnabled(config.replayAttacksPreventionEnabled())
                        .addEventIdTraceHeaders(config.addEventIdTraceHeaders())
                        .disableEndpoint(config.disableEndpoint())
                        .multipleEndpointSubscriptions(config.multipleEndpointSubscriptions())
                        .searchPolicy(config.searchPolicy())
                        .ratelimit(config.ratelimit())
                        .strategy(config.strategy())
                        .signature(config.signature())
                        .ssl(config.ssl())
                        .metaEvent(meta)
                        .requestIdHeader(config.requestIdHeader())
                        .validateEventSchemas(config.validateEventSchemas())
                        .circuitBreaker(config.circuitBreaker())
                        .retentionPolicy(config.retentionPolicy())
                        .verifyDynamicEvents(config.verifyDynamicEvents())
                        .allowUnmatchedDynamicUrls(config.allowUnmatchedDynamicUrls())
                        .portalFrameAncestors(config.portalFrameAncestors())
                        .build();
            }
        }
        return config;
    }

    /** The circuit breaker's ranges, in Convoy's units; every problem names the key and its unit. */
    private static void validateCircuitBreaker(CircuitBreaker cb) {
        String at = "config.circuit_breaker.";
        between(at + "sample_rate", cb.sampleRate(), CircuitBreakerRanges.SAMPLE_RATE, " seconds");
        between(at + "error_timeout", cb.errorTimeout(), CircuitBreakerRanges.ERROR_TIMEOUT, " seconds");
        between(at + "failure_threshold", cb.failureThreshold(), CircuitBreakerRanges.FAILURE_THRESHOLD,
                " (percent)");
        between(at + "success_threshold", cb.successThreshold(), CircuitBreakerRanges.SUCCESS_THRESHOLD,
                " (percent)");
        between(at + "observability_window", cb.observabilityWindow(), CircuitBreakerRanges.OBSERVABILITY_WINDOW,
                " minutes");
        between(at + "minimum_request_count", cb.minimumRequestCount(), CircuitBreakerRanges.MINIMUM_REQUEST_COUNT,
                " tries");
        between(at + "consecutive_failure_threshold", cb.consecutiveFailureThreshold(),
                CircuitBreakerRanges.CONSECUTIVE_FAILURE_THRESHOLD, " openings");
        long windowSeconds = cb.observabilityWindow() * 60;
        if (cb.sampleRate() >= windowSeconds) {
            throw InvalidInputException.of(at + "sample_rate (" + cb.sampleRate() + " seconds) must be shorter than "
                    + at + "observability_window (" + cb.observabilityWindow() + " minutes)");
        }
        if (windowSeconds / cb.sampleRate() > MAX_CIRCUIT_SAMPLES) {
            throw InvalidInputException.of(at + "observability_window may hold at most " + MAX_CIRCUIT_SAMPLES
                    + " samples: " + cb.observabilityWindow() + " minutes of " + cb.sampleRate()
                    + "-second samples are " + windowSeconds / cb.sampleRate() + "; use a longer sample_rate");
        }
    }

    private static void between(String key, Long value, CircuitBreakerRanges.Range range, String unit) {
        if (value == null || !range.contains(value)) {
            throw InvalidInputException.of(key + " must be between " + range.min() + " and " + range.max() + unit);
        }
    }

    private static ProjectConfig withCircuitBreaker(ProjectConfig c, CircuitBreaker circuitBreaker) {
        return ProjectConfig.builder()
                .maxPayloadReadSize(c.maxPayloadReadSize())
                .replayAttacksPreventionEnabled(c.replayAttacksPreventionEnabled())
                .addEventIdTraceHeaders(c.addEventIdTraceHeaders())
                .disableEndpoint(c.disableEndpoint())
                .multipleEndpointSubscriptions(c.multipleEndpointSubscriptions())
                .searchPolicy(c.searchPolicy())
                .ratelimit(c.ratelimit())
                .strategy(c.strategy())
                .signature(c.signature())
                .ssl(c.ssl())
                .metaEvent(c.metaEvent())
                .requestIdHeader(c.requestIdHeader())
                .validateEventSchemas(c.validateEventSchemas())
                .circuitBreaker(circuitBreaker)
                .retentionPolicy(c.retentionPolicy())
                .verifyDynamicEvents(c.verifyDynamicEvents())
                .allowUnmatchedDynamicUrls(c.allowUnmatchedDynamicUrls())
                .portalFrameAncestors(c.portalFrameAncestors())
                .build();
    }

    /**
     * The origins allowed to frame the portal (docs/adr/0025): each {@code http(s)://host[:port]} with nothing after
     * it, at most 20; anything else would let a value break out of the CSP header. Null stays null (not set).
     */
    static List<String> portalFrameAncestors(List<String> origins) {
        if (origins == null) {
            return null;
        }
        if (origins.size() > 20) {
            throw InvalidInputException.of("config.portal_frame_ancestors lists at most 20 origins");
        }
        List<String> out = new java.util.ArrayList<>();
        for (String origin : origins) {
            String o = origin == null ? "" : origin.strip();
            if (!o.matches("https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")) {
                throw InvalidInputException.of("config.portal_frame_ancestors: \"" + o + "\" is not an origin; write "
                        + "it as https://host or https://host:port, without a path");
            }
            String lower = o.toLowerCase(Locale.ROOT);
            if (!out.contains(lower)) {
                out.add(lower);
            }
        }
        return List.copyOf(out);
    }

    private static void validateRetention(RetentionPolicy retention) {
        if (retention == null) {
            return;
        }
        String policy = retention.policy() == null ? "" : retention.policy();
        Duration period;
        try {
            period = GoDuration.parse(policy);
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.of("config.retention_policy.policy must be a duration such as 720h (30 days) "
                    + "or 168h, got \"" + retention.policy() + "\"");
        }
        if (period.compareTo(MIN_RETENTION) < 0) {
            throw InvalidInputException.of("config.retention_policy.policy must be at least 1m, got \""
                    + retention.policy() + "\"");
        }
    }

    static boolean isHttpUrl(String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        try {
            URI uri = URI.create(value.trim());
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static <T> T or(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }
}
