package dev.hookline.server.outbound;

import static dev.hookline.server.testing.ApiAssertions.assertBad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import dev.hookline.api.model.OAuth2TestRequest;
import dev.hookline.api.model.OAuth2TestResult;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import dev.hookline.server.testing.TestServer;
import dev.hookline.server.testing.TestServer.TestProject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /endpoints/oauth2/test} through the real server, with the receiver as token server. */
class OAuth2ConnectionTestIT {

    @TempDir
    Path dataDir;

    private final MutableClock clock = new MutableClock();
    private TestServer server;
    private TestProject project;
    private Receiver tokenServer;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(dataDir, clock);
        project = server.newProject("oauth", ProjectType.OUTGOING);
        tokenServer = Receiver.start();
    }

    @AfterEach
    void stop() {
        tokenServer.close();
        server.close();
    }

    @Test
    void aWorkingTokenServerShowsTheTokenItIssued() {
        tokenServer.answerAlways(Answer.ok()
                .withBody("{\"access_token\":\"abc\",\"token_type\":\"bearer\",\"expires_in\":120}"));

        OAuth2TestResult result = project.client().testOAuth2(new OAuth2TestRequest(settings("s3cret")));

        assertTrue(result.success());
        assertEquals("abc", result.accessToken());
        assertEquals("Bearer", result.tokenType());
        assertEquals(clock.instant().plusSeconds(120).truncatedTo(ChronoUnit.MICROS),
                result.expiresAt().truncatedTo(ChronoUnit.MICROS));
        assertNull(result.error());
        Receiver.Request asked = tokenServer.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertTrue(asked.bodyText().contains("client_secret=s3cret"));
    }

    @Test
    void aRefusingTokenServerIsAFailedTestNotAnError() {
        tokenServer.answerAlways(Answer.status(401).withBody("{\"error\":\"invalid_client\"}"));

        OAuth2TestResult result = project.client().testOAuth2(new OAuth2TestRequest(settings("wrong")));

        assertFalse(result.success());
        assertNull(result.accessToken());
        assertEquals("OAuth2 token request to " + tokenServer.url("/token")
                + " failed: 401 Unauthorized: {\"error\":\"invalid_client\"}", result.error());
    }

    @Test
    void eachTestAsksTheTokenServerAgain() {
        tokenServer.answerAlways(Answer.ok().withBody("{\"access_token\":\"abc\",\"expires_in\":3600}"));

        project.client().testOAuth2(new OAuth2TestRequest(settings("s3cret")));
        project.client().testOAuth2(new OAuth2TestRequest(settings("s3cret")));

        assertEquals(2, tokenServer.requests().size());
    }

    @Test
    void incompleteSettingsAreA400NamingTheField() {
        OAuth2 noClientId = new OAuth2(tokenServer.url("/token"), "", "shared_secret", "s", null, null, null, null,
                null, null, null, null, null);

        String path = "/v1/projects/" + project.id() + "/endpoints/oauth2/test";
        assertBad(project.client().raw("POST", path, "{\"oauth2\":{\"url\":\"" + tokenServer.url("/token")
                + "\",\"authentication_type\":\"shared_secret\",\"client_secret\":\"s\"}}", Map.of()), 400,
                "oauth2.client_id:is required");
        assertBad(project.client().raw("POST", path, "{}", Map.of()), 400,
                "oauth2:please provide the OAuth2 settings to test");
        ApiException thrown = assertThrows(ApiException.class,
                () -> project.client().testOAuth2(new OAuth2TestRequest(noClientId)));
        assertEquals(400, thrown.status());
        assertEquals(0, tokenServer.requests().size());
    }

    private OAuth2 settings(String secret) {
        return new OAuth2(tokenServer.url("/token"), "hookline", "shared_secret", secret, null, null, null, null, null,
                null, null, null, null);
    }
}
