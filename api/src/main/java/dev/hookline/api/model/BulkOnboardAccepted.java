package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The answer of an onboarding that was carried out (202): how many rows, in how many batches of 50 (Convoy's
 * queue unit; Hookline writes all rows at once), and a sentence.
 */
@JsonPropertyOrder({"batch_count", "total_items", "message"})
public record BulkOnboardAccepted(int batchCount, int totalItems, String message) {
}
