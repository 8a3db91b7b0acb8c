package dev.hookline.app.deliveries;

import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.form.ConfirmBar;
import javafx.geometry.Insets;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * One delivery in its own window (issue 25, "room to investigate"): the same detail pane as the deliveries view,
 * with its own detail model, so the attempts and the inspector get the whole window while the list stays usable
 * behind it. Non-modal; Escape or Ctrl+W closes it. Several can be open side by side.
 */
public final class DeliveryWindow {

    /** The window's size when the screen has room for it; smaller screens get 90 % of their visible area. */
    static final double WIDTH = 1100;
    static final double HEIGHT = 760;
    static final KeyCombination CLOSE = new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN);

    private final Stage stage = new Stage();
    private final DeliveryDetailViewModel detail;

    /**
     * @param afterAction what runs after an action here succeeded (the list behind reloads its rows)
     */
    public DeliveryWindow(Window owner, ConsoleSession session, String deliveryId, Runnable afterAction) {
        detail = new DeliveryDetailViewModel(session);
        detail.setAfterAction(afterAction);
        ConfirmBar confirm = new ConfirmBar();
        DeliveryDetailPane pane = new DeliveryDetailPane(detail, (question, onConfirm) -> confirm.ask(question,
                "Replay to every endpoint", onConfirm), 2);
        VBox.setVgrow(pane, javafx.scene.layout.Priority.ALWAYS);
        VBox root = new VBox(0, confirm, pane);
        root.setId("deliveryWindow");
        root.setPadding(new Insets(4));
        root.getStylesheets().addAll(stylesheet("../traffic/traffic.css"), stylesheet("../table/table.css"));
        root.setStyle("-fx-background-color: -color-bg-default;");

        Rectangle2D screen = (owner == null ? Screen.getPrimary()
                : Screen.getScreensForRectangle(owner.getX(), owner.getY(), Math.max(1, owner.getWidth()),
                Math.max(1, owner.getHeight())).stream().findFirst().orElse(Screen.getPrimary())).getVisualBounds();
        double width = Math.min(WIDTH, Math.floor(screen.getWidth() * 0.9));
        double height = Math.min(HEIGHT, Math.floor(screen.getHeight() * 0.9));
        Scene scene = new Scene(root, width, height);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ESCAPE || CLOSE.match(event)) {
                event.consume();
                stage.close();
            }
        });
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.initModality(Modality.NONE);
        stage.setScene(scene);
        stage.setMinWidth(Math.min(640, width));
        stage.setMinHeight(Math.min(480, height));
        // said again once shown: some window managers size a new window from its content only
        stage.setOnShown(event -> {
            stage.setWidth(width);
            stage.setHeight(height);
            stage.setX(screen.getMinX() + (screen.getWidth() - width) / 2);
            stage.setY(screen.getMinY() + (screen.getHeight() - height) / 2);
        });
        // a closed window stops following its delivery
        stage.setOnHidden(event -> detail.clear());
        stage.titleProperty().bind(detail.deliveryProperty().map(d -> "Delivery " + d.uid()
                + (d.eventType() == null ? "" : " · " + d.eventType())).orElse("Delivery " + deliveryId));
        detail.show(deliveryId);
    }

    private static String stylesheet(String path) {
        return java.util.Objects.requireNonNull(DeliveryWindow.class.getResource(path), path).toExternalForm();
    }

    /** Opens the window (non-modal) and returns it. */
    public Stage show() {
        stage.show();
        return stage;
    }

    public Stage stage() {
        return stage;
    }

    DeliveryDetailViewModel detail() {
        return detail;
    }
}
