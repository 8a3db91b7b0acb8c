package dev.hookline.app.table;

import atlantafx.base.theme.Styles;
import java.time.LocalDate;
import java.time.ZoneId;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * The time window of a list: a preset (last hour, 24 hours, 7 days, 30 days) or a custom range of whole days
 * picked in two calendars (in the user's time zone). Writes a {@link DateRange} to {@link #valueProperty()}; an
 * end day before the start day is flagged on the calendars and not applied.
 */
public final class DateRangePicker extends HBox {

    private final ObjectProperty<DateRange> value = new SimpleObjectProperty<>(this, "value", DateRange.defaultRange());
    private final ComboBox<DateRange.Preset> preset = new ComboBox<>();
    private final DatePicker from = new DatePicker();
    private final DatePicker to = new DatePicker();
    private final ZoneId zone;
    private boolean updating;

    public DateRangePicker() {
        this(ZoneId.systemDefault());
    }

    public DateRangePicker(ZoneId zone) {
        super(6);
        this.zone = zone;
        setAlignment(Pos.CENTER_LEFT);
        getStyleClass().add("date-range-picker");
        preset.setId("dateRangePreset");
        preset.getItems().setAll(DateRange.Preset.values());
        preset.setTooltip(new Tooltip("Time window of the list"));
        from.setId("dateRangeFrom");
        to.setId("dateRangeTo");
        from.setPromptText("From");
        to.setPromptText("To");
        from.setPrefWidth(130);
        to.setPrefWidth(130);
        Label dash = new Label("–");
        for (var node : new javafx.scene.Node[] {from, dash, to}) {
            node.visibleProperty().bind(preset.valueProperty().isEqualTo(DateRange.Preset.CUSTOM));
            node.managedProperty().bind(node.visibleProperty());
        }
        getChildren().addAll(preset, from, dash, to);

        preset.valueProperty().addListener((o, before, now) -> apply());
        from.valueProperty().addListener((o, before, now) -> apply());
        to.valueProperty().addListener((o, before, now) -> apply());
        value.subscribe(this::show);
    }

    public ObjectProperty<DateRange> valueProperty() {
        return value;
    }

    private void show(DateRange range) {
        if (range == null) {
            return;
        }
        updating = true;
        try {
            preset.setValue(range.preset());
            if (range.preset() == DateRange.Preset.CUSTOM) {
                from.setValue(LocalDate.ofInstant(range.customStart(), zone));
                to.setValue(LocalDate.ofInstant(range.customEnd(), zone));
            }
        } finally {
            updating = false;
        }
    }

    private void apply() {
        if (updating || preset.getValue() == null) {
            return;
        }
        from.pseudoClassStateChanged(Styles.STATE_DANGER, false);
        to.pseudoClassStateChanged(Styles.STATE_DANGER, false);
        if (preset.getValue() != DateRange.Preset.CUSTOM) {
            value.set(DateRange.of(preset.getValue()));
            return;
        }
        LocalDate today = LocalDate.now(zone);
        if (from.getValue() == null || to.getValue() == null) {
            // switching to custom starts from the last 7 days, which the user then narrows
            updating = true;
            from.setValue(from.getValue() == null ? today.minusDays(6) : from.getValue());
            to.setValue(to.getValue() == null ? today : to.getValue());
            updating = false;
        }
        if (to.getValue().isBefore(from.getValue())) {
            from.pseudoClassStateChanged(Styles.STATE_DANGER, true);
            to.pseudoClassStateChanged(Styles.STATE_DANGER, true);
            return;
        }
        value.set(DateRange.customDays(from.getValue(), to.getValue(), zone));
    }
}
