package dev.hookline.app.form;

import dev.hookline.app.fxml.Fxml;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ObservableList;
import javafx.event.ActionEvent;
import javafx.event.EventHandler;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;

/**
 * The frame every create/edit form sits in, next to its table: a title, the scrolling {@link FormLayout}, the
 * server's message when it refused, and Save / Close. Save is disabled while a request is under way. The layout is
 * {@code FormPanel.fxml}; a form view's own FXML can use it as its root
 * ({@code <FormPanel prefix="endpoint-form" onSave="#save" onClose="#close">}, extras under {@code <extras>}) and
 * hands it the form's rows with {@link #show(Form, FormLayout)}.
 *
 * <p>Node ids: {@code <prefix>-title}, {@code <prefix>-message}, {@code <prefix>-save}, {@code <prefix>-close}.
 */
public final class FormPanel extends VBox {

    @FXML
    private Label heading;
    @FXML
    private ScrollPane scroll;
    @FXML
    private Label message;
    @FXML
    private VBox extras;
    @FXML
    private ProgressIndicator busy;
    @FXML
    private Button close;
    @FXML
    private Button save;
    private String prefix;

    /** An empty panel, to be named ({@link #setPrefix}) and filled ({@link #show}); what FXML files create. */
    public FormPanel() {
        Fxml.loadRoot(this);
    }

    /** A panel built in code: named {@code prefix}, titled {@code title}, showing {@code layout}'s rows. */
    public FormPanel(String prefix, ObservableStringValue title, Form form, FormLayout layout, Runnable onSave,
                     Runnable onClose) {
        this();
        setPrefix(prefix);
        titleProperty().bind(title);
        show(form, layout);
        setOnSave(event -> onSave.run());
        setOnClose(event -> onClose.run());
    }

    @FXML
    private void initialize() {
        extras.managedProperty().bind(extras.visibleProperty());
    }

    /** Shows {@code layout}'s rows, {@code form}'s refusal under them, and Save off while it is busy. */
    public void show(Form form, FormLayout layout) {
        scroll.setContent(layout.node());
        message.textProperty().bind(form.serverErrorProperty());
        message.visibleProperty().bind(form.serverErrorProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        save.disableProperty().bind(form.busyProperty());
        busy.visibleProperty().bind(form.busyProperty());
    }

    public String getPrefix() {
        return prefix;
    }

    /** Names the panel's nodes ({@code <prefix>-title}, {@code -message}, {@code -save}, {@code -close}). */
    public void setPrefix(String prefix) {
        this.prefix = prefix;
        heading.setId(prefix + "-title");
        message.setId(prefix + "-message");
        save.setId(prefix + "-save");
        close.setId(prefix + "-close");
    }

    public StringProperty titleProperty() {
        return heading.textProperty();
    }

    public String getTitle() {
        return heading.getText();
    }

    public void setTitle(String title) {
        heading.setText(title);
    }

    /** What Save (and Enter) does. */
    public ObjectProperty<EventHandler<ActionEvent>> onSaveProperty() {
        return save.onActionProperty();
    }

    public EventHandler<ActionEvent> getOnSave() {
        return save.getOnAction();
    }

    public void setOnSave(EventHandler<ActionEvent> handler) {
        save.setOnAction(handler);
    }

    /** What Close (and Escape) does. */
    public ObjectProperty<EventHandler<ActionEvent>> onCloseProperty() {
        return close.onActionProperty();
    }

    public EventHandler<ActionEvent> getOnClose() {
        return close.getOnAction();
    }

    public void setOnClose(EventHandler<ActionEvent> handler) {
        close.setOnAction(handler);
    }

    public String getSaveText() {
        return save.getText();
    }

    /** Names the save button after what it does (e.g. "Expire secret"). */
    public void setSaveText(String text) {
        save.setText(text);
    }

    public String getCloseText() {
        return close.getText();
    }

    /** Names the close button after what it does (e.g. "Revert" where the form is the whole view). */
    public void setCloseText(String text) {
        close.setText(text);
    }

    /** What shows under the form (e.g. what was saved: a URL and token to copy); FXML lists it under {@code <extras>}. */
    public ObservableList<Node> getExtras() {
        return extras.getChildren();
    }

    /** Adds a node under the form. */
    public void addExtra(Node node) {
        extras.getChildren().add(node);
    }
}
