package dev.hookline.server.outbound;

import static dev.hookline.server.outbound.OutboundFixtures.endpoint;
import static dev.hookline.server.outbound.OutboundFixtures.webhook;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointAuthentication.FieldMapping;
import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Endpoint authentication seen from the receiver, which also plays the OAuth2 token server on /token. */
class EndpointAuthIT {

    private final MutableClock clock = new MutableClock();
    private final AtomicInteger issued = new AtomicInteger();
    private Receiver receiver;
    private OkHttpWebhookSender sender;

    @BeforeEach
    void start() {
        receiver = Receiver.start();
        sender = new OkHttpWebhookSender(clock);
    }

    @AfterEach
    void stop() {
        receiver.close();
        sender.close();
    }

    @Test
    void anApiKeyIsSentInItsHeaderAndMaskedInTheRecord() {
        Endpoint endpoint = withAuth(new EndpointAuthentication(EndpointAuthType.API_KEY,
                new ApiKeyHeader("X-Api-Key", "key-123"), null, null));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertTrue(result.delivered(), result.error());
        assertEquals("key-123", hooks().getFirst().header("X-Api-Key"));
        assertEquals(OkHttpWebhookSender.MASK, result.requestHeaders().get("X-Api-Key"));
        assertFalse(result.requestHeaders().toString().contains("key-123"));
    }

    @Test
    void anApiKeyThatCannotBeAHeaderIsAnErrorThatDoesNotQuoteIt() {
        Endpoint endpoint = withAuth(new EndpointAuthentication(EndpointAuthType.API_KEY,
                new ApiKeyHeader("X-Api-Key", "key-123\nInjected: yes"), null, null));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertFalse(result.responded());
        assertEquals("endpoint authentication api_key cannot be sent: the header name or value contains characters "
                + "that are not allowed in an HTTP header (e.g. a line break)", result.error());
        assertFalse(result.toString().contains("key-123"));
        assertEquals(0, hooks().size());
    }

    @Test
    void basicAuthIsSentAsAnAuthorizationHeaderAndMaskedInTheRecord() {
        Endpoint endpoint = withAuth(new EndpointAuthentication(EndpointAuthType.BASIC_AUTH, null,
                new BasicAuth("hook", "pässword"), null));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        String expected = "Basic " + Base64.getEncoder().encodeToString("hook:pässword".getBytes(StandardCharsets.UTF_8));
        assertEquals(expected, hooks().getFirst().header("Authorization"));
        assertEquals(OkHttpWebhookSender.MASK, result.requestHeaders().get("Authorization"));
    }

    @Test
    void aForwardedAuthorizationHeaderCannotReplaceTheEndpointsOwn() {
        Endpoint endpoint = withAuth(new EndpointAuthentication(EndpointAuthType.BASIC_AUTH, null,
                new BasicAuth("hook", "secret"), null));

        sender.send(webhook(endpoint, "{}", Map.of("authorization", List.of("Bearer from-the-source"))));

        assertEquals(List.of("Basic " + Base64.getEncoder().encodeToString("hook:secret".getBytes())),
                hooks().getFirst().headers().get("authorization"));
    }

    @Test
    void oauth2FetchesAClientCredentialsTokenAndSendsIt() {
        tokenServer(3600);
        Endpoint endpoint = withAuth(oauth2("shared_secret", "read:hooks", "https://api.example"));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertTrue(result.delivered(), result.error());
        Map<String, String> form = form(tokenRequests().getFirst());
        assertEquals(Map.of("grant_type", "client_credentials", "client_id", "hookline", "client_secret", "cs-1",
                "scope", "read:hooks", "audience", "https://api.example"), form);
        assertEquals("application/x-www-form-urlencoded", tokenRequests().getFirst().header("Content-Type"));
        assertEquals("Bearer tok-1", hooks().getFirst().header("Authorization"));
        assertEquals(OkHttpWebhookSender.MASK, result.requestHeaders().get("Authorization"));
    }

    @Test
    void oauth2TokensAreReusedUntilShortlyBeforeTheyExpire() {
        tokenServer(3600);
        Endpoint endpoint = withAuth(oauth2("shared_secret", "", ""));

        sender.send(webhook(endpoint, "{}"));
        clock.advance(Duration.ofSeconds(3500));
        sender.send(webhook(endpoint, "{}"));
        assertEquals(1, tokenRequests().size());

        clock.advance(Duration.ofSeconds(75)); // 3575 s: inside the last 30 s before expiry
        sender.send(webhook(endpoint, "{}"));

        assertEquals(2, tokenRequests().size());
        assertEquals(List.of("Bearer tok-1", "Bearer tok-1", "Bearer tok-2"),
                hooks().stream().map(r -> r.header("Authorization")).toList());
    }

    @Test
    void concurrentDeliveriesToOneEndpointShareOneTokenRequest() throws Exception {
        // a slow token server: every delivery arrives while the first token request is still running
        receiver.answerBy(request -> request.path().equals("/token") ? token(3600).after(Duration.ofMillis(300))
                : Answer.ok());
        Endpoint endpoint = withAuth(oauth2("shared_secret", "", ""));

        List<SendResult> results;
        try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            var futures = java.util.stream.IntStream.range(0, 20)
                    .mapToObj(i -> threads.submit(() -> sender.send(webhook(endpoint, "{}")))).toList();
            results = new java.util.ArrayList<>();
            for (var future : futures) {
                results.add(future.get());
            }
        }

        assertTrue(results.stream().allMatch(SendResult::delivered));
        assertEquals(1, tokenRequests().size());
        assertTrue(hooks().stream().allMatch(r -> "Bearer tok-1".equals(r.header("Authorization"))));
    }

    @Test
    void changedOauth2SettingsGetANewToken() {
        tokenServer(3600);
        sender.send(webhook(withAuth(oauth2("shared_secret", "read", "")), "{}"));

        sender.send(webhook(withAuth(oauth2("shared_secret", "read write", "")), "{}"));

        assertEquals(2, tokenRequests().size());
        assertEquals("read write", form(tokenRequests().get(1)).get("scope"));
    }

    @Test
    void aRejectedCachedTokenIsRefreshedOnceAndTheWebhookResent() {
        tokenServer(3600);
        Endpoint endpoint = withAuth(oauth2("shared_secret", "", ""));
        sender.send(webhook(endpoint, "{}"));
        // the receiver revokes tok-1
        receiver.answerBy(request -> request.path().equals("/token") ? token(3600)
                : "Bearer tok-1".equals(request.header("Authorization")) ? Answer.status(401) : Answer.ok());

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertTrue(result.delivered(), result.error());
        assertEquals(List.of("Bearer tok-1", "Bearer tok-1", "Bearer tok-2"),
                hooks().stream().map(r -> r.header("Authorization")).toList());
        assertEquals(2, tokenRequests().size());
    }

    @Test
    void aFreshTokenThatIsRejectedIsNotRetriedInALoop() {
        receiver.answerBy(request -> request.path().equals("/token") ? token(3600) : Answer.status(401));
        Endpoint endpoint = withAuth(oauth2("shared_secret", "", ""));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertEquals(401, result.statusCode());
        assertEquals(1, hooks().size());
        assertEquals(1, tokenRequests().size());
    }

    @Test
    void aFailingTokenRequestIsTheTrysErrorAndNothingIsSent() {
        receiver.answerBy(request -> request.path().equals("/token")
                ? Answer.status(400).withBody("{\"error\":\"invalid_client\"}") : Answer.ok());
        Endpoint endpoint = withAuth(oauth2("shared_secret", "", ""));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertFalse(result.responded());
        assertEquals("OAuth2 token request to " + receiver.url("/token")
                + " failed: 400 Bad Request: {\"error\":\"invalid_client\"}", result.error());
        assertEquals(0, hooks().size());
    }

    @Test
    void anUnreachableTokenServerIsTheTrysError() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        OAuth2 settings = new OAuth2("http://127.0.0.1:" + port + "/token", "hookline", "shared_secret", "cs-1", null,
                null, null, null, null, null, null, null, null);
        Endpoint endpoint = withAuth(new EndpointAuthentication(EndpointAuthType.OAUTH2, null, null, settings));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertEquals("OAuth2 token request to http://127.0.0.1:" + port + "/token failed: connection refused by "
                + "127.0.0.1:" + port, result.error());
        assertEquals(0, hooks().size());
    }

    @Test
    void aTokenResponseWithoutAnAccessTokenIsAnError() {
        receiver.answerBy(request -> request.path().equals("/token")
                ? Answer.ok().withBody("{\"token_type\":\"Bearer\"}") : Answer.ok());
        Endpoint endpoint = withAuth(oauth2("shared_secret", "", ""));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertEquals("OAuth2 token request to " + receiver.url("/token") + " returned no access_token", result.error());
    }

    @Test
    void fieldMappingAndExpiryUnitReadNonStandardTokenResponses() {
        receiver.answerBy(request -> request.path().equals("/token")
                ? Answer.ok().withBody("{\"jwt\":\"custom-" + issued.incrementAndGet()
                        + "\",\"kind\":\"Token\",\"ttl_minutes\":10}")
                : Answer.ok());
        OAuth2 settings = new OAuth2(receiver.url("/token"), "hookline", "shared_secret", "cs-1", null, null, null,
                null, "client_credentials", null, null, new FieldMapping("jwt", "kind", "ttl_minutes"), "minutes");
        Endpoint endpoint = withAuth(new EndpointAuthentication(EndpointAuthType.OAUTH2, null, null, settings));

        sender.send(webhook(endpoint, "{}"));
        clock.advance(Duration.ofMinutes(9));
        sender.send(webhook(endpoint, "{}"));
        clock.advance(Duration.ofSeconds(45)); // 9 min 45 s: inside the last 30 s of a 10 minute token
        sender.send(webhook(endpoint, "{}"));

        assertEquals(List.of("Token custom-1", "Token custom-1", "Token custom-2"),
                hooks().stream().map(r -> r.header("Authorization")).toList());
    }

    @Test
    void clientAssertionSendsAJwtSignedWithTheSigningKey() throws Exception {
        tokenServer(3600);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        ObjectNode jwk = Json.lenient().createObjectNode().put("kty", "EC").put("crv", "P-256").put("kid", "key-1")
                .put("x", b64(((ECPublicKey) pair.getPublic()).getW().getAffineX().toByteArray()))
                .put("y", b64(((ECPublicKey) pair.getPublic()).getW().getAffineY().toByteArray()))
                .put("d", b64(((ECPrivateKey) pair.getPrivate()).getS().toByteArray()));
        OAuth2 settings = new OAuth2(receiver.url("/token"), "hookline", "client_assertion", null, jwk, "ES256",
                "issuer-1", "subject-1", null, null, null, null, null);
        Endpoint endpoint = withAuth(new EndpointAuthentication(EndpointAuthType.OAUTH2, null, null, settings));

        SendResult result = sender.send(webhook(endpoint, "{}"));

        assertTrue(result.delivered(), result.error());
        Map<String, String> form = form(tokenRequests().getFirst());
        assertEquals("urn:ietf:params:oauth:client-assertion-type:jwt-bearer", form.get("client_assertion_type"));
        assertFalse(form.containsKey("client_secret"));
        String[] jwt = form.get("client_assertion").split("\\.");
        Signature verifier = Signature.getInstance("SHA256withECDSAinP1363Format");
        verifier.initVerify(pair.getPublic());
        verifier.update((jwt[0] + "." + jwt[1]).getBytes(StandardCharsets.US_ASCII));
        assertTrue(verifier.verify(Base64.getUrlDecoder().decode(jwt[2])), "the assertion's signature verifies");
        JsonNode header = Json.lenient().readTree(Base64.getUrlDecoder().decode(jwt[0]));
        JsonNode claims = Json.lenient().readTree(Base64.getUrlDecoder().decode(jwt[1]));
        assertEquals("ES256", header.get("alg").asText());
        assertEquals("key-1", header.get("kid").asText());
        assertEquals("issuer-1", claims.get("iss").asText());
        assertEquals("subject-1", claims.get("sub").asText());
        assertEquals(receiver.url("/token"), claims.get("aud").asText());
        assertEquals(clock.instant().getEpochSecond() + 300, claims.get("exp").asLong());
        assertEquals("Bearer tok-1", hooks().getFirst().header("Authorization"));
    }

    private void tokenServer(long expiresIn) {
        receiver.answerBy(request -> request.path().equals("/token") ? token(expiresIn) : Answer.ok());
    }

    private Answer token(long expiresIn) {
        return Answer.ok().withBody("{\"access_token\":\"tok-" + issued.incrementAndGet()
                + "\",\"token_type\":\"bearer\",\"expires_in\":" + expiresIn + "}");
    }

    private EndpointAuthentication oauth2(String type, String scope, String audience) {
        return new EndpointAuthentication(EndpointAuthType.OAUTH2, null, null, new OAuth2(receiver.url("/token"),
                "hookline", type, "cs-1", null, null, null, null, null, scope, audience, null, null));
    }

    private Endpoint withAuth(EndpointAuthentication authentication) {
        return endpoint(receiver.url("/hooks"), null, List.of(), false, authentication, null);
    }

    private List<Receiver.Request> hooks() {
        return receiver.requests(r -> r.path().equals("/hooks"));
    }

    private List<Receiver.Request> tokenRequests() {
        return receiver.requests(r -> r.path().equals("/token"));
    }

    private static Map<String, String> form(Receiver.Request request) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : request.bodyText().split("&")) {
            String[] kv = pair.split("=", 2);
            fields.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                    URLDecoder.decode(kv.length > 1 ? kv[1] : "", StandardCharsets.UTF_8));
        }
        return fields;
    }

    /** base64url of an unsigned big-endian number (drops BigInteger's sign byte). */
    private static String b64(byte[] twosComplement) {
        byte[] unsigned = twosComplement.length > 1 && twosComplement[0] == 0
                ? Arrays.copyOfRange(twosComplement, 1, twosComplement.length) : twosComplement;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(unsigned);
    }
}
