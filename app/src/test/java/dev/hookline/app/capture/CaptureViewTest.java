package dev.hookline.app.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.Json;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.ViewHarness;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/** The capture view against a real embedded server: a capture endpoint, its deliveries live, and the bin's answer. */
class CaptureViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private ViewHarness harness;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
    }

    @AfterEach
    void stop() throws Exception {
        if (harness != null) {
            harness.close();
        }
        server.close();
    }

    @Test
    void aCaptureEndpointShowsEachDeliveryLiveWithItsSignatureChecked() throws Exception {
        harness = ViewHarness.show(server, CaptureView::new);

        robot.clickOn("#capture-name").write("orders");
        robot.clickOn("#capture-new");
        ViewHarness.await("the bin is listed and selected", () -> bins().getItems().size() == 1
                && bins().getSelectionModel().getSelectedItem() != null);
        CaptureBin bin = bins().getItems().getFirst();
        assertEquals("orders", bin.name());
        Endpoint endpoint = server.client().listEndpoints(ListQuery.ofPerPage(50)).content().stream()
                .filter(e -> e.url().equals(bin.url())).findFirst().orElseThrow();
        assertEquals("Capture: orders", endpoint.name());
        assertTrue(text("#capture-message").contains("Capture: orders"), text("#capture-message"));

        server.client().createEvent(CreateEventRequest.toEndpoint(endpoint.uid(), "order.created",
                Json.strict().createObjectNode().put("order", "ord_1")));

        ViewHarness.await("the delivery shows up without a refresh", () -> requests().getItems().size() == 1);
        robot.interact(() -> requests().getSelectionModel().select(0));
        assertEquals("valid", text("#capture-signature-status"));
        assertTrue(((TextArea) robot.lookup("#capture-body").query()).getText().contains("\"order\" : \"ord_1\"")
                || ((TextArea) robot.lookup("#capture-body").query()).getText().contains("\"order\": \"ord_1\""),
                ((TextArea) robot.lookup("#capture-body").query()).getText());
        assertTrue(((TextArea) robot.lookup("#capture-headers").query()).getText().toLowerCase(java.util.Locale.ROOT)
                .contains("x-convoy-signature: "));
        harness.screenshot("capture-bin-light");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("capture-bin-dark");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
    }

    @Test
    void theAnswerPickedMakesTheDeliveryRetry() throws Exception {
        harness = ViewHarness.show(server, CaptureView::new);
        robot.clickOn("#capture-new");
        ViewHarness.await("the bin is selected", () -> bins().getSelectionModel().getSelectedItem() != null);
        CaptureBin bin = bins().getItems().getFirst();

        @SuppressWarnings("unchecked")
        ComboBox<Integer> status = robot.lookup("#capture-status").queryAs(ComboBox.class);
        robot.interact(() -> status.setValue(500));
        ViewHarness.await("the server has the new answer",
                () -> server.client().getCaptureBin(bin.uid()).responseStatus() == 500);
        Endpoint endpoint = server.client().listEndpoints(ListQuery.ofPerPage(50)).content().getFirst();
        String eventId = server.client().createEvent(CreateEventRequest.toEndpoint(endpoint.uid(), "order.created",
                Json.strict().createObjectNode())).uid();

        ViewHarness.await("the request is shown answered 500", () -> !requests().getItems().isEmpty()
                && requests().getItems().getFirst().responseStatus() == 500);
        ViewHarness.await("the delivery is retried", () -> {
            List<EventDelivery> got = server.client().listEventDeliveries(ListQuery.ofPerPage(5)
                    .with("eventId", eventId)).content();
            return !got.isEmpty() && got.getFirst().status() == EventDeliveryStatus.RETRY;
        });
        assertTrue(text("#capture-message").contains("500"), text("#capture-message"));
    }

    @Test
    void aPlainPostIsShownAsUnsignedAndClearEmptiesTheList() throws Exception {
        harness = ViewHarness.show(server, CaptureView::new);
        robot.clickOn("#capture-new");
        ViewHarness.await("the bin is selected", () -> bins().getSelectionModel().getSelectedItem() != null);
        String url = bins().getItems().getFirst().url();

        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .POST(HttpRequest.BodyPublishers.ofString("{\"hello\":1}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode());
        ViewHarness.await("the request is shown", () -> requests().getItems().size() == 1);
        robot.interact(() -> requests().getSelectionModel().select(0));
        assertEquals("unsigned", text("#capture-signature-status"));

        robot.clickOn("#capture-clear");
        ViewHarness.await("the list is empty", () -> requests().getItems().isEmpty());
        assertEquals(List.of(), server.client().listCapturedRequests(bins().getItems().getFirst().uid(), 0));
    }

    @Test
    void aRemoteConvoySaysCaptureBinsAreNotThere() throws Exception {
        try (FakeConvoy convoy = FakeConvoy.start()) {
            ConsoleSession session = ConsoleSession.connected(convoy.client(), false,
                    new dev.hookline.app.concurrent.FxBackgroundTasks());
            Stage stage = FxToolkit.registerPrimaryStage();
            robot.interact(() -> {
                CaptureView view = new CaptureView(session);
                stage.setScene(new Scene((Parent) view.node(), 1100, 600));
                stage.show();
            });
            ViewHarness.await("the view says why", () -> robot.lookup("#capture-unavailable").tryQuery()
                    .map(javafx.scene.Node::isVisible).orElse(false));
            assertTrue(robot.lookup("#capture-new").query().isDisabled());
            Screenshots.save(stage.getScene(), "capture-unavailable");
        }
    }

    @SuppressWarnings("unchecked")
    private ListView<CaptureBin> bins() {
        return robot.lookup("#capture-bins").queryAs(ListView.class);
    }

    @SuppressWarnings("unchecked")
    private TableView<CapturedRequest> requests() {
        return robot.lookup("#capture-requests").queryAs(TableView.class);
    }

    private String text(String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }
}
