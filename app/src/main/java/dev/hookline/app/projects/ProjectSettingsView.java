package dev.hookline.app.projects;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.form.ConfirmBar;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormPanel;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.promote.PromoteDialog;
import dev.hookline.app.promote.PromotionTargets;
import java.util.Arrays;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Project settings: the current project's retry strategy, signatures, rate limit, payload size, meta events and
 * delivery options as one form (Save sends them, Revert reloads), plus creating a project (the switcher moves to
 * it), deleting the current one (asked first) and promoting it to another connection ({@link PromoteDialog}). Ids
 * start with {@code project-}. The layout is {@code ProjectSettingsView.fxml} (the project bar above the form); the
 * form's sections are built by {@link #form()}.
 */
public final class ProjectSettingsView implements ConsoleView {

    private final ProjectSettingsViewModel model;
    private final ProjectDirectory directory;
    private final PromotionTargets targets;
    private final ConsoleSession session;
    @FXML
    private BorderPane root;
    @FXML
    private TextField newName;
    @FXML
    private ComboBox<ProjectType> newType;
    @FXML
    private Button createProject;
    @FXML
    private Label newNameError;
    @FXML
    private Button promoteProject;
    @FXML
    private Button deleteProject;
    @FXML
    private ConfirmBar confirm;
    @FXML
    private Label saved;

    /**
     * @param directory the connection's project switcher (create and delete move it)
     * @param targets   the other saved connections, for "Promote…"
     */
    public ProjectSettingsView(ConsoleSession session, ProjectDirectory directory, PromotionTargets targets) {
        this.session = session;
        this.directory = directory;
        this.targets = targets;
        this.model = new ProjectSettingsViewModel(session.tasks(), session::client, session::reportConnectionFailure);
        Fxml.load(this);
        session.clientProperty().addListener((o, before, now) -> model.load());
        // no load here: the shell shows a view right after making it, and onShown loads; a second load answering
        // late would overwrite what the user typed meanwhile
    }

    @FXML
    private void initialize() {
        newName.textProperty().bindBidirectional(model.newProjectName.textProperty());
        newNameError.textProperty().bind(model.newProjectName.errorProperty());
        newType.getItems().setAll(ProjectType.values());
        newType.valueProperty().bindBidirectional(model.newProjectType);
        createProject.disableProperty().bind(model.form().busyProperty());
        deleteProject.disableProperty().bind(model.projectProperty().isNull().or(model.form().busyProperty()));
        promoteProject.disableProperty().bind(model.projectProperty().isNull().or(model.form().busyProperty()));
        root.setCenter(form());
    }

    /** The view model (for tests). */
    public ProjectSettingsViewModel viewModel() {
        return model;
    }

    @FXML
    private void create() {
        model.create(project -> {
            saved.setText("Created project \"" + project.name() + "\"; the console now shows it.");
            directory.created(project);
        });
    }

    /** Enter in the name field creates the project, as the button would (not while a request is under way). */
    @FXML
    private void nameEntered() {
        createProject.fire();
    }

    @FXML
    private void delete() {
        Project project = model.projectProperty().get();
        if (project != null) {
            confirm.ask("Delete project \"" + project.name() + "\"? Its endpoints, sources, subscriptions, "
                    + "events and deliveries go with it, and its API keys stop working.", "Delete project",
                    () -> model.delete(deleted -> {
                        saved.setText("Deleted project \"" + deleted.name() + "\".");
                        directory.deleted(deleted);
                    }));
        }
    }

    @FXML
    private void promote() {
        Project project = model.projectProperty().get();
        if (project != null && session.client() != null) {
            new PromoteDialog(root.getScene() == null ? null : root.getScene().getWindow(), session.tasks(),
                    session.client(), project.name(), targets).show();
        }
    }

    /**
     * The settings form: FormLayout's titled sections, one after another (its rows show and hide with the fields the
     * view model shows, so they are built here, not in the FXML). A further section is added to {@code layout}
     * among them, in the order it should appear.
     */
    private Node form() {
        FormLayout layout = new FormLayout();
        layout.idRow("project-id", model.projectProperty().map(Project::uid));
        Label projectType = new Label();
        projectType.setId("project-type");
        projectType.setWrapText(true);
        projectType.textProperty().bind(model.projectProperty().map(ProjectSettingsView::typeText).orElse(""));
        layout.row("Type", projectType);
        layout.text(model.name, "project-name");
        layout.text(model.logoUrl, "project-logo-url").setPromptText("https://...");

        layout.section("Retries");
        layout.choice("Strategy", "project-strategy-type", model.strategyType,
                Arrays.asList(StrategyType.values()), type -> type == null ? "" : switch (type) {
                    case LINEAR -> "Linear (the same interval each time)";
                    case EXPONENTIAL -> "Exponential (doubling, up to 2 hours)";
                });
        layout.text(model.strategyDuration, "project-strategy-duration").setPromptText("seconds");
        layout.text(model.retryCount, "project-retry-count").setPromptText("tries after the first");

        layout.section("Signatures");
        layout.text(model.signatureHeader, "project-signature-header");
        layout.pick(model.signatureHash, "project-signature-hash", ProjectSettingsViewModel.HASHES, "");
        layout.pick(model.signatureEncoding, "project-signature-encoding", ProjectSettingsViewModel.ENCODINGS, "");
        Label versions = new Label();
        versions.setId("project-signature-versions");
        versions.setWrapText(true);
        versions.getStyleClass().add(Styles.TEXT_MUTED);
        versions.textProperty().bind(model.projectProperty().map(ProjectSettingsView::versions));
        layout.row("", versions);

        layout.section("Limits");
        layout.text(model.rateLimitCount, "project-rate-limit").setPromptText("requests");
        layout.text(model.rateLimitDuration, "project-rate-limit-duration").setPromptText("seconds");
        layout.text(model.maxPayloadBytes, "project-max-payload").setPromptText("bytes (Convoy: 51200)");
        layout.text(model.searchPolicy, "project-search-policy").setPromptText("e.g. 720h; empty: no limit");
        RetentionSection.addTo(layout, model.retention);

        layout.section("Delivery options");
        layout.text(model.requestIdHeader, "project-request-id-header");
        layout.check("Pause an endpoint when a delivery runs out of retries", "project-disable-endpoint",
                model.disableEndpoint);
        layout.check("Allow several subscriptions per endpoint", "project-multiple-subscriptions",
                model.multipleEndpointSubscriptions);
        layout.check("Replay-attack prevention (timestamped signatures)", "project-replay-attacks",
                model.replayAttacksPrevention);
        layout.check("Send X-Convoy-Event-ID and X-Convoy-EventDelivery-ID headers", "project-trace-headers",
                model.traceHeaders);
        layout.check("Endpoints must use https", "project-enforce-https", model.enforceSecureEndpoints);
        CircuitBreakerSection.addTo(layout, model.circuitBreaker);

        layout.section("Meta events").keepSection();
        layout.check("Send meta events (endpoint changes, delivery outcomes) to a URL", "project-meta-enabled",
                model.metaEventsEnabled);
        layout.text(model.metaEventUrl, "project-meta-url").setPromptText("https://...");
        VBox types = new VBox(4);
        model.metaEventTypes.forEach((type, on) -> {
            javafx.scene.control.CheckBox box = new javafx.scene.control.CheckBox(type);
            box.setId("project-meta-type-" + type.replace('.', '-'));
            box.selectedProperty().bindBidirectional(on);
            box.disableProperty().bind(model.metaEventsEnabled.not());
            types.getChildren().add(box);
        });
        layout.row("Meta events sent", types);
        layout.secret(model.metaEventSecret, "project-meta-secret").setEditable(false);

        StringBinding title = Bindings.createStringBinding(() -> model.projectProperty().get() == null
                ? "Project settings" : "Settings of project " + model.projectProperty().get().name(),
                model.projectProperty());
        FormPanel panel = new FormPanel("project-form", title, model.form(), layout, () -> model.save(project ->
                saved.setText("Saved the settings of \"" + project.name() + "\".")), model::load);
        panel.setCloseText("Revert");
        panel.setPrefWidth(Region.USE_COMPUTED_SIZE);
        layout.follow(model::shownFields, model.metaEventsEnabled, model.projectProperty());
        model.form().serverErrorProperty().addListener((o, before, now) -> {
            if (!now.isEmpty()) {
                saved.setText("");
            }
        });
        return panel;
    }

    /** {@code Signature versions: v1 SHA256/hex, v2 SHA512/base64 (the last one signs simple signatures)}. */
    /** The project's type in words: what it does with events (fixed when the project is made). */
    static String typeText(Project project) {
        if (project.type() == null) {
            return "not said by the server";
        }
        return switch (project.type()) {
            case OUTGOING -> "Outgoing: your application sends events, Hookline delivers them to endpoints";
            case INCOMING -> "Incoming: providers post to sources' ingest URLs, Hookline forwards them to endpoints";
        };
    }

    static String versions(Project project) {
        if (project.config() == null || project.config().signature() == null
                || project.config().signature().versions() == null) {
            return "";
        }
        List<String> each = new java.util.ArrayList<>();
        var all = project.config().signature().versions();
        for (int i = 0; i < all.size(); i++) {
            each.add("v" + (i + 1) + " " + all.get(i).hash() + "/" + all.get(i).encoding());
        }
        return "Signature versions: " + String.join(", ", each) + ". Changing hash or encoding adds a version; "
                + "advanced signatures carry every version, simple ones the last.";
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void refresh() {
        model.load();
    }

    @Override
    public void onShown() {
        model.load();
    }
}
