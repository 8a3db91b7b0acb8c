package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** Body of {@code POST .../sources}: {@code name} and {@code type} required. */
@JsonPropertyOrder({"name", "type", "provider", "custom_response", "verifier", "pub_sub", "idempotency_keys",
        "body_function", "header_function", "event_type_location"})
public record CreateSourceRequest(String name, SourceType type, SourceProvider provider,
                                  CustomResponse customResponse, Verifier verifier, PubSubConfig pubSub,
                                  List<String> idempotencyKeys, String bodyFunction, String headerFunction,
                                  String eventTypeLocation) {

    /** Without {@code event_type_location}. */
    public CreateSourceRequest(String name, SourceType type, SourceProvider provider, CustomResponse customResponse,
                               Verifier verifier, PubSubConfig pubSub, List<String> idempotencyKeys,
                               String bodyFunction, String headerFunction) {
        this(name, type, provider, customResponse, verifier, pubSub, idempotencyKeys, bodyFunction, headerFunction,
                null);
    }
}
