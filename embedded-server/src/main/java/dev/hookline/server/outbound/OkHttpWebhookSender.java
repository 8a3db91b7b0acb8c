package dev.hookline.server.outbound;

import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.MtlsClientCert;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.net.ssl.X509TrustManager;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.ConnectionPool;
import okhttp3.Credentials;
import okhttp3.EventListener;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one {@link WebhookSender}: signs, authenticates and POSTs a webhook with OkHttp, and records what happened.
 *
 * <p>Calls run synchronously on the caller's (virtual) thread. All calls share one connection pool, so keep-alive
 * connections to a receiver are reused across deliveries; a client per distinct timeout and mTLS identity is derived
 * from the shared one with {@code newBuilder()} and cached (derived clients share the pool).
 *
 * <p>Headers, in precedence order (a later one never replaces an earlier one of the same name): Content-Type,
 * User-Agent, the signature header, X-Convoy-Idempotency-Key, the endpoint's authentication header, then the
 * webhook's forwarded/custom headers. Redirects are never followed: a 3xx is the receiver's answer (ADR 0011).
 */
public final class OkHttpWebhookSender implements WebhookSender, AutoCloseable {

    /** Used when the endpoint has no {@code http_timeout} (Convoy's default). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    /** Response bodies are kept up to this many bytes; a longer one is cut and marked with {@link #TRUNCATED}. */
    public static final int RESPONSE_BODY_CAP = 64 * 1024;
    /** Appended to a response body that was cut at {@link #RESPONSE_BODY_CAP}. */
    public static final String TRUNCATED = "\n[hookline: response body truncated at 65536 bytes]";
    /** The User-Agent of every webhook. */
    public static final String USER_AGENT = "Hookline/0.1 (Convoy-compatible webhooks)";
    /** Carries the event's idempotency key (Convoy's header). */
    public static final String IDEMPOTENCY_HEADER = "X-Convoy-Idempotency-Key";
    /** How recorded request headers show an authentication secret. */
    public static final String MASK = "[REDACTED]";

    private static final Logger log = LoggerFactory.getLogger(OkHttpWebhookSender.class);
    private static final int MAX_CACHED_CLIENTS = 1_000;

    private final Clock clock;
    private final X509TrustManager trust;
    private final OkHttpClient shared;
    private final ConcurrentMap<ClientKey, Derived> clients = new ConcurrentHashMap<>();
    private final OAuth2Tokens tokens;
    /** Sockets for endpoints portal link holders can change: public addresses only (ADR 0039). */
    private final PolicySocketFactory portalSockets;
    /**
     * Their connections, apart: OkHttp reuses a pooled connection by address (host, port, TLS settings), not by
     * socket factory, so a connection the server's own policy allowed must never carry a public-only call.
     */
    private final ConnectionPool portalPool = new ConnectionPool(64, 5, TimeUnit.MINUTES);
    private volatile Predicate<Endpoint> portalManaged = endpoint -> false;

    /** A sender trusting the JDK's CA certificates. */
    public OkHttpWebhookSender(Clock clock) {
        this(clock, null);
    }

    public OkHttpWebhookSender() {
        this(Clock.systemUTC());
    }

    /**
     * A sender trusting {@code trust} for HTTPS receivers (null: the JDK's CA certificates). The clock stamps
     * attempts, advanced-signature timestamps and OAuth2 token expiry.
     */
    public OkHttpWebhookSender(Clock clock, X509TrustManager trust) {
        this(clock, trust, DestinationPolicy.EMBEDDED, okhttp3.Dns.SYSTEM);
    }

    /**
     * A sender connecting only where {@code destinations} allows (checked on every address connected to, ADR 0039),
     * resolving names with {@code dns} (tests resolve names to addresses of their choosing).
     */
    public OkHttpWebhookSender(Clock clock, X509TrustManager trust, DestinationPolicy destinations, okhttp3.Dns dns) {
        this(clock, trust, destinations, DestinationPolicy.PORTAL, dns);
    }

    /**
     * The same, with {@code portalReach} for the endpoints portal link holders can change ({@link
     * DestinationPolicy#PORTAL} in every server; a browser test whose "public" receiver lives on loopback opens it).
     */
    public OkHttpWebhookSender(Clock clock, X509TrustManager trust, DestinationPolicy destinations,
                               DestinationPolicy portalReach, okhttp3.Dns dns) {
        this.clock = clock;
        this.portalSockets = new PolicySocketFactory(portalReach);
        this.trust = trust == null ? ClientTls.systemTrust() : trust;
        this.tokens = new OAuth2Tokens(clock);
        // calls run with execute() on the caller's thread, so OkHttp's async dispatcher and its limits are unused
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
                // many idle keep-alive connections: a busy receiver gets one per concurrent delivery
                .connectionPool(new ConnectionPool(256, 5, TimeUnit.MINUTES))
                .followRedirects(false)
                .followSslRedirects(false)
                .socketFactory(new PolicySocketFactory(destinations))
                // never through a JVM-wide proxy (http.proxyHost): the policy would judge the proxy, not the receiver
                .proxy(Proxy.NO_PROXY)
                .dns(dns)
                .eventListener(new ReceiverAddressListener())
                .addNetworkInterceptor(chain -> {
                    // the headers as they went on the wire, OkHttp's own (Host, Content-Length, ...) included
                    Attempt attempt = chain.request().tag(Attempt.class);
                    if (attempt != null) {
                        attempt.sentHeaders = chain.request().headers();
                        if (chain.connection() != null) {
                            attempt.address(chain.connection().route().socketAddress());
                        }
                    }
                    return chain.proceed(chain.request());
                })
                .connectTimeout(DEFAULT_TIMEOUT)
                .readTimeout(DEFAULT_TIMEOUT)
                .writeTimeout(DEFAULT_TIMEOUT)
                .callTimeout(DEFAULT_TIMEOUT);
        if (trust != null) {
            builder.sslSocketFactory(ClientTls.socketFactory(trust), trust);
        }
        this.shared = builder.build();
    }

    @Override
    public SendResult send(Webhook webhook) {
        Instant requestedAt = clock.instant();
        long started = System.nanoTime();
        String url = webhook.endpoint().url() == null ? "" : webhook.endpoint().url();
        String bodyText = new String(webhook.body(), StandardCharsets.UTF_8);
        try {
            return attempt(webhook, requestedAt, started);
        } catch (RuntimeException e) {
            // a bug of ours, not the receiver's doing: still an attempt with an error, never an exception. The
            // message is left out of the warning and the error: it could quote a header value, i.e. a secret.
            log.warn("webhook {} to endpoint {} could not be sent: {} at {}", webhook.deliveryId(),
                    webhook.endpoint().uid(), e.getClass().getName(),
                    e.getStackTrace().length > 0 ? e.getStackTrace()[0] : "?");
            return failure(webhook, url, bodyText, Map.of(), "", "internal error while sending ("
                    + e.getClass().getSimpleName() + ")", requestedAt, started);
        }
    }

    private SendResult attempt(Webhook webhook, Instant requestedAt, long started) {
        Endpoint endpoint = webhook.endpoint();
        String url = endpoint.url() == null ? "" : endpoint.url();
        long timeoutSeconds = timeoutSeconds(endpoint);
        String contentType = contentType(endpoint);
        byte[] body = ContentType.FORM_URLENCODED.wire().equals(contentType) ? FormBodies.fromJson(webhook.body())
                : webhook.body();
        String bodyText = new String(body, StandardCharsets.UTF_8);
        HttpUrl httpUrl = HttpUrl.parse(url);
        if (httpUrl == null) {
            return failure(webhook, url, bodyText, Map.of(), "", "invalid endpoint URL: " + quoted(url), requestedAt,
                    started);
        }
        Set<String> secretHeaders = secretHeaderNames(endpoint);
        Headers.Builder headers = new Headers.Builder();
        headers.set("Content-Type", contentType);
        headers.set("User-Agent", USER_AGENT);
        OkHttpClient client;
        OAuth2Tokens.Authorization oauth = null;
        try {
            String signature = Signatures.headerValue(webhook.signature(), endpoint, body, requestedAt);
            if (signature != null) {
                setHeader(headers, Signatures.headerName(webhook.signature()), signature,
                        "the project's signature header");
            }
            if (!webhook.idempotencyKey().isEmpty()) {
                setHeader(headers, IDEMPOTENCY_HEADER, webhook.idempotencyKey(), "the event's idempotency key");
            }
            client = client(endpoint, timeoutSeconds);
            oauth = authenticate(endpoint, headers, client, timeoutSeconds);
        } catch (Signatures.SignatureException | AuthException e) {
            return failure(webhook, url, bodyText, recorded(headers.build(), secretHeaders), "", e.getMessage(),
                    requestedAt, started);
        }
        headers.set(Hops.HEADER, Integer.toString(Hops.of(webhook.headers()) + 1)); // loop detection
        addCustomHeaders(webhook, headers);
        Attempt attempt = new Attempt();
        Request request = new Request.Builder()
                .url(httpUrl)
                .headers(headers.build())
                .post(RequestBody.create(body, MediaType.parse(contentType)))
                .tag(Attempt.class, attempt)
                .build();
        String hostAndPort = httpUrl.host() + ":" + httpUrl.port();
        try {
            Exchanged exchanged = exchange(client, request);
            if (exchanged.code == 401 && oauth != null && oauth.cached()) {
                // the receiver no longer accepts the cached token: get a new one and try once more
                EndpointAuthentication.OAuth2 settings = endpoint.authentication().oauth2();
                tokens.invalidate(endpoint.uid(), settings, oauth.header());
                try {
                    oauth = tokens.authorization(endpoint.uid(), settings, client, timeoutSeconds);
                } catch (AuthException e) {
                    return failure(webhook, url, bodyText, recorded(attempt.sentHeaders(request), secretHeaders),
                            attempt.ip, "the receiver rejected the OAuth2 token (401) and a new one could not be "
                                    + "obtained: " + e.getMessage(), requestedAt, started);
                }
                attempt = new Attempt();
                request = request.newBuilder().header("Authorization", oauth.header()).tag(Attempt.class, attempt)
                        .build();
                exchanged = exchange(client, request);
            }
            String error = exchanged.readError != null ? exchanged.readError
                    : exchanged.code >= 200 && exchanged.code < 300 ? "" : "receiver answered " + exchanged.statusLine;
            SendResult result = new SendResult(url, "POST", attempt.ip, recorded(attempt.sentHeaders(request),
                    secretHeaders), bodyText, exchanged.code, exchanged.statusLine,
                    recorded(exchanged.headers, Set.of()), exchanged.body, error, requestedAt, clock.instant(),
                    elapsedMillis(started));
            logAttempt(webhook, httpUrl, result);
            return result;
        } catch (IOException e) {
            return failure(webhook, url, bodyText, recorded(attempt.sentHeaders(request), secretHeaders), attempt.ip,
                    SendErrors.describe(e, hostAndPort, timeoutSeconds, httpUrl.isHttps()), requestedAt, started);
        }
    }

    /** Sets the endpoint's authentication header; returns the OAuth2 authorization used, if any. */
    private OAuth2Tokens.Authorization authenticate(Endpoint endpoint, Headers.Builder headers, OkHttpClient client,
                                                    long timeoutSeconds) throws AuthException {
        EndpointAuthentication auth = endpoint.authentication();
        if (auth == null || auth.type() == null) {
            return null;
        }
        switch (auth.type()) {
            case API_KEY -> {
                if (auth.apiKey() == null || blank(auth.apiKey().headerName())) {
                    throw new AuthException("endpoint authentication api_key has no header_name");
                }
                setHeader(headers, auth.apiKey().headerName().trim(), nullToEmpty(auth.apiKey().headerValue()),
                        "endpoint authentication api_key");
                return null;
            }
            case BASIC_AUTH -> {
                if (auth.basicAuth() == null) {
                    throw new AuthException("endpoint authentication basic_auth has no username and password");
                }
                headers.set("Authorization", Credentials.basic(nullToEmpty(auth.basicAuth().username()),
                        nullToEmpty(auth.basicAuth().password()), StandardCharsets.UTF_8));
                return null;
            }
            case OAUTH2 -> {
                if (auth.oauth2() == null) {
                    throw new AuthException("endpoint authentication oauth2 has no settings");
                }
                OAuth2Tokens.Authorization authorization =
                        tokens.authorization(endpoint.uid(), auth.oauth2(), client, timeoutSeconds);
                setHeader(headers, "Authorization", authorization.header(), "the OAuth2 access token");
                return authorization;
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * Sets a header whose value may be a secret. OkHttp's own error for a value it cannot send quotes the value, so it
     * is replaced by one that names the setting only.
     */
    private static void setHeader(Headers.Builder headers, String name, String value, String what)
            throws AuthException {
        try {
            headers.set(name, value);
        } catch (IllegalArgumentException e) {
            throw new AuthException(what + " cannot be sent: the header name or value contains characters that are "
                    + "not allowed in an HTTP header (e.g. a line break)");
        }
    }

    /** Forwarded and custom headers, only where no header of ours has the name (case-insensitively). */
    private static void addCustomHeaders(Webhook webhook, Headers.Builder headers) {
        Headers ours = headers.build();
        webhook.headers().forEach((name, values) -> {
            if (name == null || name.isBlank() || ours.get(name) != null || values == null
                    || HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                return;
            }
            for (String value : values) {
                if (value != null) {
                    try {
                        headers.addUnsafeNonAscii(name, value);
                    } catch (IllegalArgumentException e) {
                        log.debug("skipped an invalid forwarded header {}", name);
                    }
                }
            }
        });
    }

    /**
     * Headers of the ingested request that describe that request's own connection and body, not the webhook: sending
     * them on would corrupt the outgoing request (a stale Content-Length, Host of the wrong server).
     */
    private static final Set<String> HOP_BY_HOP = Set.of("host", "content-length", "transfer-encoding", "connection",
            "keep-alive", "upgrade", "te", "trailer", "proxy-connection", "expect", "content-encoding",
            "accept-encoding");

    private record Exchanged(int code, String statusLine, Headers headers, String body, String readError) {
    }

    private static Exchanged exchange(OkHttpClient client, Request request) throws IOException {
        try (Response response = client.newCall(request).execute()) {
            String readError = null;
            String text;
            try {
                text = capture(response.body().source());
            } catch (IOException e) {
                text = "";
                readError = "the response body could not be read: "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            }
            return new Exchanged(response.code(), StatusLines.of(response.code(), response.message()),
                    response.headers(), text, readError);
        }
    }

    /** Reads at most {@link #RESPONSE_BODY_CAP} bytes of the body; the rest is never read (the connection is dropped). */
    private static String capture(BufferedSource source) throws IOException {
        boolean longer = source.request(RESPONSE_BODY_CAP + 1L);
        long keep = Math.min(source.getBuffer().size(), RESPONSE_BODY_CAP);
        String text = new String(source.getBuffer().readByteArray(keep), StandardCharsets.UTF_8);
        return longer ? text + TRUNCATED : text;
    }

    @Override
    public void connectPublicOnlyFor(Predicate<Endpoint> managed) {
        portalManaged = managed;
    }

    /**
     * The client for this endpoint's timeout, mTLS identity and reach (the shared one when all are the defaults; a
     * public-only one when a portal link holder can change the endpoint).
     */
    private OkHttpClient client(Endpoint endpoint, long timeoutSeconds) throws AuthException {
        MtlsClientCert mtls = endpoint.mtlsClientCert();
        boolean withIdentity = mtls != null && !blank(mtls.clientCert()) && !blank(mtls.clientKey());
        boolean publicOnly = portalManaged.test(endpoint);
        if (!withIdentity && !publicOnly && timeoutSeconds == DEFAULT_TIMEOUT.toSeconds()) {
            return shared;
        }
        ClientKey key = new ClientKey(timeoutSeconds, withIdentity ? mtls.clientCert() : "",
                withIdentity ? mtls.clientKey() : "", publicOnly);
        Instant now = clock.instant();
        Derived derived = clients.get(key);
        if (derived != null && (derived.notAfter == null || derived.notAfter.isAfter(now))) {
            return derived.client;
        }
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        OkHttpClient.Builder builder = shared.newBuilder()
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .writeTimeout(timeout)
                .callTimeout(timeout);
        if (publicOnly) {
            builder.socketFactory(portalSockets).connectionPool(portalPool);
        }
        Instant notAfter = null;
        if (withIdentity) {
            ClientTls.ClientIdentity identity = ClientTls.identity(mtls, trust, now);
            builder.sslSocketFactory(identity.socketFactory(), trust);
            notAfter = identity.notAfter();
        }
        if (clients.size() >= MAX_CACHED_CLIENTS) {
            clients.clear(); // endpoints changed settings many times; the clients share the pool, so this is cheap
        }
        Derived made = new Derived(builder.build(), notAfter);
        clients.put(key, made);
        return made.client;
    }

    private SendResult failure(Webhook webhook, String url, String body, Map<String, String> sent, String ip,
                               String error, Instant requestedAt, long started) {
        SendResult result = new SendResult(url, "POST", ip, sent, body, 0, "", Map.of(), "", error, requestedAt,
                clock.instant(), elapsedMillis(started));
        logAttempt(webhook, HttpUrl.parse(url), result);
        return result;
    }

    /** Headers as an attempt records them: one string per name (values joined), authentication secrets masked. */
    static Map<String, String> recorded(Headers headers, Set<String> secretNames) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : headers.names()) {
            boolean secret = secretNames.contains(name.toLowerCase(Locale.ROOT));
            out.put(name, secret ? MASK : String.join(", ", headers.values(name)));
        }
        return out;
    }

    /** Lower-cased names of headers whose values are secrets: Authorization and the endpoint's api-key header. */
    private static Set<String> secretHeaderNames(Endpoint endpoint) {
        Set<String> names = new TreeSet<>(Set.of("authorization", "proxy-authorization"));
        EndpointAuthentication auth = endpoint.authentication();
        if (auth != null && auth.type() == EndpointAuthType.API_KEY && auth.apiKey() != null
                && !blank(auth.apiKey().headerName())) {
            names.add(auth.apiKey().headerName().trim().toLowerCase(Locale.ROOT));
        }
        return names;
    }

    static String contentType(Endpoint endpoint) {
        ContentType type = endpoint.contentType();
        return type == null ? ContentType.APPLICATION_JSON.wire() : type.wire();
    }

    static long timeoutSeconds(Endpoint endpoint) {
        Long seconds = endpoint.httpTimeout();
        return seconds == null || seconds <= 0 ? DEFAULT_TIMEOUT.toSeconds() : seconds;
    }

    private static long elapsedMillis(long started) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }

    private static String quoted(String url) {
        return url.isEmpty() ? "(empty)" : "\"" + url + "\"";
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    private static void logAttempt(Webhook webhook, HttpUrl url, SendResult result) {
        // debug: the dispatchers write the one info line per try (with the delivery's outcome)
        if (!log.isDebugEnabled()) {
            return;
        }
        // scheme, host and path only: query strings may carry tokens
        String target = url == null ? "(invalid URL)" : url.scheme() + "://" + url.host() + ":" + url.port()
                + url.encodedPath();
        if (result.responded()) {
            log.debug("webhook {} to endpoint {} at {}: {} in {} ms", webhook.deliveryId(), webhook.endpoint().uid(),
                    target, result.statusLine(), result.latencyMillis());
        } else {
            log.debug("webhook {} to endpoint {} at {}: failed in {} ms: {}", webhook.deliveryId(),
                    webhook.endpoint().uid(), target, result.latencyMillis(), result.error());
        }
    }

    /** Connections held by the shared pool (open or idle); shows keep-alive reuse. */
    int openConnections() {
        return shared.connectionPool().connectionCount();
    }

    @Override
    public void close() {
        shared.connectionPool().evictAll();
        portalPool.evictAll();
    }

    /** What distinguishes one derived client from another. */
    private record ClientKey(long timeoutSeconds, String certPem, String keyPem, boolean publicOnly) {
    }

    /** A derived client and when its client certificate expires (null without one). */
    private record Derived(OkHttpClient client, Instant notAfter) {
    }

    /** Per-call facts collected by the interceptor and the event listener. */
    private static final class Attempt {
        volatile Headers sentHeaders;
        volatile String ip = "";

        void address(InetSocketAddress address) {
            if (address != null && address.getAddress() != null) {
                ip = address.getAddress().getHostAddress();
            }
        }

        /** The headers that went out, or those we meant to send when the call failed before sending. */
        Headers sentHeaders(Request request) {
            Headers sent = sentHeaders;
            return sent != null ? sent : request.headers();
        }
    }

    /** Records the receiver's IP even when the connection fails (the address that was tried last). */
    private static final class ReceiverAddressListener extends EventListener {
        @Override
        public void connectStart(Call call, InetSocketAddress inetSocketAddress, Proxy proxy) {
            Attempt attempt = call.request().tag(Attempt.class);
            if (attempt != null) {
                attempt.address(inetSocketAddress);
            }
        }

        @Override
        public void connectionAcquired(Call call, Connection connection) {
            Attempt attempt = call.request().tag(Attempt.class);
            if (attempt != null) {
                attempt.address(connection.route().socketAddress());
            }
        }
    }
}
