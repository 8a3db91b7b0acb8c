package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.Json;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.shell.ConsoleViews;
import dev.hookline.app.shell.ShellView;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.TrafficSeeds;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The filter bars of Deliveries, Events and Meta events in the real shell against a real embedded server: what a
 * cleared box shows, the delivery ID filter, the event type picker, JSON containment search with its highlights,
 * and the meta events' filters.
 */
class TrafficFiltersViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private TrafficSeeds traffic;
    private ShellView shell;
    private Stage stage;

    @BeforeEach
    void start() throws Exception {
        receiver = RecordingReceiver.start(200, "{\"received\":true}");
        server = EmbeddedServerFixture.start(dataDirectory);
        traffic = TrafficSeeds.start(server.server(), receiver);
        stage = FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        fx(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
        traffic.close();
        server.close();
        receiver.close();
    }

    private void show(ApiClient client, NavigationTarget target) throws Exception {
        ConsoleSession session = ConsoleSession.connected(client, true, new SameThreadBackgroundTasks());
        fx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            shell = new ShellView(new WritableImage(1, 1), session, new ConsoleViews(s -> null, s -> null), new Label());
            stage.setScene(new Scene(shell, 1260, 780));
            stage.show();
            shell.selectedProperty().set(target);
        });
    }

    private void fx(Runnable action) throws Exception {
        // loading a view runs its first calls on the FX thread here (same-thread tasks): a busy machine is slow
        WaitForAsyncUtils.asyncFx(action).get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private <T> TableView<T> table(String id) {
        return robot.lookup(id + " .table-view").queryAs(TableView.class);
    }

    private void awaitRows(String tableId, int count) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> table(tableId).getItems().size() == count);
    }

    /** What a multi-select box shows on its button. */
    private String shown(String id) {
        // the button cell of the combo box inside the control (the popup's check cells are list cells too)
        return robot.lookup(id + " .list-cell").queryAllAs(ListCell.class).stream()
                .filter(cell -> cell.getParent().getStyleClass().contains("combo-box")).findFirst().orElseThrow()
                .getText();
    }

    /** Types {@code text} into a filter field and presses Enter (the robot's keyboard would mangle JSON). */
    private void enter(String id, String text) throws Exception {
        TextField field = robot.lookup(id).queryAs(TextField.class);
        fx(() -> {
            field.setText(text);
            field.fireEvent(new javafx.event.ActionEvent());
        });
    }

    /** Three deliveries in the server's default project: two {@code invoice.paid}, one {@code customer.created}. */
    private Endpoint typedTraffic() throws Exception {
        ApiClient client = server.client();
        Endpoint endpoint = client.createEndpoint(EndpointRequest.of(receiver.url("/typed"), "typed"));
        for (String type : List.of("invoice.paid", "customer.created", "invoice.paid")) {
            client.createEvent(CreateEventRequest.toEndpoint(endpoint.uid(), type,
                    Json.strict().createObjectNode().put("type", type)));
        }
        receiver.awaitPath("/typed", 3, Duration.ofSeconds(20));
        return endpoint;
    }

    @Test
    void clearLeavesEveryBoxShowingItsClearedState() throws Exception {
        typedTraffic();
        show(server.client(), NavigationTarget.DELIVERIES);
        awaitRows("#deliveriesTable", 3);
        assertTrue(shown("#statusFilter").startsWith("All statuses"), shown("#statusFilter"));

        @SuppressWarnings("unchecked")
        CheckComboBox<EventDeliveryStatus> statuses = robot.lookup("#statusFilter").queryAs(CheckComboBox.class);
        fx(() -> statuses.getCheckModel().check(EventDeliveryStatus.SUCCESS));
        robot.clickOn("#deliveryIdFilter").write("01J00000000000000000000000").type(javafx.scene.input.KeyCode.ENTER);
        awaitRows("#deliveriesTable", 0);
        assertEquals("Success", shown("#statusFilter"));

        robot.clickOn("#clearFilters");

        awaitRows("#deliveriesTable", 3);
        assertTrue(shown("#statusFilter").startsWith("All statuses"), "was blank: " + shown("#statusFilter"));
        assertTrue(shown("#endpointFilter").startsWith("All endpoints"), shown("#endpointFilter"));
        assertEquals("", robot.lookup("#deliveryIdFilter").queryAs(TextField.class).getText());
        assertEquals("", robot.lookup("#eventTypeFilter").queryAs(ComboBox.class).getEditor().getText());
        Screenshots.save(stage.getScene(), "filters-cleared");
    }

    @Test
    void aDeliveryIdShowsThatDeliveryAlone() throws Exception {
        typedTraffic();
        show(server.client(), NavigationTarget.DELIVERIES);
        awaitRows("#deliveriesTable", 3);
        EventDelivery wanted = this.<EventDelivery>table("#deliveriesTable").getItems().get(1);

        robot.clickOn("#deliveryIdFilter").write(wanted.uid()).type(javafx.scene.input.KeyCode.ENTER);

        ViewHarness.await("only the named delivery is listed", () -> table("#deliveriesTable").getItems().size() == 1
                && this.<EventDelivery>table("#deliveriesTable").getItems().get(0).uid().equals(wanted.uid()));
        assertTrue(robot.lookup("#batchRetry").queryAs(Button.class).isDisabled(),
                "a batch would cover every delivery, not the one named");
        Screenshots.save(stage.getScene(), "filters-delivery-id");

        @SuppressWarnings("unchecked")
        CheckComboBox<EventDeliveryStatus> statuses = robot.lookup("#statusFilter").queryAs(CheckComboBox.class);
        EventDeliveryStatus other = wanted.status() == EventDeliveryStatus.FAILURE ? EventDeliveryStatus.SUCCESS
                : EventDeliveryStatus.FAILURE;
        fx(() -> statuses.getCheckModel().check(other));
        awaitRows("#deliveriesTable", 0);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> robot.lookup("No deliveries match these filters").tryQuery().isPresent());
    }

    @Test
    void theEventTypePickerOffersTheProjectsTypesAndTakesAnyText() throws Exception {
        typedTraffic();
        show(server.client(), NavigationTarget.DELIVERIES);
        awaitRows("#deliveriesTable", 3);
        @SuppressWarnings("unchecked")
        ComboBox<String> picker = robot.lookup("#eventTypeFilter").queryAs(ComboBox.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> picker.getItems().equals(List.of("customer.created", "invoice.paid")));

        fx(picker::show);
        Screenshots.save(stage.getScene(), "filters-event-type-picker");
        fx(() -> picker.getSelectionModel().select("customer.created"));
        fx(picker::hide);

        awaitRows("#deliveriesTable", 1);
        assertEquals("customer.created",
                this.<EventDelivery>table("#deliveriesTable").getItems().get(0).eventType());
        assertEquals(List.of("customer.created", "invoice.paid"), picker.getItems(),
                "the picker still offers every type of the project, not only those listed now");

        fx(() -> picker.getEditor().clear());
        robot.clickOn(picker.getEditor()).write("invoice").type(javafx.scene.input.KeyCode.ENTER);
        awaitRows("#deliveriesTable", 0);
        robot.clickOn(picker.getEditor()).write(".paid").type(javafx.scene.input.KeyCode.ENTER);
        awaitRows("#deliveriesTable", 2);
    }

    @Test
    void theEventsSearchTakesJsonContainmentAndHighlightsTheMatches() throws Exception {
        traffic.ingest("{\"order\":\"C-1\",\"data\":{\"customer\":{\"id\":\"cus_039\",\"tier\":\"gold\"}},"
                + "\"items\":[{\"sku\":\"A-1\"},{\"sku\":\"B-2\"}]}");
        traffic.ingest("{\"order\":\"C-2\",\"data\":{\"customer\":{\"id\":\"cus_040\"}},\"note\":\"cus_039\"}");
        show(traffic.client(), NavigationTarget.EVENTS);
        awaitRows("#eventsTable", 2);

        enter("#eventSearch", "{\"data\":{\"customer\":{\"id\":\"cus_039\"}},\"items\":[{\"sku\":\"B-2\"}]}");

        awaitRows("#eventsTable", 1);
        TableView<Event> events = table("#eventsTable");
        fx(() -> events.getSelectionModel().select(0));
        Node highlights = robot.lookup("#eventPayloadHighlights").query();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, highlights::isVisible);
        assertEquals("2 matches of the search highlighted",
                robot.lookup("#eventPayloadMatchCount").queryAs(Label.class).getText());
        List<String> marked = robot.lookup("#eventPayloadHighlightText .payload-match").queryAllAs(Label.class)
                .stream().map(Label::getText).toList();
        assertEquals(List.of("\"id\" : \"cus_039\"", "\"sku\" : \"B-2\""), marked);
        Screenshots.save(stage.getScene(), "filters-events-json-search");
        fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        Screenshots.save(stage.getScene(), "filters-events-json-search-dark");
        fx(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));

        enter("#eventSearch", "cus_039");
        awaitRows("#eventsTable", 2);
        Event withNote = events.getItems().stream().filter(e -> traffic.client().getEvent(e.uid()).data()
                .path("order").asText().equals("C-2")).findFirst().orElseThrow();
        fx(() -> events.getSelectionModel().select(withNote));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "1 match of the search highlighted".equals(
                robot.lookup("#eventPayloadMatchCount").queryAs(Label.class).getText()));
        Screenshots.save(stage.getScene(), "filters-events-text-search");

        robot.clickOn("#clearEventFilters");
        awaitRows("#eventsTable", 2);
        assertFalse(highlights.isVisible(), "no search, nothing highlighted: the plain payload is shown");
    }

    @Test
    void metaEventsFilterByStatusAndTypeAndClear() throws Exception {
        // creating the endpoint recorded endpoint.created; pausing it records endpoint.updated
        traffic.client().pauseEndpoint(traffic.endpoint().uid());
        receiver.awaitPath("/meta", 2, Duration.ofSeconds(20));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> traffic.client().listMetaEvents(
                dev.hookline.api.client.ListQuery.create()).content().stream()
                .allMatch(m -> m.status() == EventDeliveryStatus.SUCCESS));
        show(traffic.client(), NavigationTarget.META_EVENTS);
        awaitRows("#metaEventsTable", 2);
        @SuppressWarnings("unchecked")
        ComboBox<String> type = robot.lookup("#metaEventTypeFilter").queryAs(ComboBox.class);
        assertTrue(type.getItems().containsAll(List.of("endpoint.created", "endpoint.updated")), type.getItems()
                .toString());

        fx(() -> type.getSelectionModel().select("endpoint.updated"));
        awaitRows("#metaEventsTable", 1);
        assertEquals("endpoint.updated", this.<MetaEvent>table("#metaEventsTable").getItems().get(0).eventType());
        @SuppressWarnings("unchecked")
        CheckComboBox<EventDeliveryStatus> statuses = robot.lookup("#metaStatusFilter").queryAs(CheckComboBox.class);
        fx(() -> statuses.getCheckModel().check(EventDeliveryStatus.FAILURE));
        awaitRows("#metaEventsTable", 0);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> robot.lookup("No meta events match these filters").tryQuery().isPresent());
        Screenshots.save(stage.getScene(), "filters-meta-events");

        robot.clickOn("#clearMetaEventFilters");

        awaitRows("#metaEventsTable", 2);
        assertTrue(shown("#metaStatusFilter").startsWith("All statuses"), shown("#metaStatusFilter"));
        assertEquals("", type.getEditor().getText());
    }
}
