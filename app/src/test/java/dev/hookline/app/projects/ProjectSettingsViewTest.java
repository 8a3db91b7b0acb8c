package dev.hookline.app.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Project;
import dev.hookline.app.promote.PromotionTargets;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.StrategyType;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.application.Application;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** Project settings against a real embedded server: what the form saves is what the project gets. */
class ProjectSettingsViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private final List<String> directory = new CopyOnWriteArrayList<>();
    @TempDir
    Path teamDirectory;
    private EmbeddedServerFixture team;
    /** "team": a second embedded server, as a saved remote connection would be. */
    private final PromotionTargets promotionTargets = new PromotionTargets() {
        @Override
        public List<Target> targets() {
            return List.of(new Target("team", "team"));
        }

        @Override
        public ApiClient open(Target target) {
            if (team == null) {
                team = EmbeddedServerFixture.start(teamDirectory);
            }
            return new ApiClient(team.server().baseUrl() + "/api", team.server().apiKey());
        }
    };
    private EmbeddedServerFixture server;
    private ViewHarness harness;

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedServerFixture.start(dataDirectory);
        harness = ViewHarness.show(server, session -> new ProjectSettingsView(session, new ProjectDirectory() {
            @Override
            public void created(Project project) {
                directory.add("created " + project.name());
            }

            @Override
            public void deleted(Project project) {
                directory.add("deleted " + project.name());
            }
        }, promotionTargets));
        ViewHarness.await("the project is loaded", () -> !field("#project-name").getText().isEmpty());
    }

    @AfterEach
    void stop() throws Exception {
        harness.close();
        server.close();
        if (team != null) {
            team.close();
        }
    }

    @Test
    void theSettingsSayTheProjectsType() {
        ViewHarness.await("the type is shown", () -> robot.lookup("#project-type")
                .queryAs(javafx.scene.control.Label.class).getText().startsWith("Outgoing: your application sends"));
    }

    @Test
    void promoteShowsADryRunThenCopiesTheProject() throws Exception {
        server.client().createEndpoint(dev.hookline.api.model.EndpointRequest.of("https://orders.example.com/in",
                "orders"));
        robot.clickOn("#project-promote");
        robot.interact(() -> combo("#promote-connection").getSelectionModel().selectFirst());
        ViewHarness.await("the team's project is picked", () -> combo("#promote-project").getValue() != null);
        robot.clickOn("#promote-dry-run");
        javafx.scene.control.TableView<?> plan = robot.lookup("#promote-plan").queryAs(
                javafx.scene.control.TableView.class);
        ViewHarness.await("the dry run is listed", () -> plan.getItems().size() == 3); // settings, endpoint, left behind
        assertEquals(0, team.client().listEndpoints(dev.hookline.api.client.ListQuery.ofPerPage(5)).content().size(),
                "a dry run writes nothing");
        dev.hookline.app.testing.Screenshots.save(plan.getScene(), "project-promote-dry-run");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        dev.hookline.app.testing.Screenshots.save(plan.getScene(), "project-promote-dry-run-dark");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
        robot.clickOn("#promote-run");
        ViewHarness.await("promoted", () -> label("#promote-message").getText().startsWith("Promoted"));
        assertEquals("orders", team.client().listEndpoints(dev.hookline.api.client.ListQuery.ofPerPage(5))
                .content().getFirst().name());
        dev.hookline.app.testing.Screenshots.save(plan.getScene(), "project-promote-done");
        robot.interact(() -> plan.getScene().getWindow().hide());
    }

    @Test
    void savedSettingsAreWhatTheProjectGets() throws Exception {
        Project before = project();
        assertEquals(before.name(), field("#project-name").getText());
        assertEquals("10", field("#project-retry-count").getText(), "Convoy's default is shown");

        robot.interact(() -> {
            combo("#project-strategy-type").getSelectionModel().select(StrategyType.EXPONENTIAL);
            combo("#project-signature-hash").getSelectionModel().select("SHA512");
        });
        replace("#project-retry-count", "3");
        replace("#project-strategy-duration", "30");
        check("#project-trace-headers");
        check("#project-meta-enabled");
        replace("#project-meta-url", "https://meta.example.com/hooks");
        check("#project-meta-type-eventdelivery-failed");
        harness.screenshot("project-settings-light");
        robot.clickOn("#project-form-save");

        ViewHarness.await("saved", () -> label("#project-saved").getText().startsWith("Saved"));
        ProjectConfig config = project().config();
        assertEquals(StrategyType.EXPONENTIAL, config.strategy().type());
        assertEquals(3L, config.strategy().retryCount());
        assertEquals(30L, config.strategy().duration());
        assertTrue(config.addEventIdTraceHeaders());
        assertEquals(2, config.signature().versions().size(), "a new hash adds a version");
        assertEquals("SHA512", config.signature().versions().getLast().hash());
        assertTrue(config.metaEvent().isEnabled());
        assertEquals(List.of("eventdelivery.failed"), config.metaEvent().eventType());
        ViewHarness.await("the secret the server made is shown",
                () -> !field("#project-meta-secret").getText().isEmpty());
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("project-settings-dark");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
    }

    @Test
    void theRetentionPolicyIsSavedAndAWrongPeriodSaysWhy() throws Exception {
        assertEquals("720h", field("#project-retention-period").getText(), "Convoy's default is shown");
        assertFalse(robot.lookup("#project-retention-enabled").queryAs(javafx.scene.control.CheckBox.class)
                .isSelected(), "off by default");
        check("#project-retention-enabled");
        replace("#project-retention-period", "168h");
        ViewHarness.scrollTo(robot.lookup("#project-retention-period").query());
        harness.screenshot("project-settings-retention-light");
        robot.clickOn("#project-form-save");
        ViewHarness.await("saved", () -> label("#project-saved").getText().startsWith("Saved"));
        assertEquals(new ProjectConfig.RetentionPolicy("168h", true), project().config().retentionPolicy());
        assertTrue(label("#project-retention-about").getText().contains("older than 168h are deleted"));
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()));
        harness.screenshot("project-settings-retention-dark");
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));

        replace("#project-retention-period", "a month");
        robot.clickOn("#project-form-save");
        assertEquals("Keep events for must be a duration such as 30s, 5m or 1h30m",
                label("#project-retention-period-error").getText());
        replace("#project-retention-period", "30s");
        robot.clickOn("#project-form-save");
        ViewHarness.await("the server's refusal is shown", () -> label("#project-form-message").getText()
                .contains("at least 1m"));
        assertEquals(new ProjectConfig.RetentionPolicy("168h", true), project().config().retentionPolicy(),
                "nothing changed");
    }

    @Test
    void aWrongValueSaysWhyAndNothingIsSent() throws Exception {
        replace("#project-retry-count", "0");
        robot.clickOn("#project-form-save");

        assertEquals("Retry count must be a whole number from 1 to 1000", label("#project-retry-count-error").getText());
        assertEquals(10L, project().config().strategy().retryCount());
        harness.screenshot("project-settings-invalid");
    }

    @Test
    void createSwitchesToTheNewProjectAndDeleteAsksFirst() throws Exception {
        robot.clickOn("#project-new-name").write("staging");
        robot.clickOn("#project-create");
        ViewHarness.await("the directory is told (" + label("#project-form-message").getText() + ")",
                () -> directory.contains("created staging"));
        Project staging = server.client().listProjects().stream().filter(p -> p.name().equals("staging"))
                .findFirst().orElseThrow();

        String current = project().name();
        robot.clickOn("#project-delete");
        assertTrue(server.client().listProjects().stream().anyMatch(p -> p.name().equals(current)),
                "nothing deleted before the confirmation");
        robot.clickOn("#confirm-yes");
        ViewHarness.await("the directory is told", () -> directory.contains("deleted " + current));
        assertFalse(server.client().listProjects().stream().anyMatch(p -> p.name().equals(current)));
        assertTrue(server.client().listProjects().stream().anyMatch(p -> p.uid().equals(staging.uid())));
    }

    private Project project() {
        return server.client().getProject(server.client().projectId());
    }

    private void replace(String id, String text) {
        robot.interact(() -> field(id).setText(text));
    }

    /** Ticks a check box the way a click does (it may be scrolled out of the viewport). */
    private void check(String id) {
        robot.interact(() -> robot.lookup(id).queryAs(javafx.scene.control.CheckBox.class).fire());
    }

    private TextField field(String id) {
        return robot.lookup(id).queryAs(TextField.class);
    }

    private Label label(String id) {
        return robot.lookup(id).queryAs(Label.class);
    }

    @SuppressWarnings("unchecked")
    private <T> ComboBox<T> combo(String id) {
        return robot.lookup(id).queryAs(ComboBox.class);
    }
}
