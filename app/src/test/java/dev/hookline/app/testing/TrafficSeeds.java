package dev.hookline.app.testing;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.EmbeddedServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * Real traffic for the traffic views' tests: an incoming project on a real embedded server with an endpoint (a
 * {@link RecordingReceiver}), an HTTP source (the body's {@code order} is the idempotency key) and a subscription
 * between them, meta events sent to the same receiver; {@link #ingest(String)} posts a
 * webhook to the source as a sender would, which stores the event and then waits until its delivery is planned (the
 * server answers on durable receipt and plans after, ADR 0038).
 */
public final class TrafficSeeds implements AutoCloseable {

    private final ApiClient admin;
    private final ApiClient project;
    private final Endpoint endpoint;
    private final Source source;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private TrafficSeeds(ApiClient admin, ApiClient project, Endpoint endpoint, Source source) {
        this.admin = admin;
        this.project = project;
        this.endpoint = endpoint;
        this.source = source;
    }

    /** A new incoming project on {@code server} delivering what its source receives to {@code receiver}. */
    public static TrafficSeeds start(EmbeddedServer server, RecordingReceiver receiver) {
        ApiClient admin = new ApiClient(server.baseUrl() + "/api", server.apiKey());
        // one try per delivery (a failure is final at once), and meta events on: creating the endpoint below
        // records an endpoint.created meta event
        ProjectConfig config = ProjectConfig.builder()
                .strategy(new ProjectConfig.Strategy(StrategyType.LINEAR, 1L, 1L))
                .metaEvent(new ProjectConfig.MetaEventConfig(true, "http", List.of("endpoint.created", "endpoint.updated"), receiver.url("/meta"), "meta-secret"))
                .build();
        String projectId = admin.createProject(new CreateProjectRequest("Traffic", ProjectType.INCOMING, null,
                config)).project().uid();
        ApiClient project = admin.withProject(projectId);
        Endpoint endpoint = project.createEndpoint(EndpointRequest.of(receiver.url("/hook"), "orders-receiver"));
        Source source = project.createSource(new CreateSourceRequest("shop", SourceType.HTTP, null, null,
                new Verifier(VerifierType.NOOP, null, null, null), null, List.of("request.body.order"), null, null));
        project.createSubscription(new SubscriptionRequest("shop-to-orders", source.uid(), endpoint.uid(), null, null,
                null, null, null, null, null));
        return new TrafficSeeds(admin, project, endpoint, source);
    }

    /** A client bound to the incoming project (what the console's session uses). */
    public ApiClient client() {
        return project;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public Source source() {
        return source;
    }

    /** Posts {@code json} to the source's ingest URL; fails unless the server stored it (2xx). */
    public void ingest(String json) {
        try {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(source.url()))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() / 100 != 2) {
                throw new AssertionError("ingest answered " + answer.statusCode() + ": " + answer.body());
            }
            awaitPlanned();
        } catch (IOException e) {
            throw new AssertionError("cannot ingest: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Waits until no recent event of the project waits for its plan (its deliveries are stored). */
    private void awaitPlanned() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (project.listEvents(dev.hookline.api.client.ListQuery.ofPerPage(100)).content().stream()
                .anyMatch(e -> e.status() == dev.hookline.api.model.EventStatus.PENDING)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the ingested event was not planned within 60 s");
            }
            Thread.sleep(20);
        }
    }

    @Override
    public void close() {
        admin.close();
    }
}
