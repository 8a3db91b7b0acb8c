package dev.hookline.server.http.outbound;

import dev.hookline.api.model.OAuth2TestRequest;
import dev.hookline.api.model.OAuth2TestResult;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.outbound.OAuth2TestService;
import java.io.IOException;

/**
 * {@code POST /api/v1/projects/{projectID}/endpoints/oauth2/test}: tests OAuth2 settings against their token server.
 * A token server that refuses is still a 200 answer ({@code success: false}); incomplete settings are a 400.
 */
public final class OAuth2TestRoutes {

    private final OAuth2TestService oauth2;

    public OAuth2TestRoutes(OAuth2TestService oauth2) {
        this.oauth2 = oauth2;
    }

    public void test(Exchange ex) throws IOException {
        ex.project(); // the key must reach the project
        OAuth2TestResult result = oauth2.test(ex.body(OAuth2TestRequest.class));
        ex.ok(200, result.success() ? "OAuth2 connection test successful" : "OAuth2 connection test failed", result);
    }
}
