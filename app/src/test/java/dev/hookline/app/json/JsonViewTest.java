package dev.hookline.app.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.table.CopyIdCell;
import dev.hookline.app.testing.Screenshots;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.fxml.FXMLLoader;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class JsonViewTest {

    private final FxRobot robot = new FxRobot();
    private JsonView view;

    @BeforeEach
    void show() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        WaitForAsyncUtils.asyncFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            view = new JsonView("Payload");
            view.setJsonText("{\"order\":\"A-1\",\"items\":[{\"sku\":\"X\",\"qty\":2}]}");
            stage.setScene(new Scene(view, 500, 300));
            stage.show();
        }).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    private static String clipboardText() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get(10, TimeUnit.SECONDS);
    }

    @Test
    void showsThePayloadIndentedAndCopiesItAsShown() throws Exception {
        String shown = robot.lookup(".json-text").queryAs(TextArea.class).getText();
        assertEquals("{\n  \"order\" : \"A-1\",\n  \"items\" : [ {\n    \"sku\" : \"X\",\n    \"qty\" : 2\n  } ]\n}", shown);

        robot.clickOn(".json-copy");

        assertEquals(shown, clipboardText());
        Screenshots.save(view, "json-view");
        WaitForAsyncUtils.asyncFx(() -> Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet()))
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(view, "json-view-dark");
    }

    @Test
    void aViewsFxmlDeclaresOneWithItsTitle() throws Exception {
        String fxml = "<?import dev.hookline.app.json.JsonView?>"
                + "<JsonView xmlns:fx=\"http://javafx.com/fxml/1\" title=\"Output\"/>";
        JsonView declared = WaitForAsyncUtils.asyncFx(() -> (JsonView) new FXMLLoader()
                .load(new ByteArrayInputStream(fxml.getBytes(StandardCharsets.UTF_8)))).get(10, TimeUnit.SECONDS);

        Label title = (Label) declared.lookup(".text-bold");
        assertEquals("Output", title.getText());
        assertTrue(title.isVisible());
        assertTrue(declared.lookup(".json-copy").isDisabled(), "nothing to copy yet");
    }

    @Test
    void copyingAnIdPutsExactlyTheIdOnTheClipboard() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> CopyIdCell.copy("01JD4N2V6X5Q0W8Y9Z7R3T1S2P")).get(10, TimeUnit.SECONDS);

        assertEquals("01JD4N2V6X5Q0W8Y9Z7R3T1S2P", clipboardText());
    }
}
