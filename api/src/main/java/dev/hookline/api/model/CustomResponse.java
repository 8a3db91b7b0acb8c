package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** The body and content type an incoming source answers ingest requests with; both empty strings when unset. */
@JsonPropertyOrder({"body", "content_type"})
public record CustomResponse(String body, String contentType) {
}
