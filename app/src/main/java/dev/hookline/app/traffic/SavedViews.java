package dev.hookline.app.traffic;

import dev.hookline.app.fxml.Fxml;
import java.util.Objects;
import javafx.beans.NamedArg;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * The saved views of a traffic view: a name box listing them (picking one applies it), Save (the current filters and
 * time window under the typed name) and Delete (the named one). The layout is {@code SavedViews.fxml}; a view
 * declares it at the end of its filters ({@code <SavedViews fx:id="savedViews" idPrefix="deliveries"/>}) and
 * {@linkplain #bind binds} it to its {@link RememberedFilters}. Node ids start with the prefix: {@code SavedViews},
 * {@code SaveView}, {@code DeleteView}.
 */
public final class SavedViews extends HBox {

    private final String idPrefix;
    private RememberedFilters remembered;
    @FXML
    private ComboBox<String> names;
    @FXML
    private Button save;
    @FXML
    private Button delete;

    public SavedViews(@NamedArg("idPrefix") String idPrefix) {
        this.idPrefix = Objects.requireNonNull(idPrefix, "idPrefix");
        Fxml.loadRoot(this);
        names.setId(idPrefix + "SavedViews");
        save.setId(idPrefix + "SaveView");
        delete.setId(idPrefix + "DeleteView");
    }

    /** What the node ids start with, e.g. {@code deliveries}. */
    public String getIdPrefix() {
        return idPrefix;
    }

    /** Lists and applies {@code remembered}'s saved views, and saves and deletes them. */
    public void bind(RememberedFilters remembered) {
        this.remembered = remembered;
        names.setItems(remembered.savedNames());
        names.valueProperty().addListener((o, before, now) -> {
            if (now != null && remembered.savedNames().contains(now) && !now.equals(remembered.activeProperty()
                    .get())) {
                remembered.apply(now);
            }
        });
        // the box shows the saved view in force, and empties when the filters change: picking the same view again
        // (after Clear, or after changing a filter) is a change of the box and applies it again
        javafx.css.PseudoClass inForce = javafx.css.PseudoClass.getPseudoClass("active-view");
        Tooltip hint = names.getTooltip();
        remembered.activeProperty().subscribe((before, now) -> {
            names.pseudoClassStateChanged(inForce, now != null);
            names.setTooltip(now == null ? hint : new Tooltip("Showing the saved view \"" + now
                    + "\"; changing a filter leaves it"));
            if (now == null && before != null) {
                names.setValue(null);
                names.getEditor().clear();
            } else if (now != null && !now.equals(names.getValue())) {
                names.setValue(now);
            }
        });
        save.disableProperty().bind(names.getEditor().textProperty().map(t -> t == null || t.isBlank()));
        delete.disableProperty().bind(Bindings.createBooleanBinding(
                () -> !remembered.savedNames().contains(typedName()),
                names.getEditor().textProperty(), remembered.savedNames()));
    }

    @FXML
    private void saveView() {
        remembered.save(names.getEditor().getText());
    }

    @FXML
    private void deleteView() {
        remembered.delete(typedName());
        names.setValue(null);
        names.getEditor().clear();
    }

    private String typedName() {
        return names.getEditor().getText() == null ? "" : names.getEditor().getText().strip();
    }
}
