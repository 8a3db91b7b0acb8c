package dev.hookline.app.sources;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.form.ConfigurationLayout;
import dev.hookline.app.form.ConfigurationListView;
import dev.hookline.app.form.FunctionTestPane;
import dev.hookline.app.form.FunctionTestViewModel;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Sources: the table (name, type, provider, verifier, copyable ingest URL, disabled, ID) filtered by name, type and
 * provider, and the create/edit form beside it. Delete asks first (the source's subscriptions go with it).
 */
public final class SourcesView extends ConfigurationListView<Source> {

    private final SourceActions actions;
    private final SourceFormView formView;
    private final ComboBox<SourceType> typeFilter = new ComboBox<>();
    private final ComboBox<SourceProvider> providerFilter = new ComboBox<>();

    public SourcesView(ConsoleSession session) {
        super(session, ApiClient::listSources, Source::uid, "sources", "No sources yet: New source adds one.");
        actions = new SourceActions(session::client, actionsForm);
        SourceFormViewModel form = new SourceFormViewModel(session.tasks(), session::client,
                session::reportConnectionFailure);
        formView = new SourceFormView(form, this::ingestUrl, this::saved, this::closePanel);
        formView.addSection("Test the body function", new FunctionTestPane("source-body-test",
                new FunctionTestViewModel(session.tasks(), session::client, session::reportConnectionFailure,
                        ApiClient::testSourceFunction, form.bodyFunction, "body")));
        formView.addSection("Test the header function", new FunctionTestPane("source-header-test",
                new FunctionTestViewModel(session.tasks(), session::client, session::reportConnectionFailure,
                        ApiClient::testSourceFunction, form.headerFunction, "header")));

        table.addColumn("Name", Source::name).setPrefWidth(150);
        table.addColumn("Type", source -> source.type() == null ? "" : source.type().wire()).setPrefWidth(80);
        table.addColumn("Provider", source -> source.provider() == null ? "" : source.provider().wire())
                .setPrefWidth(80);
        table.addColumn("Verifier", source -> source.verifier() == null || source.verifier().type() == null ? ""
                : source.verifier().type().wire()).setPrefWidth(90);
        table.addIdColumn("Ingest URL", this::ingestUrl).setPrefWidth(320);
        table.addStatusColumn("State", source -> Boolean.TRUE.equals(source.isDisabled()) ? "disabled" : "enabled")
                .setMinWidth(86);
        table.addStatusColumn("Consumer", source -> ConsumerSummary.state(source.consumer())).setMinWidth(112);
        table.addTextColumn("Consumer status", source -> ConsumerSummary.describe(source.consumer(),
                ZoneId.systemDefault())).setPrefWidth(280);
        table.addIdColumn("ID", Source::uid);
        table.enableShownColumnsExport("sources");
        table.setOnOpen(source -> openSelected());
        table.filterBar().getChildren().addAll(filters());

        var none = selected.isNull().or(actionsForm.busyProperty());
        layout.rowAction("sources-edit", "Edit", Feather.EDIT_2, null, none, this::openSelected);
        layout.rowAction("sources-delete", "Delete", Feather.TRASH_2, ConfigurationLayout.DANGER, none,
                this::askDelete);
        layout.action("sources-new", "New source", Feather.PLUS, ConfigurationLayout.ACCENT, this::openCreate);
        list.reload();
    }

    private Node[] filters() {
        search.setId("sources-search");
        search.setPromptText("Search by name");
        search.setOnAction(event -> applyFilter());
        typeFilter.setId("sources-type-filter");
        typeFilter.getItems().setAll(Stream.concat(Stream.of((SourceType) null),
                SourceFormViewModel.TYPES.stream()).toList());
        typeFilter.setButtonCell(cell("Any type"));
        typeFilter.setCellFactory(view -> cell("Any type"));
        typeFilter.setOnAction(event -> applyFilter());
        providerFilter.setId("sources-provider-filter");
        providerFilter.getItems().setAll(Stream.concat(Stream.of((SourceProvider) null),
                Arrays.stream(SourceProvider.values())).toList());
        providerFilter.setButtonCell(cell("Any provider"));
        providerFilter.setCellFactory(view -> cell("Any provider"));
        providerFilter.setOnAction(event -> applyFilter());
        Button apply = new Button("Filter", new FontIcon(Feather.FILTER));
        apply.setId("sources-filter");
        apply.setOnAction(event -> applyFilter());
        return new Node[] {search, typeFilter, providerFilter, apply};
    }

    private static <T> ListCell<T> cell(String none) {
        return new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item == null ? none : item.toString());
            }
        };
    }

    private void applyFilter() {
        list.filterProperty().set(new SourceFilter(search.getText(), typeFilter.getValue(),
                providerFilter.getValue()).toQuery());
    }

    /** The server's URL when it sent one (a remote Convoy may use a custom domain), else the session's. */
    private String ingestUrl(Source source) {
        if (source.url() != null && !source.url().isBlank()) {
            return source.url();
        }
        return source.maskId() == null ? "" : session.ingestUrl(source.maskId());
    }

    private void openCreate() {
        formView.viewModel().createNew();
        layout.showPanel(formView.node());
    }

    private void askDelete() {
        Source source = selected.get();
        if (source != null) {
            layout.confirm().ask("Delete source \"" + source.name() + "\"? Its subscriptions are deleted too.",
                    "Delete source", () -> actions.delete(source, () -> {
                        selected.set(null);
                        Source editing = formView.viewModel().editingProperty().get();
                        if (editing != null && Objects.equals(editing.uid(), source.uid())) {
                            closePanel();
                        }
                        list.refresh();
                    }));
        }
    }

    /** The form, for tests and the function test panel. */
    SourceFormView formView() {
        return formView;
    }

    @Override
    protected void open(Source source) {
        formView.viewModel().edit(source);
        layout.showPanel(formView.node());
    }
}
