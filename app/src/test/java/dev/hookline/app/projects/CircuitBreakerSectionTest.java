package dev.hookline.app.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectConfig.CircuitBreaker;
import dev.hookline.app.promote.PromotionTargets;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The "Circuit breaker" section of Project settings against a real embedded server: Convoy's defaults shown, what
 * is saved is what the project's breakers get, and wrong values are named before anything is sent. Also "Endpoints
 * must use https" end to end.
 */
class CircuitBreakerSectionTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private ViewHarness harness;

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedServerFixture.start(dataDirectory);
        harness = ViewHarness.show(server, session -> counted(new ProjectSettingsView(session, new ProjectDirectory() {
            @Override
            public void created(Project project) {
            }

            @Override
            public void deleted(Project project) {
            }
        }, new PromotionTargets() {
            @Override
            public List<Target> targets() {
                return List.of();
            }

            @Override
            public ApiClient open(Target target) {
                throw new UnsupportedOperationException("no other connection in this test");
            }
        })));
        // the view loads once, when shown: typing before that answer would be overwritten
        ViewHarness.await("the project is loaded", () -> loads[0] >= 1);
    }

    private final int[] loads = {0};

    private ProjectSettingsView counted(ProjectSettingsView view) {
        // an invalidation listener (a change listener skips an equal project); get() makes the next one fire too
        view.viewModel().projectProperty().addListener((javafx.beans.Observable o) -> {
            loads[0]++;
            view.viewModel().projectProperty().get();
        });
        return view;
    }

    @AfterEach
    void stop() throws Exception {
        harness.close();
        server.close();
    }

    @Test
    void convoysDefaultsAreShownAndWhatIsSavedIsWhatTheProjectGets() throws Exception {
        assertEquals(List.of("70", "10", "5", "30", "30", "5", "10"), List.of(text("#project-cb-failure-threshold"),
                text("#project-cb-minimum-requests"), text("#project-cb-window"), text("#project-cb-sample-rate"),
                text("#project-cb-error-timeout"), text("#project-cb-success-threshold"),
                text("#project-cb-consecutive-failures")));
        assertEquals("% of the tries in the window · default 70", label("#project-cb-failure-threshold-hint")
                .getText());
        assertEquals("minutes · default 5", label("#project-cb-window-hint").getText());

        replace("#project-cb-failure-threshold", "50");
        replace("#project-cb-minimum-requests", "3");
        replace("#project-cb-error-timeout", "120");
        robot.interact(() -> robot.lookup("#project-enforce-https").queryAs(CheckBox.class).fire());
        ViewHarness.scrollTo(label("#project-cb-about"));
        harness.screenshot("project-settings-circuit-breaker-light");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("project-settings-circuit-breaker-dark");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
        robot.clickOn("#project-form-save");

        ViewHarness.await("saved", () -> label("#project-saved").getText().startsWith("Saved"));
        ProjectConfig config = project().config();
        assertEquals(new CircuitBreaker(30L, 120L, 50L, 5L, 5L, 3L, 10L), config.circuitBreaker());
        assertTrue(config.ssl().enforceSecureEndpoints());
        ApiException refused = assertThrows(ApiException.class, () -> server.client().createEndpoint(
                EndpointRequest.of("http://plain.example.com/in", "plain")));
        assertEquals(400, refused.status());
        assertTrue(refused.serverMessage().contains("enforce_secure_endpoints"), refused.serverMessage());
        assertEquals("50", text("#project-cb-failure-threshold"), "the form shows what was saved");
    }

    @Test
    void wrongValuesAreNamedInWordsAndNothingIsSent() throws Exception {
        replace("#project-cb-failure-threshold", "0");
        replace("#project-cb-success-threshold", "most");
        replace("#project-cb-sample-rate", "600");
        robot.clickOn("#project-form-save");

        assertEquals("Failure rate (percent) must be a whole number from 1 to 100",
                label("#project-cb-failure-threshold-error").getText());
        assertEquals("Success rate (percent) must be a whole number from 1 to 100",
                label("#project-cb-success-threshold-error").getText());
        assertEquals("Sample rate must be shorter than the observation window (5 minutes = 300 seconds)",
                label("#project-cb-sample-rate-error").getText());
        ViewHarness.scrollTo(label("#project-cb-about"));
        harness.screenshot("project-settings-circuit-breaker-invalid-light");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("project-settings-circuit-breaker-invalid-dark");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
        assertEquals(CircuitBreaker.DEFAULTS, project().config().circuitBreaker(), "nothing was sent");

        replace("#project-cb-sample-rate", "1");
        replace("#project-cb-window", "120");
        robot.clickOn("#project-form-save");
        assertEquals("A 120-minute window of 1-second samples has 7200 samples; at most 3600: use a longer "
                + "sample rate", label("#project-cb-sample-rate-error").getText());

        robot.interact(() -> robot.lookup("#project-cb-defaults").queryAs(Button.class).fire());
        assertEquals("70", text("#project-cb-failure-threshold"));
        assertEquals("30", text("#project-cb-sample-rate"));
        assertEquals(" ", label("#project-cb-failure-threshold-error").getText(), "a corrected field's message goes");
    }

    private Project project() {
        return server.client().getProject(server.client().projectId());
    }

    private void replace(String id, String text) {
        robot.interact(() -> field(id).setText(text));
    }

    private String text(String id) {
        return field(id).getText();
    }

    private TextField field(String id) {
        return robot.lookup(id).queryAs(TextField.class);
    }

    private Label label(String id) {
        return robot.lookup(id).queryAs(Label.class);
    }
}
