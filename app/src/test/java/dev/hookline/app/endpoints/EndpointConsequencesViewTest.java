package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Pausing, deleting and expiring the secret of an endpoint say first what they touch, counted on a real embedded
 * server: an outgoing project whose receiver answers 500 and whose retries are an hour apart, so three deliveries
 * wait in Retry.
 */
class EndpointConsequencesViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private ApiClient admin;
    private ApiClient project;
    private Endpoint endpoint;
    private ViewHarness harness;

    @BeforeEach
    void seed() throws Exception {
        receiver = RecordingReceiver.start(500, "{\"error\":\"down\"}");
        server = EmbeddedServerFixture.start(dataDirectory);
        admin = new ApiClient(server.server().baseUrl() + "/api", server.server().apiKey());
        ProjectConfig config = ProjectConfig.builder()
                .strategy(new ProjectConfig.Strategy(StrategyType.LINEAR, 3600L, 5L))
                .build();
        String projectId = admin.createProject(new CreateProjectRequest("Orders", ProjectType.OUTGOING, null,
                config)).project().uid();
        project = admin.withProject(projectId);
        endpoint = project.createEndpoint(EndpointRequest.of(receiver.url("/hook"), "orders-receiver"));
        project.createSubscription(new SubscriptionRequest("all-orders", null, endpoint.uid(), null, null, null,
                null, null, null, null));
        for (int i = 1; i <= 3; i++) {
            project.createEvent(new CreateEventRequest(endpoint.uid(), null, null, "order.created",
                    Json.lenient().readTree("{\"order\":" + i + "}"), null, null));
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> project.listEventDeliveries(ListQuery.ofPerPage(50)
                .with("status", EventDeliveryStatus.RETRY.wire())).content().size() == 3);
    }

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
        project.close();
        admin.close();
        server.close();
        receiver.close();
    }

    @Test
    void pausingSaysHowManyPendingDeliveriesItDiscardsBeforeItPauses() throws Exception {
        show();
        select();

        robot.clickOn("#endpoints-toggle");
        ViewHarness.await("the question is asked", () -> robot.lookup("#confirm-question").query().isVisible());
        assertEquals("Pause \"orders-receiver\"? Its 3 pending deliveries (scheduled, retrying or being sent) will "
                + "be discarded, and its new deliveries are discarded until you resume it. Resuming does not send "
                + "discarded ones: retry them after.", text("#confirm-question"));
        assertEquals(EndpointStatus.ACTIVE, project.getEndpoint(endpoint.uid()).status(), "nothing done yet");
        harness.screenshot("endpoints-pause-question");
        fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("endpoints-pause-question-dark");
        fx(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));

        robot.clickOn("#confirm-yes");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> project.getEndpoint(endpoint.uid()).status()
                == EndpointStatus.PAUSED);

        robot.clickOn("#endpoints-toggle"); // resuming discards nothing: no question
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> project.getEndpoint(endpoint.uid()).status()
                == EndpointStatus.ACTIVE);
    }

    @Test
    void deletingSaysWhichSubscriptionsAndPendingDeliveriesGoWithIt() throws Exception {
        show();
        select();

        robot.clickOn("#endpoints-delete");
        ViewHarness.await("the question is asked", () -> robot.lookup("#confirm-question").query().isVisible());
        assertEquals("Delete endpoint \"orders-receiver\"? The 1 subscription delivering to it is deleted and its 3 "
                + "pending deliveries will be discarded. This cannot be undone.", text("#confirm-question"));
        harness.screenshot("endpoints-delete-question");
        robot.clickOn("#confirm-no");
        assertEquals(1, project.listEndpoints(ListQuery.ofPerPage(10)).content().size());
    }

    @Test
    void expiringTheSecretSaysWhatTheReceiverMustDoAndHowMuchTrafficItCarries() throws Exception {
        show();
        select();

        robot.clickOn("#endpoints-expire-secret");
        ViewHarness.await("the consequence is counted", () -> text("#expire-consequence").contains("3 deliveries"));
        assertEquals("The receiver must check signatures with the new secret within 24 hours: after that, "
                + "deliveries signed only with the new secret fail where it still checks the old one. It got 3 "
                + "deliveries in the last 24 hours, and 3 deliveries are pending.", text("#expire-consequence"));
        robot.doubleClickOn("#expire-hours").write("2");
        ViewHarness.await("the hours follow", () -> text("#expire-consequence").contains("within 2 hours"));
        harness.screenshot("endpoints-expire-consequence");
    }

    @Test
    void againstAServerWithoutTotalsTheQuestionsSpeakWithoutNumbers() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start()) {
            convoy.answer("GET", "subscriptions", 200, FakeConvoy.emptyPage());
            EndpointImpact impact = EndpointImpact.count(convoy.client(), "ep1", Instant.now());
            assertEquals(-1, impact.pending(), "statustotals answered 404");
            assertEquals("Pause \"a\"? Its pending deliveries will be discarded, and its new deliveries are "
                    + "discarded until you resume it. Resuming does not send discarded ones: retry them after.",
                    impact.pauseQuestion("a"));
            assertEquals("Delete endpoint \"a\"? No subscription delivers to it and its pending deliveries will be "
                    + "discarded. This cannot be undone.", impact.deleteQuestion("a"));
            assertEquals(1, convoy.requests("GET", "eventdeliveries/statustotals").size());
        }
    }

    private void show() throws Exception {
        harness = ViewHarness.show(server, session -> new EndpointsView(ConsoleSession.connected(project, true,
                session.tasks())));
    }

    @SuppressWarnings("unchecked")
    private void select() throws Exception {
        TableView<Endpoint> table = robot.lookup("#endpoints-table").queryAs(TableView.class);
        ViewHarness.await("the endpoint is listed", () -> table.getItems().size() == 1);
        fx(() -> table.getSelectionModel().select(0));
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
