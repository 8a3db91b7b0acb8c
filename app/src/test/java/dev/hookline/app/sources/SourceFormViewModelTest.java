package dev.hookline.app.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.form.FormField;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceFormViewModelTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private SourceFormViewModel form;
    private final List<Throwable> connectionFailures = new ArrayList<>();
    private final AtomicReference<Source> saved = new AtomicReference<>();

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        form = new SourceFormViewModel(new SameThreadBackgroundTasks(), server::client, connectionFailures::add);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void missingNameShowsItsMessageAndSendsNothing() {
        assertFalse(form.save(saved::set));

        assertEquals("Name is required", form.name.error());
        assertEquals(0, sourceCount());
    }

    @Test
    void hmacVerifierShowsAndChecksExactlyItsFields() {
        form.name.set("github-ish");
        form.verifierType.set(VerifierType.HMAC);
        form.hmacHash.set("MD5");
        form.hmacEncoding.set("base32");

        assertFalse(form.save(saved::set));

        assertEquals(List.of(form.name, form.hmacHeader, form.hmacHash, form.hmacEncoding, form.hmacSecret),
                form.shownFields().subList(0, 5));
        assertFalse(form.shownFields().contains(form.basicUsername));
        assertEquals("Signature header is required", form.hmacHeader.error());
        assertEquals("Hash must be SHA256 or SHA512", form.hmacHash.error());
        assertEquals("Encoding must be hex or base64", form.hmacEncoding.error());
        assertEquals("Secret is required", form.hmacSecret.error());
        assertEquals(0, sourceCount());
    }

    @Test
    void basicAuthAndApiKeyVerifiersNeedTheirFields() {
        form.name.set("s");
        form.verifierType.set(VerifierType.BASIC_AUTH);
        assertFalse(form.save(saved::set));
        assertEquals("Username is required", form.basicUsername.error());
        assertEquals("Password is required", form.basicPassword.error());

        form.verifierType.set(VerifierType.API_KEY);
        form.apiKeyHeaderName.set("bad header:");
        assertFalse(form.save(saved::set));
        assertEquals("", form.basicUsername.error(), "hidden fields lose their messages");
        assertEquals("Header name must be an HTTP header name (letters, digits and - only, no spaces or colons)",
                form.apiKeyHeaderName.error());
        assertEquals("Header value is required", form.apiKeyHeaderValue.error());
        assertEquals(0, sourceCount());
    }

    @Test
    void aProviderAsksOnlyForTheHmacSecret() {
        form.name.set("gh");
        form.provider.set(SourceProvider.GITHUB);

        assertEquals(VerifierType.HMAC, form.verifierType.get());
        assertFalse(form.save(saved::set));
        assertEquals("Secret is required", form.hmacSecret.error());
        assertEquals("", form.hmacHeader.error(), "the provider presets the header");

        form.hmacSecret.set("gh-secret");
        assertTrue(form.save(saved::set));
        Source source = saved.get();
        assertEquals(SourceProvider.GITHUB, source.provider());
        assertEquals("X-Hub-Signature-256", source.verifier().hmac().header());
        assertEquals("gh-secret", source.verifier().hmac().secret());
    }

    @Test
    void pubSubShowsOnlyTheChosenBrokersFields() {
        form.name.set("queue");
        form.type.set(SourceType.PUB_SUB);
        form.pubSubType.set(PubSubType.AMQP);
        form.amqpPort.set("70000");
        form.amqpUser.set("guest");
        form.amqpRoutingKey.set("orders.*");

        assertFalse(form.save(saved::set));

        assertFalse(form.shownFields().contains(form.sqsQueueName));
        assertFalse(form.shownFields().contains(form.hmacSecret), "pub/sub sources have no verifier");
        assertEquals("Host is required", form.amqpHost.error());
        assertEquals("Port must be a whole number from 1 to 65535", form.amqpPort.error());
        assertEquals("Queue is required", form.amqpQueue.error());
        assertEquals("AMQP password is required with a user", form.amqpPassword.error());
        assertEquals("Routing key needs a bind exchange", form.amqpRoutingKey.error());
        assertEquals("", form.sqsQueueName.error());
        assertEquals(0, sourceCount());
    }

    @Test
    void kafkaScramNeedsItsHashAndCredentials() {
        form.name.set("k");
        form.type.set(SourceType.PUB_SUB);
        form.pubSubType.set(PubSubType.KAFKA);
        form.workers.set("0");
        form.kafkaAuthType.set("scram");

        assertFalse(form.save(saved::set));

        assertEquals("Workers must be a whole number from 1 to 64", form.workers.error());
        assertEquals("Brokers is required", form.kafkaBrokers.error());
        assertEquals("Topic is required", form.kafkaTopic.error());
        assertEquals("SCRAM hash is required", form.kafkaHash.error());
        assertEquals("Kafka username is required", form.kafkaUsername.error());
        assertEquals("Kafka password is required", form.kafkaPassword.error());
    }

    @Test
    void googleServiceAccountMustBeJsonOrItsBase64() {
        form.name.set("g");
        form.type.set(SourceType.PUB_SUB);
        form.pubSubType.set(PubSubType.GOOGLE);
        form.googleProjectId.set("p");
        form.googleSubscriptionId.set("s");
        form.googleServiceAccount.set("not json");

        assertFalse(form.save(saved::set));
        assertEquals("Service account must be the service account JSON (or its base64)",
                form.googleServiceAccount.error());

        form.googleServiceAccount.set("{\"type\":\"service_account\"}");
        assertTrue(form.save(saved::set));
        assertEquals("eyJ0eXBlIjoic2VydmljZV9hY2NvdW50In0=",
                SourceFormViewModel.serviceAccountBase64("{\"type\":\"service_account\"}"),
                "pasted JSON is sent as base64");
        assertEquals("[REDACTED]", saved.get().pubSub().google().serviceAccount(),
                "the server answers the stored account write-only (ADR 0028)");
    }

    @Test
    void idempotencyKeysFunctionsAndForwardHeadersAreChecked() {
        form.name.set("s");
        form.idempotencyKeys.set("request.header.X-Id, body.id");
        form.bodyFunction.set("function run(p) { return p; }");
        form.forwardHeaders.set("X-Ok, bad header");

        assertFalse(form.save(saved::set));

        assertEquals("Idempotency key \"body.id\" must look like request.header.<name>, request.body.<path> or "
                + "request.query.<name>", form.idempotencyKeys.error());
        assertEquals("Body function must define function transform(payload) { ... }", form.bodyFunction.error());
        assertEquals("Forward headers must be HTTP header names, separated by commas", form.forwardHeaders.error());
        assertEquals(0, sourceCount());
    }

    @Test
    void validHttpSourceIsCreatedWithUpdateOnlyMembersToo() {
        form.name.set("shop");
        form.verifierType.set(VerifierType.API_KEY);
        form.apiKeyHeaderName.set("X-Api-Key");
        form.apiKeyHeaderValue.set("k-123");
        form.customResponseBody.set("{\"ok\":true}");
        form.customResponseContentType.set("application/json");
        form.idempotencyKeys.set("request.header.X-Id\nrequest.body.id");
        form.forwardHeaders.set("X-Trace, X-Tenant");
        form.disabled.set(true);
        form.bodyFunction.set("function transform(payload) { return payload; }");

        assertTrue(form.save(saved::set));

        Source source = server.client().getSource(saved.get().uid());
        assertEquals("shop", source.name());
        assertEquals(SourceType.HTTP, source.type());
        assertEquals(VerifierType.API_KEY, source.verifier().type());
        assertEquals("k-123", source.verifier().apiKey().headerValue());
        assertEquals("{\"ok\":true}", source.customResponse().body());
        assertEquals(List.of("request.header.X-Id", "request.body.id"), source.idempotencyKeys());
        assertEquals(List.of("X-Trace", "X-Tenant"), source.forwardHeaders());
        assertEquals(true, source.isDisabled());
        assertTrue(source.bodyFunction().contains("function transform"));
        assertEquals(1, sourceCount());
    }

    @Test
    void validAmqpSourceSendsTheBindExchangeAndRoutingKey() {
        form.name.set("rabbit");
        form.type.set(SourceType.PUB_SUB);
        form.pubSubType.set(PubSubType.AMQP);
        form.workers.set("3");
        form.amqpHost.set("rabbit.local");
        form.amqpQueue.set("orders");
        form.amqpUser.set("guest");
        form.amqpPassword.set("guest");
        form.amqpBindExchange.set("events");
        form.amqpRoutingKey.set("orders.*");

        assertTrue(form.save(saved::set));

        Source source = saved.get();
        assertEquals(3, source.pubSub().workers());
        assertEquals("events", source.pubSub().amqp().bindedExchange());
        assertEquals("orders.*", source.pubSub().amqp().routingKey());
        assertEquals("5672", source.pubSub().amqp().port());
    }

    @Test
    void editingLoadsTheVerifierAndSavesChanges() {
        form.name.set("h");
        form.verifierType.set(VerifierType.HMAC);
        form.hmacHeader.set("X-Sig");
        form.hmacSecret.set("abc");
        assertTrue(form.save(saved::set));

        form.edit(server.client().getSource(saved.get().uid()));
        assertEquals(VerifierType.HMAC, form.verifierType.get());
        assertEquals("X-Sig", form.hmacHeader.value());
        assertEquals("SHA256", form.hmacHash.value());
        form.name.set("renamed");
        form.verifierType.set(VerifierType.NOOP);
        assertTrue(form.save(saved::set));

        Source source = server.client().getSource(saved.get().uid());
        assertEquals("renamed", source.name());
        assertEquals(VerifierType.NOOP, source.verifier().type());
        assertEquals(1, sourceCount());
    }

    @Test
    void everyShownFieldIsDistinct() {
        form.type.set(SourceType.PUB_SUB);
        for (PubSubType broker : PubSubType.values()) {
            form.pubSubType.set(broker);
            List<FormField> shown = form.shownFields();
            assertEquals(shown.size(), shown.stream().distinct().count(), broker.wire());
        }
        assertNull(form.createRequest().verifier(), "no verifier for pub/sub");
    }

    private int sourceCount() {
        return server.client().listSources(ListQuery.ofPerPage(100)).content().size();
    }
}
