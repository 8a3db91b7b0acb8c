package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Room to investigate (issue 25) at 1280x800: a form opened beside the endpoints table leaves the table most of the
 * width (in a split the user can move), and the form's messages wrap inside it instead of ending in "…".
 */
class SideFormRoomViewTest {

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
    void aSideFormLeavesTheTableReadableAndItsMessagesWrapInsideIt() throws Exception {
        server.client().createEndpoint(EndpointRequest.of("https://example.com/orders", "orders"));
        harness = ViewHarness.show(server, EndpointsView::new);
        assertEquals(1280, harness.stage().getScene().getWidth());
        assertEquals(800, harness.stage().getScene().getHeight());
        TableView<?> table = robot.lookup(".table-view").queryAs(TableView.class);
        ViewHarness.await("the endpoint is listed", () -> table.getItems().size() == 1);

        robot.clickOn("#endpoints-new");
        robot.clickOn("#endpoint-url").write("example.com/a-rather-long-path/without/any/scheme/at/all");
        robot.clickOn("#endpoint-http-timeout").write("900");
        robot.clickOn("#endpoint-form-save");
        ViewHarness.await("the messages show", () -> !label("#endpoint-url-error").getText().isBlank());
        WaitForAsyncUtils.waitForFxEvents();

        Node panel = robot.lookup(".form-panel").query();
        SplitPane split = robot.lookup("#endpoints-split").queryAs(SplitPane.class);
        double whole = split.getWidth();
        double tableWidth = ViewHarness.onFx(() -> split.getItems().get(0).getLayoutBounds().getWidth());
        assertTrue(tableWidth >= whole * 0.5, "the table keeps at least half the width beside the form: "
                + tableWidth + " of " + whole);
        assertTrue(panel.getLayoutBounds().getWidth() >= 400, "the form keeps room for its inputs: "
                + panel.getLayoutBounds().getWidth());

        Bounds form = panel.localToScene(panel.getLayoutBounds());
        for (String id : Set.of("#endpoint-url-error", "#endpoint-http-timeout-error")) {
            Label message = label(id);
            Text shown = ViewHarness.onFx(() -> (Text) message.lookup(".text"));
            assertEquals(message.getText(), shown.getText(), id + " is shown whole, not cut with \"…\"");
            Bounds bounds = message.localToScene(message.getLayoutBounds());
            assertTrue(bounds.getMaxX() <= form.getMaxX() + 0.5, id + " stays inside the form: " + bounds.getMaxX()
                    + " > " + form.getMaxX());
            assertTrue(message.getHeight() + 0.5 >= message.prefHeight(message.getWidth()),
                    id + " is given the height of all its lines");
        }
        assertEquals("URL must be an http:// or https:// URL, e.g. https://example.com/webhooks",
                label("#endpoint-url-error").getText());
        harness.screenshot("endpoints-form-beside-table-1280x800");

        // the user may give the form more room, and closing it gives the table the whole width again
        ViewHarness.onFx(() -> {
            split.setDividerPositions(0.4);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(panel.getLayoutBounds().getWidth() > whole * 0.5, "the divider moves");
        robot.clickOn("#endpoint-form-close");
        ViewHarness.await("the form closes", () -> split.getItems().size() == 1);
        @SuppressWarnings("unchecked")
        TableView<Endpoint> endpoints = (TableView<Endpoint>) table;
        assertEquals(1, endpoints.getItems().size());
    }

    private Label label(String query) {
        return robot.lookup(query).queryAs(Label.class);
    }
}
