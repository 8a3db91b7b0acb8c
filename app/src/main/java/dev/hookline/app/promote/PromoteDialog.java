package dev.hookline.app.promote;

import atlantafx.base.theme.Styles;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Project;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.Failures;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * "Promote to another connection": pick the connection and project, see the dry run (what will be created, updated,
 * left alone or skipped, and why), then promote with a progress bar. Secrets go only when "Carry secrets" is ticked.
 * Ids start with {@code promote-}.
 */
public final class PromoteDialog extends Dialog<Void> {

    private final BackgroundTasks tasks;
    private final ApiClient from;
    private final PromotionTargets targets;
    private final ComboBox<PromotionTargets.Target> connection = new ComboBox<>();
    private final ComboBox<Project> project = new ComboBox<>();
    private final CheckBox secrets = new CheckBox("Carry secrets (endpoint signing secrets and authentication, "
            + "source verifier secrets, the meta-event secret)");
    private final TableView<PromotionStep> plan = new TableView<>();
    private final Label message = new Label();
    private final ProgressBar progress = new ProgressBar(0);
    private final Button dryRun = new Button("Dry run");
    private final Button promote = new Button("Promote");
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty();
    private final SimpleObjectProperty<Promotion> planned = new SimpleObjectProperty<>();
    private ApiClient target;

    /** @param from a client bound to the project to promote */
    public PromoteDialog(Window owner, BackgroundTasks tasks, ApiClient from, String projectName,
                         PromotionTargets targets) {
        this.tasks = tasks;
        this.from = from;
        this.targets = targets;
        setTitle("Promote \"" + projectName + "\"");
        if (owner != null) {
            initOwner(owner);
        }
        initModality(Modality.WINDOW_MODAL);
        setResizable(true);

        connection.setId("promote-connection");
        connection.getItems().setAll(targets.targets());
        connection.setPromptText(connection.getItems().isEmpty() ? "No other connection saved" : "Pick one");
        connection.valueProperty().addListener((o, before, now) -> loadProjects(now));
        project.setId("promote-project");
        project.setPromptText("Pick a connection first");
        project.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Project p) {
                return p == null ? "" : p.name();
            }

            @Override
            public Project fromString(String text) {
                return null;
            }
        });
        project.valueProperty().addListener((o, before, now) -> planned.set(null));
        secrets.setId("promote-secrets");
        secrets.selectedProperty().addListener((o, before, now) -> planned.set(null));

        GridPane grid = new GridPane(10, 8);
        grid.addRow(0, new Label("To connection"), connection);
        grid.addRow(1, new Label("Project"), project);
        grid.add(secrets, 1, 2);
        javafx.scene.layout.ColumnConstraints labels = new javafx.scene.layout.ColumnConstraints();
        labels.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.getColumnConstraints().addAll(labels, new javafx.scene.layout.ColumnConstraints());
        secrets.setWrapText(true);
        connection.setMaxWidth(Double.MAX_VALUE);
        project.setMaxWidth(Double.MAX_VALUE);
        GridPane.setHgrow(connection, Priority.ALWAYS);

        plan.setId("promote-plan");
        plan.setPlaceholder(new Label("Dry run lists what will be created, updated, left alone or skipped."));
        plan.getColumns().add(column("What", PromotionStep::kind, 120));
        plan.getColumns().add(column("Name", PromotionStep::name, 160));
        plan.getColumns().add(column("Action", s -> s.action().label(), 90));
        plan.getColumns().add(column("Why", PromotionStep::detail, 420));
        plan.setPrefHeight(260);
        VBox.setVgrow(plan, Priority.ALWAYS);

        dryRun.setId("promote-dry-run");
        dryRun.disableProperty().bind(project.valueProperty().isNull().or(busy));
        dryRun.setOnAction(event -> dryRun());
        promote.setId("promote-run");
        promote.getStyleClass().add(Styles.ACCENT);
        promote.disableProperty().bind(planned.isNull().or(busy));
        promote.setOnAction(event -> promote());
        message.setId("promote-message");
        message.setWrapText(true);
        progress.setId("promote-progress");
        progress.setVisible(false);
        progress.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(progress, Priority.ALWAYS);
        HBox buttons = new HBox(8, dryRun, promote, progress);
        buttons.setAlignment(Pos.CENTER_LEFT);

        VBox content = new VBox(10, grid, buttons, plan, message);
        content.setPadding(new Insets(4));
        content.setPrefWidth(820);
        getDialogPane().setContent(content);
        getDialogPane().setPrefWidth(860);
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
        setOnHidden(event -> closeTarget());
    }

    private void loadProjects(PromotionTargets.Target chosen) {
        planned.set(null);
        plan.getItems().clear();
        project.getItems().clear();
        closeTarget();
        if (chosen == null) {
            return;
        }
        busy.set(true);
        message.setText("Connecting to " + chosen.name() + "...");
        tasks.run(() -> {
            ApiClient client = targets.open(chosen);
            return new Opened(client, client.listAccessibleProjects());
        }, opened -> {
            busy.set(false);
            target = opened.client();
            project.getItems().setAll(opened.projects());
            project.setPromptText(opened.projects().isEmpty() ? "No project there" : "Pick one");
            if (opened.projects().size() == 1) {
                project.setValue(opened.projects().getFirst());
            }
            message.setText("");
        }, this::failed);
    }

    private record Opened(ApiClient client, List<Project> projects) {
    }

    private void dryRun() {
        Project chosen = project.getValue();
        if (chosen == null || target == null) {
            return;
        }
        ApiClient to = target.withProject(chosen.uid());
        boolean carry = secrets.isSelected();
        busy.set(true);
        message.setText("Reading both projects...");
        tasks.run(() -> Promotion.plan(from, to, carry), promotion -> {
            busy.set(false);
            plan.getItems().setAll(promotion.steps());
            planned.set(promotion.changes() == 0 ? null : promotion);
            promote.setText(promotion.changes() == 0 ? "Promote" : "Promote " + promotion.changes() + " change"
                    + (promotion.changes() == 1 ? "" : "s"));
            message.setText(promotion.changes() == 0 ? "Nothing to do: the target already has this configuration."
                    : "Nothing is written until you press Promote. Nothing on the target is deleted.");
        }, this::failed);
    }

    private void promote() {
        Promotion promotion = planned.get();
        if (promotion == null) {
            return;
        }
        long total = promotion.changes();
        busy.set(true);
        progress.setProgress(0);
        progress.setVisible(true);
        message.setText("Promoting...");
        tasks.run(() -> {
            promotion.apply(done -> javafx.application.Platform.runLater(
                    () -> progress.setProgress(done / (double) total)));
            return total;
        }, done -> {
            busy.set(false);
            planned.set(null);
            message.setText("Promoted: " + done + " change" + (done == 1 ? "" : "s") + " made on \""
                    + project.getValue().name() + "\". A new dry run shows what is left (nothing, if all went).");
        }, failure -> {
            failed(failure);
            planned.set(null);
        });
    }

    private void failed(Throwable failure) {
        busy.set(false);
        message.setText("Stopped: " + Failures.describe(failure) + ". What was done stays; a new dry run shows "
                + "what is left.");
    }

    private void closeTarget() {
        if (target != null) {
            target.close();
            target = null;
        }
    }

    private static TableColumn<PromotionStep, String> column(String title,
                                                             java.util.function.Function<PromotionStep, String> value,
                                                             double width) {
        TableColumn<PromotionStep, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        return column;
    }
}
