package dev.hookline.app.eventtypes;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.Page;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.form.ConfigurationLayout;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormPanel;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.table.PagedTableView;
import java.io.File;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The event type catalogue: the table (status, name, category, description, schema, ID) filtered by name, the
 * create/edit form beside it (with the JSON Schema of the type's data), Deprecate (asked first), and Import from an
 * OpenAPI document (pasted or opened from a file). A server without a catalogue (a Convoy that answers 404) shows
 * an empty table saying so, and the actions stay off.
 */
public final class EventTypesView implements ConsoleView {

    static final String UNAVAILABLE = "This server has no event type catalogue (its API answers no /event-types).";

    private final ConsoleSession session;
    private final PagedListModel<EventType> list;
    private final PagedTableView<EventType> table;
    private final ConfigurationLayout layout;
    private final Form actionsForm;
    private final EventTypeFormView formView;
    private final ImportOpenApiViewModel importer;
    private final FormPanel importPanel;
    private final ObjectProperty<EventType> selected;
    private final TextField search = new TextField();
    /** Set (on the FX thread) when the server answered that it has no catalogue. */
    private final BooleanProperty unavailable = new SimpleBooleanProperty(this, "unavailable", false);

    public EventTypesView(ConsoleSession session) {
        this.session = session;
        list = new PagedListModel<>(session, this::load, EventType::uid);
        selected = list.selectedProperty();
        table = new PagedTableView<>(list, "");
        table.table().setId("event-types-table");
        table.setEmptyText(Bindings.when(unavailable).then(UNAVAILABLE).otherwise(new SimpleStringProperty(
                "No event types yet: New event type names one, Import reads them from an OpenAPI document.")));
        actionsForm = new Form(session.tasks(), session::reportConnectionFailure);
        formView = new EventTypeFormView(new EventTypeFormViewModel(session.tasks(), session::client,
                session::reportConnectionFailure), this::saved, this::closePanel);
        importer = new ImportOpenApiViewModel(session.tasks(), session::client, session::reportConnectionFailure);
        importPanel = importPanel();

        table.addStatusColumn("Status", type -> type.deprecated() ? "deprecated" : "active").setMinWidth(96);
        table.addColumn("Name", EventType::name).setPrefWidth(170);
        table.addColumn("Category", EventType::category).setPrefWidth(110);
        table.addColumn("Description", EventType::description).setPrefWidth(220);
        table.addColumn("Schema", type -> type.jsonSchema() == null || type.jsonSchema().isNull() ? "–" : "JSON Schema")
                .setPrefWidth(100);
        table.addIdColumn("ID", EventType::uid);
        table.enableShownColumnsExport("event-types");
        table.setOnOpen(type -> openSelected());
        table.filterBar().getChildren().addAll(filters());

        layout = new ConfigurationLayout("event-types", table, actionsForm);
        BooleanExpression none = selected.isNull().or(actionsForm.busyProperty());
        layout.rowAction("event-types-edit", "Edit", Feather.EDIT_2, null, none, this::openSelected);
        layout.rowAction("event-types-deprecate", "Deprecate", Feather.ARCHIVE, ConfigurationLayout.DANGER,
                none.or(Bindings.createBooleanBinding(() -> selected.get() != null && selected.get().deprecated(),
                        selected)), this::askDeprecate);
        layout.action("event-types-new", "New event type", Feather.PLUS, ConfigurationLayout.ACCENT, this::openCreate)
                .disableProperty().bind(unavailable);
        layout.action("event-types-import", "Import OpenAPI", Feather.UPLOAD, null, this::openImport)
                .disableProperty().bind(unavailable);
        session.clientProperty().addListener((o, before, now) -> {
            closePanel();
            unavailable.set(false);
        });
        list.reload();
    }

    /**
     * The catalogue is one list (not paged by the API); the name filter is applied here. A missing route means a
     * server without the catalogue: an empty page, and the view says so.
     */
    private Page<EventType> load(ApiClient api, ListQuery query) {
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

    private Node[] filters() {
        search.setId("event-types-search");
        search.setPromptText("Search by name");
        search.setOnAction(event -> applyFilter());
        Button apply = new Button("Filter", new FontIcon(Feather.FILTER));
        apply.setId("event-types-filter");
        apply.setOnAction(event -> applyFilter());
        return new Node[] {search, apply};
    }

    private void applyFilter() {
        String text = search.getText() == null ? "" : search.getText().strip();
        list.filterProperty().set(ListQuery.create().with("name", text.isEmpty() ? null : text));
    }

    private FormPanel importPanel() {
        FormLayout form = new FormLayout();
        Button open = new Button("Open file…", new FontIcon(Feather.FOLDER));
        open.setId("event-types-import-open");
        open.setOnAction(event -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Open an OpenAPI document");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("OpenAPI (JSON or YAML)", "*.json",
                    "*.yaml", "*.yml"));
            File file = chooser.showOpenDialog(open.getScene() == null ? null : open.getScene().getWindow());
            if (file != null) {
                importer.load(file.toPath());
            }
        });
        form.row("File", open);
        form.area(importer.document, "event-types-import-document", 16, true).setPromptText(
                "openapi: 3.1.0\nwebhooks:\n  invoice.paid:\n    post:\n      requestBody: ...");
        FormPanel panel = new FormPanel("event-types-import", new SimpleStringProperty("Import from OpenAPI"),
                importer.form(), form, () -> importer.importDocument(this::imported), this::closePanel);
        panel.setSaveText("Import");
        return panel;
    }

    private void openCreate() {
        formView.viewModel().createNew();
        layout.showPanel(formView.node());
    }

    private void openImport() {
        importer.clear();
        layout.showPanel(importPanel);
    }

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

    private void saved(EventType type) {
        selected.set(type);
        list.refresh();
    }

    private void closePanel() {
        layout.closePanel();
    }

    EventTypeFormView formView() {
        return formView;
    }

    ImportOpenApiViewModel importer() {
        return importer;
    }

    @Override
    public Node node() {
        return layout.node();
    }

    @Override
    public void refresh() {
        list.refresh();
    }

    @Override
    public void onShown() {
        list.refresh();
    }

    @Override
    public void focusFilter() {
        search.requestFocus();
    }

    @Override
    public void openSelected() {
        EventType type = selected.get();
        if (type != null) {
            formView.viewModel().edit(type);
            layout.showPanel(formView.node());
        }
    }
}
