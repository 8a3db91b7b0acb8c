package dev.hookline.app.status;

import static dev.hookline.app.testing.ViewHarness.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.control.Label;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/** The panel loads its FXML layout and follows the server's state: the spinner while starting, the state in words. */
class ServerStatusViewTest {

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @Test
    void showsTheStateAndTheDataDirectoryAndFollowsChanges() throws Exception {
        ServerStatusViewModel model = new ServerStatusViewModel(Path.of("/tmp/hookline-data"));
        ServerStatusView view = onFx(() -> new ServerStatusView(model));

        Label status = (Label) view.lookup("#serverStatus");
        Label directory = (Label) view.lookup("#dataDirectory");
        assertTrue(onFx(() -> view.lookup("#progress").isVisible()), "the spinner shows while the server starts");
        assertTrue(directory.getText().contains("/tmp/hookline-data"), directory.getText());

        onFx(() -> {
            model.running("http://127.0.0.1:5005", "01PROJECT");
            return null;
        });
        assertFalse(onFx(() -> view.lookup("#progress").isVisible()), "no spinner once it runs");
        assertTrue(status.getText().contains("http://127.0.0.1:5005"), status.getText());
        assertTrue(status.getStyleClass().contains("success"), "a running server reads as a success");
        assertEquals(view, status.getParent().getParent(), "the status line sits in the panel itself (fx:root)");
    }
}
