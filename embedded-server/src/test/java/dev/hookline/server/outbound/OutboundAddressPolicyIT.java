package dev.hookline.server.outbound;

import static dev.hookline.server.outbound.OutboundFixtures.endpoint;
import static dev.hookline.server.outbound.OutboundFixtures.webhook;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.testing.LoopbackBrokers;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.TestServer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import okhttp3.Dns;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outbound address policy (ADR 0039) as a user meets it: refused destinations fail the attempt with a clear
 * reason and nothing reaches the receiver; endpoints with a literal refused address are a 400 naming the field.
 * Names are resolved by a resolver this test controls, so refusals of private ranges are checked without sending a
 * packet anywhere but loopback.
 */
class OutboundAddressPolicyIT {

    private static final DestinationPolicy HEADLESS = DestinationPolicy.publicOnly(List.of());

    @TempDir
    Path dataDir;
    Receiver receiver;
    TestServer server;

    /** receiver.test -> 127.0.0.1 (the receiver); internal.test -> 10.20.30.40; mixed.test -> both. */
    private static final Dns TEST_DNS = host -> {
        try {
            return switch (host) {
                case "receiver.test" -> List.of(InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1}));
                case "internal.test" -> List.of(InetAddress.getByAddress(host, new byte[]{10, 20, 30, 40}));
                case "metadata.test" -> List.of(InetAddress.getByAddress(host, new byte[]{(byte) 169, (byte) 254,
                        (byte) 169, (byte) 254}));
                default -> throw new UnknownHostException(host);
            };
        } catch (UnknownHostException e) {
            throw e;
        }
    };

    @BeforeEach
    void start() {
        receiver = Receiver.start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        receiver.close();
    }

    private int receiverPort() {
        return java.net.URI.create(receiver.url()).getPort();
    }

    @Test
    void aNameThatResolvesToARefusedAddressFailsTheAttemptWithTheReasonAndNothingIsSent() {
        try (OkHttpWebhookSender sender = new OkHttpWebhookSender(Clock.systemUTC(), null, HEADLESS, TEST_DNS)) {
            SendResult toLoopback = sender.send(webhook(endpoint("http://receiver.test:" + receiverPort() + "/hooks"),
                    "{}"));
            assertFalse(toLoopback.responded());
            assertTrue(toLoopback.error().contains("destination 127.0.0.1 is not allowed"), toLoopback.error());
            assertTrue(toLoopback.error().contains("--allow-destination"), toLoopback.error());

            SendResult toPrivate = sender.send(webhook(endpoint("http://internal.test/hooks"), "{}"));
            assertTrue(toPrivate.error().contains("destination 10.20.30.40 is not allowed: it is a private address"),
                    toPrivate.error());
            SendResult literal = sender.send(webhook(endpoint("http://[::ffff:127.0.0.1]:" + receiverPort() + "/"),
                    "{}"));
            assertTrue(literal.error().contains("is not allowed"), literal.error());
            SendResult decimal = sender.send(webhook(endpoint("http://2130706433:" + receiverPort() + "/"), "{}"));
            assertTrue(decimal.error().contains("is not allowed") || decimal.error().contains("resolve"),
                    decimal.error());
        }
        assertEquals(0, receiver.requests().size(), "no request reached the receiver");
    }

    @Test
    void anAllowedRangeIsReachedAndTheEmbeddedPolicyKeepsLoopbackButNeverMetadata() {
        DestinationPolicy local = DestinationPolicy.publicOnly(DestinationPolicy.parseList("127.0.0.0/8"));
        try (OkHttpWebhookSender sender = new OkHttpWebhookSender(Clock.systemUTC(), null, local, TEST_DNS)) {
            SendResult sent = sender.send(webhook(endpoint("http://receiver.test:" + receiverPort() + "/hooks"), "{}"));
            assertEquals(200, sent.statusCode(), sent.error());
        }
        try (OkHttpWebhookSender sender = new OkHttpWebhookSender(Clock.systemUTC(), null,
                DestinationPolicy.EMBEDDED, TEST_DNS)) {
            assertEquals(200, sender.send(webhook(endpoint(receiver.url("/hooks")), "{}")).statusCode());
            SendResult metadata = sender.send(webhook(endpoint("http://metadata.test/latest/meta-data/"), "{}"));
            assertTrue(metadata.error().contains("destination 169.254.169.254 is not allowed: it is a cloud metadata "
                    + "address"), metadata.error());
        }
        assertEquals(2, receiver.requests().size());
    }

    @Test
    void anOAuth2TokenUrlOnARefusedAddressIsNeverAsked() {
        EndpointAuthentication auth = new EndpointAuthentication(EndpointAuthType.OAUTH2, null, null,
                new OAuth2("http://receiver.test:" + receiverPort() + "/token", "hookline", "shared_secret", "cs-1",
                        null, null, null, null, null, "", "", null, null));
        try (OkHttpWebhookSender sender = new OkHttpWebhookSender(Clock.systemUTC(), null, HEADLESS, TEST_DNS)) {
            SendResult result = sender.send(webhook(endpoint(receiver.url("/hooks"), null, List.of(), false, auth,
                    null), "{}"));
            assertTrue(result.error().contains("destination 127.0.0.1 is not allowed"), result.error());
        }
        assertEquals(0, receiver.requests().size());
    }

    @Test
    void theHeadlessServerRefusesLiteralAddressesOnCreateAndFailsDeliveriesToNamesThatResolveThere()
            throws Exception {
        HooklineServer started = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir,
                        TestServer.INSTANCE_KEY).withDestinations(HEADLESS),
                new OkHttpWebhookSender(Clock.systemUTC(), null, HEADLESS, TEST_DNS), LoopbackBrokers.standard());
        server = TestServer.start(started);
        TestServer.TestProject project = server.newProject("policy", ProjectType.OUTGOING);
        ApiClient client = project.client();
        for (String url : List.of("http://127.0.0.1:" + receiverPort() + "/", "http://localhost/",
                "http://0.0.0.0/", "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://2130706433/",
                "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://[fd00::1]/")) {
            RawResponse created = client.raw("POST", "/v1/projects/" + project.id() + "/endpoints",
                    "{\"name\":\"x\",\"url\":\"" + url + "\"}", Map.of());
            assertEquals(400, created.status(), url + ": " + created.body());
            assertTrue(created.body().contains("url") && created.body().contains("is not allowed"), created.body());
        }
        RawResponse dynamic = client.raw("POST", "/v1/projects/" + project.id() + "/events/dynamic",
                "{\"url\":\"http://10.1.1.1/hook\",\"event_type\":\"a\",\"data\":{}}", Map.of());
        assertEquals(400, dynamic.status(), dynamic.body());
        assertTrue(dynamic.body().contains("destination 10.1.1.1 is not allowed"), dynamic.body());
        RawResponse meta = client.raw("PUT", "/v1/projects/" + project.id(),
                "{\"name\":\"policy\",\"config\":{\"meta_event\":{\"is_enabled\":true,\"type\":\"http\","
                        + "\"url\":\"http://169.254.169.254/\",\"event_type\":[\"endpoint.created\"]}}}", Map.of());
        assertEquals(400, meta.status(), meta.body());
        assertTrue(meta.body().contains("meta_event.url"), meta.body());

        // a name passes on create (it may resolve elsewhere tomorrow); the connection is what is refused
        Endpoint named = client.createEndpoint(EndpointRequest.of("http://receiver.test:" + receiverPort()
                + "/hooks", "named"));
        client.raw("POST", "/v1/projects/" + project.id() + "/events",
                "{\"endpoint_id\":\"" + named.uid() + "\",\"event_type\":\"a\",\"data\":{}}", Map.of());
        String error = awaitAttemptError(client, project.id(), named.uid());
        assertTrue(error.contains("destination 127.0.0.1 is not allowed"), error);
        assertTrue(error.contains("--allow-destination"), error);
        assertEquals(0, receiver.requests().size(), "no packet to the refused destination");
    }

    @Test
    void aPortalLinkHolderNeverReachesANonPublicAddressEvenWhereTheServerAllowsIt() throws Exception {
        server = TestServer.start(HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir,
                TestServer.INSTANCE_KEY), null, LoopbackBrokers.standard()));
        TestServer.TestProject project = server.newProject("portal", ProjectType.OUTGOING);
        ApiClient client = project.client();
        // the project key holder may aim at loopback (the embedded policy), the portal link holder may not
        Endpoint own = client.createEndpoint(EndpointRequest.of(receiver.url("/mine"), "mine"));
        PortalLink link = client.createPortalLink(new PortalLinkRequest("link", "acme", null, true, null));
        ApiClient portal = new ApiClient(server.baseUrl(), link.token());
        try {
            RawResponse created = portal.raw("POST", "/portal-api/endpoints",
                    "{\"name\":\"outside\",\"url\":\"" + receiver.url("/theirs") + "\"}", Map.of());
            assertEquals(400, created.status(), created.body());
            JsonNode body = Json.strict().readTree(created.body());
            assertTrue(body.path("message").asText().contains("portal link reaches public addresses only"),
                    created.body());
            RawResponse privateRange = portal.raw("POST", "/portal-api/endpoints",
                    "{\"name\":\"outside\",\"url\":\"http://192.168.1.10/\"}", Map.of());
            assertEquals(400, privateRange.status(), privateRange.body());
        } finally {
            portal.close();
        }
        assertTrue(own.url().contains("127.0.0.1"));
    }

    @Test
    void anEndpointAPortalLinkHolderCanChangeIsConnectedToOnPublicAddressesOnly() throws Exception {
        server = TestServer.start(dataDir, Clock.systemUTC(), new OkHttpWebhookSender(Clock.systemUTC(), null,
                DestinationPolicy.EMBEDDED, TEST_DNS));
        TestServer.TestProject project = server.newProject("portal reach", ProjectType.OUTGOING);
        ApiClient client = project.client();
        client.createPortalLink(new PortalLinkRequest("link", "acme", null, true, null));
        // the same name, resolving to loopback (which this server allows): one endpoint only the project key
        // holder can change, one the link's holder can change too (it is acme's)
        String url = "http://receiver.test:" + receiverPort();
        Endpoint own = client.createEndpoint(new EndpointRequest(url + "/own", "own", null, "internal", null, null,
                null, null, null, null, null, null, null, null, null, null, null));
        Endpoint theirs = client.createEndpoint(new EndpointRequest(url + "/theirs", "theirs", null, "acme", null,
                null, null, null, null, null, null, null, null, null, null, null, null));
        for (Endpoint e : List.of(own, theirs)) {
            client.raw("POST", "/v1/projects/" + project.id() + "/events", "{\"endpoint_id\":\"" + e.uid()
                    + "\",\"event_type\":\"a\",\"data\":{}}", Map.of());
        }

        String error = awaitAttemptError(client, project.id(), theirs.uid());
        assertTrue(error.contains("destination 127.0.0.1 is not allowed: it is a loopback address; a portal link "
                + "reaches public addresses only"), error);
        receiver.awaitRequests(1, java.time.Duration.ofSeconds(20));
        assertEquals(List.of("/own"), receiver.requests().stream().map(Receiver.Request::path).toList(),
                "the project's own endpoint is delivered, the portal-changeable one never connected");
    }

    @Test
    void anEndpointAimedAtThisServersOwnIngestUrlIsRefused() throws Exception {
        server = TestServer.start(dataDir);
        TestServer.TestProject project = server.newProject("loop", ProjectType.OUTGOING);
        RawResponse created = project.client().raw("POST", "/v1/projects/" + project.id() + "/endpoints",
                "{\"name\":\"loop\",\"url\":\"" + server.baseUrl() + "/ingest/abcdef\"}", Map.of());
        assertEquals(400, created.status(), created.body());
        assertTrue(created.body().contains("own ingest URL"), created.body());
    }

    private static String awaitAttemptError(ApiClient client, String projectId, String endpointId) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < deadline) {
            RawResponse deliveries = client.raw("GET", "/v1/projects/" + projectId + "/eventdeliveries?endpointId="
                    + endpointId, null, Map.of());
            JsonNode content = Json.strict().readTree(deliveries.body()).path("data").path("content");
            if (content.size() > 0) {
                var attempts = client.listDeliveryAttempts(content.get(0).path("uid").asText());
                if (!attempts.isEmpty()) {
                    return attempts.getFirst().error();
                }
            }
            java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
        }
        throw new AssertionError("no attempt recorded");
    }
}
