package dev.hookline.app.form;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.endpoints.EndpointsView;
import dev.hookline.app.subscriptions.SubscriptionsView;
import dev.hookline.app.testing.Counts;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Errors in forms read like a person wrote them and never move the inputs under the pointer, against a real
 * embedded server: a JSON filter that does not parse, and a refusal only the server can make (the project enforces
 * https endpoints) shown under its field.
 */
class FormErrorsViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private ViewHarness harness;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        server.client().createEndpoint(EndpointRequest.of("https://example.com/orders", "orders"));
    }

    @AfterEach
    void stop() throws Exception {
        if (harness != null) {
            harness.close();
        }
        server.close();
    }

    @Test
    void aBrokenJsonFilterSaysWhereAndWhatInWordsAndNoInputMoves() throws Exception {
        harness = ViewHarness.show(server, SubscriptionsView::new);
        robot.clickOn("#subscriptions-new");
        robot.clickOn("#subscription-name").write("broken");
        ViewHarness.scrollTo(robot.lookup("#subscription-filter-body").query());
        robot.clickOn("#subscription-filter-body").write("{\n  \"amount\": {\n    \"$gte\": 100\n");
        Node below = robot.lookup("#subscription-filter-headers").query();
        Node name = robot.lookup("#subscription-name").query();
        double belowBefore = sceneY(below);
        double nameBefore = sceneY(name);

        robot.clickOn("#subscription-form-save");

        String message = text("#subscription-filter-body-error");
        assertEquals("Body filter is not valid JSON: Line 3, column 16: the object is not closed "
                + "(a } is missing).", message);
        assertFalse(message.contains("Unexpected") || message.contains("Source:"), "no parser jargon");
        assertEquals("Endpoint is required", text("#subscription-endpoint-error"));
        assertEquals(belowBefore, sceneY(below), 0.5, "the messages above did not push the next input down");
        assertEquals(nameBefore, sceneY(name), 0.5);
        harness.screenshot("form-json-error");
        fx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("form-json-error-dark");
        fx(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));

        // fixing the field clears its message, and nothing moves back either
        robot.clickOn("#subscription-filter-body").write("}}");
        assertEquals(" ", text("#subscription-filter-body-error"), "an empty line stays reserved");
        assertEquals(belowBefore, sceneY(below), 0.5);
        assertEquals(0, Counts.subscriptions(server.client()));
    }

    @Test
    void aRefusalOnlyTheServerCanMakeShowsUnderItsField() throws Exception {
        ApiClient admin = new ApiClient(server.server().baseUrl() + "/api", server.server().apiKey());
        ProjectConfig secureOnly = ProjectConfig.builder().ssl(new ProjectConfig.Ssl(true)).build();
        ApiClient project = admin.withProject(admin.createProject(new CreateProjectRequest("Secure",
                ProjectType.OUTGOING, null, secureOnly)).project().uid());
        try {
            harness = ViewHarness.show(server, session -> new EndpointsView(ConsoleSession.connected(project, true,
                    session.tasks())));
            robot.clickOn("#endpoints-new");
            robot.clickOn("#endpoint-name").write("plain http");
            robot.clickOn("#endpoint-url").write("http://example.com/hook");
            double below = sceneY(robot.lookup("#endpoint-description").query());
            robot.clickOn("#endpoint-form-save");

            ViewHarness.await("the server's refusal is under the URL", () -> text("#endpoint-url-error")
                    .startsWith("The project enforces secure endpoints"));
            assertFalse(text("#endpoint-url-error").startsWith("url:"), "no wire field name in front");
            assertTrue(text("#endpoint-form-message").startsWith("The server did not accept URL: the project "
                    + "enforces secure endpoints"), text("#endpoint-form-message"));
            // a message longer than its line wraps (issue 25) and shows whole; the inputs below make room for it
            Label urlError = robot.lookup("#endpoint-url-error").queryAs(Label.class);
            assertEquals(urlError.getText(), ViewHarness.onFx(() -> ((javafx.scene.text.Text) urlError.lookup(".text"))
                    .getText()), "not cut with an ellipsis");
            double messageBottom = ViewHarness.onFx(() -> urlError.localToScene(urlError.getLayoutBounds()).getMaxY());
            double descriptionTop = sceneY(robot.lookup("#endpoint-description").query());
            assertTrue(descriptionTop >= below && descriptionTop >= messageBottom - 0.5,
                    "the next input sits under the whole message: " + descriptionTop + " < " + messageBottom);
            assertTrue(robot.lookup("#endpoint-url-error").queryAs(Label.class).getTooltip().getText()
                    .startsWith("The project enforces secure endpoints"), "the whole message in the tooltip");
            harness.screenshot("form-server-field-error");
        } finally {
            project.close();
            admin.close();
        }
    }

    private static double sceneY(Node node) throws Exception {
        return ViewHarness.onFx(() -> {
            Bounds bounds = node.localToScene(node.getBoundsInLocal());
            return bounds.getMinY();
        });
    }

    private String text(String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(20, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
