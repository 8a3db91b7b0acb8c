package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.Json;
import dev.hookline.api.model.DeliveryHold;
import dev.hookline.api.model.DeliveryMetadata;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryBuilder;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.table.TableExport;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.traffic.DetailWidgets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Why a delivery did not go through, at a glance (issue 25, item 4), against a real HTTP server answering the wire
 * contract: the last response in its own column and in the failure headline, held deliveries saying what holds them
 * and when they are tried next, and a Convoy delivery (no Hookline extensions) shown without them.
 */
class WhyAtAGlanceViewTest {

    private static final Instant NEXT_TRY = Instant.parse("2026-12-02T12:00:03Z");

    @TempDir
    Path temp;

    /** A Hookline server's reasons, worded whole (ADR 0008). */
    private static final String GONE_REASON = "Failed after 3 attempts: the endpoint answered 410 Gone";
    private static final String HELD_REASON = "Held: the endpoint's circuit breaker is open; next try at "
            + "2026-12-02T12:00:03Z";

    private final FxRobot robot = new FxRobot();
    private FakeConvoy server;
    private Stage stage;
    private DeliveriesView view;
    private ConsoleSession session;

    @BeforeEach
    void start() throws Exception {
        server = FakeConvoy.start();
        EventDelivery gone = delivery("01GONE0000000000000000000A", EventDeliveryStatus.FAILURE)
                .description(GONE_REASON).lastResponse("410 Gone").retryable(true).build();
        EventDelivery held = delivery("01HELD0000000000000000000A", EventDeliveryStatus.SCHEDULED)
                .description(HELD_REASON).heldBy(DeliveryHold.CIRCUIT_OPEN).retryable(false)
                .lastResponse("connection refused").build();
        EventDelivery convoy = delivery("01CONVOY00000000000000000A", EventDeliveryStatus.FAILURE)
                .description("Retry limit exceeded").build();
        String page = "{\"content\":" + Json.lenient().writeValueAsString(List.of(gone, held, convoy))
                + ",\"pagination\":{\"per_page\":50,\"has_next_page\":false,\"has_prev_page\":false,"
                + "\"prev_page_cursor\":\"\",\"next_page_cursor\":\"\"}}";
        server.answer("GET", "eventdeliveries", 200, page).answer("GET", "endpoints", 200, FakeConvoy.emptyPage())
                .answer("GET", "eventdeliveries/01GONE0000000000000000000A", 200,
                        Json.lenient().writeValueAsString(gone))
                .answer("GET", "eventdeliveries/01GONE0000000000000000000A/deliveryattempts", 200, "[]")
                .answer("GET", "eventdeliveries/01HELD0000000000000000000A", 200,
                        Json.lenient().writeValueAsString(held))
                .answer("GET", "eventdeliveries/01HELD0000000000000000000A/deliveryattempts", 200, "[]");
        session = ConsoleSession.connected(server.client(), false, new SameThreadBackgroundTasks());
        stage = FxToolkit.registerPrimaryStage();
        fx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            view = new DeliveriesView(session);
            stage.setScene(new Scene((Parent) view.node(), 1260, 780));
            stage.show();
            view.onShown();
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table().getItems().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void stop() throws Exception {
        FxToolkit.cleanupStages();
        server.close();
    }

    private static EventDeliveryBuilder delivery(String id, EventDeliveryStatus status) {
        return EventDelivery.builder().uid(id).projectId(FakeConvoy.PROJECT).eventId("01EVENT" + id.substring(7))
                .endpointId("01ENDPOINT0000000000000000").eventType("order.paid").status(status)
                .metadata(new DeliveryMetadata(null, "{}", null, NEXT_TRY, 10L, 10L, 10L, null))
                .createdAt(Instant.parse("2026-12-02T11:59:00Z"));
    }

    @Test
    void theListShowsTheLastResponseAndWhatHoldsADelivery() throws Exception {
        assertEquals(List.of("410 Gone", "connection refused", ""), cells("Last response"),
                "a Convoy delivery has no last response: the cell stays empty");
        assertEquals("Held: circuit open · " + DetailWidgets.time(NEXT_TRY), cells("Next attempt").get(1));
        assertEquals(GONE_REASON, DeliveryRows.headline(table().getItems().get(0)),
                "a Hookline server's reason is shown as it words it");
        assertEquals("Retry limit exceeded", DeliveryRows.headline(table().getItems().get(2)),
                "a Convoy failure keeps the server's reason");
        EventDelivery convoyWithAnswer = table().getItems().get(2).toBuilder().lastResponse("410 Gone").build();
        assertEquals("410 Gone (Retry limit exceeded)", DeliveryRows.headline(convoyWithAnswer),
                "a terse reason gets the last response in front");
        Screenshots.save(stage.getScene(), "deliveries-last-response-and-held");
    }

    @Test
    void theFailureHeadlineIsTheReasonTheServerWorded() throws Exception {
        fx(() -> view.model().list().selectedProperty().set(table().getItems().get(0)));
        fx(() -> table().getSelectionModel().select(0));
        fx(view::openSelected);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> GONE_REASON.equals(label("#detailWhy").getText()));
    }

    @Test
    void aHeldDeliverySaysWhatHoldsItAndWhenItIsTriedNext() throws Exception {
        fx(() -> table().getSelectionModel().select(1));
        fx(view::openSelected);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> HELD_REASON.equals(label("#detailWhy").getText()));
        Screenshots.save(stage.getScene(), "deliveries-held-detail");
    }

    @Test
    void theExportCarriesTheLastResponseAndTheHold() throws Exception {
        java.io.StringWriter csv = new java.io.StringWriter();
        TableExport.writeCsv(table().getItems(), view.exportColumns(), csv);
        List<String> lines = csv.toString().lines().toList();
        assertEquals(4, lines.size(), csv.toString());
        List<String> header = List.of(lines.get(0).split(","));
        int lastResponse = header.indexOf("last_response");
        int heldBy = header.indexOf("held_by");
        assertTrue(lastResponse > 0 && heldBy > 0, lines.get(0));
        assertEquals("410 Gone", lines.get(1).split(",", -1)[lastResponse]);
        assertEquals("circuit_open", lines.get(2).split(",", -1)[heldBy]);
        assertEquals("", lines.get(3).split(",", -1)[lastResponse]);
    }

    @Test
    void theKeyboardRetriesTheSelectedRowAndOpensTheExportMenu() throws Exception {
        fx(() -> {
            table().requestFocus();
            table().getSelectionModel().select(0);
        });
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.R).release(KeyCode.R, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !server.requests("PUT",
                "eventdeliveries/01GONE0000000000000000000A/resend").isEmpty());

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.E).release(KeyCode.E, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#exportMenu")
                .queryAs(javafx.scene.control.MenuButton.class).isShowing());
        fx(() -> robot.lookup("#exportMenu").queryAs(javafx.scene.control.MenuButton.class).hide());
    }

    @Test
    void aSavedViewAppliesWheneverPickedAndTheBoxShowsTheOneInForce() throws Exception {
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<String> views = robot.lookup("#deliveriesSavedViews")
                .queryAs(javafx.scene.control.ComboBox.class);
        fx(() -> {
            view.model().statuses().setAll(EventDeliveryStatus.FAILURE);
            view.model().remembered().save("failures");
        });
        assertEquals("failures", views.getValue(), "saving names the view in force");

        fx(view.model()::clearFilters);
        assertTrue(view.model().statuses().isEmpty());
        assertEquals(null, views.getValue(), "Clear leaves the saved view: the box is empty again");

        fx(() -> views.setValue("failures"));
        assertEquals(List.of(EventDeliveryStatus.FAILURE), List.copyOf(view.model().statuses()),
                "picking the same view again after Clear applies it");
        assertTrue(views.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("active-view")));
        Screenshots.save(stage.getScene(), "deliveries-saved-view-in-force");

        fx(() -> view.model().statuses().setAll(EventDeliveryStatus.SUCCESS));
        assertEquals(null, views.getValue(), "changing a filter leaves the saved view");
    }

    @Test
    void filtersAndNotesStayWithTheirConnection() throws Exception {
        fx(() -> view.model().eventIdProperty().set("01EVENT-ON-THE-FIRST-SERVER"));
        fx(() -> view.model().retrySelected(List.of(table().getItems().get(0))));
        assertTrue(!view.model().actionMessageProperty().get().isEmpty(), "the retry said something");
        try (FakeConvoy other = FakeConvoy.start()) {
            other.answer("GET", "eventdeliveries", 200, FakeConvoy.emptyPage()).answer("GET", "endpoints", 200,
                    FakeConvoy.emptyPage());
            fx(() -> session.connect(other.client(), false, "another-remote"));
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !other.requests("GET", "eventdeliveries").isEmpty());
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals("", view.model().eventIdProperty().get(), "the first server's Event ID stays with it");
            FakeConvoy.Request last = other.requests("GET", "eventdeliveries").getLast();
            assertEquals(null, last.param("eventId"), last.query());
            assertEquals("", view.model().actionMessageProperty().get(), "the note stayed with its connection");
        }
    }

    @SuppressWarnings("unchecked")
    private TableView<EventDelivery> table() {
        return robot.lookup("#deliveriesTable .table-view").queryAs(TableView.class);
    }

    private List<String> cells(String title) {
        TableColumn<EventDelivery, ?> column = table().getColumns().stream().filter(c -> title.equals(c.getText()))
                .findFirst().orElseThrow(() -> new AssertionError("no column " + title));
        return table().getItems().stream().map(d -> String.valueOf(column.getCellObservableValue(d).getValue()))
                .toList();
    }

    private Label label(String query) {
        return robot.lookup(query).queryAs(Label.class);
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(30, TimeUnit.SECONDS); // the first view of a JVM parses the theme
        WaitForAsyncUtils.waitForFxEvents();
    }
}
