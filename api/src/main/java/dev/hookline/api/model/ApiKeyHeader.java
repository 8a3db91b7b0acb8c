package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** A header name and value, used by the api-key source verifier and endpoint api-key authentication. */
@JsonPropertyOrder({"header_name", "header_value"})
public record ApiKeyHeader(String headerName, String headerValue) {
}
