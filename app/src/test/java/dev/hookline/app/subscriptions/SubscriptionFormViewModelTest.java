package dev.hookline.app.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.Subscription;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubscriptionFormViewModelTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private ApiClient client;
    private SubscriptionFormViewModel form;
    private Endpoint endpoint;
    private final List<Throwable> connectionFailures = new ArrayList<>();
    private final AtomicReference<Subscription> saved = new AtomicReference<>();

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        client = server.client();
        endpoint = client.createEndpoint(EndpointRequest.of("https://example.com/hook", "orders"));
        form = new SubscriptionFormViewModel(new SameThreadBackgroundTasks(), () -> client, connectionFailures::add);
        form.loadChoices();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void loadsTheEndpointsAndOffersNoSourceInAnOutgoingProject() {
        assertEquals(List.of(endpoint.uid()), form.endpoints.stream().map(Endpoint::uid).toList());
        assertFalse(form.incoming.get());
        assertFalse(form.shownFields().contains(form.sourceId));
    }

    @Test
    void nameAndEndpointAreRequiredAndNothingIsSent() {
        assertFalse(form.save(saved::set));

        assertEquals("Name is required", form.name.error());
        assertEquals("Endpoint is required", form.endpointId.error());
        assertEquals(0, subscriptionCount());
    }

    @Test
    void filtersMustBeJsonObjects() {
        fillMinimal();
        form.filterBody.set("{\"amount\": ");
        form.filterHeaders.set("[1, 2]");

        assertFalse(form.save(saved::set));

        assertTrue(form.filterBody.error().startsWith("Body filter is not valid JSON: "), form.filterBody.error());
        assertEquals("Header filter must be a JSON object ({ ... })", form.filterHeaders.error());
        assertEquals(0, subscriptionCount());
    }

    @Test
    void functionRateLimitAndAlertAreChecked() {
        fillMinimal();
        form.function.set("return payload;");
        form.rateLimitCount.set("5");
        form.alertCount.set("x");
        form.alertThreshold.set("an hour");
        form.eventTypes.set("order.created,,order.paid");

        assertFalse(form.save(saved::set));

        assertEquals("Transform function must define function transform(payload) { ... }", form.function.error());
        assertEquals("Rate limit duration (seconds) is required when a rate limit is set",
                form.rateLimitDuration.error());
        assertEquals("Alert count must be a whole number of at least 0", form.alertCount.error());
        assertEquals("Alert threshold must be a duration such as 30s, 5m or 1h30m", form.alertThreshold.error());
        assertEquals("Event types must be names separated by commas, without empty entries", form.eventTypes.error());
        assertEquals(0, subscriptionCount());
    }

    @Test
    void validFormCreatesTheSubscriptionWithFilterAndLimits() {
        fillMinimal();
        form.eventTypes.set("order.created, order.paid");
        form.deliveryMode.set(DeliveryMode.AT_MOST_ONCE);
        form.filterBody.set("{\"amount\": {\"$gte\": 10}}");
        form.filterHeaders.set("{\"X-Tenant\": \"acme\"}");
        form.function.set("function transform(payload) { return payload; }");
        form.rateLimitCount.set("50");
        form.rateLimitDuration.set("60");
        form.alertCount.set("3");
        form.alertThreshold.set("1h");

        assertTrue(form.save(saved::set));

        assertEquals("", form.form().serverError());
        Subscription stored = client.getSubscription(saved.get().uid());
        assertEquals("orders-sub", stored.name());
        assertEquals(endpoint.uid(), stored.endpointMetadata().uid());
        assertEquals(List.of("order.created", "order.paid"), stored.filterConfig().eventTypes());
        assertEquals(DeliveryMode.AT_MOST_ONCE, stored.deliveryMode());
        assertEquals(50, stored.rateLimitConfig().count());
        assertEquals(60L, stored.rateLimitConfig().duration());
        assertEquals(3, stored.alertConfig().count());
        assertEquals("1h", stored.alertConfig().threshold());
        assertTrue(stored.function().contains("transform"));
        assertEquals(1, subscriptionCount());
    }

    @Test
    void emptyEventTypesMeanEveryEventType() {
        fillMinimal();

        assertEquals(List.of("*"), form.request().filterConfig().eventTypes());
        assertNull(form.request().sourceId());
        assertNull(form.request().rateLimitConfig());
    }

    @Test
    void editingRoundTripsTheStoredSubscription() {
        fillMinimal();
        form.eventTypes.set("a.b");
        form.save(saved::set);

        form.edit(client.getSubscription(saved.get().uid()));
        assertEquals("a.b", form.eventTypes.value());
        assertEquals(endpoint.uid(), form.endpointId.value());
        form.name.set("renamed");
        assertTrue(form.save(saved::set));

        assertEquals("renamed", client.getSubscription(saved.get().uid()).name());
        assertEquals(1, subscriptionCount());
    }

    @Test
    void incomingProjectsRequireASource() {
        var created = client.createProject(new CreateProjectRequest("inbound", ProjectType.INCOMING, null, null));
        client = client.withProject(created.project().uid());
        Endpoint inboundEndpoint = client.createEndpoint(EndpointRequest.of("https://example.com/in", "in"));
        Source source = client.createSource(new CreateSourceRequest("gh", SourceType.HTTP, null, null, null, null,
                null, null, null));
        form.loadChoices();
        assertTrue(form.incoming.get());
        assertEquals(List.of(source.uid()), form.sources.stream().map(Source::uid).toList());

        form.name.set("in-sub");
        form.endpointId.set(inboundEndpoint.uid());
        assertFalse(form.save(saved::set));
        assertEquals("Source is required", form.sourceId.error());

        form.sourceId.set(source.uid());
        assertTrue(form.save(saved::set));
        assertEquals(source.uid(), client.getSubscription(saved.get().uid()).sourceMetadata().uid());
    }

    @Test
    void serverRefusalIsShownAsTheServersMessage() {
        fillMinimal();
        form.endpointId.set("01UNKNOWNENDPOINT0000000000");

        assertTrue(form.save(saved::set));

        assertNull(saved.get());
        assertEquals("failed to find endpoint by id", form.form().serverError());
        assertEquals(0, subscriptionCount());
    }

    @Test
    void aSecondSubscriptionForAnEndpointSaysWhatToDo() {
        fillMinimal();
        assertTrue(form.save(saved::set));
        assertEquals(1, subscriptionCount());
        form.createNew();
        form.name.set("orders-only-paid");
        form.endpointId.set(endpoint.uid());

        assertTrue(form.save(saved::set));

        assertEquals("a subscription for this endpoint already exists." + SubscriptionFormViewModel.ONE_PER_ENDPOINT_HINT,
                form.form().serverError());
        assertEquals(1, subscriptionCount());
    }

    private void fillMinimal() {
        form.name.set("orders-sub");
        form.endpointId.set(endpoint.uid());
    }

    private int subscriptionCount() {
        return client.listSubscriptions(ListQuery.ofPerPage(100)).content().size();
    }
}
