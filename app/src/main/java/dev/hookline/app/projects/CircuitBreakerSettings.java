package dev.hookline.app.projects;

import static dev.hookline.api.CircuitBreakerRanges.CONSECUTIVE_FAILURE_THRESHOLD;
import static dev.hookline.api.CircuitBreakerRanges.ERROR_TIMEOUT;
import static dev.hookline.api.CircuitBreakerRanges.FAILURE_THRESHOLD;
import static dev.hookline.api.CircuitBreakerRanges.MINIMUM_REQUEST_COUNT;
import static dev.hookline.api.CircuitBreakerRanges.OBSERVABILITY_WINDOW;
import static dev.hookline.api.CircuitBreakerRanges.SAMPLE_RATE;
import static dev.hookline.api.CircuitBreakerRanges.SUCCESS_THRESHOLD;

import dev.hookline.api.CircuitBreakerRanges;
import dev.hookline.api.model.ProjectConfig.CircuitBreaker;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.Rules;
import java.util.List;

/**
 * The project's circuit breaker thresholds as form fields, in Convoy's units (seconds, percent, minutes), checked
 * with the server's own ranges ({@link CircuitBreakerRanges}, docs/adr/0034) so a mistake is named next to its field
 * before Save. Part of {@link ProjectSettingsViewModel}; shown by {@link CircuitBreakerSection}.
 */
public final class CircuitBreakerSettings {

    /** The most samples a window may hold (the server's limit). */
    static final long MAX_SAMPLES = CircuitBreakerRanges.MAX_SAMPLES;

    public final FormField failureThreshold = field("Open at failure rate", "Failure rate (percent)",
            FAILURE_THRESHOLD);
    public final FormField minimumRequestCount = field("Tries before judging", "Tries before judging",
            MINIMUM_REQUEST_COUNT);
    public final FormField observabilityWindow = field("Observation window", "Observation window (minutes)",
            OBSERVABILITY_WINDOW);
    public final FormField sampleRate = field("Sample rate", "Sample rate (seconds)", SAMPLE_RATE);
    public final FormField errorTimeout = field("Wait before a probe", "Wait before a probe (seconds)", ERROR_TIMEOUT);
    public final FormField successThreshold = field("Close at success rate", "Success rate (percent)",
            SUCCESS_THRESHOLD);
    public final FormField consecutiveFailureThreshold = field("Deactivate after", "Openings in a row",
            CONSECUTIVE_FAILURE_THRESHOLD);

    /** In the order the section shows them. */
    public List<FormField> fields() {
        return List.of(failureThreshold, minimumRequestCount, observabilityWindow, sampleRate, errorTimeout,
                successThreshold, consecutiveFailureThreshold);
    }

    /** Fills the fields from the project's config; a server that has none (an older one) shows Convoy's defaults. */
    public void show(CircuitBreaker config) {
        CircuitBreaker c = config == null ? CircuitBreaker.DEFAULTS : config;
        CircuitBreaker d = CircuitBreaker.DEFAULTS;
        sampleRate.set(text(c.sampleRate(), d.sampleRate()));
        errorTimeout.set(text(c.errorTimeout(), d.errorTimeout()));
        failureThreshold.set(text(c.failureThreshold(), d.failureThreshold()));
        successThreshold.set(text(c.successThreshold(), d.successThreshold()));
        observabilityWindow.set(text(c.observabilityWindow(), d.observabilityWindow()));
        minimumRequestCount.set(text(c.minimumRequestCount(), d.minimumRequestCount()));
        consecutiveFailureThreshold.set(text(c.consecutiveFailureThreshold(), d.consecutiveFailureThreshold()));
    }

    /** Puts Convoy's defaults in the fields (saved with the rest on Save). */
    public void useDefaults() {
        show(CircuitBreaker.DEFAULTS);
    }

    /** The fields as the config to send (call after they validated). */
    public CircuitBreaker config() {
        return new CircuitBreaker(sampleRate.longOrNull(), errorTimeout.longOrNull(), failureThreshold.longOrNull(),
                successThreshold.longOrNull(), observabilityWindow.longOrNull(), minimumRequestCount.longOrNull(),
                consecutiveFailureThreshold.longOrNull());
    }

    /**
     * The rules between fields, once each field is valid on its own: the sample rate must be shorter than the
     * window, and the window hold at most {@value #MAX_SAMPLES} samples. The message goes under the sample rate.
     */
    public boolean validateTogether() {
        Long sample = sampleRate.longOrNull();
        Long window = observabilityWindow.longOrNull();
        if (sample == null || window == null || !sampleRate.error().isEmpty()
                || !observabilityWindow.error().isEmpty()) {
            return true; // each field's own message says what is wrong
        }
        long windowSeconds = window * 60;
        if (sample >= windowSeconds) {
            sampleRate.fail("Sample rate must be shorter than the observation window (" + window + " minute"
                    + (window == 1 ? "" : "s") + " = " + windowSeconds + " seconds)");
            return false;
        }
        if (windowSeconds / sample > MAX_SAMPLES) {
            sampleRate.fail("A " + window + "-minute window of " + sample + "-second samples has "
                    + windowSeconds / sample + " samples; at most " + MAX_SAMPLES + ": use a longer sample rate");
            return false;
        }
        return true;
    }

    private static FormField field(String label, String messageLabel, CircuitBreakerRanges.Range range) {
        return new FormField(label).required().rule(Rules.integerBetween(messageLabel, range.min(), range.max()));
    }

    private static String text(Long value, Long fallback) {
        return String.valueOf(value != null ? value : fallback);
    }
}
