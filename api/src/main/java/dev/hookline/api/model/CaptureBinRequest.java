package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Body of creating or updating a {@link CaptureBin}. On update a null member keeps its value; on create the
 * defaults are a generated name, status 200 and no delay.
 */
@JsonPropertyOrder({"name", "response_status", "response_delay_ms"})
public record CaptureBinRequest(String name, Integer responseStatus, Long responseDelayMs) {
}
