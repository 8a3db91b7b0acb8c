package dev.hookline.server.sources;

import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.server.ServerContext;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.paging.ListParams;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** {@code /api/v1/projects/{projectID}/sources}: list, create, get, update, delete. */
public final class SourceRoutes {

    private static final String BASE = "/api/v1/projects/{projectID}/sources";

    private final ServerContext context;
    private final SourceStore store;

    public SourceRoutes(ServerContext context) {
        this.context = context;
        this.store = new SourceStore(context);
    }

    public void register(Router router) {
        router.get(BASE, Access.API_KEY, this::list);
        router.post(BASE, Access.API_KEY, this::create);
        router.get(BASE + "/{sourceID}", Access.API_KEY, this::get);
        router.put(BASE + "/{sourceID}", Access.API_KEY, this::update);
        router.delete(BASE + "/{sourceID}", Access.API_KEY, this::delete);
    }

    /**
     * Filters {@code type}, {@code provider} (exact) and {@code q} (name contains, case-insensitive). Convoy always
     * lists sources newest first; Hookline honours {@code sort} like every other list.
     */
    private void list(Exchange ex) throws Exception {
        Project project = ex.project();
        SourceType type = ex.query("type").map(v -> parseEnum("type", v, SourceType.values(), SourceType::wire))
                .orElse(null);
        SourceProvider provider = ex.query("provider")
                .map(v -> parseEnum("provider", v, SourceProvider.values(), SourceProvider::wire)).orElse(null);
        String q = ex.query("q").map(String::strip).orElse(null);
        ListParams params = ListParams.from(ex);
        Page<Source> page = store.list(project.uid(), new SourceStore.Filter(type, provider, q), params);
        ex.ok(200, "Sources fetched successfully", new Page<>(page.content().stream().map(this::withConsumer)
                .toList(), page.pagination()));
    }

    private void create(Exchange ex) throws Exception {
        Project project = ex.project();
        CreateSourceRequest request = ex.body(CreateSourceRequest.class);
        String name = SourceValidator.name(request.name());
        SourceType type = SourceValidator.type(request.type());
        SourceProvider provider = request.provider();
        SourceValidator.provider(type, provider);
        Verifier verifier = SourceValidator.verifier(provider, request.verifier());
        PubSubConfig pubSub = pubSubFor(type, request.pubSub(), null);
        Source draft = new Source(null, project.uid(), null, name, null, type, provider, false, verifier,
                SourceValidator.customResponse(request.customResponse()), SourceValidator.providerConfig(provider),
                null, pubSub, SourceValidator.idempotencyKeys(request.idempotencyKeys()),
                SourceValidator.function("body_function", request.bodyFunction()),
                SourceValidator.function("header_function", request.headerFunction()), null, null, null, null);
        Source created = store.create(project.uid(), draft);
        consumersChanged();
        ex.ok(201, "Source created successfully", withConsumer(created));
    }

    private void get(Exchange ex) throws Exception {
        Project project = ex.project();
        Source source = store.find(project.uid(), ex.pathParam("sourceID"));
        if (source == null) {
            throw ApiError.notFound("source not found");
        }
        ex.ok(200, "Source fetched successfully", withConsumer(source));
    }

    /**
     * {@code name}, {@code type} and {@code verifier} are replaced (no verifier = noop, Convoy's documented
     * semantics), except that a provider source keeps its preset and still needs the HMAC secret; {@code provider}
     * cannot change. The other members change only when present.
     */
    private void update(Exchange ex) throws Exception {
        Project project = ex.project();
        UpdateSourceRequest request = ex.body(UpdateSourceRequest.class);
        String name = SourceValidator.name(request.name());
        SourceType type = SourceValidator.type(request.type());
        List<String> idempotencyKeys = SourceValidator.idempotencyKeys(request.idempotencyKeys());
        List<String> forwardHeaders = SourceValidator.forwardHeaders(request.forwardHeaders());
        Source updated = store.update(project.uid(), ex.pathParam("sourceID"), current -> {
            SourceValidator.provider(type, current.provider());
            Verifier verifier = SourceValidator.verifier(current.provider(), request.verifier());
            PubSubConfig pubSub = pubSubFor(type, request.pubSub(), current.pubSub());
            CustomResponse custom = request.customResponse() == null ? current.customResponse()
                    : SourceValidator.customResponse(new CustomResponse(
                            or(request.customResponse().body(), current.customResponse().body()),
                            or(request.customResponse().contentType(), current.customResponse().contentType())));
            return new Source(current.uid(), current.projectId(), current.maskId(), name, current.url(), type,
                    current.provider(), request.isDisabled() == null ? current.isDisabled() : request.isDisabled(),
                    verifier, custom, current.providerConfig(),
                    forwardHeaders == null ? current.forwardHeaders() : forwardHeaders, pubSub,
                    idempotencyKeys == null ? current.idempotencyKeys() : idempotencyKeys,
                    request.bodyFunction() == null ? current.bodyFunction()
                            : SourceValidator.function("body_function", request.bodyFunction()),
                    request.headerFunction() == null ? current.headerFunction()
                            : SourceValidator.function("header_function", request.headerFunction()),
                    current.createdAt(), current.updatedAt(), null, null);
        });
        if (updated == null) {
            throw ApiError.notFound("source not found");
        }
        consumersChanged();
        ex.ok(202, "Source updated successfully", withConsumer(updated));
    }

    private void delete(Exchange ex) throws Exception {
        Project project = ex.project();
        if (!store.delete(project.uid(), ex.pathParam("sourceID"))) {
            throw ApiError.notFound("source not found");
        }
        consumersChanged();
        ex.ok(200, "Source deleted successfully", null);
    }

    /** Starts, restarts or stops broker consumers to match the change just committed, before answering. */
    private void consumersChanged() {
        context.sourceConsumers().sourcesChanged();
    }

    /** A pub_sub source with its consumer's live state. */
    private Source withConsumer(Source source) {
        return source.withConsumer(context.sourceConsumers().stateOf(source));
    }

    /**
     * The broker config to store: required and validated for pub_sub sources ({@code current} is kept when the
     * request has none), refused for other types (and dropped when a pub_sub source changes type).
     */
    private static PubSubConfig pubSubFor(SourceType type, PubSubConfig requested, PubSubConfig current) {
        if (type != SourceType.PUB_SUB) {
            SourceValidator.noPubSub(type, requested);
            return null;
        }
        if (SourceValidator.isEmpty(requested) && current != null) {
            return current;
        }
        return SourceValidator.pubSub(requested);
    }

    private static <E> E parseEnum(String name, String value, E[] values, Function<E, String> wire) {
        for (E candidate : values) {
            if (wire.apply(candidate).equals(value.strip())) {
                return candidate;
            }
        }
        throw ApiError.badRequest(name + ":unknown value \"" + value + "\", allowed values are "
                + Arrays.stream(values).map(wire).collect(Collectors.joining(", ")));
    }

    private static String or(String preferred, String fallback) {
        return preferred != null ? preferred : fallback;
    }
}
