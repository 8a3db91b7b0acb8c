package dev.hookline.app.compare;

import static dev.hookline.app.testing.ViewHarness.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.testing.Screenshots;
import java.util.List;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The compare dialog as laid out by its FXML: both titles, the summary, then per section a heading saying how many
 * lines differ and the rows side by side. (The Deliveries and Events tests open it from real traffic.)
 */
class CompareDialogTest {

    private final FxRobot robot = new FxRobot();

    @AfterEach
    void close() throws Exception {
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            return null;
        });
        FxToolkit.cleanupStages();
    }

    @Test
    void showsEachSectionWithItsDifferencesLightAndDark() throws Exception {
        Stage owner = FxToolkit.registerPrimaryStage();
        Comparison comparison = new Comparison("attempt 01JA of delivery 01JD", "attempt 01JB of delivery 01JD",
                List.of(new Comparison.Section("Request headers", "Content-Type: application/json\nX-Try: 1",
                                "Content-Type: application/json\nX-Try: 2"),
                        new Comparison.Section("Response body", "{\"ok\":true}", "{\"ok\":true}"),
                        new Comparison.Section("Error", "", "")));
        CompareDialog dialog = onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            CompareDialog shown = new CompareDialog(owner, comparison);
            shown.show();
            return shown;
        });
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("attempt 01JA of delivery 01JD", text("#compare-left-title"));
        assertEquals("attempt 01JB of delivery 01JD", text("#compare-right-title"));
        assertEquals("1 line differs in all.", text("#compare-summary"));
        assertEquals("Request headers: 1 line differs", text("#compare-request-headers-heading"));
        assertEquals("Response body: the same", text("#compare-response-body-heading"));
        ListView<?> headers = robot.lookup("#compare-request-headers").queryAs(ListView.class);
        assertEquals(2, headers.getItems().size());
        assertFalse(onFx(() -> headers.lookupAll(".diff-added").isEmpty()), "the changed line is marked");
        Screenshots.save(headers.getScene(), "compare-light");
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
            return null;
        });
        Screenshots.save(headers.getScene(), "compare-dark");
        onFx(() -> {
            dialog.close();
            return null;
        });
    }

    private String text(String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }
}
