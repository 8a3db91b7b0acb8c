package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * An endpoint's deliveries over a period ({@code GET /endpoints/period-failure-rates}): counts of {@code Success},
 * {@code Failure} and {@code Retry} deliveries, and {@code period_failure_rate} = (failure + retry) / (success +
 * failure + retry), a fraction from 0 to 1. Counts and rate are left out when the endpoint had no such delivery in
 * the period (Convoy's null: no rate, rather than a rate of 0).
 */
@JsonPropertyOrder({"uid", "success_count", "failure_count", "retry_count", "period_failure_rate"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EndpointFailureRate(String uid, Long successCount, Long failureCount, Long retryCount,
                                  Double periodFailureRate) {
}
