package dev.hookline.server.outbound;

import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import dev.hookline.api.model.OAuth2TestRequest;
import dev.hookline.api.model.OAuth2TestResult;
import dev.hookline.server.ServerContext;
import dev.hookline.server.endpoints.EndpointValidator;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;

/**
 * {@code POST /api/v1/projects/{projectID}/endpoints/oauth2/test}: asks the token server for a token with the given
 * OAuth2 settings, exactly as a delivery would (never cached), and shows the answer. Like Convoy, a token server
 * that refuses is still a 200 answer ({@code success: false} with the reason); settings that are incomplete are a
 * 400 naming the field.
 */
public final class OAuth2TestRoutes {

    static final String PATH = "/api/v1/projects/{projectID}/endpoints/oauth2/test";

    private final OAuth2Tokens tokens;
    // tests are rare: a small client of their own, no redirects, the deliveries' default timeout
    private final OkHttpClient client = new OkHttpClient.Builder()
            .connectionPool(new ConnectionPool(2, 1, TimeUnit.MINUTES))
            .followRedirects(false)
            .followSslRedirects(false)
            .callTimeout(OkHttpWebhookSender.DEFAULT_TIMEOUT)
            .connectTimeout(OkHttpWebhookSender.DEFAULT_TIMEOUT)
            .readTimeout(OkHttpWebhookSender.DEFAULT_TIMEOUT)
            .build();

    public OAuth2TestRoutes(ServerContext context) {
        this.tokens = new OAuth2Tokens(context.clock());
    }

    public void register(Router router) {
        router.post(PATH, Access.API_KEY, this::test);
    }

    private void test(Exchange ex) throws IOException {
        ex.project(); // the key must reach the project
        OAuth2TestRequest request = ex.body(OAuth2TestRequest.class);
        if (request == null || request.oauth2() == null) {
            throw ApiError.badRequest("oauth2:please provide the OAuth2 settings to test");
        }
        OAuth2 settings;
        try {
            settings = EndpointValidator.oauth2(request.oauth2());
        } catch (ApiError e) {
            // the endpoint validator names fields as they sit in an endpoint (authentication.oauth2.*)
            throw ApiError.badRequest(e.getMessage().replaceFirst("^authentication\\.", ""));
        }
        try {
            OAuth2Tokens.Token token = tokens.fetch(settings, client,
                    Duration.ofMillis(client.callTimeoutMillis()).toSeconds());
            ex.ok(200, "OAuth2 connection test successful", new OAuth2TestResult(true, token.accessToken(),
                    token.tokenType(), token.expiresAt(), null, "OAuth2 connection successful"));
        } catch (AuthException e) {
            ex.ok(200, "OAuth2 connection test failed", new OAuth2TestResult(false, null, null, null, e.getMessage(),
                    "OAuth2 connection failed"));
        }
    }
}
