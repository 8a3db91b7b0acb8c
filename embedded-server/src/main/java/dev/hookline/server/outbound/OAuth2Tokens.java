package dev.hookline.server.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import dev.hookline.api.model.EndpointAuthentication.FieldMapping;
import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okio.BufferedSource;

/**
 * OAuth2 client-credentials access tokens for endpoints, fetched from the endpoint's token URL and cached per
 * endpoint and settings (changing the endpoint's oauth2 settings starts a new cache entry).
 *
 * <p>A token is reused until shortly before it expires ({@link #refreshMargin}), or until the receiver rejects it
 * with a 401 ({@link #invalidate}). A token response without an expiry is reused for at most {@link #NO_EXPIRY_TTL}.
 * Concurrent deliveries to one endpoint wait for a single token request instead of each asking for one.
 */
final class OAuth2Tokens {

    /** How long a token whose response had no expires_in is reused (unless a 401 comes first). */
    static final Duration NO_EXPIRY_TTL = Duration.ofHours(1);
    private static final Duration MAX_MARGIN = Duration.ofSeconds(30);
    private static final int ERROR_BODY_CHARS = 300;
    private static final ObjectMapper JSON = Json.lenient();

    /**
     * A token: the Authorization header value, when to stop using it, and what the token server said (the access
     * token, its type, and when it expires: null when the answer had no expiry).
     */
    record Token(String authorization, Instant refreshAt, String accessToken, String tokenType, Instant expiresAt) {
    }

    /** Which endpoint with which settings. */
    private record Key(String endpointId, OAuth2 settings) {
    }

    private static final class Slot {
        final ReentrantLock lock = new ReentrantLock();
        volatile Token token;
    }

    /** The Authorization value and whether it came from the cache (only a cached token is retried after a 401). */
    record Authorization(String header, boolean cached) {
    }

    private final Clock clock;
    private final ConcurrentMap<Key, Slot> slots = new ConcurrentHashMap<>();
    private final ClientAssertions assertions;

    OAuth2Tokens(Clock clock) {
        this.clock = clock;
        this.assertions = new ClientAssertions(clock);
    }

    /** The Authorization header for the endpoint, from the cache or a new token request with {@code client}. */
    Authorization authorization(String endpointId, OAuth2 settings, OkHttpClient client, long timeoutSeconds)
            throws AuthException {
        Slot slot = slots.computeIfAbsent(new Key(endpointId, settings), k -> new Slot());
        Token token = slot.token;
        if (usable(token)) {
            return new Authorization(token.authorization(), true);
        }
        slot.lock.lock();
        try {
            token = slot.token;
            if (usable(token)) {
                return new Authorization(token.authorization(), true);
            }
            token = request(settings, client, timeoutSeconds);
            slot.token = token;
            return new Authorization(token.authorization(), false);
        } finally {
            slot.lock.unlock();
        }
    }

    /** Forgets the token the receiver rejected (unless another delivery already replaced it). */
    void invalidate(String endpointId, OAuth2 settings, String rejectedHeader) {
        Slot slot = slots.get(new Key(endpointId, settings));
        if (slot == null) {
            return;
        }
        slot.lock.lock();
        try {
            if (slot.token != null && slot.token.authorization().equals(rejectedHeader)) {
                slot.token = null;
            }
        } finally {
            slot.lock.unlock();
        }
    }

    /** A new token, never cached: what the OAuth2 connection test shows. */
    Token fetch(OAuth2 settings, OkHttpClient client, long timeoutSeconds) throws AuthException {
        return request(settings, client, timeoutSeconds);
    }

    private boolean usable(Token token) {
        return token != null && clock.instant().isBefore(token.refreshAt());
    }

    private Token request(OAuth2 settings, OkHttpClient client, long timeoutSeconds) throws AuthException {
        String url = settings.url() == null ? "" : settings.url().trim();
        HttpUrl tokenUrl = HttpUrl.parse(url);
        if (tokenUrl == null) {
            throw new AuthException("OAuth2 token URL is not a valid http(s) URL: \"" + url + "\"");
        }
        FormBody.Builder form = new FormBody.Builder()
                .add("grant_type", blank(settings.grantType()) ? "client_credentials" : settings.grantType())
                .add("client_id", settings.clientId() == null ? "" : settings.clientId());
        if ("client_assertion".equals(settings.authenticationType())) {
            form.add("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
            form.add("client_assertion", assertions.create(settings));
        } else {
            form.add("client_secret", settings.clientSecret() == null ? "" : settings.clientSecret());
        }
        if (!blank(settings.scope())) {
            form.add("scope", settings.scope());
        }
        if (!blank(settings.audience())) {
            form.add("audience", settings.audience());
        }
        Request request = new Request.Builder().url(tokenUrl).header("Accept", "application/json")
                .post(form.build()).build();
        Instant asked = clock.instant();
        String where = "OAuth2 token request to " + tokenUrl.scheme() + "://" + tokenUrl.host() + ":" + tokenUrl.port()
                + tokenUrl.encodedPath();
        try (Response response = client.newCall(request).execute()) {
            String body = read(response.body().source());
            if (!response.isSuccessful()) {
                throw new AuthException(where + " failed: " + StatusLines.of(response.code(), response.message())
                        + (body.isBlank() ? "" : ": " + shorten(body)));
            }
            return parse(settings, body, asked, where);
        } catch (IOException e) {
            throw new AuthException(where + " failed: "
                    + SendErrors.describe(e, tokenUrl.host() + ":" + tokenUrl.port(), timeoutSeconds));
        }
    }

    private Token parse(OAuth2 settings, String body, Instant asked, String where) throws AuthException {
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (IOException e) {
            throw new AuthException(where + " answered with a body that is not JSON: " + shorten(body));
        }
        FieldMapping mapping = settings.fieldMapping();
        String accessField = field(mapping == null ? null : mapping.accessToken(), "access_token");
        String typeField = field(mapping == null ? null : mapping.tokenType(), "token_type");
        String expiresField = field(mapping == null ? null : mapping.expiresIn(), "expires_in");
        JsonNode access = json == null ? null : json.get(accessField);
        if (access == null || !access.isTextual() || access.asText().isBlank()) {
            throw new AuthException(where + " returned no " + accessField);
        }
        JsonNode type = json.get(typeField);
        String tokenType = type == null || type.asText().isBlank() || type.asText().equalsIgnoreCase("bearer")
                ? "Bearer" : type.asText();
        Duration lifetime = lifetime(json.get(expiresField), settings.expiryTimeUnit());
        Instant refreshAt;
        Instant expiresAt = null;
        if (lifetime == null) {
            refreshAt = asked.plus(NO_EXPIRY_TTL);
        } else {
            expiresAt = asked.plus(lifetime);
            refreshAt = expiresAt.minus(refreshMargin(lifetime));
        }
        return new Token(tokenType + " " + access.asText(), refreshAt, access.asText(), tokenType, expiresAt);
    }

    /** How long before expiry a token is replaced: a tenth of its lifetime, at most 30 s. */
    static Duration refreshMargin(Duration lifetime) {
        Duration tenth = lifetime.dividedBy(10);
        return tenth.compareTo(MAX_MARGIN) > 0 ? MAX_MARGIN : tenth;
    }

    private static Duration lifetime(JsonNode expires, String unit) {
        if (expires == null || expires.isNull()) {
            return null;
        }
        long amount;
        if (expires.isNumber()) {
            amount = expires.asLong();
        } else {
            try {
                amount = Long.parseLong(expires.asText().trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        if (amount <= 0) {
            return Duration.ZERO;
        }
        return switch (unit == null ? "" : unit.toLowerCase(Locale.ROOT)) {
            case "milliseconds" -> Duration.ofMillis(amount);
            case "minutes" -> Duration.ofMinutes(amount);
            case "hours" -> Duration.ofHours(amount);
            default -> Duration.ofSeconds(amount);
        };
    }

    private static String read(BufferedSource source) throws IOException {
        source.request(64 * 1024L);
        long keep = Math.min(source.getBuffer().size(), 64 * 1024L);
        return new String(source.getBuffer().readByteArray(keep), StandardCharsets.UTF_8);
    }

    private static String field(String mapped, String standard) {
        return blank(mapped) ? standard : mapped;
    }

    private static String shorten(String text) {
        String oneLine = text.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= ERROR_BODY_CHARS ? oneLine : oneLine.substring(0, ERROR_BODY_CHARS) + "...";
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
