package dev.hookline.app.promote;

import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.promote.PromotionStep.Action;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Copies a project's configuration (settings, sources, endpoints, subscriptions with their filters and functions)
 * from one connection to another: the laptop's embedded server to a team's Convoy, or back. No JavaFX: the dialog
 * runs it in the background.
 *
 * <p>Things are matched by name on the target: a missing one is created, a different one updated, an equal one left
 * alone. Subscriptions point at the target's source and endpoint of the same names. Secrets (endpoint signing
 * secrets, endpoint authentication, source verifier secrets, the meta-event secret) go only when asked; without
 * them an endpoint gets a new secret from the target, and a source or endpoint that cannot work without its secret
 * is skipped with the reason (and so are the subscriptions that need it). Nothing is ever deleted on the target.
 */
public final class Promotion {

    /** The secret placeholder servers answer instead of a stored secret: never something to copy. */
    static final String REDACTED = "[REDACTED]";

    private final ApiClient from;
    private final ApiClient to;
    private final boolean carrySecrets;

    private final List<PromotionStep> steps = new ArrayList<>();
    private final List<Runnable> work = new ArrayList<>();
    private final Map<String, String> targetSourceIds = new LinkedHashMap<>();
    private final Map<String, String> targetEndpointIds = new LinkedHashMap<>();

    private Promotion(ApiClient from, ApiClient to, boolean carrySecrets) {
        this.from = Objects.requireNonNull(from, "from");
        this.to = Objects.requireNonNull(to, "to");
        this.carrySecrets = carrySecrets;
    }

    /**
     * Reads both projects and works out every step, writing nothing. {@code from} and {@code to} are clients bound
     * to the source and target projects.
     */
    public static Promotion plan(ApiClient from, ApiClient to, boolean carrySecrets) {
        Promotion promotion = new Promotion(from, to, carrySecrets);
        promotion.planSettings();
        promotion.planSources();
        promotion.planEndpoints();
        promotion.planSubscriptions();
        promotion.steps.add(new PromotionStep("Left behind", "history and local data", Action.SKIP,
                LEFT_BEHIND));
        return promotion;
    }

    /** What a promotion never copies, said in the dry run (issue 25). */
    static final String LEFT_BEHIND = "the retention policy, capture bins, events, deliveries and their attempts "
            + "stay in this project";

    /** A warning for a URL only the machine running the server can reach ({@code ""} for any other). */
    static String loopbackWarning(String url) {
        java.net.URI uri;
        try {
            uri = java.net.URI.create(url == null ? "" : url);
        } catch (IllegalArgumentException e) {
            return "";
        }
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(java.util.Locale.ROOT);
        boolean loopback = host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]")
                || host.equals("::1");
        return loopback ? "; warning: a loopback address, reachable only on the machine the target server runs on"
                : "";
    }

    /** The dry run, in the order the steps run. */
    public List<PromotionStep> steps() {
        return List.copyOf(steps);
    }

    /** How many steps do something (create or update). */
    public long changes() {
        return steps.stream().filter(s -> s.action() == Action.CREATE || s.action() == Action.UPDATE).count();
    }

    /**
     * Runs the creates and updates in order (settings, sources, endpoints, subscriptions), telling
     * {@code progress} after each; stops at the first refusal (what ran stays: running it again picks up).
     */
    public void apply(Consumer<Integer> progress) {
        int done = 0;
        for (Runnable step : work) {
            step.run();
            progress.accept(++done);
        }
    }

    // --------------------------------------------------------------------------------------------- settings

    private void planSettings() {
        Project source = from.getProject(from.projectId());
        Project target = to.getProject(to.projectId());
        ProjectConfig wanted = settingsOf(source.config(), target.config());
        if (sameSettings(wanted, target.config())) {
            steps.add(new PromotionStep("Project settings", target.name(), Action.UNCHANGED, "the same settings"));
            return;
        }
        steps.add(new PromotionStep("Project settings", target.name(), Action.UPDATE,
                "retries, signatures, limits, delivery options, meta events and circuit breaker as in \""
                        + source.name() + "\""));
        work.add(() -> to.updateProject(target.uid(), new UpdateProjectRequest(target.name(), target.logoUrl(),
                wanted)));
    }

    /** The source's settings for the target; signature version IDs and (unless carried) the meta secret stay. */
    private ProjectConfig settingsOf(ProjectConfig source, ProjectConfig target) {
        ProjectConfig.MetaEventConfig meta = source.metaEvent() == null ? null : new ProjectConfig.MetaEventConfig(
                source.metaEvent().isEnabled(), source.metaEvent().type(), source.metaEvent().eventType(),
                source.metaEvent().url(), carrySecrets && usable(source.metaEvent().secret())
                        ? source.metaEvent().secret() : null);
        ProjectConfig.Signature signature = source.signature() == null ? null : new ProjectConfig.Signature(
                source.signature().header(), source.signature().versions() == null ? null
                        : source.signature().versions().stream().map(v -> new ProjectConfig.SignatureVersion(null,
                                v.hash(), v.encoding(), null)).toList());
        return ProjectConfig.builder()
                .maxPayloadReadSize(source.maxPayloadReadSize())
                .replayAttacksPreventionEnabled(source.replayAttacksPreventionEnabled())
                .addEventIdTraceHeaders(source.addEventIdTraceHeaders())
                .disableEndpoint(source.disableEndpoint())
                .multipleEndpointSubscriptions(source.multipleEndpointSubscriptions())
                .searchPolicy(source.searchPolicy())
                .ratelimit(source.ratelimit())
                .strategy(source.strategy())
                .signature(signature)
                .ssl(source.ssl())
                .metaEvent(meta)
                .requestIdHeader(source.requestIdHeader())
                .circuitBreaker(source.circuitBreaker())
                .build();
    }

    private static boolean sameSettings(ProjectConfig wanted, ProjectConfig target) {
        return Objects.equals(wanted.maxPayloadReadSize(), target.maxPayloadReadSize())
                && Objects.equals(wanted.replayAttacksPreventionEnabled(), target.replayAttacksPreventionEnabled())
                && Objects.equals(wanted.addEventIdTraceHeaders(), target.addEventIdTraceHeaders())
                && Objects.equals(wanted.disableEndpoint(), target.disableEndpoint())
                && Objects.equals(wanted.multipleEndpointSubscriptions(), target.multipleEndpointSubscriptions())
                && Objects.equals(wanted.searchPolicy(), target.searchPolicy())
                && Objects.equals(wanted.ratelimit(), target.ratelimit())
                && Objects.equals(wanted.strategy(), target.strategy())
                && Objects.equals(wanted.ssl(), target.ssl())
                && Objects.equals(wanted.requestIdHeader(), target.requestIdHeader())
                && sameSignature(wanted.signature(), target.signature())
                && sameMeta(wanted.metaEvent(), target.metaEvent())
                // null: a source that does not say (an older server) leaves the target's as it is
                && (wanted.circuitBreaker() == null || wanted.circuitBreaker().equals(target.circuitBreaker()));
    }

    private static boolean sameSignature(ProjectConfig.Signature a, ProjectConfig.Signature b) {
        if (a == null || b == null) {
            return a == b;
        }
        Function<ProjectConfig.Signature, List<String>> shape = s -> s.versions() == null ? List.of()
                : s.versions().stream().map(v -> v.hash() + "/" + v.encoding()).toList();
        return Objects.equals(a.header(), b.header()) && shape.apply(a).equals(shape.apply(b));
    }

    private static boolean sameMeta(ProjectConfig.MetaEventConfig a, ProjectConfig.MetaEventConfig b) {
        if (a == null || b == null) {
            return a == b;
        }
        return Objects.equals(a.isEnabled(), b.isEnabled()) && Objects.equals(a.url(), b.url())
                && Objects.equals(a.eventType(), b.eventType())
                && (a.secret() == null || Objects.equals(a.secret(), b.secret()));
    }

    // ---------------------------------------------------------------------------------------------- sources

    private void planSources() {
        Map<String, Source> existing = byName(all(to::listSources), Source::name);
        for (Source source : all(from::listSources)) {
            Source target = existing.get(source.name());
            if (source.pubSub() != null && Json.strict().valueToTree(source.pubSub()).toString().contains(REDACTED)) {
                steps.add(new PromotionStep("Source", source.name(), Action.SKIP, "the server does not reveal its "
                        + "broker credentials ([REDACTED]): create it on the target by hand"));
                continue;
            }
            Verifier verifier = verifierFor(source.verifier());
            if (verifier == null) {
                steps.add(new PromotionStep("Source", source.name(), Action.SKIP, "its verifier needs its secret: "
                        + "tick \"Carry secrets\" or create it on the target by hand"));
                continue;
            }
            if (target == null) {
                steps.add(new PromotionStep("Source", source.name(), Action.CREATE, describe(source)));
                work.add(() -> targetSourceIds.put(source.name(), to.createSource(new CreateSourceRequest(
                        source.name(), source.type(), source.provider(), source.customResponse(), verifier,
                        source.pubSub(), source.idempotencyKeys(), source.bodyFunction(), source.headerFunction()))
                        .uid()));
                continue;
            }
            targetSourceIds.put(source.name(), target.uid());
            if (sameSource(source, target)) {
                steps.add(new PromotionStep("Source", source.name(), Action.UNCHANGED, "the same settings"));
                continue;
            }
            steps.add(new PromotionStep("Source", source.name(), Action.UPDATE, describe(source)));
            work.add(() -> to.updateSource(target.uid(), new UpdateSourceRequest(source.name(), source.type(),
                    source.isDisabled(), source.forwardHeaders(), source.customResponse(), verifier,
                    source.pubSub(), source.idempotencyKeys(), source.bodyFunction(), source.headerFunction())));
        }
    }

    /** The verifier to send, or null when it needs a secret that is not carried (or not readable). */
    private Verifier verifierFor(Verifier verifier) {
        if (verifier == null || verifier.type() == null || verifier.type() == VerifierType.NOOP) {
            return verifier;
        }
        String secret = switch (verifier.type()) {
            case HMAC -> verifier.hmac() == null ? null : verifier.hmac().secret();
            case BASIC_AUTH -> verifier.basicAuth() == null ? null : verifier.basicAuth().password();
            case API_KEY -> verifier.apiKey() == null ? null : verifier.apiKey().headerValue();
            default -> null;
        };
        return carrySecrets && usable(secret) ? verifier : null;
    }

    private static boolean sameSource(Source a, Source b) {
        return Objects.equals(a.type(), b.type()) && Objects.equals(a.provider(), b.provider())
                && Objects.equals(a.isDisabled(), b.isDisabled()) && Objects.equals(a.verifier(), b.verifier())
                && Objects.equals(a.customResponse(), b.customResponse())
                && Objects.equals(emptyIfNull(a.forwardHeaders()), emptyIfNull(b.forwardHeaders()))
                && Objects.equals(emptyIfNull(a.idempotencyKeys()), emptyIfNull(b.idempotencyKeys()))
                && Objects.equals(a.bodyFunction(), b.bodyFunction())
                && Objects.equals(a.headerFunction(), b.headerFunction());
    }

    private static String describe(Source source) {
        return source.type() + (source.verifier() == null || source.verifier().type() == null ? ""
                : ", verified by " + source.verifier().type());
    }

    // -------------------------------------------------------------------------------------------- endpoints

    private void planEndpoints() {
        Map<String, Endpoint> existing = byName(all(to::listEndpoints), Endpoint::name);
        for (Endpoint endpoint : all(from::listEndpoints)) {
            Endpoint target = existing.get(endpoint.name());
            EndpointAuthentication auth = endpoint.authentication();
            boolean authNeedsSecret = auth != null && auth.type() != null;
            if (authNeedsSecret && !carrySecrets) {
                steps.add(new PromotionStep("Endpoint", endpoint.name(), Action.SKIP, "its " + auth.type()
                        + " authentication needs its secret: tick \"Carry secrets\" or create it by hand"));
                continue;
            }
            if (authNeedsSecret && !readable(auth)) {
                steps.add(new PromotionStep("Endpoint", endpoint.name(), Action.SKIP, "the server does not reveal "
                        + "its " + auth.type() + " authentication secret ([REDACTED]): create it on the target by "
                        + "hand"));
                continue;
            }
            String secret = carrySecrets ? lastSecret(endpoint) : null;
            if (target == null) {
                steps.add(new PromotionStep("Endpoint", endpoint.name(), Action.CREATE, endpoint.url()
                        + (carrySecrets ? ", with its secret" : ", with a new secret from the target")
                        + loopbackWarning(endpoint.url())));
                work.add(() -> targetEndpointIds.put(endpoint.name(), to.createEndpoint(request(endpoint, secret))
                        .uid()));
                continue;
            }
            targetEndpointIds.put(endpoint.name(), target.uid());
            if (sameEndpoint(endpoint, target)) {
                steps.add(new PromotionStep("Endpoint", endpoint.name(), Action.UNCHANGED, endpoint.url()));
                continue;
            }
            steps.add(new PromotionStep("Endpoint", endpoint.name(), Action.UPDATE, endpoint.url()
                    + " (its secret stays: a secret is only set when an endpoint is created)"
                    + loopbackWarning(endpoint.url())));
            work.add(() -> to.updateEndpoint(target.uid(), request(endpoint, null)));
        }
    }

    /** Whether the authentication's secret came in clear (Hookline answers write-only secrets as [REDACTED]). */
    private static boolean readable(EndpointAuthentication auth) {
        return switch (auth.type()) {
            case API_KEY -> auth.apiKey() != null && usable(auth.apiKey().headerValue());
            case BASIC_AUTH -> auth.basicAuth() != null && usable(auth.basicAuth().password());
            case OAUTH2 -> auth.oauth2() != null && (usable(auth.oauth2().clientSecret())
                    || auth.oauth2().signingKey() != null && !auth.oauth2().signingKey().toString().contains(REDACTED));
        };
    }

    private static EndpointRequest request(Endpoint e, String secret) {
        return new EndpointRequest(e.url(), e.name(), secret, e.ownerId(), e.description(), e.advancedSignatures(),
                e.supportEmail(), null, e.slackWebhookUrl(), e.teamsWebhookUrl(), e.httpTimeout(), e.rateLimit(),
                e.rateLimitDuration(), e.contentType(), e.authentication(), null, null);
    }

    private static String lastSecret(Endpoint endpoint) {
        if (endpoint.secrets() == null) {
            return null;
        }
        String last = null;
        for (EndpointSecret secret : endpoint.secrets()) {
            if (secret.deletedAt() == null && usable(secret.value())) {
                last = secret.value();
            }
        }
        return last;
    }

    private static boolean sameEndpoint(Endpoint a, Endpoint b) {
        return Objects.equals(a.url(), b.url()) && Objects.equals(a.description(), b.description())
                && Objects.equals(a.ownerId(), b.ownerId())
                && Objects.equals(a.advancedSignatures(), b.advancedSignatures())
                && Objects.equals(a.httpTimeout(), b.httpTimeout()) && Objects.equals(a.rateLimit(), b.rateLimit())
                && Objects.equals(a.rateLimitDuration(), b.rateLimitDuration())
                && Objects.equals(a.contentType(), b.contentType())
                && Objects.equals(a.supportEmail(), b.supportEmail())
                && Objects.equals(a.slackWebhookUrl(), b.slackWebhookUrl())
                && Objects.equals(a.authentication(), b.authentication());
    }

    // ---------------------------------------------------------------------------------------- subscriptions

    private void planSubscriptions() {
        Map<String, Subscription> existing = byName(all(to::listSubscriptions), Subscription::name);
        List<String> skippedSources = skipped("Source");
        List<String> skippedEndpoints = skipped("Endpoint");
        for (Subscription subscription : all(from::listSubscriptions)) {
            String sourceName = subscription.sourceMetadata() == null ? null : subscription.sourceMetadata().name();
            String endpointName = subscription.endpointMetadata() == null ? null
                    : subscription.endpointMetadata().name();
            if (sourceName != null && skippedSources.contains(sourceName)
                    || endpointName != null && skippedEndpoints.contains(endpointName)) {
                steps.add(new PromotionStep("Subscription", subscription.name(), Action.SKIP,
                        "its " + (skippedEndpoints.contains(endpointName) ? "endpoint \"" + endpointName
                                : "source \"" + sourceName) + "\" is skipped"));
                continue;
            }
            Subscription target = existing.get(subscription.name());
            String route = (sourceName == null ? "" : sourceName + " -> ") + endpointName;
            if (target == null) {
                steps.add(new PromotionStep("Subscription", subscription.name(), Action.CREATE, route));
                work.add(() -> to.createSubscription(request(subscription, sourceName, endpointName)));
            } else if (sameSubscription(subscription, target)) {
                steps.add(new PromotionStep("Subscription", subscription.name(), Action.UNCHANGED, route));
            } else {
                steps.add(new PromotionStep("Subscription", subscription.name(), Action.UPDATE, route));
                work.add(() -> to.updateSubscription(target.uid(), request(subscription, sourceName, endpointName)));
            }
        }
    }

    /** Resolved when the step runs: the source and endpoint may have been created just before. */
    private SubscriptionRequest request(Subscription s, String sourceName, String endpointName) {
        SubscriptionRequest.RetryConfig retry = s.retryConfig() == null ? null : new SubscriptionRequest.RetryConfig(
                s.retryConfig().type(), null, s.retryConfig().duration(), s.retryConfig().retryCount());
        return new SubscriptionRequest(s.name(), sourceName == null ? null : targetSourceIds.get(sourceName),
                targetEndpointIds.get(endpointName), null, s.function(), s.alertConfig(), s.rateLimitConfig(),
                s.filterConfig(), s.deliveryMode(), retry);
    }

    private static boolean sameSubscription(Subscription a, Subscription b) {
        return Objects.equals(name(a.sourceMetadata()), name(b.sourceMetadata()))
                && Objects.equals(a.endpointMetadata() == null ? null : a.endpointMetadata().name(),
                b.endpointMetadata() == null ? null : b.endpointMetadata().name())
                && Objects.equals(a.function(), b.function())
                && Objects.equals(a.filterConfig(), b.filterConfig())
                && Objects.equals(a.deliveryMode(), b.deliveryMode())
                && Objects.equals(a.rateLimitConfig(), b.rateLimitConfig())
                && Objects.equals(a.alertConfig(), b.alertConfig());
    }

    private static String name(Source source) {
        return source == null ? null : source.name();
    }

    private List<String> skipped(String kind) {
        return steps.stream().filter(s -> s.kind().equals(kind) && s.action() == Action.SKIP)
                .map(PromotionStep::name).toList();
    }

    // ------------------------------------------------------------------------------------------------- kit

    /** Every item of a paged list, oldest first. */
    private static <T> List<T> all(Function<ListQuery, Page<T>> list) {
        List<T> items = new ArrayList<>();
        ListQuery query = ListQuery.ofPerPage(100).sort(ListQuery.Sort.ASC);
        while (true) {
            Page<T> page = list.apply(query);
            items.addAll(page.content());
            if (page.pagination() == null || !page.pagination().hasNextPage()) {
                return items;
            }
            query = query.nextPage(page.pagination());
        }
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> out = new LinkedHashMap<>();
        for (T item : items) {
            out.putIfAbsent(name.apply(item), item);
        }
        return out;
    }

    private static boolean usable(String secret) {
        return secret != null && !secret.isEmpty() && !REDACTED.equals(secret);
    }

    private static <T> List<T> emptyIfNull(List<T> list) {
        return list == null ? List.of() : list;
    }
}
