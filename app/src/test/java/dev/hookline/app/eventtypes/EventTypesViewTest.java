package dev.hookline.app.eventtypes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.EventTypeRequest;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The event type catalogue view against a real embedded server. */
class EventTypesViewTest {

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
    void createsATypeWithASchemaAndEditsIt() throws Exception {
        harness = ViewHarness.show(server, EventTypesView::new);

        robot.clickOn("#event-types-new");
        robot.clickOn("#event-type-name").write("invoice.paid");
        robot.clickOn("#event-type-category").write("billing");
        robot.clickOn("#event-type-schema").write("{\"type\": \"object\", \"required\": [\"invoice\"]}");
        harness.screenshotLightAndDark("event-types-form");
        robot.clickOn("#event-type-form-save");

        TableView<EventType> table = table();
        ViewHarness.await("the type is listed", () -> table.getItems().size() == 1);
        EventType stored = server.client().listEventTypes().getFirst();
        assertEquals("invoice.paid", stored.name());
        assertEquals("billing", stored.category());
        assertEquals("invoice", stored.jsonSchema().at("/required/0").asText());
        assertTrue(robot.lookup("#event-type-name").query().isDisabled(), "the name is fixed once saved");

        robot.clickOn("#event-type-description").write("An invoice was paid");
        robot.clickOn("#event-type-form-save");
        ViewHarness.await("the description is stored", () ->
                "An invoice was paid".equals(server.client().listEventTypes().getFirst().description()));
        harness.screenshot("event-types");
        ViewHarness.onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
            return null;
        });
        harness.screenshot("event-types-dark");
    }

    @Test
    void aSchemaTheServerRefusesShowsItsMessageAndNothingIsSaved() throws Exception {
        harness = ViewHarness.show(server, EventTypesView::new);

        robot.clickOn("#event-types-new");
        robot.clickOn("#event-type-name").write("broken");
        robot.clickOn("#event-type-schema").write("{\"type\": 12}");
        robot.clickOn("#event-type-form-save");
        ViewHarness.await("the server's message is shown", () ->
                message("#event-type-form-message").contains("invalid JSON schema"));
        assertEquals(List.of(), server.client().listEventTypes());
    }

    @Test
    void deprecatesTheSelectedTypeAfterAsking() throws Exception {
        server.client().createEventType(EventTypeRequest.named("order.created"));
        harness = ViewHarness.show(server, EventTypesView::new);
        TableView<EventType> table = table();
        ViewHarness.await("the type is listed", () -> table.getItems().size() == 1);
        ViewHarness.await("its row is drawn", () -> robot.lookup("order.created").tryQuery().isPresent());

        robot.clickOn("order.created");
        robot.clickOn("#event-types-deprecate");
        assertTrue(robot.lookup("#confirm-question").queryAs(Label.class).getText().contains("order.created"));
        assertTrue(!server.client().listEventTypes().getFirst().deprecated(), "nothing changes before confirming");
        robot.clickOn("#confirm-yes");
        ViewHarness.await("the type is deprecated", () -> server.client().listEventTypes().getFirst().deprecated());
        ViewHarness.await("the table shows it", () -> robot.lookup("deprecated").tryQuery().isPresent());
        harness.screenshot("event-types-deprecated");
    }

    @Test
    void importsTheWebhooksOfAnOpenApiDocument() throws Exception {
        Path document = dataDirectory.resolve("shop.yaml");
        Files.writeString(document, """
                openapi: 3.1.0
                info: {title: Shop, version: "1"}
                webhooks:
                  order.created:
                    post:
                      description: An order was placed
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, required: [order]}
                  order.shipped:
                    post:
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object}
                """);
        harness = ViewHarness.show(server, EventTypesView::new);
        EventTypesView view = (EventTypesView) harness.view();

        robot.clickOn("#event-types-import");
        // the file chooser is the platform's dialog: load the file the way it hands it over
        ViewHarness.onFx(() -> {
            view.importer().load(document);
            return null;
        });
        TextArea text = robot.lookup("#event-types-import-document").queryAs(TextArea.class);
        ViewHarness.await("the file is read", () -> text.getText().contains("order.shipped"));
        harness.screenshotLightAndDark("event-types-import");
        robot.clickOn("#event-types-import-save");

        TableView<EventType> table = table();
        ViewHarness.await("both types are listed", () -> table.getItems().size() == 2);
        EventType created = server.client().listEventTypes().getFirst();
        assertEquals("order.created", created.name());
        assertEquals("An order was placed", created.description());
        assertNotNull(created.jsonSchema());
    }

    @Test
    void aDocumentWithoutWebhooksSaysSo() throws Exception {
        harness = ViewHarness.show(server, EventTypesView::new);
        robot.clickOn("#event-types-import");
        robot.clickOn("#event-types-import-document").write("openapi: 3.0.0");
        robot.clickOn("#event-types-import-save");
        ViewHarness.await("the server's message is shown", () ->
                message("#event-types-import-message").contains("no webhooks found"));
        assertEquals(List.of(), server.client().listEventTypes());
        assertTrue(!robot.lookup("#event-types-new").queryAs(Button.class).isDisabled());
    }

    private String message(String query) {
        Label label = robot.lookup(query).queryAs(Label.class);
        return label.getText() == null ? "" : label.getText();
    }

    @SuppressWarnings("unchecked")
    private TableView<EventType> table() {
        return robot.lookup("#event-types-table").queryAs(TableView.class);
    }
}
