package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** A subscription's alert configuration: {@code count} failures within {@code threshold} (a Go duration such as {@code "1h"}). */
@JsonPropertyOrder({"count", "threshold"})
public record AlertConfig(Integer count, String threshold) {
}
