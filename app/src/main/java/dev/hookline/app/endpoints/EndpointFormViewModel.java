package dev.hookline.app.endpoints;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormViewModel;
import dev.hookline.app.form.Rules;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The endpoint create/edit form: every member of {@link EndpointRequest}, checked before anything is sent.
 *
 * <p>Only the fields of the chosen authentication type (and, for OAuth2, of the chosen authentication method) are
 * shown, validated and sent. Editing sends the authentication and the mTLS pair always, so clearing them in the
 * form removes them on the server; a credential left as the server's {@code [REDACTED]} (api-key header value,
 * basic-auth password, OAuth2 client secret or signing key members, mTLS key) keeps the stored one (docs/adr/0028).
 */
public final class EndpointFormViewModel extends FormViewModel<Endpoint> {

    public static final List<String> OAUTH2_METHODS = List.of("shared_secret", "client_assertion");
    public static final List<String> EXPIRY_UNITS = List.of("seconds", "milliseconds", "minutes", "hours");

    public final FormField name = new FormField("Name").required().rule(Rules.maxLength("Name", 255));
    public final FormField url = new FormField("URL").required().rule(Rules.httpUrl("URL"));
    public final FormField description = new FormField("Description");
    public final FormField ownerId = new FormField("Owner ID");
    public final FormField secret = new FormField("Secret");
    /** The signing secret in use, shown (masked) while editing; rotated with expire secret, never sent. */
    public final FormField currentSecret = new FormField("Current secret");
    public final FormField httpTimeout = new FormField("HTTP timeout")
            .rule(Rules.integerBetween("HTTP timeout (seconds)", 1, 300));
    public final FormField rateLimit = new FormField("Rate limit")
            .rule(Rules.integerBetween("Rate limit", 0, Integer.MAX_VALUE));
    public final FormField rateLimitDuration = new FormField("Rate limit duration")
            .rule(Rules.integerBetween("Rate limit duration (seconds)", 0, Long.MAX_VALUE));
    public final FormField supportEmail = new FormField("Support email").rule(Rules.email("Support email"));
    public final FormField slackWebhookUrl = new FormField("Slack webhook URL")
            .rule(Rules.httpUrl("Slack webhook URL"));
    public final ObjectProperty<ContentType> contentType =
            new SimpleObjectProperty<>(this, "contentType", ContentType.APPLICATION_JSON);
    public final BooleanProperty advancedSignatures = new SimpleBooleanProperty(this, "advancedSignatures", true);

    /** {@code null}: no authentication. */
    public final ObjectProperty<EndpointAuthType> authType = new SimpleObjectProperty<>(this, "authType");
    public final FormField apiKeyHeaderName = new FormField("Header name").required()
            .rule(Rules.headerName("Header name"));
    public final FormField apiKeyHeaderValue = new FormField("Header value").required();
    public final FormField basicUsername = new FormField("Username").required();
    public final FormField basicPassword = new FormField("Password").required();
    public final FormField oauth2Url = new FormField("Token URL").required().rule(Rules.httpUrl("Token URL"));
    public final FormField oauth2ClientId = new FormField("Client ID").required();
    public final FormField oauth2Method = new FormField("Authentication method").required()
            .rule(value -> value.isEmpty() || OAUTH2_METHODS.contains(value) ? null
                    : "Authentication method must be shared_secret or client_assertion");
    public final FormField oauth2ClientSecret = new FormField("Client secret").required();
    public final FormField oauth2SigningKey = new FormField("Signing key (JWK)").required()
            .rule(Rules.jsonObject("Signing key (JWK)"))
            .rule(value -> Rules.parse(value).hasNonNull("kty") ? null
                    : "Signing key (JWK) must be a JWK object with a \"kty\" member");
    public final FormField oauth2SigningAlgorithm = new FormField("Signing algorithm");
    public final FormField oauth2Issuer = new FormField("Issuer");
    public final FormField oauth2Subject = new FormField("Subject");
    public final FormField oauth2GrantType = new FormField("Grant type");
    public final FormField oauth2Scope = new FormField("Scope");
    public final FormField oauth2Audience = new FormField("Audience");
    public final FormField oauth2ExpiryUnit = new FormField("Expiry time unit")
            .rule(value -> value.isEmpty() || EXPIRY_UNITS.contains(value) ? null
                    : "Expiry time unit must be one of " + String.join(", ", EXPIRY_UNITS));
    public final FormField mtlsCert = new FormField("mTLS client certificate");
    public final FormField mtlsKey = new FormField("mTLS client key");

    public EndpointFormViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                 Consumer<Throwable> connectionFailures) {
        super(tasks, client, connectionFailures);
        declareFields(List.of(name, url, description, ownerId, secret, currentSecret, httpTimeout, rateLimit,
                rateLimitDuration, supportEmail, slackWebhookUrl, apiKeyHeaderName, apiKeyHeaderValue, basicUsername,
                basicPassword, oauth2Url, oauth2ClientId, oauth2Method, oauth2ClientSecret, oauth2SigningKey,
                oauth2SigningAlgorithm, oauth2Issuer, oauth2Subject, oauth2GrantType, oauth2Scope, oauth2Audience,
                oauth2ExpiryUnit, mtlsCert, mtlsKey));
        form.serverField("name", name).serverField("url", url).serverField("support_email", supportEmail)
                .serverField("http_timeout", httpTimeout).serverField("authentication.basic_auth.password",
                        basicPassword);
        // a rate limit needs its window, and the mTLS pair goes together: messages sit on the field to fill
        rateLimitDuration.rule(value -> !rateLimit.isBlank() && !"0".equals(rateLimit.value()) && value.isEmpty()
                ? "Rate limit duration (seconds) is required when a rate limit is set" : null);
        mtlsKey.rule(value -> !mtlsCert.isBlank() && value.isEmpty()
                ? "mTLS client key is required with a client certificate" : null);
        mtlsCert.rule(value -> !mtlsKey.isBlank() && value.isEmpty()
                ? "mTLS client certificate is required with a client key" : null);
        oauth2Method.set("shared_secret");
    }

    /** A new endpoint: JSON, advanced signatures, no authentication. */
    @Override
    protected void setDefaults() {
        oauth2Method.set("shared_secret");
        authType.set(null);
        contentType.set(ContentType.APPLICATION_JSON);
        advancedSignatures.set(true);
    }

    @Override
    protected void fill(Endpoint endpoint) {
        name.set(endpoint.name());
        url.set(endpoint.url());
        description.set(endpoint.description());
        ownerId.set(endpoint.ownerId());
        if (endpoint.secrets() != null) {
            endpoint.secrets().stream().filter(s -> s.expiresAt() == null && s.deletedAt() == null)
                    .reduce((first, second) -> second).ifPresent(s -> currentSecret.set(s.value()));
        }
        httpTimeout.set(text(endpoint.httpTimeout()));
        rateLimit.set(text(endpoint.rateLimit()));
        rateLimitDuration.set(text(endpoint.rateLimitDuration()));
        supportEmail.set(endpoint.supportEmail());
        slackWebhookUrl.set(endpoint.slackWebhookUrl());
        if (endpoint.contentType() != null) {
            contentType.set(endpoint.contentType());
        }
        advancedSignatures.set(!Boolean.FALSE.equals(endpoint.advancedSignatures()));
        EndpointAuthentication auth = endpoint.authentication();
        if (auth != null && auth.type() != null) {
            authType.set(auth.type());
            if (auth.apiKey() != null) {
                apiKeyHeaderName.set(auth.apiKey().headerName());
                apiKeyHeaderValue.set(auth.apiKey().headerValue());
            }
            if (auth.basicAuth() != null) {
                basicUsername.set(auth.basicAuth().username());
                basicPassword.set(auth.basicAuth().password());
            }
            EndpointAuthentication.OAuth2 o = auth.oauth2();
            if (o != null) {
                oauth2Url.set(o.url());
                oauth2ClientId.set(o.clientId());
                oauth2Method.set(o.authenticationType() == null || o.authenticationType().isBlank()
                        ? "shared_secret" : o.authenticationType());
                oauth2ClientSecret.set(o.clientSecret());
                oauth2SigningKey.set(o.signingKey() == null || o.signingKey().isNull() ? ""
                        : o.signingKey().toPrettyString());
                oauth2SigningAlgorithm.set(o.signingAlgorithm());
                oauth2Issuer.set(o.issuer());
                oauth2Subject.set(o.subject());
                oauth2GrantType.set(o.grantType());
                oauth2Scope.set(o.scope());
                oauth2Audience.set(o.audience());
                oauth2ExpiryUnit.set(o.expiryTimeUnit());
            }
        }
        if (endpoint.mtlsClientCert() != null) {
            mtlsCert.set(endpoint.mtlsClientCert().clientCert());
            mtlsKey.set(endpoint.mtlsClientCert().clientKey());
        }
    }

    /**
     * Reads a PEM file (certificate or key) into {@code target} in the background; a file that cannot be read, or
     * is not PEM, shows as the field's message.
     */
    public void loadPem(FormField target, Path file) {
        form.run(() -> Files.readString(file, StandardCharsets.UTF_8), text -> {
            if (text.contains("-----BEGIN ")) {
                target.set(text.strip());
            } else {
                target.fail(file.getFileName() + " is not a PEM file (no -----BEGIN line)");
            }
        });
    }

    /** The fields the form shows now: those of the chosen authentication only; the secret only when creating. */
    @Override
    public List<FormField> shownFields() {
        List<FormField> shown = new ArrayList<>(List.of(name, url, description, ownerId));
        shown.add(isEditing() ? currentSecret : secret);
        shown.addAll(List.of(httpTimeout, rateLimit, rateLimitDuration, supportEmail, slackWebhookUrl));
        EndpointAuthType type = authType.get();
        if (type == EndpointAuthType.API_KEY) {
            shown.addAll(List.of(apiKeyHeaderName, apiKeyHeaderValue));
        } else if (type == EndpointAuthType.BASIC_AUTH) {
            shown.addAll(List.of(basicUsername, basicPassword));
        } else if (type == EndpointAuthType.OAUTH2) {
            shown.addAll(List.of(oauth2Url, oauth2ClientId, oauth2Method));
            if ("client_assertion".equals(oauth2Method.value())) {
                shown.addAll(List.of(oauth2SigningKey, oauth2SigningAlgorithm, oauth2Issuer, oauth2Subject));
            } else {
                shown.add(oauth2ClientSecret);
            }
            shown.addAll(List.of(oauth2GrantType, oauth2Scope, oauth2Audience, oauth2ExpiryUnit));
        }
        shown.addAll(List.of(mtlsCert, mtlsKey));
        return shown;
    }

    /** Checks the shown fields, putting each message next to its field. */
    @Override
    protected Callable<Endpoint> saveCall(ApiClient api, Endpoint current) {
        EndpointRequest request = request();
        return current == null ? () -> api.createEndpoint(request) : () -> api.updateEndpoint(current.uid(), request);
    }

    /** The request the valid form stands for. */
    public EndpointRequest request() {
        boolean editingNow = isEditing();
        return new EndpointRequest(url.value(), name.value(), editingNow ? null : secret.valueOrNull(),
                editingNow ? ownerId.value() : ownerId.valueOrNull(),
                editingNow ? description.value() : description.valueOrNull(),
                advancedSignatures.get(),
                editingNow ? supportEmail.value() : supportEmail.valueOrNull(),
                null,
                editingNow ? slackWebhookUrl.value() : slackWebhookUrl.valueOrNull(),
                null, httpTimeout.longOrNull(), rateLimit.intOrNull(), rateLimitDuration.longOrNull(),
                contentType.get(), authentication(editingNow), mtls(editingNow), null);
    }

    private EndpointAuthentication authentication(boolean editingNow) {
        EndpointAuthType type = authType.get();
        if (type == null) {
            // an empty object removes a stored authentication; on create there is nothing to remove
            return editingNow ? new EndpointAuthentication(null, null, null, null) : null;
        }
        return switch (type) {
            case API_KEY -> new EndpointAuthentication(type,
                    new ApiKeyHeader(apiKeyHeaderName.value(), apiKeyHeaderValue.rawOrNull()), null, null);
            case BASIC_AUTH -> new EndpointAuthentication(type, null,
                    new BasicAuth(basicUsername.value(), basicPassword.rawOrNull()), null);
            case OAUTH2 -> new EndpointAuthentication(type, null, null, oauth2());
        };
    }

    private EndpointAuthentication.OAuth2 oauth2() {
        boolean assertion = "client_assertion".equals(oauth2Method.value());
        JsonNode signingKey = assertion ? Rules.parse(oauth2SigningKey.value()) : null;
        return new EndpointAuthentication.OAuth2(oauth2Url.value(), oauth2ClientId.value(), oauth2Method.value(),
                assertion ? null : oauth2ClientSecret.rawOrNull(), signingKey,
                assertion ? oauth2SigningAlgorithm.valueOrNull() : null,
                assertion ? oauth2Issuer.valueOrNull() : null, assertion ? oauth2Subject.valueOrNull() : null,
                oauth2GrantType.valueOrNull(), oauth2Scope.valueOrNull(), oauth2Audience.valueOrNull(), null,
                oauth2ExpiryUnit.valueOrNull());
    }

    private MtlsClientCert mtls(boolean editingNow) {
        if (mtlsCert.isBlank() && mtlsKey.isBlank()) {
            return editingNow ? new MtlsClientCert(null, null) : null;
        }
        return new MtlsClientCert(mtlsCert.value(), mtlsKey.value());
    }

    private static String text(Number number) {
        return number == null ? "" : number.toString();
    }
}
