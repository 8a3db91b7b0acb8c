package dev.hookline.server.outbound;

import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import dev.hookline.api.model.OAuth2TestRequest;
import dev.hookline.api.model.OAuth2TestResult;
import java.time.Clock;
import dev.hookline.server.domain.InvalidInputException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;

/**
 * Tests OAuth2 settings: asks the token server for a token exactly as a delivery would (never cached) and reports
 * the answer. Like Convoy, a token server that refuses is a result ({@code success: false} with the reason), not a
 * refusal; settings that are incomplete are invalid input naming the field.
 */
public final class OAuth2TestService {

    private final OAuth2Tokens tokens;
    private OkHttpClient client;
    private final DestinationPolicy destinations;

    public OAuth2TestService(Clock clock, DestinationPolicy destinations) {
        this.tokens = new OAuth2Tokens(clock);
        this.destinations = destinations;
    }

    /**
     * Made at the first test, not with the server: building an OkHttp client loads the JDK's trust store (parsing
     * some 150 certificates), which every server start paid for a button few people press (ADR 0035).
     */
    private synchronized OkHttpClient client() {
        if (client == null) {
            // tests are rare: a small client of their own, no redirects, the deliveries' default timeout
            client = new OkHttpClient.Builder()
                    .connectionPool(new ConnectionPool(2, 1, TimeUnit.MINUTES))
                    .followRedirects(false)
                    .followSslRedirects(false)
                    .socketFactory(new PolicySocketFactory(destinations))
                    .proxy(java.net.Proxy.NO_PROXY) // the policy judges the token server, never a proxy
                    .callTimeout(OkHttpWebhookSender.DEFAULT_TIMEOUT)
                    .connectTimeout(OkHttpWebhookSender.DEFAULT_TIMEOUT)
                    .readTimeout(OkHttpWebhookSender.DEFAULT_TIMEOUT)
                    .build();
        }
        return client;
    }

    public OAuth2TestResult test(OAuth2TestRequest request) {
        if (request == null || request.oauth2() == null) {
            throw InvalidInputException.of("oauth2:please provide the OAuth2 settings to test");
        }
        OAuth2 settings = OAuth2Settings.validate(request.oauth2(), "oauth2");
        try {
            OkHttpClient http = client();
            OAuth2Tokens.Token token = tokens.fetch(settings, http,
                    Duration.ofMillis(http.callTimeoutMillis()).toSeconds());
            return new OAuth2TestResult(true, token.accessToken(), token.tokenType(), token.expiresAt(), null,
                    "OAuth2 connection successful");
        } catch (AuthException e) {
            return new OAuth2TestResult(false, null, null, null, e.getMessage(), "OAuth2 connection failed");
        }
    }
}
