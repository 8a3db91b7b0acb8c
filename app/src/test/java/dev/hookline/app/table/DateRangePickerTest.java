package dev.hookline.app.table;

import static dev.hookline.app.testing.ViewHarness.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import atlantafx.base.theme.Styles;
import dev.hookline.app.testing.Screenshots;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The time-window picker as its FXML lays it out: a preset, and for a custom range two calendars that start at the
 * last 7 days; an end before the start is flagged on both and not applied.
 */
class DateRangePickerTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");
    private Stage stage;
    private DateRangePicker picker;

    @BeforeEach
    void show() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            picker = new DateRangePicker(ZONE);
            StackPane root = new StackPane(picker);
            root.setPadding(new Insets(12));
            stage.setScene(new Scene(root, 560, 80));
            stage.show();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void aPresetShowsAloneAndACustomRangeOpensTheCalendarsOnTheLastSevenDays() throws Exception {
        ComboBox<?> preset = (ComboBox<?>) picker.lookup("#dateRangePreset");
        DatePicker from = (DatePicker) picker.lookup("#dateRangeFrom");
        DatePicker to = (DatePicker) picker.lookup("#dateRangeTo");
        assertEquals(DateRange.Preset.LAST_24_HOURS, preset.getValue());
        assertEquals(DateRange.Preset.values().length, preset.getItems().size());
        assertFalse(from.isVisible() || to.isVisible(), "no calendars for a preset");

        onFx(() -> {
            ((ComboBox<DateRange.Preset>) preset).setValue(DateRange.Preset.CUSTOM);
            return null;
        });
        LocalDate today = LocalDate.now(ZONE);
        assertTrue(from.isVisible() && to.isVisible());
        assertEquals(today.minusDays(6), from.getValue());
        assertEquals(today, to.getValue());
        assertEquals(DateRange.customDays(today.minusDays(6), today, ZONE), picker.valueProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(stage.getScene(), "date-range-custom");
        for (DatePicker calendar : List.of(from, to)) {
            TextField editor = calendar.getEditor();
            Text date = new Text(editor.getText());
            date.setFont(editor.getFont());
            double room = editor.getWidth() - editor.snappedLeftInset() - editor.snappedRightInset();
            assertTrue(date.getLayoutBounds().getWidth() <= room,
                    "the whole date \"" + editor.getText() + "\" is shown, year included (" + room + " px of room)");
        }

        DateRange applied = picker.valueProperty().get();
        onFx(() -> {
            to.setValue(today.minusDays(10));
            return null;
        });
        assertTrue(from.getPseudoClassStates().contains(Styles.STATE_DANGER)
                && to.getPseudoClassStates().contains(Styles.STATE_DANGER), "an end before the start is flagged");
        assertEquals(applied, picker.valueProperty().get(), "and not applied");
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(stage.getScene(), "date-range-invalid-dark");
    }
}
