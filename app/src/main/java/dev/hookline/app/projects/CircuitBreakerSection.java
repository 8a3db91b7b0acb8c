package dev.hookline.app.projects;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.ProjectConfig.CircuitBreaker;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormLayout;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The "Circuit breaker" section of the project settings: what the breaker does, in words, then its seven
 * thresholds, each with its unit and Convoy's default beside it, and a button that puts the defaults back. Ids
 * start with {@code project-cb-}.
 */
public final class CircuitBreakerSection {

    private CircuitBreakerSection() {
    }

    /** Adds the section to {@code layout}, bound to {@code settings}. */
    public static void addTo(FormLayout layout, CircuitBreakerSettings settings) {
        CircuitBreaker d = CircuitBreaker.DEFAULTS;
        layout.section("Circuit breaker");
        Label about = new Label("Each endpoint's circuit opens when enough of its recent tries failed: its "
                + "deliveries then wait (without using up retries) until one probe is let through. Changes apply "
                + "to the next tries; an open circuit keeps waiting from when it opened.");
        about.setId("project-cb-about");
        about.setWrapText(true);
        about.getStyleClass().add(Styles.TEXT_MUTED);
        layout.row("", about);
        text(layout, settings.failureThreshold, "project-cb-failure-threshold",
                "% of the tries in the window", d.failureThreshold());
        text(layout, settings.minimumRequestCount, "project-cb-minimum-requests",
                "tries in the window first", d.minimumRequestCount());
        text(layout, settings.observabilityWindow, "project-cb-window", "minutes", d.observabilityWindow());
        text(layout, settings.sampleRate, "project-cb-sample-rate", "seconds (the window's resolution)",
                d.sampleRate());
        text(layout, settings.errorTimeout, "project-cb-error-timeout", "seconds before one probe goes",
                d.errorTimeout());
        text(layout, settings.successThreshold, "project-cb-success-threshold",
                "% of the tries in the window, when a probe succeeds", d.successThreshold());
        text(layout, settings.consecutiveFailureThreshold, "project-cb-consecutive-failures",
                "openings in a row (with \"Pause an endpoint…\" on)", d.consecutiveFailureThreshold());
        Button defaults = new Button("Use Convoy's defaults", new FontIcon(Feather.ROTATE_CCW));
        defaults.setId("project-cb-defaults");
        defaults.getStyleClass().add(Styles.FLAT);
        defaults.setOnAction(event -> settings.useDefaults());
        layout.row("", defaults);
    }

    /** A number input with its unit and Convoy's default beside it (always in view, not only when empty). */
    private static void text(FormLayout layout, FormField field, String id, String unit, long convoyDefault) {
        TextField input = new TextField();
        input.setId(id);
        input.setPrefColumnCount(7);
        input.setMaxWidth(Region.USE_PREF_SIZE);
        input.textProperty().bindBidirectional(field.textProperty());
        Label hint = new Label(unit + " · default " + convoyDefault);
        hint.setId(id + "-hint");
        hint.getStyleClass().add(Styles.TEXT_MUTED);
        HBox row = new HBox(10, input, hint);
        row.setAlignment(Pos.CENTER_LEFT);
        layout.fieldRow(field, id, row);
    }
}
