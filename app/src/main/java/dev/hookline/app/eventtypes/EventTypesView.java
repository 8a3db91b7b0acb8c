package dev.hookline.app.eventtypes;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.Page;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.form.ConfigurationListView;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormPanel;
import java.io.File;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.stage.FileChooser;

/**
 * The event type catalogue: the table (status, name, category, description, schema, ID) filtered by name, the
 * create/edit form beside it (with the JSON Schema of the type's data), Deprecate (asked first), and Import from an
 * OpenAPI document (pasted or opened from a file). A server without a catalogue (a Convoy that answers 404) shows
 * an empty table saying so, and the actions stay off. The layout is {@code EventTypesView.fxml}; the columns and
 * the forms' rows are built here.
 */
public final class EventTypesView extends ConfigurationListView<EventType> {

    static final String UNAVAILABLE = "This server has no event type catalogue (its API answers no /event-types).";

    private final EventTypeFormView formView;
    private final ImportOpenApiViewModel importer;
    /** Set (on the FX thread) when the server answered that it has no catalogue. */
    private final BooleanProperty unavailable;
    @FXML
    private Button deprecate;
    @FXML
    private Button create;
    @FXML
    private Button importButton;
    @FXML
    private FormPanel importPanel;
    @FXML
    private Button openFile;

    public EventTypesView(ConsoleSession session) {
        this(session, new SimpleBooleanProperty(null, "unavailable", false));
    }

    private EventTypesView(ConsoleSession session, BooleanProperty unavailable) {
        super(session, (api, query) -> load(api, query, unavailable), EventType::uid, "event-types", "");
        this.unavailable = unavailable;
        table.setEmptyText(Bindings.when(unavailable).then(UNAVAILABLE).otherwise(new SimpleStringProperty(
                "No event types yet: New event type names one, Import reads them from an OpenAPI document.")));
        formView = new EventTypeFormView(new EventTypeFormViewModel(session.tasks(), session::client,
                session::reportConnectionFailure), this::saved, this::closePanel);
        importer = new ImportOpenApiViewModel(session.tasks(), session::client, session::reportConnectionFailure);

        table.addStatusColumn("Status", type -> type.deprecated() ? "deprecated" : "active").setMinWidth(96);
        table.addColumn("Name", EventType::name).setPrefWidth(170);
        table.addColumn("Category", EventType::category).setPrefWidth(110);
        table.addColumn("Description", EventType::description).setPrefWidth(220);
        table.addColumn("Schema", type -> type.jsonSchema() == null || type.jsonSchema().isNull() ? "–" : "JSON Schema")
                .setPrefWidth(100);
        table.addIdColumn("ID", EventType::uid);
        table.enableShownColumnsExport("event-types");
        session.clientProperty().addListener((o, before, now) -> unavailable.set(false));
        loadLayout();
    }

    @FXML
    private void initialize() {
        deprecate.disableProperty().bind(layout.rowActionsDisabledProperty().or(Bindings.createBooleanBinding(
                () -> selected.get() != null && selected.get().deprecated(), selected)));
        create.disableProperty().bind(unavailable);
        importButton.disableProperty().bind(unavailable);
        FormLayout form = new FormLayout();
        form.row("File", openFile);
        form.area(importer.document, "event-types-import-document", 16, true).setPromptText(
                "openapi: 3.1.0\nwebhooks:\n  invoice.paid:\n    post:\n      requestBody: ...");
        importPanel.show(importer.form(), form);
    }

    /**
     * The catalogue is one list (not paged by the API); the name filter is applied here. A missing route means a
     * server without the catalogue: an empty page, and the view says so.
     */
    private static Page<EventType> load(ApiClient api, ListQuery query, BooleanProperty unavailable) {
        List<EventType> all;
        try {
            all = api.listEventTypes();
        } catch (ApiException e) {
            if (e.isNotFound() || e.status() == 405) {
                Platform.runLater(() -> unavailable.set(true));
                return new Page<>(List.of(), new Page.Pagination(0, false, false, "", ""));
            }
            throw e;
        }
        Platform.runLater(() -> unavailable.set(false));
        String part = query.value("name");
        List<EventType> shown = part == null ? all : all.stream()
                .filter(t -> t.name().toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT))).toList();
        return new Page<>(shown, new Page.Pagination(shown.size(), false, false, "", ""));
    }

    @FXML
    private void applyFilter() {
        String text = search.getText() == null ? "" : search.getText().strip();
        list.filterProperty().set(ListQuery.create().with("name", text.isEmpty() ? null : text));
    }

    /** Reads an OpenAPI document (JSON or YAML) the user picks into the document field. */
    @FXML
    private void chooseFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open an OpenAPI document");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("OpenAPI (JSON or YAML)", "*.json",
                "*.yaml", "*.yml"));
        File file = chooser.showOpenDialog(openFile.getScene() == null ? null : openFile.getScene().getWindow());
        if (file != null) {
            importer.load(file.toPath());
        }
    }

    @FXML
    private void startImport() {
        importer.importDocument(this::imported);
    }

    @FXML
    private void openImport() {
        importer.clear();
        layout.showPanel(importPanel);
    }

    @FXML
    private void askDeprecate() {
        EventType type = selected.get();
        if (type != null) {
            layout.confirm().ask("Deprecate \"" + type.name() + "\"? Events of it are still accepted; the catalogue "
                    + "marks it and pickers stop offering it.", "Deprecate", () -> {
                        ApiClient api = session.client();
                        actionsForm.submit(() -> api.deprecateEventType(type.uid()), this::saved);
                    });
        }
    }

    private void imported(List<EventType> types) {
        closePanel();
        list.refresh();
    }

    @Override
    protected EventTypeFormView formView() {
        return formView;
    }

    ImportOpenApiViewModel importer() {
        return importer;
    }
}
