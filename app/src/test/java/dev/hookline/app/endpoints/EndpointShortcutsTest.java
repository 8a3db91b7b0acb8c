package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.app.concurrent.FxBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/** An endpoint's shortcuts: a test event straight to it, its deliveries, its subscriptions. */
class EndpointShortcutsTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private final List<ConsoleSession.Navigation> navigations = new CopyOnWriteArrayList<>();
    private final FxBackgroundTasks tasks = new FxBackgroundTasks();
    private EmbeddedServerFixture server;
    private Endpoint endpoint;

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedServerFixture.start(dataDirectory);
        endpoint = server.client().createEndpoint(EndpointRequest.of("https://example.com/hooks", "orders"));
        ConsoleSession session = ConsoleSession.connected(server.client(), true, tasks);
        session.onNavigate(navigations::add);
        Stage stage = FxToolkit.registerPrimaryStage();
        robot.interact(() -> {
            EndpointsView view = new EndpointsView(session);
            stage.setScene(new Scene((Parent) view.node(), 1280, 700));
            stage.show();
        });
        ViewHarness.await("the endpoint is listed", () -> robot.lookup("orders").tryQuery().isPresent());
        robot.clickOn("orders");
    }

    @AfterEach
    void stop() throws Exception {
        FxToolkit.cleanupStages();
        tasks.close();
        server.close();
    }

    @Test
    void sendTestEventCreatesAnEventForTheEndpointAndShowsItsDelivery() {
        robot.clickOn("#endpoints-test-event");

        ViewHarness.await("the Deliveries view is asked for", () -> navigations.size() == 1);
        Event event = server.client().listEvents(ListQuery.ofPerPage(5)).content().getFirst();
        assertEquals(EndpointActions.TEST_EVENT_TYPE, event.eventType());
        assertEquals(new ConsoleSession.Navigation(NavigationTarget.DELIVERIES, Map.of("eventId", event.uid())),
                navigations.getFirst());
        assertEquals(endpoint.uid(), server.client().listEventDeliveries(ListQuery.ofPerPage(5)
                .with("eventId", event.uid())).content().getFirst().endpointId());
    }

    @Test
    void deliveriesAndSubscriptionsOpenNarrowedToTheEndpoint() {
        robot.clickOn("#endpoints-view-deliveries");
        robot.clickOn("#endpoints-view-subscriptions");

        ViewHarness.await("both views are asked for", () -> navigations.size() == 2);
        assertEquals(List.of(
                new ConsoleSession.Navigation(NavigationTarget.DELIVERIES, Map.of("endpointId", endpoint.uid())),
                new ConsoleSession.Navigation(NavigationTarget.SUBSCRIPTIONS, Map.of("endpointId", endpoint.uid()))),
                navigations);
    }
}
