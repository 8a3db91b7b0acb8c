package dev.hookline.app.table;

import atlantafx.base.theme.Styles;
import dev.hookline.app.fxml.Fxml;
import java.time.LocalDate;
import java.time.ZoneId;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * The time window of a list: a preset (last hour, 24 hours, 7 days, 30 days) or a custom range of whole days
 * picked in two calendars (in the user's time zone). Writes a {@link DateRange} to {@link #valueProperty()}; an
 * end day before the start day is flagged on the calendars and not applied. The layout is
 * {@code DateRangePicker.fxml}.
 */
public final class DateRangePicker extends HBox {

    private final ObjectProperty<DateRange> value = new SimpleObjectProperty<>(this, "value", DateRange.defaultRange());
    private final ZoneId zone;
    private boolean updating;
    @FXML
    private ComboBox<DateRange.Preset> dateRangePreset;
    @FXML
    private DatePicker dateRangeFrom;
    @FXML
    private Label dateRangeDash;
    @FXML
    private DatePicker dateRangeTo;

    public DateRangePicker() {
        this(ZoneId.systemDefault());
    }

    public DateRangePicker(ZoneId zone) {
        this.zone = zone;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        dateRangePreset.getItems().setAll(DateRange.Preset.values());
        for (var node : new javafx.scene.Node[] {dateRangeFrom, dateRangeDash, dateRangeTo}) {
            node.visibleProperty().bind(dateRangePreset.valueProperty().isEqualTo(DateRange.Preset.CUSTOM));
            node.managedProperty().bind(node.visibleProperty());
        }
        dateRangePreset.valueProperty().addListener((o, before, now) -> apply());
        dateRangeFrom.valueProperty().addListener((o, before, now) -> apply());
        dateRangeTo.valueProperty().addListener((o, before, now) -> apply());
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
            dateRangePreset.setValue(range.preset());
            if (range.preset() == DateRange.Preset.CUSTOM) {
                dateRangeFrom.setValue(LocalDate.ofInstant(range.customStart(), zone));
                dateRangeTo.setValue(LocalDate.ofInstant(range.customEnd(), zone));
            }
        } finally {
            updating = false;
        }
    }

    private void apply() {
        if (updating || dateRangePreset.getValue() == null) {
            return;
        }
        dateRangeFrom.pseudoClassStateChanged(Styles.STATE_DANGER, false);
        dateRangeTo.pseudoClassStateChanged(Styles.STATE_DANGER, false);
        if (dateRangePreset.getValue() != DateRange.Preset.CUSTOM) {
            value.set(DateRange.of(dateRangePreset.getValue()));
            return;
        }
        LocalDate today = LocalDate.now(zone);
        if (dateRangeFrom.getValue() == null || dateRangeTo.getValue() == null) {
            // switching to custom starts from the last 7 days, which the user then narrows
            updating = true;
            dateRangeFrom.setValue(dateRangeFrom.getValue() == null ? today.minusDays(6) : dateRangeFrom.getValue());
            dateRangeTo.setValue(dateRangeTo.getValue() == null ? today : dateRangeTo.getValue());
            updating = false;
        }
        if (dateRangeTo.getValue().isBefore(dateRangeFrom.getValue())) {
            dateRangeFrom.pseudoClassStateChanged(Styles.STATE_DANGER, true);
            dateRangeTo.pseudoClassStateChanged(Styles.STATE_DANGER, true);
            return;
        }
        value.set(DateRange.customDays(dateRangeFrom.getValue(), dateRangeTo.getValue(), zone));
    }
}
