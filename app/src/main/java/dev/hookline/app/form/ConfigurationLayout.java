package dev.hookline.app.form;

import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.PagedTableView;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.fxml.FXML;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * The layout the configuration views share (declared in {@code ConfigurationLayout.fxml}): the actions on the
 * selected row above the table (with the inline confirmation and the last action's error), the table in the middle,
 * and the open form on the right.
 *
 * <p>A view's own FXML file uses it as its root: {@code <ConfigurationLayout prefix="endpoints">} with the actions
 * on the selected row under {@code <rowActions>} (off while {@link #rowActionsDisabledProperty()} holds), its other
 * buttons (e.g. New) under {@code <actions>} and its filter controls under {@code <filters>}. The table (built from
 * data) is handed over in code ({@link #setTable}), as is the form whose message shows a failed row action
 * ({@link #showErrorsOf}).
 * Node ids: {@code <prefix>-action-message}, {@code confirm-*} ({@link ConfirmBar}).
 */
public final class ConfigurationLayout extends BorderPane {

    @FXML
    private HBox actions;
    @FXML
    private ConfirmBar confirm;
    @FXML
    private Label message;
    @FXML
    private HBox filters;
    /** Shown first in {@link #actions} (one bar, so a narrow window shortens all buttons alike). */
    private final ObservableList<Node> rowActions = FXCollections.observableArrayList();
    private final BooleanProperty rowActionsDisabled = new SimpleBooleanProperty(this, "rowActionsDisabled");
    private String prefix;
    /** The table and, while one is open, the form beside it: a split the user can move (issue 25). */
    private final javafx.scene.control.SplitPane body = new javafx.scene.control.SplitPane();
    /** A form opens at most this share of the width, so the table stays readable beside it. */
    static final double PANEL_SHARE = 0.45;

    public ConfigurationLayout() {
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        rowActions.addListener((ListChangeListener<Node>) change -> {
            while (change.next()) {
                actions.getChildren().removeAll(change.getRemoved());
                for (Node added : change.getAddedSubList()) {
                    // after the spacer, in their own order; a view binds one again to add its own condition
                    actions.getChildren().add(1 + rowActions.indexOf(added), added);
                    added.disableProperty().bind(rowActionsDisabled);
                }
            }
        });
        message.visibleProperty().bind(message.textProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
    }

    public String getPrefix() {
        return prefix;
    }

    /** Names the view's nodes: the action message is {@code <prefix>-action-message}. */
    public void setPrefix(String prefix) {
        this.prefix = prefix;
        message.setId(prefix + "-action-message");
    }

    /** The actions on the selected row: the first buttons above the table, off while nothing is selected. */
    public ObservableList<Node> getRowActions() {
        return rowActions;
    }

    /** Turns the row actions off (e.g. while no row is selected or one of them runs). */
    public BooleanProperty rowActionsDisabledProperty() {
        return rowActionsDisabled;
    }

    /** The other buttons above the table (e.g. New), right-aligned after the row actions in this order. */
    public ObservableList<Node> getActions() {
        return actions.getChildren();
    }

    /** The view's filter controls, shown at the left of the table's tool bar. */
    public ObservableList<Node> getFilters() {
        return filters.getChildren();
    }

    /** Puts {@code table} in the middle, with the view's filters at the left of its tool bar. */
    public void setTable(PagedTableView<?> table) {
        table.filterBar().getChildren().add(filters);
        body.setId((prefix == null ? "configuration" : prefix) + "-split");
        body.getStyleClass().add("configuration-split");
        body.getItems().setAll(table);
        setCenter(body);
        BorderPane.setMargin(body, new Insets(8, 0, 0, 0));
    }

    /** Shows {@code actionsForm}'s refusal (a failed row action, in the server's words) under the actions. */
    public void showErrorsOf(Form actionsForm) {
        message.textProperty().bind(actionsForm.serverErrorProperty());
    }

    public ConfirmBar confirm() {
        return confirm;
    }

    /**
     * Opens {@code panel} beside the table, in a split: at its preferred width but never more than
     * {@link #PANEL_SHARE} of the view, so the table keeps most of its columns; the user may move the divider.
     */
    public void showPanel(Node panel) {
        if (body.getItems().size() > 1 && body.getItems().get(1) == panel) {
            return;
        }
        if (body.getItems().size() > 1) {
            body.getItems().set(1, panel);
        } else {
            body.getItems().add(panel);
        }
        javafx.scene.control.SplitPane.setResizableWithParent(panel, false);
        placeDivider(panel);
    }

    private void placeDivider(Node panel) {
        double width = body.getWidth() > 0 ? body.getWidth() : getWidth();
        if (width <= 0) {
            // not laid out yet: once it is
            javafx.application.Platform.runLater(() -> {
                if (body.getItems().size() > 1 && body.getItems().get(1) == panel && body.getWidth() > 0) {
                    placeDivider(panel);
                }
            });
            return;
        }
        double wanted = panel instanceof javafx.scene.layout.Region region ? region.prefWidth(-1) : 520;
        double share = Math.min(PANEL_SHARE, wanted / width);
        body.setDividerPositions(1 - share);
    }

    public void closePanel() {
        if (body.getItems().size() > 1) {
            body.getItems().remove(1, body.getItems().size());
        }
        setRight(null);
    }

    public boolean isPanelShown(Node panel) {
        return body.getItems().size() > 1 && body.getItems().get(1) == panel;
    }
}
