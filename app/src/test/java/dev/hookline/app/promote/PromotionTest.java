package dev.hookline.app.promote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.promote.PromotionStep.Action;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Promotion between two real embedded servers: what the dry run lists is what lands, and secrets only when asked. */
class PromotionTest {

    @TempDir
    Path laptopDir;
    @TempDir
    Path teamDir;

    private EmbeddedServerFixture laptop;
    private EmbeddedServerFixture team;

    @BeforeEach
    void start() {
        laptop = EmbeddedServerFixture.start(laptopDir);
        team = EmbeddedServerFixture.start(teamDir);
        ApiClient from = laptop.client();
        from.updateProject(from.projectId(), new UpdateProjectRequest("laptop", null, ProjectConfig.builder()
                .addEventIdTraceHeaders(true)
                .strategy(new ProjectConfig.Strategy(StrategyType.EXPONENTIAL, 20L, 4L))
                .circuitBreaker(new ProjectConfig.CircuitBreaker(null, 120L, 40L, null, null, 3L, null))
                .build()));
        Source plain = from.createSource(new CreateSourceRequest("shop", SourceType.HTTP, null, null,
                new Verifier(VerifierType.NOOP, null, null, null), null, null, null, null));
        from.createSource(new CreateSourceRequest("github", SourceType.HTTP, null, null,
                new Verifier(VerifierType.HMAC, new Verifier.Hmac("X-Hub-Signature-256", "SHA256", "gh-secret",
                        "hex"), null, null), null, null, null, null));
        Endpoint orders = from.createEndpoint(EndpointRequest.of("https://orders.example.com/in", "orders"));
        JsonNode body = Json.strict().createObjectNode().put("country", "NL");
        from.createSubscription(new SubscriptionRequest("shop to orders", plain.uid(), orders.uid(), null,
                "function transform(payload) { return payload; }", null, null,
                new FilterConfig(List.of("order.created"), new FilterConfig.Filter(null, null, body, null, null)),
                null, null));
    }

    @AfterEach
    void stop() {
        laptop.close();
        team.close();
    }

    @Test
    void aLoopbackEndpointIsFlaggedInTheDryRun() {
        laptop.client().createEndpoint(EndpointRequest.of("http://127.0.0.1:41515/capture/01BIN", "local-bin"));

        PromotionStep step = Promotion.plan(laptop.client(), team.client(), false).steps().stream()
                .filter(s -> s.name().equals("local-bin")).findFirst().orElseThrow();

        assertTrue(step.detail().endsWith("; warning: a loopback address, reachable only on the machine the target "
                + "server runs on"), step.detail());
        assertEquals("", Promotion.loopbackWarning("https://orders.example.com/in"));
    }

    @Test
    void theDryRunListsEachStepAndWritesNothing() {
        Promotion promotion = Promotion.plan(laptop.client(), team.client(), false);

        assertEquals(List.of(
                "Project settings update", "Source create", "Source skip", "Endpoint create", "Subscription create",
                "Left behind skip"),
                promotion.steps().stream().map(s -> s.kind() + " " + s.action().label()).toList());
        assertTrue(promotion.steps().get(2).detail().contains("needs its secret"), promotion.steps().get(2).detail());
        assertEquals(Promotion.LEFT_BEHIND, promotion.steps().getLast().detail(), "the dry run says what stays");
        assertEquals(0, team.client().listEndpoints(ListQuery.ofPerPage(10)).content().size());
        assertEquals(4, promotion.changes());
    }

    @Test
    void applyingCreatesTheSameConfigurationAndASecondRunFindsNothingToDo() {
        Promotion promotion = Promotion.plan(laptop.client(), team.client(), false);
        int[] progress = {0};

        promotion.apply(done -> progress[0] = done);

        assertEquals(4, progress[0]);
        ApiClient to = team.client();
        ProjectConfig settings = to.getProject(to.projectId()).config();
        assertEquals(StrategyType.EXPONENTIAL, settings.strategy().type());
        assertEquals(4L, settings.strategy().retryCount());
        assertTrue(settings.addEventIdTraceHeaders());
        assertEquals(new ProjectConfig.CircuitBreaker(30L, 120L, 40L, 5L, 5L, 3L, 10L), settings.circuitBreaker(),
                "the circuit breaker's thresholds go along");
        Endpoint promoted = to.listEndpoints(ListQuery.ofPerPage(10)).content().getFirst();
        assertEquals("https://orders.example.com/in", promoted.url());
        Endpoint original = laptop.client().listEndpoints(ListQuery.ofPerPage(10)).content().getFirst();
        assertNotEquals(original.secrets().getLast().value(), promoted.secrets().getLast().value(),
                "without Carry secrets the target makes its own");
        Subscription subscription = to.listSubscriptions(ListQuery.ofPerPage(10)).content().getFirst();
        assertEquals("shop", subscription.sourceMetadata().name());
        assertEquals(promoted.uid(), subscription.endpointMetadata().uid());
        assertEquals(List.of("order.created"), subscription.filterConfig().eventTypes());
        assertEquals("NL", subscription.filterConfig().filter().body().path("country").asText());
        assertTrue(subscription.function().contains("transform"));

        Promotion again = Promotion.plan(laptop.client(), team.client(), false);
        assertEquals(0, again.changes(), again.steps().toString());
    }

    @Test
    void carryingSecretsBringsTheEndpointSecretAndTheVerifiedSource() {
        Promotion promotion = Promotion.plan(laptop.client(), team.client(), true);
        assertEquals(Action.CREATE, promotion.steps().get(2).action(), "the HMAC source can go with its secret");

        promotion.apply(done -> { });

        Endpoint original = laptop.client().listEndpoints(ListQuery.ofPerPage(10)).content().getFirst();
        Endpoint promoted = team.client().listEndpoints(ListQuery.ofPerPage(10)).content().getFirst();
        assertEquals(original.secrets().getLast().value(), promoted.secrets().getLast().value());
        Source github = team.client().listSources(ListQuery.ofPerPage(10)).content().stream()
                .filter(s -> s.name().equals("github")).findFirst().orElseThrow();
        assertEquals(VerifierType.HMAC, github.verifier().type());
    }

    @Test
    void anEndpointWhoseAuthenticationSecretTheServerHidesIsSkippedWithTheReason() {
        laptop.client().createEndpoint(new EndpointRequest("https://billing.example.com/in", "billing", null, null,
                null, null, null, null, null, null, null, null, null, null,
                new dev.hookline.api.model.EndpointAuthentication(dev.hookline.api.model.EndpointAuthType.BASIC_AUTH,
                        null, new dev.hookline.api.model.BasicAuth("billing", "s3cret"), null), null, null));

        PromotionStep billing = Promotion.plan(laptop.client(), team.client(), true).steps().stream()
                .filter(s -> s.name().equals("billing")).findFirst().orElseThrow();

        assertEquals(Action.SKIP, billing.action());
        assertTrue(billing.detail().contains("does not reveal"), billing.detail());
    }

    @Test
    void aChangedEndpointIsUpdatedNotDuplicated() {
        Promotion.plan(laptop.client(), team.client(), false).apply(done -> { });
        Endpoint original = laptop.client().listEndpoints(ListQuery.ofPerPage(10)).content().getFirst();
        laptop.client().updateEndpoint(original.uid(), EndpointRequest.of("https://orders.example.com/v2", "orders"));

        Promotion promotion = Promotion.plan(laptop.client(), team.client(), false);
        PromotionStep endpoint = promotion.steps().stream().filter(s -> s.kind().equals("Endpoint")).findFirst()
                .orElseThrow();
        assertEquals(Action.UPDATE, endpoint.action());
        promotion.apply(done -> { });

        List<Endpoint> targets = team.client().listEndpoints(ListQuery.ofPerPage(10)).content();
        assertEquals(1, targets.size());
        assertEquals("https://orders.example.com/v2", targets.getFirst().url());
    }
}
