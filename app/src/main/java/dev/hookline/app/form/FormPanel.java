package dev.hookline.app.form;

import atlantafx.base.theme.Styles;
import java.util.Objects;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The frame every create/edit form sits in, next to its table: a title, the scrolling {@link FormLayout}, the
 * server's message when it refused, and Save / Close. Save is disabled while a request is under way.
 *
 * <p>Node ids: {@code <prefix>-title}, {@code <prefix>-message}, {@code <prefix>-save}, {@code <prefix>-close}.
 */
public final class FormPanel extends VBox {

    private final VBox extras = new VBox(8);
    private final Button save = new Button("Save");
    private final Button close = new Button();

    public FormPanel(String prefix, ObservableStringValue title, Form form, FormLayout layout, Runnable onSave,
                     Runnable onClose) {
        super(10);
        getStyleClass().add("form-panel");
        getStylesheets().add(Objects.requireNonNull(FormPanel.class.getResource("forms.css"), "forms.css")
                .toExternalForm());
        setPadding(new Insets(14, 16, 14, 16));

        Label heading = new Label();
        heading.setId(prefix + "-title");
        heading.getStyleClass().addAll(Styles.TITLE_3, "form-title");
        heading.textProperty().bind(title);

        ScrollPane scroll = new ScrollPane(layout.node());
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);

        Label message = new Label();
        message.setId(prefix + "-message");
        message.getStyleClass().add("form-message");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.textProperty().bind(form.serverErrorProperty());
        message.visibleProperty().bind(form.serverErrorProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());

        save.setId(prefix + "-save");
        save.getStyleClass().add(Styles.ACCENT);
        save.setDefaultButton(true);
        save.disableProperty().bind(form.busyProperty());
        save.setOnAction(event -> onSave.run());
        close.setText("Close");
        close.setId(prefix + "-close");
        close.setCancelButton(true);
        close.setOnAction(event -> onClose.run());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(18, 18);
        busy.visibleProperty().bind(form.busyProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, busy, spacer, close, save);
        buttons.setAlignment(Pos.CENTER_RIGHT);

        extras.managedProperty().bind(extras.visibleProperty());
        getChildren().addAll(heading, scroll, message, extras, buttons);
        setMinWidth(420);
        setPrefWidth(520);
    }

    /** Names the save button after what it does (e.g. "Expire secret"). */
    public void setSaveText(String text) {
        save.setText(text);
    }

    /** Names the close button after what it does (e.g. "Revert" where the form is the whole view). */
    public void setCloseText(String text) {
        close.setText(text);
    }

    /** Adds a node under the form (e.g. what was saved: a URL and token to copy). */
    public void addExtra(Node node) {
        extras.getChildren().add(node);
    }
}
