package dev.hookline.server.outbound;

import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.ConnectionPool;
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
 * The one {@link WebhookSender}: a plain HTTP/1.1 (or HTTP/2 over TLS) POST of the webhook body with OkHttp.
 *
 * <p>Calls run synchronously on the caller's (virtual) thread. All calls share one connection pool, so keep-alive
 * connections to a receiver are reused across deliveries; a client per distinct timeout is derived from the shared
 * one with {@code newBuilder()} and cached (derived clients share the pool).
 *
 * <p>Redirects are never followed: a 3xx is the receiver's answer, recorded as is (see ADR 0011).
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

    private static final Logger log = LoggerFactory.getLogger(OkHttpWebhookSender.class);
    private static final String MASK = "[REDACTED]";

    private final Clock clock;
    private final OkHttpClient shared;
    private final ConcurrentMap<ClientKey, OkHttpClient> clients = new ConcurrentHashMap<>();

    public OkHttpWebhookSender(Clock clock) {
        this.clock = clock;
        this.shared = new OkHttpClient.Builder()
                // many idle keep-alive connections: a busy receiver gets one per concurrent delivery
                .connectionPool(new ConnectionPool(256, 5, TimeUnit.MINUTES))
                .followRedirects(false)
                .followSslRedirects(false)
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
                .callTimeout(DEFAULT_TIMEOUT)
                .build();
    }

    public OkHttpWebhookSender() {
        this(Clock.systemUTC());
    }

    @Override
    public SendResult send(Webhook webhook) {
        Endpoint endpoint = webhook.endpoint();
        String url = endpoint.url() == null ? "" : endpoint.url();
        String body = new String(webhook.body(), StandardCharsets.UTF_8);
        Instant requestedAt = clock.instant();
        long started = System.nanoTime();
        long timeoutSeconds = timeoutSeconds(endpoint);
        HttpUrl httpUrl = HttpUrl.parse(url);
        if (httpUrl == null) {
            return failure(webhook, url, body, Map.of(), "", "invalid endpoint URL: " + quoted(url), requestedAt,
                    started);
        }
        String hostAndPort = httpUrl.host() + ":" + httpUrl.port();
        Attempt attempt = new Attempt();
        Headers headers;
        try {
            headers = headers(webhook).build();
        } catch (RuntimeException e) {
            return failure(webhook, url, body, Map.of(), "", "invalid request header: " + e.getMessage(),
                    requestedAt, started);
        }
        Request request = new Request.Builder()
                .url(httpUrl)
                .headers(headers)
                .post(RequestBody.create(webhook.body(), MediaType.parse(contentType(endpoint))))
                .tag(Attempt.class, attempt)
                .build();
        try {
            OkHttpClient client = client(new ClientKey(timeoutSeconds));
            try (Response response = client.newCall(request).execute()) {
                Captured captured = capture(response);
                Map<String, String> sent = recorded(attempt.sentHeaders != null ? attempt.sentHeaders : headers);
                int code = response.code();
                String statusLine = StatusLines.of(code, response.message());
                String error = captured.error != null ? captured.error
                        : code >= 200 && code < 300 ? "" : "receiver answered " + statusLine;
                SendResult result = new SendResult(url, "POST", attempt.ip(), sent, body, code, statusLine,
                        recorded(response.headers()), captured.body, error, requestedAt, clock.instant(),
                        elapsedMillis(started));
                logAttempt(webhook, httpUrl, result);
                return result;
            }
        } catch (IOException | RuntimeException e) {
            Map<String, String> sent = recorded(attempt.sentHeaders != null ? attempt.sentHeaders : headers);
            return failure(webhook, url, body, sent, attempt.ip(), SendErrors.describe(e, hostAndPort, timeoutSeconds),
                    requestedAt, started);
        }
    }

    /** The headers this webhook is sent with. */
    private Headers.Builder headers(Webhook webhook) {
        Headers.Builder headers = new Headers.Builder();
        headers.set("Content-Type", contentType(webhook.endpoint()));
        headers.set("User-Agent", USER_AGENT);
        // forwarded and custom headers last and only where no header of ours has the name (case-insensitively)
        webhook.headers().forEach((name, values) -> {
            if (name == null || headers.get(name) != null || values == null) {
                return;
            }
            for (String value : values) {
                if (value != null) {
                    headers.addUnsafeNonAscii(name, value);
                }
            }
        });
        return headers;
    }

    private OkHttpClient client(ClientKey key) {
        if (key.timeoutSeconds() == DEFAULT_TIMEOUT.toSeconds()) {
            return shared;
        }
        return clients.computeIfAbsent(key, k -> {
            Duration timeout = Duration.ofSeconds(k.timeoutSeconds());
            return shared.newBuilder()
                    .connectTimeout(timeout)
                    .readTimeout(timeout)
                    .writeTimeout(timeout)
                    .callTimeout(timeout)
                    .build();
        });
    }

    private SendResult failure(Webhook webhook, String url, String body, Map<String, String> sent, String ip,
                               String error, Instant requestedAt, long started) {
        SendResult result = new SendResult(url, "POST", ip, sent, body, 0, "", Map.of(), "", error, requestedAt,
                clock.instant(), elapsedMillis(started));
        logAttempt(webhook, HttpUrl.parse(url), result);
        return result;
    }

    private record Captured(String body, String error) {
    }

    /** Reads at most {@link #RESPONSE_BODY_CAP} bytes of the body; the rest is never read (the connection is dropped). */
    private static Captured capture(Response response) {
        try {
            BufferedSource source = response.body().source();
            boolean longer = source.request(RESPONSE_BODY_CAP + 1L);
            long keep = Math.min(source.getBuffer().size(), RESPONSE_BODY_CAP);
            String text = new String(source.getBuffer().readByteArray(keep), StandardCharsets.UTF_8);
            return new Captured(longer ? text + TRUNCATED : text, null);
        } catch (IOException e) {
            return new Captured("", "the response body could not be read: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }

    /** Headers as an attempt records them: one string per name (values joined), authentication secrets masked. */
    static Map<String, String> recorded(Headers headers) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : headers.names()) {
            String value = String.join(", ", headers.values(name));
            out.put(name, isSecret(name) ? MASK : value);
        }
        return out;
    }

    private static boolean isSecret(String name) {
        return name.equalsIgnoreCase("Authorization") || name.equalsIgnoreCase("Proxy-Authorization");
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

    private static void logAttempt(Webhook webhook, HttpUrl url, SendResult result) {
        if (!log.isInfoEnabled()) {
            return;
        }
        // scheme, host and path only: query strings may carry tokens
        String target = url == null ? "(invalid URL)" : url.scheme() + "://" + url.host() + ":" + url.port()
                + url.encodedPath();
        if (result.responded()) {
            log.info("webhook {} to endpoint {} at {}: {} in {} ms", webhook.deliveryId(), webhook.endpoint().uid(),
                    target, result.statusLine(), result.latencyMillis());
        } else {
            log.info("webhook {} to endpoint {} at {}: failed in {} ms: {}", webhook.deliveryId(),
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
        shared.dispatcher().executorService().shutdown();
    }

    /** What distinguishes one derived client from another. */
    private record ClientKey(long timeoutSeconds) {
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

        String ip() {
            return ip;
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
