package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * {@code POST /subscriptions/test_filter}: does the sample {@code request} pass the filters in {@code schema}?
 * The answer's {@code data} is {@code true} or {@code false}.
 */
@JsonPropertyOrder({"request", "schema"})
public record FilterTestRequest(FilterScopes request, FilterScopes schema) {
}
