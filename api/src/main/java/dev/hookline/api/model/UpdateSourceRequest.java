package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Body of {@code PUT .../sources/{id}}: {@code name} and {@code type} required and replaced; {@code verifier} is
 * replaced too (absent = noop); the other members change only when non-null. No {@code provider}.
 */
@JsonPropertyOrder({"name", "type", "is_disabled", "forward_headers", "custom_response", "verifier", "pub_sub",
        "idempotency_keys", "body_function", "header_function"})
public record UpdateSourceRequest(String name, SourceType type, Boolean isDisabled, List<String> forwardHeaders,
                                  CustomResponse customResponse, Verifier verifier, PubSubConfig pubSub,
                                  List<String> idempotencyKeys, String bodyFunction, String headerFunction) {
}
