package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** The {@code data} of {@code POST /v1/projects}: the project and its freshly minted API key. */
@JsonPropertyOrder({"api_key", "project"})
public record CreateProjectResponse(ApiKeyResponse apiKey, Project project) {
}
