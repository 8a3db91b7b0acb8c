package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** Username and password, used by the basic-auth source verifier and endpoint basic authentication. */
@JsonPropertyOrder({"username", "password"})
public record BasicAuth(String username, String password) {
}
