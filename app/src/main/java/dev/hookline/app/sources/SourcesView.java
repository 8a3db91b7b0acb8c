package dev.hookline.app.sources;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.form.ConfigurationListView;
import dev.hookline.app.form.FunctionTestPane;
import dev.hookline.app.form.FunctionTestViewModel;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.stream.Stream;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;

/**
 * Sources: the table (name, type, provider, verifier, copyable ingest URL, disabled, ID) filtered by name, type and
 * provider, and the create/edit form beside it. Delete asks first (the source's subscriptions go with it). The
 * layout is {@code SourcesView.fxml}; the columns, the filters' choices and the form's rows are built here.
 */
public final class SourcesView extends ConfigurationListView<Source> {

    private final SourceActions actions;
    private final SourceFormView formView;
    @FXML
    private ComboBox<SourceType> typeFilter;
    @FXML
    private ComboBox<SourceProvider> providerFilter;

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
        loadLayout();
    }

    /** The filters' choices (a blank one first: any) come from the model's lists. */
    @FXML
    private void initialize() {
        typeFilter.getItems().setAll(Stream.concat(Stream.of((SourceType) null),
                SourceFormViewModel.TYPES.stream()).toList());
        typeFilter.setButtonCell(cell("Any type"));
        typeFilter.setCellFactory(view -> cell("Any type"));
        providerFilter.getItems().setAll(Stream.concat(Stream.of((SourceProvider) null),
                Arrays.stream(SourceProvider.values())).toList());
        providerFilter.setButtonCell(cell("Any provider"));
        providerFilter.setCellFactory(view -> cell("Any provider"));
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

    @FXML
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

    @FXML
    private void askDelete() {
        confirmRemoval(source -> "Delete source \"" + source.name() + "\"? Its subscriptions are deleted too.",
                "Delete source", actions::delete);
    }

    /** The form, for tests and the function test panel. */
    @Override
    protected SourceFormView formView() {
        return formView;
    }
}
