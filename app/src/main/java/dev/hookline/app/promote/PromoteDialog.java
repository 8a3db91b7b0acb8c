package dev.hookline.app.promote;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Project;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.fxml.Fxml;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Window;

/**
 * "Promote to another connection": pick the connection and project, see the dry run (what will be created, updated,
 * left alone or skipped, and why), then promote with a progress bar. Secrets go only when "Carry secrets" is ticked.
 * Ids start with {@code promote-}. The layout is {@code PromoteDialog.fxml}.
 */
public final class PromoteDialog extends Dialog<Void> {

    private final BackgroundTasks tasks;
    private final ApiClient from;
    private final PromotionTargets targets;
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty();
    private final SimpleObjectProperty<Promotion> planned = new SimpleObjectProperty<>();
    @FXML
    private ComboBox<PromotionTargets.Target> connection;
    @FXML
    private ComboBox<Project> project;
    @FXML
    private CheckBox secrets;
    @FXML
    private Button dryRun;
    @FXML
    private Button promote;
    @FXML
    private ProgressBar progress;
    @FXML
    private TableView<PromotionStep> plan;
    @FXML
    private TableColumn<PromotionStep, String> whatColumn;
    @FXML
    private TableColumn<PromotionStep, String> nameColumn;
    @FXML
    private TableColumn<PromotionStep, String> actionColumn;
    @FXML
    private TableColumn<PromotionStep, String> whyColumn;
    @FXML
    private Label message;
    private ApiClient target;

    /** @param from a client bound to the project to promote */
    public PromoteDialog(Window owner, BackgroundTasks tasks, ApiClient from, String projectName,
                         PromotionTargets targets) {
        this.tasks = tasks;
        this.from = from;
        this.targets = targets;
        setTitle("Promote \"" + projectName + "\"");
        // modal to the owner in the scene, not through the window system (a window manager un-maximized the owner)
        dev.hookline.app.shell.OwnerModality.apply(this, owner);
        setResizable(true);
        setDialogPane(Fxml.load(this));
        setOnHidden(event -> closeTarget());
    }

    @FXML
    private void initialize() {
        connection.getItems().setAll(targets.targets());
        connection.setPromptText(connection.getItems().isEmpty() ? "No other connection saved" : "Pick one");
        connection.valueProperty().addListener((o, before, now) -> loadProjects(now));
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
        secrets.selectedProperty().addListener((o, before, now) -> planned.set(null));

        show(whatColumn, PromotionStep::kind);
        show(nameColumn, PromotionStep::name);
        show(actionColumn, step -> step.action().label());
        show(whyColumn, PromotionStep::detail);
        dryRun.disableProperty().bind(project.valueProperty().isNull().or(busy));
        promote.disableProperty().bind(planned.isNull().or(busy));
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

    @FXML
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

    @FXML
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

    private static void show(TableColumn<PromotionStep, String> column,
                             java.util.function.Function<PromotionStep, String> value) {
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
    }
}
