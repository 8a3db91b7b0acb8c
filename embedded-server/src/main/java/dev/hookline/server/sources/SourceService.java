package dev.hookline.server.sources;

import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.server.store.Store;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.paging.ListParams;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Source use cases: list, create, get, update, delete. Validation is {@link SourceValidator}'s; after a committed
 * change the broker consumers are told (they start, restart or stop before the answer), and every source answered
 * carries its consumer's live state.
 */
public final class SourceService {

    static final String NOT_FOUND = "source not found";

    private final Store store;
    private final SourceRepository sources;
    private final DestinationPolicy destinations;
    private final SourceConsumers sourceConsumers;

    public SourceService(Store store, SourceRepository sources, DestinationPolicy destinations,
                         SourceConsumers sourceConsumers) {
        this.store = store;
        this.sources = sources;
        this.destinations = destinations;
        this.sourceConsumers = sourceConsumers;
    }

    /**
     * Filters {@code type}, {@code provider} (exact wire values, may be null) and {@code q} (name contains,
     * case-insensitive). Convoy always lists sources newest first; Hookline honours {@code sort} like every list.
     */
    public Page<Source> list(String projectId, String type, String provider, String nameContains,
                             ListParams params) {
        SourceType typeFilter = type == null ? null
                : parseEnum("type", type, SourceType.values(), SourceType::wire);
        SourceProvider providerFilter = provider == null ? null
                : parseEnum("provider", provider, SourceProvider.values(), SourceProvider::wire);
        String q = nameContains == null ? null : nameContains.strip();
        Page<Source> page = sources.list(projectId, new SourceRepository.Filter(typeFilter, providerFilter, q),
                params);
        return new Page<>(page.content().stream().map(this::withConsumer).map(SourceRedaction::redact).toList(),
                page.pagination());
    }

    public Source create(String projectId, CreateSourceRequest request) {
        String name = SourceValidator.name(request.name());
        SourceType type = SourceValidator.type(request.type());
        SourceProvider provider = request.provider();
        SourceValidator.provider(type, provider);
        Verifier verifier = SourceValidator.verifier(provider, request.verifier());
        // [REDACTED] keeps a stored credential; on create there is none (a 400 naming the field)
        PubSubConfig pubSub = pubSubFor(type, SourceRedaction.keepStored(request.pubSub(), null), null);
        Source draft = Source.builder()
                .projectId(projectId)
                .name(name)
                .type(type)
                .provider(provider)
                .isDisabled(false)
                .verifier(verifier)
                .customResponse(SourceValidator.customResponse(request.customResponse()))
                .providerConfig(SourceValidator.providerConfig(provider))
                .pubSub(pubSub)
                .idempotencyKeys(SourceValidator.idempotencyKeys(request.idempotencyKeys()))
                .bodyFunction(SourceValidator.function("body_function", request.bodyFunction()))
                .headerFunction(SourceValidator.function("header_function", request.headerFunction()))
                .eventTypeLocation(SourceValidator.eventTypeLocation(request.eventTypeLocation(), type))
                .build();
        String id = store.newId();
        Instant now = store.now();
        Source created = store.db().write(c -> sources.insert(c, projectId, draft, id, now));
        consumersChanged();
        return SourceRedaction.redact(withConsumer(created));
    }

    public Source get(String projectId, String sourceId) {
        Source source = sources.find(projectId, sourceId);
        if (source == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        return SourceRedaction.redact(withConsumer(source));
    }

    /**
     * {@code name}, {@code type} and {@code verifier} are replaced (no verifier = noop, Convoy's documented
     * semantics), except that a provider source keeps its preset and still needs the HMAC secret; {@code provider}
     * cannot change. The other members change only when present.
     */
    public Source update(String projectId, String sourceId, UpdateSourceRequest request) {
        String name = SourceValidator.name(request.name());
        SourceType type = SourceValidator.type(request.type());
        List<String> idempotencyKeys = SourceValidator.idempotencyKeys(request.idempotencyKeys());
        List<String> forwardHeaders = SourceValidator.forwardHeaders(request.forwardHeaders());
        Instant now = store.now();
        Source updated = store.db().write(c -> sources.update(c, projectId, sourceId, current -> {
            SourceValidator.provider(type, current.provider());
            Verifier verifier = SourceValidator.verifier(current.provider(), request.verifier());
            PubSubConfig pubSub = pubSubFor(type, SourceRedaction.keepStored(request.pubSub(), current.pubSub()),
                    current.pubSub());
            CustomResponse custom = request.customResponse() == null ? current.customResponse()
                    : SourceValidator.customResponse(new CustomResponse(
                            or(request.customResponse().body(), current.customResponse().body()),
                            or(request.customResponse().contentType(), current.customResponse().contentType())));
            return current.toBuilder()
                    .name(name)
                    .type(type)
                    .isDisabled(request.isDisabled() == null ? current.isDisabled() : request.isDisabled())
                    .verifier(verifier)
                    .customResponse(custom)
                    .forwardHeaders(forwardHeaders == null ? current.forwardHeaders() : forwardHeaders)
                    .pubSub(pubSub)
                    .idempotencyKeys(idempotencyKeys == null ? current.idempotencyKeys() : idempotencyKeys)
                    .bodyFunction(request.bodyFunction() == null ? current.bodyFunction()
                            : SourceValidator.function("body_function", request.bodyFunction()))
                    .headerFunction(request.headerFunction() == null ? current.headerFunction()
                            : SourceValidator.function("header_function", request.headerFunction()))
                    .eventTypeLocation(SourceValidator.eventTypeLocation(request.eventTypeLocation() == null
                            ? current.eventTypeLocation() : request.eventTypeLocation(), type))
                    .deletedAt(null)
                    .consumer(null)
                    .build();
        }, now));
        if (updated == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        consumersChanged();
        return SourceRedaction.redact(withConsumer(updated));
    }

    /** Soft-deletes the source and its subscriptions. */
    public void delete(String projectId, String sourceId) {
        Instant now = store.now();
        if (!store.db().write(c -> sources.softDelete(c, projectId, sourceId, now))) {
            throw new NotFoundException(NOT_FOUND);
        }
        consumersChanged();
    }

    /** Starts, restarts or stops broker consumers to match the change just committed, before answering. */
    private void consumersChanged() {
        sourceConsumers.sourcesChanged();
    }

    /** A pub_sub source with its consumer's live state. */
    private Source withConsumer(Source source) {
        return source.withConsumer(sourceConsumers.stateOf(source));
    }

    /**
     * The broker config to store: required and validated for pub_sub sources ({@code current} is kept when the
     * request has none), refused for other types (and dropped when a pub_sub source changes type).
     */
    private PubSubConfig pubSubFor(SourceType type, PubSubConfig requested, PubSubConfig current) {
        if (type != SourceType.PUB_SUB) {
            SourceValidator.noPubSub(type, requested);
            return null;
        }
        if (SourceValidator.isEmpty(requested) && current != null) {
            return current;
        }
        PubSubConfig valid = SourceValidator.pubSub(requested);
        PubSubDestinations.requireAllowedLiterals(valid, destinations);
        return valid;
    }

    private static <E> E parseEnum(String name, String value, E[] values, Function<E, String> wire) {
        for (E candidate : values) {
            if (wire.apply(candidate).equals(value.strip())) {
                return candidate;
            }
        }
        throw InvalidInputException.of(name + ":unknown value \"" + value + "\", allowed values are "
                + Arrays.stream(values).map(wire).collect(Collectors.joining(", ")));
    }

    private static String or(String preferred, String fallback) {
        return preferred != null ? preferred : fallback;
    }
}
