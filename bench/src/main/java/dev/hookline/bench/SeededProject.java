package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.SubscriptionRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A project of the data set and its configuration, created through the HTTP API like a user would: endpoints
 * (busiest first), sources with the event types they send, and subscriptions. Incoming projects subscribe each
 * endpoint to one source, and the busy endpoint to all of them; outgoing projects have one catch-all subscription per
 * endpoint (Convoy's rule).
 */
final class SeededProject {

    /** Retries as the deliveries' metadata says: linear, 60 s apart, 3 tries (a Failure has 3 attempts). */
    static final ProjectConfig.Strategy STRATEGY = new ProjectConfig.Strategy(StrategyType.LINEAR, 60L, 3L);

    /** A source: its ID, its share of the project's events, the event types it sends and who listens to it. */
    record SourceSetup(String id, String name, double weight, Payloads.Kind kind, Weighted<String> eventTypes,
                       List<String> listeners) {
    }

    final String name;
    final ProjectType type;
    final double share;
    final String id;
    /** Busiest first. */
    final List<String> endpoints = new ArrayList<>();
    final Map<String, String> endpointUrls = new LinkedHashMap<>();
    final List<SourceSetup> sources = new ArrayList<>();
    /** Subscription by endpoint ID + "|" + source ID ("" for outgoing projects). */
    final Map<String, String> subscriptions = new LinkedHashMap<>();
    /** Outgoing projects: the event types the application sends. */
    Weighted<String> eventTypes;

    private SeededProject(String name, ProjectType type, double share, String id) {
        this.name = name;
        this.type = type;
        this.share = share;
        this.id = id;
    }

    /** The three projects: a busy incoming one (measured) and two outgoing ones sharing the tables. */
    static List<SeededProject> createAll(ApiClient admin) {
        SeededProject acme = create(admin, "Acme payments (bench)", ProjectType.INCOMING, 0.7);
        acme.addEndpoints(admin, "acme", 30);
        acme.addSource(admin, "stripe", 50, Payloads.Kind.PAYMENTS, new Weighted<String>()
                .add("invoice.paid", 30).add("payment_intent.succeeded", 25).add("invoice.created", 20)
                .add("customer.created", 10).add("payment_intent.payment_failed", 8).add("customer.updated", 6)
                .add("charge.dispute.created", 1));
        acme.addSource(admin, "github", 25, Payloads.Kind.CODE_HOST, new Weighted<String>()
                .add("push", 50).add("pull_request", 25).add("issues", 15).add("release", 5).add("workflow_run", 5));
        acme.addSource(admin, "shopify", 15, Payloads.Kind.SHOP, new Weighted<String>()
                .add("orders/create", 40).add("orders/paid", 30).add("orders/fulfilled", 20)
                .add("refunds/create", 10));
        acme.addSource(admin, "crm", 10, Payloads.Kind.CRM, new Weighted<String>()
                .add("deal.won", 30).add("contact.updated", 60).add("deal.lost", 10));
        acme.subscribeIncoming(admin);

        SeededProject beta = create(admin, "Beta SaaS (bench)", ProjectType.OUTGOING, 0.2);
        beta.addEndpoints(admin, "beta", 12);
        beta.eventTypes = new Weighted<String>().add("user.updated", 30).add("order.created", 25)
                .add("user.created", 20).add("order.updated", 15).add("order.cancelled", 5)
                .add("account.deleted", 5);
        beta.subscribeOutgoing(admin);

        SeededProject gamma = create(admin, "Gamma internal (bench)", ProjectType.OUTGOING, 0.1);
        gamma.addEndpoints(admin, "gamma", 8);
        gamma.eventTypes = new Weighted<String>().add("job.finished", 50).add("report.ready", 40)
                .add("job.failed", 10);
        gamma.subscribeOutgoing(admin);
        return List.of(acme, beta, gamma);
    }

    private static SeededProject create(ApiClient admin, String name, ProjectType type, double share) {
        ProjectConfig config = ProjectConfig.builder().strategy(STRATEGY).build();
        String id = admin.createProject(new CreateProjectRequest(name, type, null, config)).project().uid();
        return new SeededProject(name, type, share, id);
    }

    /**
     * Receivers on the {@code .invalid} domain, which never resolves: should a dispatcher run during a benchmark,
     * it fails fast instead of sending anywhere.
     */
    private void addEndpoints(ApiClient admin, String prefix, int count) {
        ApiClient client = admin.withProject(id);
        for (int i = 0; i < count; i++) {
            String name = String.format("%s-%02d%s", prefix, i, i == 0 ? " (busy)" : "");
            String url = String.format("https://%s-%02d.receiver.invalid/webhooks", prefix, i);
            String endpointId = client.createEndpoint(EndpointRequest.of(url, name)).uid();
            endpoints.add(endpointId);
            endpointUrls.put(endpointId, url);
        }
    }

    private void addSource(ApiClient admin, String sourceName, double weight, Payloads.Kind kind,
                           Weighted<String> types) {
        String sourceId = admin.withProject(id).createSource(new CreateSourceRequest(sourceName, SourceType.HTTP,
                null, null, null, null, null, null, null)).uid();
        sources.add(new SourceSetup(sourceId, sourceName, weight, kind, types, new ArrayList<>()));
    }

    private void subscribeIncoming(ApiClient admin) {
        for (int i = 0; i < endpoints.size(); i++) {
            for (int s = 0; s < sources.size(); s++) {
                if (i == 0 || (i - 1) % sources.size() == s) {
                    SourceSetup source = sources.get(s);
                    source.listeners().add(endpoints.get(i));
                    subscribe(admin, endpoints.get(i), source.id(), source.name() + " to " + i);
                }
            }
        }
    }

    private void subscribeOutgoing(ApiClient admin) {
        for (int i = 0; i < endpoints.size(); i++) {
            subscribe(admin, endpoints.get(i), null, "all events to " + i);
        }
    }

    private void subscribe(ApiClient admin, String endpointId, String sourceId, String subscriptionName) {
        String subscriptionId = admin.withProject(id).createSubscription(new SubscriptionRequest(subscriptionName,
                sourceId, endpointId, null, null, null, null, new FilterConfig(List.of("*"), null), null, null))
                .uid();
        subscriptions.put(endpointId + "|" + (sourceId == null ? "" : sourceId), subscriptionId);
    }

    String subscription(String endpointId, String sourceId) {
        return subscriptions.get(endpointId + "|" + (sourceId == null ? "" : sourceId));
    }
}
