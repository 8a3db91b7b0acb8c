package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Body of {@code PUT .../sources/{id}}: {@code name} and {@code type} required and replaced; {@code verifier} is
 * replaced too (absent = noop); the other members change only when non-null. No {@code provider}.
 */
@JsonPropertyOrder({"name", "type", "is_disabled", "forward_headers", "custom_response", "verifier", "pub_sub",
        "idempotency_keys", "body_function", "header_function", "event_type_location"})
public record UpdateSourceRequest(String name, SourceType type, Boolean isDisabled, List<String> forwardHeaders,
                                  CustomResponse customResponse, Verifier verifier, PubSubConfig pubSub,
                                  List<String> idempotencyKeys, String bodyFunction, String headerFunction,
                                  String eventTypeLocation) {

    /** Without {@code event_type_location} (kept as stored). */
    public UpdateSourceRequest(String name, SourceType type, Boolean isDisabled, List<String> forwardHeaders,
                               CustomResponse customResponse, Verifier verifier, PubSubConfig pubSub,
                               List<String> idempotencyKeys, String bodyFunction, String headerFunction) {
        this(name, type, isDisabled, forwardHeaders, customResponse, verifier, pubSub, idempotencyKeys, bodyFunction,
                headerFunction, null);
    }
}
