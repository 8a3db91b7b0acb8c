package dev.hookline.app.status;

import atlantafx.base.theme.Styles;
import dev.hookline.app.table.Copied;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Settings: how to reach the embedded server from a script: its API base URL, its key (hidden until asked) and a
 * copy-as-curl example (issue 25). The key is the session's instance key: it reaches every project while the console
 * runs and changes when it restarts.
 */
public final class DeveloperApiPane extends VBox {

    static final String HIDDEN = "••••••••••••••••";
    private final BooleanProperty revealed = new SimpleBooleanProperty(this, "revealed");

    public DeveloperApiPane(ServerStatusViewModel status) {
        setSpacing(8);
        getStyleClass().add("developer-api");
        Label title = new Label("API for scripts and curl", new FontIcon(Feather.TERMINAL));
        title.getStyleClass().add(Styles.TITLE_4);

        TextField baseUrl = new TextField();
        baseUrl.setId("devApiBaseUrl");
        baseUrl.setEditable(false);
        baseUrl.textProperty().bind(status.baseUrlProperty().map(url -> url + "/api").orElse("(not running)"));
        HBox.setHgrow(baseUrl, Priority.ALWAYS);

        TextField key = new TextField();
        key.setId("devApiKey");
        key.setEditable(false);
        key.textProperty().bind(Bindings.createStringBinding(() -> status.apiKeyProperty().get() == null ? ""
                : revealed.get() ? status.apiKeyProperty().get() : HIDDEN, status.apiKeyProperty(), revealed));
        HBox.setHgrow(key, Priority.ALWAYS);
        Button show = new Button();
        show.setId("devApiShowKey");
        show.textProperty().bind(revealed.map(r -> r ? "Hide" : "Show key"));
        show.setOnAction(event -> revealed.set(!revealed.get()));
        show.disableProperty().bind(status.apiKeyProperty().isNull());

        Button curl = new Button("Copy curl example", new FontIcon(Feather.COPY));
        curl.setId("devApiCopyCurl");
        curl.disableProperty().bind(status.apiKeyProperty().isNull().or(status.baseUrlProperty().isNull()));
        curl.setOnAction(event -> Copied.copy(curl, curlExample(status.baseUrlProperty().get(),
                status.apiKeyProperty().get())));

        Label note = new Label("The key reaches every project of this server while the console runs; it changes "
                + "when the console restarts. The address stays (its port is kept for this data directory).");
        note.setWrapText(true);
        note.getStyleClass().add(Styles.TEXT_MUTED);

        getChildren().addAll(title, row("Base URL", baseUrl), row("API key", key, show), curl, note);
    }

    private static HBox row(String name, javafx.scene.Node... nodes) {
        Label label = new Label(name);
        label.setMinWidth(80);
        HBox row = new HBox(8, label);
        row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        row.getChildren().addAll(nodes);
        return row;
    }

    /** A command that lists the server's projects: what a developer pastes into a terminal to start. */
    public static String curlExample(String baseUrl, String apiKey) {
        return "curl -s -H 'Authorization: Bearer " + apiKey + "' " + baseUrl + "/api/v1/projects";
    }
}
