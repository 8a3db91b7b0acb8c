package dev.hookline.app.about;

import static dev.hookline.app.testing.ViewHarness.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.testing.Screenshots;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The About dialog as laid out by its FXML: title with logo, the facts read-only, Copy on the left, Close. */
class AboutDialogTest {

    private static final AboutInfo INFO = new AboutInfo("1.2.3", Path.of("/home/ada/.local/share/hookline"),
            "http://127.0.0.1:41234", "http://127.0.0.1:41234/api", false, "01JORG0000000000000000000A",
            "25.0.3+9-LTS (Eclipse Adoptium)", "21.0.12", "Linux 6.18 (amd64)");

    private final FxRobot robot = new FxRobot();
    private Stage owner;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void close() throws Exception {
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            return null;
        });
        FxToolkit.cleanupStages();
    }

    @Test
    void showsTheFactsWithCopyAndCloseLightAndDark() throws Exception {
        owner = FxToolkit.registerPrimaryStage();
        AboutDialog dialog = onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            AboutDialog shown = new AboutDialog(owner, new Image(
                    AboutDialogTest.class.getResource("/icons/hookline-64.png").toExternalForm()), INFO);
            shown.show();
            return shown;
        });
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("Hookline 1.2.3", robot.lookup("#aboutTitle").queryAs(Label.class).getText());
        assertNotNull(robot.lookup("#aboutTitle").queryAs(Label.class).getGraphic(), "the logo beside the title");
        TextArea text = robot.lookup("#aboutText").queryAs(TextArea.class);
        assertEquals(INFO.text(), text.getText());
        assertEquals(INFO.text(), dialog.shownText());
        assertFalse(text.isEditable());
        assertEquals(INFO.rows().size() + 3, text.getPrefRowCount(), "every row fits without scrolling");
        Button copy = robot.lookup("#copyAbout").queryAs(Button.class);
        assertEquals("Copy", copy.getText());
        assertEquals(ButtonBar.ButtonData.LEFT, ButtonBar.getButtonData(copy));
        assertNotNull(copy.getTooltip());
        assertTrue(robot.lookup("#closeAbout").tryQuery().isPresent());
        Screenshots.save(text.getScene(), "about-light");
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
            return null;
        });
        Screenshots.save(text.getScene(), "about-dark");

        robot.clickOn("#copyAbout");
        assertTrue(onFx(dialog::isShowing), "Copy leaves the dialog open");
        robot.clickOn("#closeAbout");
        assertFalse(onFx(dialog::isShowing));
    }

    @Test
    void withoutALogoTheTitleHasNoEmptyGraphic() throws Exception {
        AboutDialog dialog = onFx(() -> new AboutDialog(null, null, INFO));

        assertNull(onFx(() -> ((Label) dialog.getDialogPane().lookup("#aboutTitle")).getGraphic()));
    }
}
