package dev.hookline.app.traffic;

import dev.hookline.api.model.HttpStatusClass;
import java.util.List;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import org.controlsfx.control.CheckComboBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The deliveries' filter by the HTTP status their last attempt got (Hookline's {@code httpStatus}, ADR 0033): a
 * multi-select of 2xx, 3xx, 4xx, 5xx and "No response", empty meaning any. On a server without that filter (a remote
 * Convoy would ignore it and list every delivery) the box is disabled and an info mark beside it says why, since a
 * disabled control shows no tooltip of its own.
 */
public final class HttpStatusChoice {

    /** What the box offers, in this order (1xx is never a final answer and is left out). */
    static final List<HttpStatusClass> CHOICES = List.of(HttpStatusClass.SUCCESSFUL, HttpStatusClass.REDIRECTION,
            HttpStatusClass.CLIENT_ERROR, HttpStatusClass.SERVER_ERROR, HttpStatusClass.NONE);

    static final String HELP = "The HTTP status the last attempt got. No response: tried, but no HTTP answer "
            + "(network error, timeout). Deliveries not tried yet have no status and match none of these.";

    private HttpStatusChoice() {
    }

    /**
     * The box ({@code #httpStatusFilter}) and its note ({@code #httpStatusNote}, shown while {@code note} has text)
     * in one node for a filter bar.
     *
     * @param selected  the classes kept (both ways)
     * @param supported whether the server has the filter; the box is disabled while false
     * @param note      why it is disabled, or {@code ""}
     */
    public static HBox create(ObservableList<HttpStatusClass> selected, ObservableBooleanValue supported,
                              ObservableStringValue note) {
        CheckComboBox<HttpStatusClass> box = FilterFields.multiSelect("httpStatusFilter", "Any HTTP status",
                FXCollections.observableArrayList(CHOICES), selected, HttpStatusChoice::label);
        box.setTooltip(new Tooltip(HELP));
        box.setPrefWidth(215); // "Any HTTP status (0/5)" whole, beside "All statuses (0/6)"
        box.disableProperty().bind(javafx.beans.binding.Bindings.not(supported));
        Label mark = new Label(null, new FontIcon(Feather.INFO));
        mark.setId("httpStatusNote");
        Tooltip why = new Tooltip();
        why.textProperty().bind(note);
        why.setShowDelay(Duration.millis(200));
        why.setWrapText(true);
        why.setMaxWidth(360);
        mark.setTooltip(why);
        mark.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(note));
        mark.managedProperty().bind(mark.visibleProperty());
        mark.accessibleTextProperty().bind(note);
        HBox node = new HBox(4, box, mark);
        node.setAlignment(Pos.CENTER_LEFT);
        return node;
    }

    /** {@code 5xx}, or "No response". */
    public static String label(HttpStatusClass c) {
        return c == HttpStatusClass.NONE ? "No response" : c.wire();
    }
}
