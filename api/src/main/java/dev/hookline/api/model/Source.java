package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.hookline.api.ConvoyEmpty;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.List;

/**
 * A source. {@code url} is {@code {host}/ingest/{mask_id}}; {@code verifier} and {@code custom_response} are always
 * objects; {@code provider_config} is set for twitter sources only. Also embedded as {@code source_metadata} of events,
 * deliveries and subscriptions (then often mostly empty). As Convoy's OpenAPI document promises, an unset
 * {@code provider} is written {@code ""} and unset {@code forward_headers}/{@code idempotency_keys} are {@code []}.
 * {@code consumer} (Hookline only, left out when null) is the live state of a pub_sub source's broker consumer.
 */
@JsonPropertyOrder({"uid", "project_id", "mask_id", "name", "url", "type", "provider", "is_disabled", "verifier",
        "custom_response", "provider_config", "forward_headers", "pub_sub", "idempotency_keys", "body_function",
        "header_function", "event_type_location", "created_at", "updated_at", "deleted_at", "consumer"})
@RecordBuilder
public record Source(String uid, String projectId, String maskId, String name, String url, SourceType type,
                     @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) SourceProvider provider,
                     Boolean isDisabled, Verifier verifier, CustomResponse customResponse,
                     ProviderConfig providerConfig,
                     @JsonSerialize(nullsUsing = ConvoyEmpty.Array.class) List<String> forwardHeaders,
                     PubSubConfig pubSub,
                     @JsonSerialize(nullsUsing = ConvoyEmpty.Array.class) List<String> idempotencyKeys,
                     String bodyFunction, String headerFunction, Instant createdAt, Instant updatedAt,
                     Instant deletedAt,
                     @JsonInclude(JsonInclude.Include.NON_NULL) SourceConsumer consumer,
                     @JsonSerialize(nullsUsing = ConvoyEmpty.Text.class) String eventTypeLocation) {

    /**
     * A source without {@code event_type_location} (Convoy's HEAD: where the event type is read from, e.g.
     * {@code request.body.type} or {@code request.header.X-Event}; {@code ""} when unset).
     */
    public Source(String uid, String projectId, String maskId, String name, String url, SourceType type,
                  SourceProvider provider, Boolean isDisabled, Verifier verifier, CustomResponse customResponse,
                  ProviderConfig providerConfig, List<String> forwardHeaders, PubSubConfig pubSub,
                  List<String> idempotencyKeys, String bodyFunction, String headerFunction, Instant createdAt,
                  Instant updatedAt, Instant deletedAt, SourceConsumer consumer) {
        this(uid, projectId, maskId, name, url, type, provider, isDisabled, verifier, customResponse, providerConfig,
                forwardHeaders, pubSub, idempotencyKeys, bodyFunction, headerFunction, createdAt, updatedAt,
                deletedAt, consumer, null);
    }

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public SourceBuilder toBuilder() {
        return SourceBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static SourceBuilder builder() {
        return SourceBuilder.builder();
    }

    /** The same source with its consumer's live state (pub_sub sources on a Hookline server). */
    public Source withConsumer(SourceConsumer state) {
        return toBuilder().consumer(state).build();
    }

    /** The same source with other provider state (a Twitter source's last CRC answer). */
    public Source withProviderConfig(ProviderConfig config) {
        return toBuilder().providerConfig(config).build();
    }

    /** Provider-specific state; only twitter has any. */
    @JsonPropertyOrder({"twitter"})
    public record ProviderConfig(Twitter twitter) {
    }

    /** Twitter: when the last CRC challenge was answered ({@code null} until then). */
    @JsonPropertyOrder({"crc_verified_at"})
    public record Twitter(Instant crcVerifiedAt) {
    }
}
