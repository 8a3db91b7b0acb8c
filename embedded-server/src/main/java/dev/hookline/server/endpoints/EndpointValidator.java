package dev.hookline.server.endpoints;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.Names;
import dev.hookline.server.outbound.ClientCertificates;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.outbound.OwnIngestUrls;
import dev.hookline.server.outbound.HttpUrls;
import dev.hookline.server.outbound.OAuth2Settings;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Turns an {@link EndpointRequest} into the values an endpoint row gets, or a 400 naming the first problem. The same
 * rules serve {@code /api/v1} and {@code /portal-api}.
 *
 * <p>Update semantics: a {@code null} member keeps the stored value. {@code authentication: {}} (no type, no
 * members) and {@code mtls_client_cert: {}} remove them. A credential sent back as {@code [REDACTED]} (what a GET
 * shows: api_key header_value, basic-auth password, OAuth2 client_secret or signing key, mTLS key) keeps the stored
 * one, so a client can PUT what it read ({@link EndpointRedaction}).
 */
public final class EndpointValidator {

    public static final long DEFAULT_HTTP_TIMEOUT = 10;
    public static final long MAX_HTTP_TIMEOUT = 300;
    public static final int SECRET_LENGTH = 25;

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s.]+$");

    /** The validated, defaulted values of an endpoint (everything but id, status, secrets and timestamps). */
    public record Draft(String ownerId, String name, String url, String description, boolean advancedSignatures,
                        String supportEmail, String slackWebhookUrl, String teamsWebhookUrl, long httpTimeout,
                        int rateLimit, long rateLimitDuration, ContentType contentType,
                        EndpointAuthentication authentication, MtlsClientCert mtlsClientCert) {

        /** {@code base} with these values, updated at {@code now}. */
        public Endpoint applyTo(Endpoint base, Instant now) {
            return base.toBuilder().ownerId(ownerId).url(url).name(name).advancedSignatures(advancedSignatures)
                    .description(description).slackWebhookUrl(slackWebhookUrl).teamsWebhookUrl(teamsWebhookUrl)
                    .supportEmail(supportEmail).httpTimeout(httpTimeout).events(null).authentication(authentication)
                    .rateLimit(rateLimit).rateLimitDuration(rateLimitDuration).contentType(contentType)
                    .failureRate(null).cbState(null).mtlsClientCert(mtlsClientCert).updatedAt(now).build();
        }

        /** A new, active endpoint {@code id} of {@code projectId} with these values and {@code secrets}. */
        public Endpoint newEndpoint(String id, String projectId, List<EndpointSecret> secrets, Instant now) {
            return applyTo(Endpoint.builder().uid(id).projectId(projectId).secrets(secrets)
                    .status(EndpointStatus.ACTIVE).createdAt(now).build(), now);
        }

        /** The same draft owned by {@code owner}. */
        public Draft withOwner(String owner) {
            return new Draft(owner, name, url, description, advancedSignatures, supportEmail, slackWebhookUrl,
                    teamsWebhookUrl, httpTimeout, rateLimit, rateLimitDuration, contentType, authentication,
                    mtlsClientCert);
        }
    }

    private final Supplier<Instant> clock;
    private final Supplier<DestinationPolicy> destinations;
    private final Supplier<String> ownBaseUrl;
    private final boolean portal;

    public EndpointValidator(Supplier<Instant> clock) {
        this(clock, () -> DestinationPolicy.EMBEDDED, () -> "", false);
    }

    /**
     * A validator that refuses URLs whose literal address {@code destinations} refuses, and URLs that are this
     * server's own ingest URLs ({@code ownBaseUrl} + {@code /ingest/...}: a webhook loop), each a 400 naming the
     * field (ADR 0039).
     */
    public EndpointValidator(Supplier<Instant> clock, Supplier<DestinationPolicy> destinations,
                             Supplier<String> ownBaseUrl) {
        this(clock, destinations, ownBaseUrl, false);
    }

    private EndpointValidator(Supplier<Instant> clock, Supplier<DestinationPolicy> destinations,
                              Supplier<String> ownBaseUrl, boolean portal) {
        this.clock = clock;
        this.destinations = destinations;
        this.ownBaseUrl = ownBaseUrl;
        this.portal = portal;
    }

    /**
     * The same rules for a portal link holder, an outside party: the URL must also be public, whatever the server
     * allows, and a name is resolved now to check every address it has.
     */
    public EndpointValidator forPortal() {
        return new EndpointValidator(clock, destinations, ownBaseUrl, true);
    }

    /** Null when the server may connect to {@code url}'s host as written; otherwise why not. */
    private String refusedDestination(String url) {
        String refused = destinations.get().refusalOfUrl(url);
        if (refused == null && portal) {
            refused = DestinationPolicy.PORTAL.refusalOfResolvedUrl(url);
        }
        return refused;
    }

    /** {@code url} checked against the destination policy and for a loop to this server (400 naming {@code field}). */
    private String reachable(String field, String url) {
        String refused = refusedDestination(url);
        if (refused != null) {
            throw InvalidInputException.of(field + ":" + refused);
        }
        if (OwnIngestUrls.isOwnIngestUrl(url, ownBaseUrl.get())) {
            throw InvalidInputException.of(field + ":" + url + " is this server's own ingest URL: delivering there "
                    + "would send every event back in as a new one (a webhook loop)");
        }
        return url;
    }

    /** A new endpoint's values: Convoy's defaults for everything not given. */
    public Draft forCreate(EndpointRequest r, ProjectConfig config) {
        String url = requireUrl(r.url(), config);
        String name = requireName(r.name());
        return new Draft(trim(r.ownerId(), ""), name, url, or(r.description(), ""),
                or(r.advancedSignatures(), true), email(trim(r.supportEmail(), "")),
                optionalUrl("slack_webhook_url", trim(r.slackWebhookUrl(), "")),
                optionalUrl("teams_webhook_url", trim(r.teamsWebhookUrl(), "")),
                httpTimeout(r.httpTimeout(), DEFAULT_HTTP_TIMEOUT),
                nonNegative("rate_limit", or(r.rateLimit(), 0)),
                nonNegative("rate_limit_duration", or(r.rateLimitDuration(), 0L)),
                or(r.contentType(), ContentType.APPLICATION_JSON),
                authentication(r.authentication(), null),
                mtls(r.mtlsClientCert(), null));
    }

    /** {@code current} with the request applied: {@code name} and {@code url} required, other nulls keep values. */
    public Draft forUpdate(EndpointRequest r, ProjectConfig config, Endpoint current) {
        String url = requireUrl(r.url(), config);
        String name = requireName(r.name());
        EndpointAuthentication auth = r.authentication() == null ? current.authentication()
                : authentication(r.authentication(), current.authentication());
        MtlsClientCert mtls = r.mtlsClientCert() == null ? current.mtlsClientCert()
                : mtls(r.mtlsClientCert(), current.mtlsClientCert());
        return new Draft(r.ownerId() == null ? current.ownerId() : r.ownerId().trim(), name, url,
                or(r.description(), current.description()),
                or(r.advancedSignatures(), current.advancedSignatures()),
                r.supportEmail() == null ? current.supportEmail() : email(r.supportEmail().trim()),
                r.slackWebhookUrl() == null ? current.slackWebhookUrl()
                        : optionalUrl("slack_webhook_url", r.slackWebhookUrl().trim()),
                r.teamsWebhookUrl() == null ? current.teamsWebhookUrl()
                        : optionalUrl("teams_webhook_url", r.teamsWebhookUrl().trim()),
                httpTimeout(r.httpTimeout(), current.httpTimeout()),
                nonNegative("rate_limit", or(r.rateLimit(), current.rateLimit())),
                nonNegative("rate_limit_duration", or(r.rateLimitDuration(), current.rateLimitDuration())),
                or(r.contentType(), current.contentType()),
                auth, mtls);
    }

    /** The secret a new endpoint starts with: the one given, or {@value #SECRET_LENGTH} random alphanumerics. */
    public static String initialSecret(String given) {
        if (given == null || given.isBlank()) {
            return Keys.random(SECRET_LENGTH);
        }
        return given.trim();
    }

    private String requireUrl(String value, ProjectConfig config) {
        if (value == null || value.isBlank()) {
            throw InvalidInputException.of("url:please provide a url for your endpoint");
        }
        String url = value.trim();
        if (!HttpUrls.isHttpUrl(url)) {
            throw InvalidInputException.of("url:please provide a valid url (an absolute http or https URL), got \""
                    + url + "\"");
        }
        boolean enforce = config != null && config.ssl() != null
                && Boolean.TRUE.equals(config.ssl().enforceSecureEndpoints());
        if (enforce && !url.regionMatches(true, 0, "https:", 0, 6)) {
            throw InvalidInputException.of("url:the project enforces secure endpoints (ssl.enforce_secure_endpoints), "
                    + "please provide an https url");
        }
        return reachable("url", url);
    }

    private static String requireName(String value) {
        return Names.require(value, "please provide your endpointName").trim();
    }

    private static String email(String value) {
        if (!value.isEmpty() && !EMAIL.matcher(value).matches()) {
            throw InvalidInputException.of("support_email:please provide a valid email");
        }
        return value;
    }

    private static String optionalUrl(String field, String value) {
        if (!value.isEmpty() && !HttpUrls.isHttpUrl(value)) {
            throw InvalidInputException.of(field + ":please provide a valid http or https url");
        }
        return value;
    }

    private static long httpTimeout(Long value, long fallback) {
        if (value == null) {
            return fallback;
        }
        if (value == 0) {
            return DEFAULT_HTTP_TIMEOUT; // Go clients send the zero value for "unset"
        }
        if (value < 1 || value > MAX_HTTP_TIMEOUT) {
            throw InvalidInputException.of("http_timeout:must be between 1 and " + MAX_HTTP_TIMEOUT + " seconds");
        }
        return value;
    }

    private static int nonNegative(String field, int value) {
        if (value < 0) {
            throw InvalidInputException.of(field + ":must not be negative");
        }
        return value;
    }

    private static long nonNegative(String field, long value) {
        if (value < 0) {
            throw InvalidInputException.of(field + ":must not be negative (seconds)");
        }
        return value;
    }

    /** The authentication to store; null for none. {@code current} supplies a redacted-back password. */
    private EndpointAuthentication authentication(EndpointAuthentication a, EndpointAuthentication current) {
        if (a == null) {
            return null;
        }
        if (a.type() == null) {
            if (a.apiKey() == null && a.basicAuth() == null && a.oauth2() == null) {
                return null;
            }
            throw InvalidInputException.of("authentication.type:please provide an authentication type "
                    + "(api_key, basic_auth or oauth2)");
        }
        return switch (a.type()) {
            case API_KEY -> {
                onlyMember(a, "api_key", a.basicAuth(), "basic_auth", a.oauth2(), "oauth2");
                ApiKeyHeader key = a.apiKey();
                if (key == null || blank(key.headerName()) || blank(key.headerValue())) {
                    throw InvalidInputException.of("authentication.api_key:header_name and header_value are required "
                            + "for type api_key");
                }
                if (!key.headerName().trim().matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+")) {
                    throw InvalidInputException.of("authentication.api_key.header_name must be a valid HTTP header name");
                }
                String value = kept(key.headerValue(), current == null || current.apiKey() == null ? null
                        : current.apiKey().headerValue(), "authentication.api_key.header_value", "the header value");
                yield new EndpointAuthentication(a.type(), new ApiKeyHeader(key.headerName().trim(), value), null,
                        null);
            }
            case BASIC_AUTH -> {
                onlyMember(a, "basic_auth", a.apiKey(), "api_key", a.oauth2(), "oauth2");
                BasicAuth basic = a.basicAuth();
                if (basic == null || blank(basic.username()) || blank(basic.password())) {
                    throw InvalidInputException.of("authentication.basic_auth:username and password are required "
                            + "for type basic_auth");
                }
                String password = kept(basic.password(), current == null || current.basicAuth() == null ? null
                        : current.basicAuth().password(), "authentication.basic_auth.password", "the password");
                yield new EndpointAuthentication(a.type(), null, new BasicAuth(basic.username(), password), null);
            }
            case OAUTH2 -> {
                onlyMember(a, "oauth2", a.apiKey(), "api_key", a.basicAuth(), "basic_auth");
                yield new EndpointAuthentication(a.type(), null, null,
                        tokenUrlReachable(oauth2(keptOAuth2Secrets(a.oauth2(),
                                current == null ? null : current.oauth2()))));
            }
        };
    }

    private static void onlyMember(EndpointAuthentication a, String expected, Object other1, String name1,
                                   Object other2, String name2) {
        if (other1 != null || other2 != null) {
            throw InvalidInputException.of("authentication." + (other1 != null ? name1 : name2) + " does not match "
                    + "authentication.type " + a.type().wire() + " (only authentication." + expected + " may be set)");
        }
    }

    /** {@code o} when the server may reach its token URL (a literal address checked; ADR 0039). */
    private OAuth2 tokenUrlReachable(OAuth2 o) {
        String refused = o == null || o.url() == null ? null : refusedDestination(o.url());
        if (refused != null) {
            throw InvalidInputException.of("authentication.oauth2.url:" + refused);
        }
        return o;
    }

    /** Checks OAuth2 settings as an endpoint stores them (400 naming the field); the trimmed settings. */
    public static OAuth2 oauth2(OAuth2 o) {
        return OAuth2Settings.validate(o, "authentication.oauth2");
    }

    private MtlsClientCert mtls(MtlsClientCert m, MtlsClientCert current) {
        if (m == null || (m.clientCert() == null && m.clientKey() == null)) {
            return null;
        }
        if (blank(m.clientCert()) || blank(m.clientKey())) {
            throw InvalidInputException.of("mtls_client_cert:both client_cert and client_key are required (PEM)");
        }
        String key = m.clientKey();
        if (EndpointRedaction.REDACTED.equals(key.trim())) {
            if (current == null) {
                throw InvalidInputException.of("mtls_client_cert.client_key:please provide the PEM key (\""
                        + EndpointRedaction.REDACTED + "\" only keeps a stored one)");
            }
            key = current.clientKey();
        }
        ClientCertificates.check(m.clientCert(), key, clock.get());
        return new MtlsClientCert(m.clientCert().trim(), key.trim());
    }

    /**
     * {@code given}, or the stored value when {@code given} is {@code [REDACTED]} (what a read shows): a client can
     * send back what it read. 400 when there is nothing stored to keep.
     */
    private static String kept(String given, String stored, String field, String what) {
        if (given == null || !EndpointRedaction.REDACTED.equals(given.trim())) {
            return given;
        }
        if (stored == null || stored.isEmpty()) {
            throw InvalidInputException.of(field + ":please provide " + what + " (\"" + EndpointRedaction.REDACTED
                    + "\" only keeps a stored one)");
        }
        return stored;
    }

    /** OAuth2 settings with a redacted-back client secret or signing key replaced by the stored ones. */
    private static OAuth2 keptOAuth2Secrets(OAuth2 o, OAuth2 current) {
        if (o == null) {
            return null;
        }
        String secret = kept(o.clientSecret(), current == null ? null : current.clientSecret(),
                "authentication.oauth2.client_secret", "the client secret");
        JsonNode signingKey = o.signingKey();
        if (EndpointRedaction.isRedacted(signingKey)) {
            if (current == null || current.signingKey() == null || current.signingKey().isNull()) {
                throw InvalidInputException.of("authentication.oauth2.signing_key:please provide the JWK (\""
                        + EndpointRedaction.REDACTED + "\" only keeps a stored one)");
            }
            signingKey = current.signingKey();
        }
        return new OAuth2(o.url(), o.clientId(), o.authenticationType(), secret, signingKey, o.signingAlgorithm(),
                o.issuer(), o.subject(), o.grantType(), o.scope(), o.audience(), o.fieldMapping(),
                o.expiryTimeUnit());
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static String trim(String value, String fallback) {
        return value == null ? fallback : value.trim();
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
