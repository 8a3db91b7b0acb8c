package dev.hookline.app.traffic;

import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.PagedTableView;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableObjectValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.StackPane;

/**
 * What the three traffic screens (deliveries, events, meta events) share: the table of their
 * {@link TrafficListViewModel} above, the selected row's detail pane below (it follows the selection; a placeholder
 * says "nothing selected" while there is no row nor error to show), the first load when the view is first shown,
 * Ctrl+R reloading table and detail, and filters set from another view. The layout stays each view's own FXML: a
 * subclass builds its table's columns, calls {@link #loadLayout()} at the end of its constructor, and in its
 * {@code initialize()} hands its split, detail area, pane and placeholder to {@link #placeDetail}.
 *
 * @param <R> one row of the table
 * @param <M> the view model of the list
 * @param <D> the view model of the detail pane
 */
public abstract class TrafficView<R, M extends TrafficListViewModel<R>, D extends DetailViewModel<?>>
        implements ConsoleView {

    protected final M model;
    protected final D detail;
    protected final PagedTableView<R> table;
    private Node root;
    private boolean loaded;

    protected TrafficView(M model, D detail, String emptyText) {
        this.model = Objects.requireNonNull(model, "model");
        this.detail = Objects.requireNonNull(detail, "detail");
        this.table = new PagedTableView<>(model.list(), emptyText);
        table.setOnOpen(row -> detail.show(model.list().idOf(row)));
        // an action on the row shown (replay, resend) changes the list: it reloads (a subclass may do more)
        detail.setAfterAction(model.list()::refresh);
    }

    /** Loads the view's FXML layout with this view as its controller (call last in the constructor). */
    protected final void loadLayout() {
        root = Fxml.load(this);
    }

    /**
     * Says "no ... match these filters" rather than "no ... in this time window" while a filter is set: not "in this
     * time window" when the window has hundreds and a filter left none.
     */
    protected final void emptyTextByFilters(BooleanSupplier hasFilters, String whenFiltered, String whenNot) {
        table.setEmptyText(Bindings.createStringBinding(() -> hasFilters.getAsBoolean() ? whenFiltered : whenNot,
                model.list().filterProperty()));
    }

    /**
     * Puts the table first in {@code split} and {@code pane} in {@code detailArea}: the pane shows while there is an
     * {@code item} or an error to show, {@code placeholder} otherwise; the pane follows the selected row.
     */
    protected final void placeDetail(SplitPane split, StackPane detailArea, Node pane, ObservableObjectValue<?> item,
                                     Label placeholder) {
        split.getItems().addFirst(table);
        pane.visibleProperty().bind(Bindings.isNotNull(item).or(detail.errorProperty().isNotEmpty()));
        placeholder.visibleProperty().bind(pane.visibleProperty().not());
        detailArea.getChildren().add(pane);
        DetailWidgets.followSelection(model.list().selectedProperty(), row -> detail.show(model.list().idOf(row)),
                detail::clear);
    }

    /** The first time the view is shown: loads the table (a subclass adds what else it loads then). */
    protected void firstShown() {
        model.list().reload();
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void refresh() {
        model.list().refresh();
        detail.reload();
    }

    @Override
    public void openSelected() {
        table.openSelected();
    }

    @Override
    public void onShown() {
        if (!loaded) {
            loaded = true;
            firstShown();
        }
    }

    @Override
    public void applyFilter(Map<String, String> filter) {
        model.applyFilter(filter);
        onShown();
    }
}
