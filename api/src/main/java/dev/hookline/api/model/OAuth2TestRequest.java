package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** Body of {@code POST .../endpoints/oauth2/test}: the OAuth2 settings to try (as an endpoint's authentication has). */
@JsonPropertyOrder({"oauth2"})
public record OAuth2TestRequest(EndpointAuthentication.OAuth2 oauth2) {
}
