package dev.hookline.app.form;

import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.PageLoader;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.table.PagedTableView;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.TextField;

/**
 * What the configuration list views (endpoints, sources, subscriptions, portal links) share: a paged list of the
 * project's items in a table, a search field, row actions and a form panel beside the table
 * ({@link ConfigurationLayout}), the panel closed when the connection or project changes, and the shell's
 * shortcuts (reload, focus the search, open the selected row).
 *
 * <p>Each view declares its layout in {@code <View>.fxml} (root {@code <ConfigurationLayout fx:id="layout">}, its
 * search field {@code fx:id="search"}) and calls {@link #loadLayout()} at the end of its constructor; the row
 * actions are off while no row is selected or one of them runs.
 *
 * @param <T> the item, e.g. {@code Endpoint}
 */
public abstract class ConfigurationListView<T> implements ConsoleView {

    protected final ConsoleSession session;
    protected final PagedListModel<T> list;
    protected final PagedTableView<T> table;
    /** Row actions' failures show in its message (the server's words). */
    protected final Form actionsForm;
    protected final ObjectProperty<T> selected;
    /** The view's FXML root. */
    @FXML
    protected ConfigurationLayout layout;
    /** The main filter (Ctrl+F puts the focus here). */
    @FXML
    protected TextField search;

    /**
     * @param prefix     node-id prefix, e.g. {@code endpoints} (the table is {@code <prefix>-table})
     * @param emptyText  what the empty table says (how to add the first item)
     */
    protected ConfigurationListView(ConsoleSession session, PageLoader<T> loader, Function<? super T, String> idOf,
                                    String prefix, String emptyText) {
        this.session = session;
        list = new PagedListModel<>(session, loader, idOf);
        selected = list.selectedProperty();
        table = new PagedTableView<>(list, emptyText);
        table.table().setId(prefix + "-table");
        table.setOnOpen(item -> openSelected());
        actionsForm = new Form(session.tasks(), session::reportConnectionFailure);
        session.clientProperty().addListener((o, before, now) -> closePanel());
    }

    /**
     * Loads the view's FXML file with the view as its controller (its {@code initialize()} binds its own nodes), fits
     * the table in, turns the row actions off while nothing is selected, and loads the first page. Called last in
     * the subclass's constructor, once what {@code initialize()} binds to exists.
     */
    protected final void loadLayout() {
        Fxml.load(this);
        layout.setTable(table);
        layout.showErrorsOf(actionsForm);
        layout.rowActionsDisabledProperty().bind(selected.isNull().or(actionsForm.busyProperty()));
        list.reload();
    }

    /** The item's create/edit form, shown in the panel beside the table. */
    protected abstract FormView<T, ?> formView();

    /** Opens {@code item}'s form (Enter, a double click, the Edit action). */
    protected void open(T item) {
        showForm(item);
    }

    /** New ...: opens the form empty. */
    @FXML
    protected void openCreate() {
        showForm(null);
    }

    /** The form beside the table: empty for a new item ({@code item} null), else filled with {@code item}. */
    private void showForm(T item) {
        FormViewModel<T> form = formView().viewModel();
        if (item == null) {
            form.createNew();
        } else {
            form.edit(item);
        }
        form.loadChoices();
        layout.showPanel(formView().node());
    }

    /**
     * Asks {@code question} about the selected row (nothing when none is); on yes, {@code removal} (a delete, a
     * revoke) runs on it, and once the server said yes the row leaves the screen ({@link #removed}).
     */
    protected final void confirmRemoval(Function<T, String> question, String confirm, BiConsumer<T, Runnable> removal) {
        T item = selected.get();
        if (item != null) {
            layout.confirm().ask(question.apply(item), confirm, () -> removal.accept(item, () -> removed(item)));
        }
    }

    /**
     * {@code item} is gone (deleted, revoked): nothing is selected, its form closes if it was open on it, and the
     * table shows what is left.
     */
    protected void removed(T item) {
        selected.set(null);
        T editing = formView().viewModel().editingProperty().get();
        if (editing != null && Objects.equals(list.idOf(editing), list.idOf(item))) {
            closePanel();
        }
        list.refresh();
    }

    /** A save answered: the item stays selected (by ID) and the table shows it as saved. */
    protected void saved(T item) {
        selected.set(item);
        list.refresh();
    }

    @FXML
    protected void closePanel() {
        layout.closePanel();
    }

    @Override
    public Node node() {
        return layout;
    }

    @Override
    public void refresh() {
        list.refresh();
    }

    /** Back on screen: rows changed elsewhere (another view, the API) show up without Ctrl+R. */
    @Override
    public void onShown() {
        list.refresh();
    }

    @Override
    public void focusFilter() {
        search.requestFocus();
    }

    /** Opens the selected row's form (Edit, Enter, a double click). */
    @FXML
    @Override
    public void openSelected() {
        T item = selected.get();
        if (item != null) {
            open(item);
        }
    }
}
