package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * What {@code POST .../endpoints/oauth2/test} found: on success the token the server issued ({@code access_token},
 * {@code token_type}, {@code expires_at}); on failure {@code error} says why in plain words. Unset members are left
 * out, as Convoy means to ({@code omitempty}; its document types {@code expires_at} as a string, so a null there
 * would not validate, and an expiry the token server did not give is left out too).
 */
@JsonPropertyOrder({"success", "access_token", "token_type", "expires_at", "error", "message"})
public record OAuth2TestResult(boolean success,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String accessToken,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String tokenType,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Instant expiresAt,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String error,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String message) {
}
