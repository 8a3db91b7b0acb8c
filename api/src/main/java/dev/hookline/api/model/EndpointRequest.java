package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Body of endpoint create ({@code POST .../endpoints}) and update ({@code PUT .../endpoints/{id}}), also on the
 * portal API. {@code url} and {@code name} required; {@code null} = absent (on update: leave unchanged).
 * {@code http_timeout} and {@code rate_limit_duration} are seconds. {@code is_disabled} is ignored on create.
 * The deprecated {@code appID} keeps Convoy's camelCase key ({@code app_id} also accepted) and is omitted when null.
 */
@JsonPropertyOrder({"url", "name", "secret", "owner_id", "description", "advanced_signatures", "support_email",
        "is_disabled", "slack_webhook_url", "teams_webhook_url", "http_timeout", "rate_limit", "rate_limit_duration",
        "content_type", "authentication", "mtls_client_cert", "appID"})
public record EndpointRequest(String url, String name, String secret, String ownerId, String description,
                              Boolean advancedSignatures, String supportEmail, Boolean isDisabled,
                              String slackWebhookUrl, String teamsWebhookUrl, Long httpTimeout, Integer rateLimit,
                              Long rateLimitDuration, ContentType contentType,
                              EndpointAuthentication authentication, MtlsClientCert mtlsClientCert,
                              @JsonProperty("appID") @JsonAlias("app_id")
                              @JsonInclude(JsonInclude.Include.NON_NULL) String appId) {

    /** A minimal request: url and name only. */
    public static EndpointRequest of(String url, String name) {
        return new EndpointRequest(url, name, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null);
    }

    /** Never prints the secret or authentication material. */
    @Override
    public String toString() {
        return "EndpointRequest[url=" + url + ", name=" + name + ", ownerId=" + ownerId + ", secret="
                + (secret == null ? "null" : "***") + "]";
    }
}
