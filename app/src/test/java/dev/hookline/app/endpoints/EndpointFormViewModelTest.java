package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.testing.Counts;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EndpointFormViewModelTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private EndpointFormViewModel form;
    private final List<Throwable> connectionFailures = new ArrayList<>();
    private final AtomicReference<Endpoint> saved = new AtomicReference<>();

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        form = new EndpointFormViewModel(new SameThreadBackgroundTasks(), server::client, connectionFailures::add);
        form.createNew();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void missingNameAndUrlShowMessagesNextToThemAndSendNothing() {
        assertFalse(form.save(saved::set));

        assertEquals("Name is required", form.name.error());
        assertEquals("URL is required", form.url.error());
        assertNull(saved.get());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void urlMustBeHttpOrHttps() {
        fillMinimal();
        form.url.set("ftp://example.com/hook");

        assertFalse(form.save(saved::set));

        assertEquals("URL must be an http:// or https:// URL, e.g. https://example.com/webhooks", form.url.error());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void numbersAreCheckedAgainstTheirRanges() {
        fillMinimal();
        form.httpTimeout.set("301");
        form.rateLimit.set("-1");
        form.supportEmail.set("not-an-email");
        form.slackWebhookUrl.set("slack");

        assertFalse(form.save(saved::set));

        assertEquals("HTTP timeout (seconds) must be a whole number from 1 to 300", form.httpTimeout.error());
        assertEquals("Rate limit must be a whole number of at least 0", form.rateLimit.error());
        assertEquals("Support email must be an email address, e.g. support@example.com", form.supportEmail.error());
        assertEquals("Slack webhook URL must be an http:// or https:// URL, e.g. https://example.com/webhooks",
                form.slackWebhookUrl.error());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void aRateLimitNeedsItsDuration() {
        fillMinimal();
        form.rateLimit.set("10");

        assertFalse(form.save(saved::set));

        assertEquals("Rate limit duration (seconds) is required when a rate limit is set",
                form.rateLimitDuration.error());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void apiKeyAuthenticationNeedsAValidHeaderNameAndAValue() {
        fillMinimal();
        form.authType.set(EndpointAuthType.API_KEY);
        form.apiKeyHeaderName.set("X Api Key");

        assertFalse(form.save(saved::set));

        assertEquals("Header name must be an HTTP header name (letters, digits and - only, no spaces or colons)",
                form.apiKeyHeaderName.error());
        assertEquals("Header value is required", form.apiKeyHeaderValue.error());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void basicAuthenticationNeedsUserAndPassword() {
        fillMinimal();
        form.authType.set(EndpointAuthType.BASIC_AUTH);

        assertFalse(form.save(saved::set));

        assertEquals("Username is required", form.basicUsername.error());
        assertEquals("Password is required", form.basicPassword.error());
    }

    @Test
    void oauth2SharedSecretNeedsTokenUrlClientIdAndSecret() {
        fillMinimal();
        form.authType.set(EndpointAuthType.OAUTH2);
        form.oauth2Url.set("token-endpoint");

        assertFalse(form.save(saved::set));

        assertEquals("Token URL must be an http:// or https:// URL, e.g. https://example.com/webhooks",
                form.oauth2Url.error());
        assertEquals("Client ID is required", form.oauth2ClientId.error());
        assertEquals("Client secret is required", form.oauth2ClientSecret.error());
        assertEquals("", form.oauth2SigningKey.error(), "the signing key belongs to client_assertion only");
    }

    @Test
    void oauth2ClientAssertionNeedsAJwkSigningKey() {
        fillMinimal();
        form.authType.set(EndpointAuthType.OAUTH2);
        form.oauth2Url.set("https://auth.example.com/token");
        form.oauth2ClientId.set("client");
        form.oauth2Method.set("client_assertion");
        form.oauth2SigningKey.set("{\"alg\":\"RS256\"");

        assertFalse(form.save(saved::set));
        assertTrue(form.oauth2SigningKey.error().startsWith("Signing key (JWK) is not valid JSON: "),
                form.oauth2SigningKey.error());

        form.oauth2SigningKey.set("{\"alg\":\"RS256\"}");
        assertFalse(form.save(saved::set));
        assertEquals("Signing key (JWK) must be a JWK object with a \"kty\" member", form.oauth2SigningKey.error());
        assertEquals("", form.oauth2ClientSecret.error(), "no client secret for client_assertion");
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void fieldsOfAnotherAuthenticationTypeAreNeitherCheckedNorSent() {
        fillMinimal();
        form.authType.set(EndpointAuthType.API_KEY);
        form.save(saved::set); // shows the api-key messages
        form.authType.set(null);
        form.basicUsername.set("left over");

        assertTrue(form.validate());
        assertEquals("", form.apiKeyHeaderName.error(), "messages of hidden fields are cleared");
        assertNull(form.request().authentication());
    }

    @Test
    void mtlsCertificateAndKeyGoTogether() {
        fillMinimal();
        form.mtlsCert.set("-----BEGIN CERTIFICATE-----");

        assertFalse(form.save(saved::set));

        assertEquals("mTLS client key is required with a client certificate", form.mtlsKey.error());
        assertEquals("", form.mtlsCert.error());
    }

    @Test
    void editingAFieldClearsItsMessage() {
        form.save(saved::set);
        assertEquals("Name is required", form.name.error());

        form.name.textProperty().set("n");

        assertEquals("", form.name.error());
    }

    @Test
    void validFormCreatesTheEndpointWithEveryField() {
        form.name.set("  billing  ");
        form.url.set("https://example.com/billing");
        form.description.set("Invoices");
        form.ownerId.set("owner-1");
        form.secret.set("s3cret-value");
        form.httpTimeout.set("30");
        form.rateLimit.set("100");
        form.rateLimitDuration.set("60");
        form.supportEmail.set("ops@example.com");
        form.slackWebhookUrl.set("https://hooks.slack.com/services/x");
        form.contentType.set(ContentType.FORM_URLENCODED);
        form.advancedSignatures.set(false);
        form.authType.set(EndpointAuthType.API_KEY);
        form.apiKeyHeaderName.set("X-Api-Key");
        form.apiKeyHeaderValue.set("key-value");

        assertTrue(form.save(saved::set));

        Endpoint endpoint = saved.get();
        assertEquals("", form.form().serverError());
        assertEquals("billing", endpoint.name());
        assertEquals("https://example.com/billing", endpoint.url());
        assertEquals("Invoices", endpoint.description());
        assertEquals("owner-1", endpoint.ownerId());
        assertEquals("s3cret-value", endpoint.secrets().getFirst().value());
        assertEquals(30L, endpoint.httpTimeout());
        assertEquals(100, endpoint.rateLimit());
        assertEquals(60L, endpoint.rateLimitDuration());
        assertEquals("ops@example.com", endpoint.supportEmail());
        assertEquals(ContentType.FORM_URLENCODED, endpoint.contentType());
        assertEquals(false, endpoint.advancedSignatures());
        assertEquals(EndpointAuthType.API_KEY, endpoint.authentication().type());
        assertEquals("X-Api-Key", endpoint.authentication().apiKey().headerName());
        assertEquals(1, Counts.endpoints(server.client()));
        assertTrue(form.isEditing(), "after saving, the form edits what it created");
    }

    @Test
    void editingKeepsTheStoredBasicPasswordAndRemovesClearedAuthentication() {
        fillMinimal();
        form.authType.set(EndpointAuthType.BASIC_AUTH);
        form.basicUsername.set("user");
        form.basicPassword.set("pass");
        form.save(saved::set);

        form.edit(server.client().getEndpoint(saved.get().uid()));
        assertEquals("[REDACTED]", form.basicPassword.value());
        assertFalse(form.shownFields().contains(form.secret), "the secret is rotated with expire secret, not edited");
        assertTrue(form.shownFields().contains(form.currentSecret));
        assertEquals(saved.get().secrets().getFirst().value(), form.currentSecret.text());
        form.description.set("changed");
        assertTrue(form.save(saved::set));
        assertEquals("changed", saved.get().description());
        assertEquals("user", saved.get().authentication().basicAuth().username());

        form.authType.set(null);
        assertTrue(form.save(saved::set));
        assertNull(server.client().getEndpoint(saved.get().uid()).authentication());
        assertEquals(1, Counts.endpoints(server.client()));
    }

    @Test
    void serverRefusalIsShownAsTheServersMessage() {
        fillMinimal();
        form.mtlsCert.set("not a certificate");
        form.mtlsKey.set("not a key");

        assertTrue(form.save(saved::set));

        assertNull(saved.get());
        assertTrue(form.form().serverError().startsWith("mtls_client_cert"), form.form().serverError());
        assertFalse(form.form().busyProperty().get());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void minimalRequestLeavesOptionalMembersOut() {
        fillMinimal();

        EndpointRequest request = form.request();

        assertNull(request.secret());
        assertNull(request.ownerId());
        assertNull(request.httpTimeout());
        assertNull(request.authentication());
        assertNull(request.mtlsClientCert());
    }

    @Test
    void pemFilesLoadIntoTheMtlsFieldsAndOtherFilesAreRefused() throws Exception {
        Path pem = Files.writeString(dataDirectory.resolve("client.crt"),
                "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
        Path text = Files.writeString(dataDirectory.resolve("notes.txt"), "hello");

        form.loadPem(form.mtlsCert, pem);
        form.loadPem(form.mtlsKey, text);

        assertEquals("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", form.mtlsCert.text());
        assertEquals("notes.txt is not a PEM file (no -----BEGIN line)", form.mtlsKey.error());
        assertEquals("", form.mtlsKey.text());
    }

    private void fillMinimal() {
        form.name.set("orders");
        form.url.set("https://example.com/orders");
    }
}
