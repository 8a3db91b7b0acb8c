package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.hookline.api.ConvoyEmpty;
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
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link Source} member by member (the record has too many members to list positionally). */
    public static final class Builder {
        private String uid;
        private String projectId;
        private String maskId;
        private String name;
        private String url;
        private SourceType type;
        private SourceProvider provider;
        private Boolean isDisabled;
        private Verifier verifier;
        private CustomResponse customResponse;
        private ProviderConfig providerConfig;
        private List<String> forwardHeaders;
        private PubSubConfig pubSub;
        private List<String> idempotencyKeys;
        private String bodyFunction;
        private String headerFunction;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant deletedAt;
        private SourceConsumer consumer;
        private String eventTypeLocation;

        private Builder() {
        }

        private Builder(Source from) {
            this.uid = from.uid;
            this.projectId = from.projectId;
            this.maskId = from.maskId;
            this.name = from.name;
            this.url = from.url;
            this.type = from.type;
            this.provider = from.provider;
            this.isDisabled = from.isDisabled;
            this.verifier = from.verifier;
            this.customResponse = from.customResponse;
            this.providerConfig = from.providerConfig;
            this.forwardHeaders = from.forwardHeaders;
            this.pubSub = from.pubSub;
            this.idempotencyKeys = from.idempotencyKeys;
            this.bodyFunction = from.bodyFunction;
            this.headerFunction = from.headerFunction;
            this.createdAt = from.createdAt;
            this.updatedAt = from.updatedAt;
            this.deletedAt = from.deletedAt;
            this.consumer = from.consumer;
            this.eventTypeLocation = from.eventTypeLocation;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder projectId(String projectId) {
            this.projectId = projectId;
            return this;
        }

        public Builder maskId(String maskId) {
            this.maskId = maskId;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        public Builder type(SourceType type) {
            this.type = type;
            return this;
        }

        public Builder provider(SourceProvider provider) {
            this.provider = provider;
            return this;
        }

        public Builder isDisabled(Boolean isDisabled) {
            this.isDisabled = isDisabled;
            return this;
        }

        public Builder verifier(Verifier verifier) {
            this.verifier = verifier;
            return this;
        }

        public Builder customResponse(CustomResponse customResponse) {
            this.customResponse = customResponse;
            return this;
        }

        public Builder providerConfig(ProviderConfig providerConfig) {
            this.providerConfig = providerConfig;
            return this;
        }

        public Builder forwardHeaders(List<String> forwardHeaders) {
            this.forwardHeaders = forwardHeaders;
            return this;
        }

        public Builder pubSub(PubSubConfig pubSub) {
            this.pubSub = pubSub;
            return this;
        }

        public Builder idempotencyKeys(List<String> idempotencyKeys) {
            this.idempotencyKeys = idempotencyKeys;
            return this;
        }

        public Builder bodyFunction(String bodyFunction) {
            this.bodyFunction = bodyFunction;
            return this;
        }

        public Builder headerFunction(String headerFunction) {
            this.headerFunction = headerFunction;
            return this;
        }

        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder updatedAt(Instant updatedAt) {
            this.updatedAt = updatedAt;
            return this;
        }

        public Builder deletedAt(Instant deletedAt) {
            this.deletedAt = deletedAt;
            return this;
        }

        public Builder consumer(SourceConsumer consumer) {
            this.consumer = consumer;
            return this;
        }

        public Builder eventTypeLocation(String eventTypeLocation) {
            this.eventTypeLocation = eventTypeLocation;
            return this;
        }

        public Source build() {
            return new Source(uid, projectId, maskId, name, url, type, provider, isDisabled, verifier, customResponse,
                    providerConfig, forwardHeaders, pubSub, idempotencyKeys, bodyFunction, headerFunction, createdAt,
                    updatedAt, deletedAt, consumer, eventTypeLocation);
        }
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
