package dev.hookline.app.projects;

import atlantafx.base.theme.Styles;
import dev.hookline.app.form.FormLayout;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;

/**
 * The "Retention" section of the project settings form: the switch, the period, and what they do in one sentence.
 * Ids start with {@code project-retention}.
 */
final class RetentionSection {

    private RetentionSection() {
    }

    /** Adds the section to {@code layout}, bound to {@code retention}. */
    static void addTo(FormLayout layout, RetentionSettings retention) {
        layout.section("Retention");
        CheckBox on = layout.check("Delete events older than the period below", "project-retention-enabled",
                retention.enabled);
        on.disableProperty().bind(retention.availableProperty().not());
        TextField period = layout.text(retention.period, "project-retention-period");
        period.setPromptText("e.g. 720h (30 days), 168h (7 days)");
        period.disableProperty().bind(retention.availableProperty().not());
        Label about = new Label();
        about.setId("project-retention-about");
        about.setWrapText(true);
        about.getStyleClass().add(Styles.TEXT_MUTED);
        about.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> about(retention),
                retention.availableProperty(), retention.enabled, retention.period.textProperty()));
        layout.row("", about);
    }

    /** What the settings do, in one sentence. */
    static String about(RetentionSettings retention) {
        if (!retention.availableProperty().get()) {
            return "This server keeps no retention policy per project (Convoy sets one for the whole instance).";
        }
        if (!retention.enabled.get()) {
            return "Off: events are kept until the project is deleted.";
        }
        return "Events older than " + retention.period.value() + " are deleted in the background, hourly, with their "
                + "deliveries and attempts; an event whose delivery is still being retried waits until it settles.";
    }
}
