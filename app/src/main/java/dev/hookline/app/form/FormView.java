package dev.hookline.app.form;

import dev.hookline.app.fxml.Fxml;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;

/**
 * What the create/edit form views share, bound to a {@link FormViewModel}: the {@link FormPanel} (its FXML root,
 * {@code fx:id="panel"}, with {@code onSave="#save"} and {@code onClose="#close"}), its title ("New ..." or the item
 * being edited), Save and Close. A subclass builds its rows in a {@link FormLayout} in its {@code initialize()},
 * hands them to {@link #show}, and calls {@link #loadLayout()} at the end of its constructor.
 *
 * @param <T> what the form creates and edits
 * @param <M> its view model
 */
public abstract class FormView<T, M extends FormViewModel<T>> {

    protected final M viewModel;
    private final Consumer<T> onSaved;
    private final Runnable onClose;
    @FXML
    protected FormPanel panel;

    /**
     * @param onSaved gets what the server answered to a save
     * @param onClose closes the panel (Close)
     */
    protected FormView(M viewModel, Consumer<T> onSaved, Runnable onClose) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.onSaved = Objects.requireNonNull(onSaved, "onSaved");
        this.onClose = Objects.requireNonNull(onClose, "onClose");
    }

    /** Loads the view's FXML layout with this view as its controller (call last in the constructor). */
    protected final void loadLayout() {
        Fxml.load(this);
    }

    /** Shows {@code rows} in the panel, titled {@code newTitle} for a new item, else as {@code editTitle} says. */
    protected final void show(FormLayout rows, String newTitle, Function<T, String> editTitle) {
        panel.titleProperty().bind(Bindings.createStringBinding(() -> viewModel.isEditing()
                ? editTitle.apply(viewModel.editingProperty().get()) : newTitle, viewModel.editingProperty()));
        panel.show(viewModel.form(), rows);
    }

    @FXML
    protected void save() {
        viewModel.save(onSaved);
    }

    @FXML
    protected void close() {
        onClose.run();
    }

    public FormPanel node() {
        return panel;
    }

    public M viewModel() {
        return viewModel;
    }
}
