package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The validation report of an onboarding: the answer of a dry run (200), and the {@code data} of a refused
 * onboarding (400 "Validation failed"). {@code valid_count} counts rows without errors.
 */
@JsonPropertyOrder({"total_rows", "valid_count", "errors"})
public record BulkOnboardReport(int totalRows, int validCount, List<Error> errors) {

    /** One problem: the 1-based row, the field ({@code name}, {@code url}, ...) and what is wrong. */
    @JsonPropertyOrder({"row", "field", "message"})
    public record Error(int row, String field, String message) {
    }
}
