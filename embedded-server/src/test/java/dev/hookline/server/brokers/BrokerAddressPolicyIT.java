package dev.hookline.server.brokers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.hookline.server.StandardBrokers;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.RawResponse;
import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.testing.ApiAssertions;
import dev.hookline.server.testing.Await;
import dev.hookline.server.testing.ServiceAccounts;
import dev.hookline.server.testing.TestServer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project key holder cannot aim a pub_sub source at the server's own network (ADR 0039): every host a source
 * names (AMQP host, Kafka brokers, SQS endpoint, a service account's token URI) is checked against the headless
 * policy before its consumer is made, and a refused one never gets a consumer, so nothing connects. Names resolve
 * through a resolver this test controls; the consumers here stand in for the real clients and connect nowhere.
 */
class BrokerAddressPolicyIT {

    private static final Duration WAIT = Duration.ofSeconds(15);
    /** The headless default, with loopback opened as the README's quick start does. */
    private static final DestinationPolicy HEADLESS = DestinationPolicy.publicOnly(
            DestinationPolicy.parseList("127.0.0.0/8"));

    /** internal.test -> 10.20.30.40, metadata.test -> 169.254.169.254, broker.test -> 127.0.0.1. */
    private static final DestinationPolicy.Resolver TEST_DNS = host -> switch (host) {
        case "internal.test" -> List.of(InetAddress.getByAddress(host, new byte[]{10, 20, 30, 40}));
        case "metadata.test" -> List.of(InetAddress.getByAddress(host, new byte[]{(byte) 169, (byte) 254,
                (byte) 169, (byte) 254}));
        case "broker.test" -> List.of(InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1}));
        default -> throw new UnknownHostException(host);
    };

    @TempDir
    Path dataDir;
    TestServer server;
    ApiClient client;
    String projectId;
    /** The sources a consumer was made for: the only ones that could have connected anywhere. */
    final Set<String> consumersMade = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws Exception {
        BrokerConsumerFactory standIn = source -> {
            consumersMade.add(source.uid());
            return new BrokerConsumer() {
                @Override
                public void run(MessageSink sink, Runnable consuming) throws BrokerException {
                    throw new BrokerException("stand-in consumer: allowed, and connecting nowhere");
                }

                @Override
                public void close() {
                }
            };
        };
        BrokerConsumers consumers = StandardBrokers.consumers().with(PubSubType.AMQP, standIn)
                .with(PubSubType.KAFKA, standIn).with(PubSubType.SQS, standIn).with(PubSubType.GOOGLE, standIn)
                .resolvingWith(TEST_DNS);
        server = TestServer.start(HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir,
                TestServer.INSTANCE_KEY).withDestinations(HEADLESS), null, consumers));
        TestServer.TestProject project = server.newProject("brokers", ProjectType.INCOMING);
        client = project.client();
        projectId = project.id();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aSourceAimedAtAPrivateOrMetadataAddressGetsNoConsumerAndSaysWhy() {
        Source amqp = create(amqp("internal.test"));
        Source kafka = create(new PubSubConfig(PubSubType.KAFKA, 1, null, null, new PubSubConfig.Kafka(
                List.of("broker.test:9092", "internal.test:9092"), null, "topic", null), null));
        Source sqs = create(new PubSubConfig(PubSubType.SQS, 1, new PubSubConfig.Sqs("key", "secret", "us-east-1",
                "q", "http://metadata.test/"), null, null, null));
        Source google = create(new PubSubConfig(PubSubType.GOOGLE, 1, null, new PubSubConfig.Google("p", "s",
                ServiceAccounts.base64("reader@p.iam.gserviceaccount.com", "http://metadata.test/token")), null,
                null));

        assertRefused(amqp, "pub_sub.amqp.host (internal.test)", "destination 10.20.30.40 is not allowed: it is a "
                + "private address");
        assertRefused(kafka, "pub_sub.kafka.brokers", "destination 10.20.30.40 is not allowed");
        assertRefused(sqs, "pub_sub.sqs.endpoint", "destination 169.254.169.254 is not allowed: it is a cloud "
                + "metadata address");
        assertRefused(google, "token_uri", "destination 169.254.169.254 is not allowed");
        assertTrue(consumersMade.isEmpty(), "no consumer was made, so nothing connected: " + consumersMade);
    }

    @Test
    void aLiteralRefusedAddressIsA400NamingTheFieldWhenTheSourceIsSaved() {
        for (String host : List.of("10.20.30.40", "169.254.169.254", "[fd00::1]", "0")) {
            RawResponse created = client.raw("POST", "/v1/projects/" + projectId + "/sources",
                    Json.strict().createObjectNode().put("name", "rabbit").put("type", "pub_sub")
                            .set("pub_sub", Json.strict().valueToTree(amqp(host))).toString(), Map.of());
            ApiAssertions.assertBad(created, 400, "pub_sub.amqp.host");
            assertTrue(created.body().contains("is not allowed"), created.body());
        }
        assertTrue(consumersMade.isEmpty());
    }

    @Test
    void aSourceOnAnAllowedRangeGetsItsConsumer() {
        Source allowed = create(new PubSubConfig(PubSubType.KAFKA, 1, null, null, new PubSubConfig.Kafka(
                List.of("broker.test:9092", "127.0.0.1:9093"), null, "topic", null), null));
        Await.until(WAIT, "a consumer for the allowed source", () -> consumersMade.contains(allowed.uid()));
        SourceConsumer consumer = awaitRetrying(allowed);
        assertTrue(consumer.lastError().contains("stand-in consumer"), consumer.lastError());
    }

    private void assertRefused(Source source, String field, String reason) {
        SourceConsumer consumer = awaitRetrying(source);
        assertTrue(consumer.lastError().contains(field), consumer.lastError());
        assertTrue(consumer.lastError().contains(reason), consumer.lastError());
        assertTrue(consumer.lastError().contains("--allow-destination")
                || consumer.lastError().contains("never reached"), consumer.lastError());
        assertEquals(ConsumerState.RETRYING, consumer.state());
    }

    private SourceConsumer awaitRetrying(Source source) {
        return Await.value(WAIT, "source " + source.name() + " retrying", () -> client.getSource(source.uid())
                .consumer(), c -> c != null && c.state() == ConsumerState.RETRYING && c.lastError() != null);
    }

    private static PubSubConfig amqp(String host) {
        return new PubSubConfig(PubSubType.AMQP, 1, null, null, null, new PubSubConfig.Amqp("amqp", host, "5672",
                "q", "/", null, null, null, null, null));
    }

    private Source create(PubSubConfig pubSub) {
        return client.createSource(new CreateSourceRequest(pubSub.type().wire(), SourceType.PUB_SUB, null, null,
                null, pubSub, null, null, null));
    }
}
